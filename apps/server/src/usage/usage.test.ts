/**
 * Usage events (issue 49, part 1; the contract's usage-events.ts): a totem's batch is stored once
 * however often it is sent, late events are filed at their time, a malformed event is refused
 * with its reason while the others are kept, the totem's token decides where events go (403s),
 * oversized batches (413) and floods (429) are refused; the CSV export's range, header, times,
 * formula neutralisation, order, paging and rights. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import {
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  USAGE_BATCH_MAX_BYTES,
  USAGE_BATCH_MAX_EVENTS,
  USAGE_CSV_HEADER,
  USAGE_MAX_BATCHES_PER_MINUTE,
  type Envelope,
  type KioskHeartbeat,
  type LoginResponse,
  type UsageBatch,
  type UsageBatchResult,
  type UsageEvent,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSuite, type AdminClient, type AdminFixture } from '../testing/admin-fixture.js';
import { DEMO_PASSWORD, FIXTURE_NOW, OTHER_PASSWORD } from '../testing/fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});
afterEach(() => {
  f.resetClock();
});

interface Totem {
  devid: number;
  token: string;
  kioskId: string;
}

/** A totem logging in: the server names it and binds its token to it. */
async function login(devid: number = f.ids.devid): Promise<Totem> {
  const other = devid === f.ids.otherDevid;
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: other ? 'autre-usine' : 'neubourg',
      loginRequest: {
        login: 'kiosk',
        password: hashPasswordForLogin(other ? OTHER_PASSWORD : DEMO_PASSWORD),
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, kioskId } = response.json<Envelope<LoginResponse>>().data!;
  return { devid, token, kioskId: kioskId! };
}

let serial = 0;
/** A valid event, unique id, at the fixture's time unless said otherwise. */
function event(overrides: Partial<UsageEvent> = {}): UsageEvent {
  serial++;
  return {
    id: `evt-${String(serial).padStart(6, '0')}-${Math.random().toString(36).slice(2, 10)}`,
    kind: 'page_view',
    at: FIXTURE_NOW.toISOString(),
    route: '/accueil/projets',
    zone: 'Projets',
    target: null,
    language: 'fr',
    session: 'session-0001',
    ...overrides,
  };
}

function send(
  totem: Totem,
  body: unknown,
  options: { devid?: number; token?: string } = {},
): Promise<LightMyRequestResponse> {
  return f.app.inject({
    method: 'POST',
    url: pathOf('kioskUsage', { params: { devid: options.devid ?? totem.devid } }),
    headers: { [TOKEN_HEADER]: options.token ?? totem.token },
    payload: body as object,
  });
}

async function sendOk(totem: Totem, body: UsageBatch): Promise<UsageBatchResult> {
  const response = await send(totem, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<UsageBatchResult>>().data!;
}

/** Built by hand: the 400 tests send queries the contract's type refuses. */
const csvPath = (query: Record<string, string>, devid: number = f.ids.devid) =>
  `${pathOf('adminUsageCsv', { params: { devid }, query: { from: '', to: '' } }).split('?')[0]}?${new URLSearchParams(query)}`;

/** The export's lines (header first), split naively: the tests' cells hold no line break. */
async function exportLines(
  from: string,
  to: string,
  client: AdminClient = admin,
): Promise<string[]> {
  const response = await client.get(csvPath({ from, to }));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="usage-/);
  return response.body.split('\r\n').filter((line) => line !== '');
}

/** The export's lines of one totem, for a range wide enough for every test. */
async function linesOf(totem: Totem): Promise<string[][]> {
  const lines = await exportLines('2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z');
  return lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[1] === totem.kioskId);
}

describe('a batch of usage events', () => {
  it('is stored once however many times it is sent', async () => {
    const totem = await login();
    const batch: UsageBatch = {
      kioskId: totem.kioskId,
      events: [
        event(),
        event({ kind: 'tap', target: '/accueil/hse' }),
        event({ kind: 'session_start' }),
      ],
    };
    expect(await sendOk(totem, batch)).toEqual({ accepted: 3, duplicates: 0, refused: [] });
    expect(await sendOk(totem, batch)).toEqual({ accepted: 0, duplicates: 3, refused: [] });
    expect(await sendOk(totem, batch)).toEqual({ accepted: 0, duplicates: 3, refused: [] });
    const lines = await linesOf(totem);
    expect(lines).toHaveLength(3);
    expect(lines.map((cells) => cells[3]).sort()).toEqual(['page_view', 'session_start', 'tap']);
  });

  it('counts an id repeated within one batch once', async () => {
    const totem = await login();
    const one = event();
    expect(await sendOk(totem, { events: [one, one] })).toEqual({
      accepted: 1,
      duplicates: 1,
      refused: [],
    });
    expect(await linesOf(totem)).toHaveLength(1);
  });

  it('keeps the first of an id sent again with other content', async () => {
    const totem = await login();
    const first = event({ route: '/accueil/premier' });
    await sendOk(totem, { events: [first] });
    const result = await sendOk(totem, { events: [{ ...first, route: '/accueil/second' }] });
    expect(result).toEqual({ accepted: 0, duplicates: 1, refused: [] });
    const lines = await linesOf(totem);
    expect(lines).toHaveLength(1);
    expect(lines[0]![4]).toBe('/accueil/premier');
  });

  it('accepts events weeks late and files them at their time', async () => {
    const totem = await login();
    const weeksAgo = new Date(FIXTURE_NOW.getTime() - 45 * 86_400_000).toISOString();
    expect(await sendOk(totem, { events: [event({ at: weeksAgo })] })).toMatchObject({
      accepted: 1,
    });
    const lines = await exportLines(
      new Date(FIXTURE_NOW.getTime() - 46 * 86_400_000).toISOString(),
      new Date(FIXTURE_NOW.getTime() - 44 * 86_400_000).toISOString(),
    );
    const mine = lines.filter((line) => line.split(',')[1] === totem.kioskId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.split(',')[0]).toBe(weeksAgo);
  });

  it('refuses a malformed event or an unknown kind with its reason and keeps the others', async () => {
    const totem = await login();
    const good = [event(), event({ kind: 'page_read', target: 'doc-12', page: 3 })];
    const result = await sendOk(totem, {
      events: [
        good[0],
        { ...event(), kind: 'swipe' },
        { ...event(), id: 'court' },
        'pas un objet',
        { ...event(), nickname: 'Jean' },
        { ...event(), route: 'accueil' },
        { ...event(), at: '2026-02-30T10:00:00Z' },
        { ...event(), at: '10/03/2026 10:00' },
        { ...event(), kind: 'page_read', target: 'doc-12' },
        good[1],
      ],
    });
    expect(result.accepted).toBe(2);
    expect(result.duplicates).toBe(0);
    expect(result.refused.map((refusal) => refusal.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const reasons = result.refused.map((refusal) => refusal.reason);
    expect(reasons[0]).toMatch(/type d’évènement inconnu « swipe »/);
    expect(reasons[1]).toMatch(/« id »/);
    expect(reasons[2]).toBe('l’évènement n’est pas un objet JSON');
    expect(reasons[3]).toBe('champ inconnu « nickname »');
    expect(reasons[4]).toMatch(/« route »/);
    expect(reasons[5]).toMatch(/date impossible/);
    expect(reasons[6]).toMatch(/« at »/);
    expect(reasons[7]).toMatch(/« page » manquante/);
    expect(result.refused[0]!.id).toMatch(/^evt-/);
    expect(result.refused[1]!.id).toBe('court');
    expect(result.refused[2]!.id).toBeNull();
    const lines = await linesOf(totem);
    expect(lines.map((cells) => cells[3]).sort()).toEqual(['page_read', 'page_view']);
  });

  it('refuses a time ahead of the server beyond the allowed skew, and takes one within it', async () => {
    const totem = await login();
    const ahead = (seconds: number) =>
      new Date(FIXTURE_NOW.getTime() + seconds * 1000).toISOString();
    const result = await sendOk(totem, {
      events: [event({ at: ahead(200) }), event({ at: ahead(3600) })],
    });
    expect(result.accepted).toBe(1);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]!.index).toBe(1);
    expect(result.refused[0]!.reason).toMatch(/en avance sur l’horloge du serveur/);
  });

  it('keeps the totem’s dropped counter, counted once when the batch is sent again', async () => {
    const totem = await login();
    const batch: UsageBatch = { events: [event()], dropped: 7 };
    await sendOk(totem, batch);
    await sendOk(totem, batch);
    expect(await f.repos.usage.dropped(totem.devid, totem.kioskId)).toBe(7);
    await sendOk(totem, { events: [event()], dropped: 2 });
    expect(await f.repos.usage.dropped(totem.devid, totem.kioskId)).toBe(9);
  });

  it('files events under the token’s totem', async () => {
    const one = await login();
    const two = await login();
    await sendOk(one, { events: [event()] });
    await sendOk(two, { events: [event(), event()] });
    expect(await linesOf(one)).toHaveLength(1);
    expect(await linesOf(two)).toHaveLength(2);
  });

  it('answers 403 for another development, another totem or a token bound to no totem', async () => {
    const totem = await login();
    const other = await login(f.ids.otherDevid);
    const body = { events: [event()] };

    const otherDevelopment = await send(other, body, { devid: f.ids.devid });
    expect(otherDevelopment.statusCode).toBe(403);
    expect(otherDevelopment.json<Envelope<null>>().error).toBe('forbidden');

    const otherTotem = await login();
    const named = await send(totem, { ...body, kioskId: otherTotem.kioskId });
    expect(named.statusCode).toBe(403);
    expect(named.json<Envelope<null>>().message).toMatch(/autre totem/);

    const unbound = await send(totem, body, { token: await f.token() });
    expect(unbound.statusCode).toBe(403);
    expect(unbound.json<Envelope<null>>().message).toMatch(/aucun totem/);

    expect(await linesOf(totem)).toHaveLength(0);
    expect(await linesOf(otherTotem)).toHaveLength(0);
  });

  it('answers 401 without a token', async () => {
    const totem = await login();
    const response = await send(totem, { events: [event()] }, { token: '' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400 for an empty batch or one with too many events', async () => {
    const totem = await login();
    expect((await send(totem, { events: [] })).statusCode).toBe(400);
    expect((await send(totem, {})).statusCode).toBe(400);
    const tooMany = Array.from({ length: USAGE_BATCH_MAX_EVENTS + 1 }, () => ({ id: 'x' }));
    expect((await send(totem, { events: tooMany })).statusCode).toBe(400);
  });

  it('answers 413 with a French envelope for a batch above the size bound', async () => {
    const totem = await login();
    const route = `/${'a'.repeat(299)}`;
    const count = Math.ceil(USAGE_BATCH_MAX_BYTES / route.length) + 10;
    const events = Array.from({ length: Math.min(count, USAGE_BATCH_MAX_EVENTS) }, () =>
      event({ route, target: route }),
    );
    const body = JSON.stringify({ events });
    expect(body.length).toBeGreaterThan(USAGE_BATCH_MAX_BYTES);
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('kioskUsage', { params: { devid: totem.devid } }),
      headers: { [TOKEN_HEADER]: totem.token, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    const envelope = response.json<Envelope<null>>();
    expect(envelope.error).toBe('payload_too_large');
    expect(envelope.message).toMatch(/trop gros/);
    expect(await linesOf(totem)).toHaveLength(0);
  });

  it('answers 429 with Retry-After past the batches a minute of one totem, and takes them again later', async () => {
    const totem = await login();
    const neighbour = await login();
    for (let i = 0; i < USAGE_MAX_BATCHES_PER_MINUTE; i++) {
      await sendOk(totem, { events: [event()] });
    }
    const refused = await send(totem, { events: [event()] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<Envelope<null>>().message).toMatch(/renvoyez-les/);
    // Another totem is not held back by it.
    await sendOk(neighbour, { events: [event()] });
    f.clock.now = new Date(FIXTURE_NOW.getTime() + 61_000);
    await sendOk(totem, { events: [event()] });
    expect(await linesOf(totem)).toHaveLength(USAGE_MAX_BATCHES_PER_MINUTE + 1);
  });
});

describe('the usage export', () => {
  it('holds the range from inclusive to exclusive, in UTC, by time then id, formulas defused', async () => {
    const totem = await login();
    const from = '2026-01-05T00:00:00.000Z';
    const to = '2026-01-06T00:00:00.000Z';
    await sendOk(totem, {
      events: [
        event({ id: 'range-before', at: '2026-01-04T23:59:59.999Z' }),
        event({ id: 'range-at-from-b', at: from }),
        event({ id: 'range-at-from-a', at: from, target: '=cmd', zone: 'Menus, semaine' }),
        // 10:00 in Paris in winter: 09:00 UTC.
        event({ id: 'range-offset', at: '2026-01-05T10:00:00+01:00', language: 'en' }),
        event({ id: 'range-last', at: '2026-01-05T23:59:59.999Z', language: null, session: null }),
        event({ id: 'range-at-to', at: to }),
      ],
    });
    const lines = await exportLines(from, to);
    expect(lines[0]).toBe(USAGE_CSV_HEADER.join(','));
    expect(lines[0]).toBe('time,totem,totem_name,kind,route,zone,target,language,session');
    const mine = lines.slice(1).filter((line) => line.split(',')[1] === totem.kioskId);
    expect(mine).toEqual([
      `${from},${totem.kioskId},,page_view,/accueil/projets,"Menus, semaine",'=cmd,fr,session-0001`,
      `${from},${totem.kioskId},,page_view,/accueil/projets,Projets,,fr,session-0001`,
      `2026-01-05T09:00:00.000Z,${totem.kioskId},,page_view,/accueil/projets,Projets,,en,session-0001`,
      `2026-01-05T23:59:59.999Z,${totem.kioskId},,page_view,/accueil/projets,Projets,,,`,
    ]);
  });

  it('names each totem by its profile', async () => {
    const totem = await login();
    const heartbeat: KioskHeartbeat = {
      kioskId: totem.kioskId,
      mode: 'totem',
      totem: 'Moulage',
      appVersion: '1.2.3',
      contentVersion: null,
      lastSyncAt: null,
      storageUsedBytes: null,
      storageQuotaBytes: null,
      lastError: null,
    };
    const beat = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: totem.devid } }),
      headers: { [TOKEN_HEADER]: totem.token },
      payload: heartbeat,
    });
    expect(beat.statusCode, beat.body).toBe(200);
    const saved = await admin.put(
      pathOf('adminKioskProfile', { params: { devid: totem.devid, kioskId: totem.kioskId } }),
      { name: '@Accueil Nord', location: 'Hall', groups: [], note: '' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    await sendOk(totem, { events: [event()] });
    const [cells] = await linesOf(totem);
    expect(cells![2]).toBe("'@Accueil Nord");
  });

  it('reads every event of a long range, page after page', async () => {
    const totem = await login();
    const day = Date.parse('2025-06-01T00:00:00.000Z');
    let sent = 0;
    for (let batch = 0; batch < 3; batch++) {
      const events = Array.from({ length: USAGE_BATCH_MAX_EVENTS }, (_, i) => {
        const n = batch * USAGE_BATCH_MAX_EVENTS + i;
        // Pairs of events share a time: the id breaks the tie.
        return event({
          id: `page-${String(n).padStart(5, '0')}`,
          at: new Date(day + Math.floor(n / 2) * 1000).toISOString(),
        });
      });
      sent += (await sendOk(totem, { events })).accepted;
    }
    expect(sent).toBe(3 * USAGE_BATCH_MAX_EVENTS);
    const lines = await exportLines('2025-06-01T00:00:00Z', '2025-06-02T00:00:00Z');
    const mine = lines.slice(1).filter((line) => line.split(',')[1] === totem.kioskId);
    expect(mine).toHaveLength(3 * USAGE_BATCH_MAX_EVENTS);
    const keys = mine.map((line) => line.split(',')[0]!);
    expect(keys).toEqual([...keys].sort());
  });

  it('is open to the development’s editors, not to others', async () => {
    const query = { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' };
    expect((await editor.get(csvPath(query))).statusCode).toBe(200);
    const refused = await otherEditor.get(csvPath(query));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().error).toBe('forbidden');
    expect((await editor.get(csvPath(query, f.ids.otherDevid))).statusCode).toBe(403);
    expect((await admin.get(csvPath(query, 999_999))).statusCode).toBe(404);
  });

  it('answers 400 for a missing, malformed or empty range', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { from: '2026-01-01T00:00:00Z' },
      { to: '2026-01-01T00:00:00Z' },
      { from: '2026-01-01', to: '2026-02-01' },
      { from: '2026-01-01T00:00:00', to: '2026-02-01T00:00:00' },
      { from: 'hier', to: '2026-02-01T00:00:00Z' },
      { from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
      { from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00+01:00' },
    ];
    for (const query of queries) {
      const response = await admin.get(csvPath(query));
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<Envelope<null>>().error).toBe('bad_request');
    }
  });
});
