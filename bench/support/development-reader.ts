/**
 * Reads a whole development the two ways a kiosk can: the spec's per-item calls (zones, then each
 * zone's elements, then each element's sub-elements and sub-groups) with bounded concurrency, or
 * one snapshot request. Both parse every response, as the kiosk does.
 */
import {
  TOKEN_HEADER,
  type Element,
  type Envelope,
  type LoginResponse,
  type Snapshot,
  type Subelement,
  type Subgroup,
  type Zone,
  pathOf,
} from '@plant-kiosk/contract';

async function getData<T>(base: string, path: string, token: string): Promise<T> {
  const response = await fetch(base + path, { headers: { [TOKEN_HEADER]: token } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const envelope = (await response.json()) as Envelope<T>;
  return envelope.data as T;
}

async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

export interface DevelopmentCounts {
  zones: number;
  elements: number;
  subelements: number;
  subgroups: number;
  requests: number;
}

export async function readPerItem(
  base: string,
  devid: number,
  token: string,
  concurrency = 6,
): Promise<DevelopmentCounts> {
  const zones = await getData<Zone[]>(base, pathOf('zones', { params: { devid } }), token);
  const elementLists = await mapLimit(zones, concurrency, (zone) =>
    getData<Element[]>(base, pathOf('elements', { params: { zoneid: zone.zoneid } }), token),
  );
  const elements = elementLists.flat();
  const details = await mapLimit(elements, concurrency, async (element) => {
    const [subelements, subgroups] = await Promise.all([
      getData<Subelement[]>(
        base,
        pathOf('subelements', { params: { elementid: element.elementid } }),
        token,
      ),
      getData<Subgroup[]>(
        base,
        pathOf('subgroups', { params: { elementid: element.elementid } }),
        token,
      ),
    ]);
    return { subelements: subelements.length, subgroups: subgroups.length };
  });
  return {
    zones: zones.length,
    elements: elements.length,
    subelements: details.reduce((sum, d) => sum + d.subelements, 0),
    subgroups: details.reduce((sum, d) => sum + d.subgroups, 0),
    requests: 1 + zones.length + elements.length * 2,
  };
}

export async function readSnapshot(
  base: string,
  devid: number,
  token: string,
  gzip = true,
): Promise<DevelopmentCounts> {
  const response = await fetch(base + pathOf('snapshot', { params: { devid } }), {
    headers: { [TOKEN_HEADER]: token, 'accept-encoding': gzip ? 'gzip' : 'identity' },
  });
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const snapshot = ((await response.json()) as Envelope<Snapshot>).data!;
  return {
    zones: snapshot.zones.length,
    elements: snapshot.elements.length,
    subelements: snapshot.subelements.length,
    subgroups: snapshot.subgroups.length,
    requests: 1,
  };
}

export async function login(
  base: string,
  devname: string,
  login: string,
  passwordHash: string,
): Promise<TotemSession> {
  for (;;) {
    const response = await fetch(base + pathOf('login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginRequest: { login, password: passwordHash }, devname }),
    });
    // A full password queue (many totems logging in at once) says when to come back.
    if (response.status === 429) {
      await response.arrayBuffer();
      const seconds = Number(response.headers.get('retry-after') ?? '1');
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, seconds) * 1000));
      continue;
    }
    if (!response.ok)
      throw new Error(`login ${devname}: HTTP ${response.status} ${await response.text()}`);
    const envelope = (await response.json()) as Envelope<LoginResponse>;
    const data = envelope.data!;
    return { token: data.token, devid: data.development.devid, kioskId: data.kioskId ?? '' };
  }
}

/** A simulated totem's session: its token, bound by the server to its own `kioskId` (issue 47). */
export interface TotemSession {
  token: string;
  devid: number;
  kioskId: string;
}

/**
 * `count` totems, each logged in by itself so that each has its own identity: heartbeats and
 * streams are accepted only for their token's id (issue 47), so one login can no longer speak for
 * many totems. `parallel` at a time: each login is a password check on the server.
 */
export async function loginTotems(
  base: string,
  account: { devname: string; login: string; passwordHash: string },
  count: number,
  parallel = 4,
): Promise<TotemSession[]> {
  const sessions: TotemSession[] = [];
  for (let start = 0; start < count; start += parallel) {
    const batch = Math.min(parallel, count - start);
    sessions.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () =>
          login(base, account.devname, account.login, account.passwordHash),
        ),
      )),
    );
  }
  return sessions;
}
