import type { AddressInfo } from 'node:net';
import {
  FLEET_BEHIND_FLAG_MS,
  FLEET_ONLINE_WINDOW_MS,
  FLEET_SILENT_FLAG_MS,
  TOKEN_HEADER,
  type Envelope,
  type KioskHeartbeat,
  type KioskHeartbeatResponse,
  type KioskStatus,
  type PublishResponse,
  pathOf,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, openStream, type StreamClient } from '../testing/sse-client.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
let base: string;
const clients: StreamClient[] = [];

beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  f.resetClock();
});
afterAll(async () => {
  await f.close();
});

const later = (ms: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + ms);
};

let kioskCount = 0;
const newKioskId = () => `kiosk-test-${++kioskCount}`;

async function currentVersion(devid: number = f.ids.devid): Promise<number> {
  return (await f.repos.developments.find(devid))!.content_version;
}

function report(kioskId: string, overrides: Partial<KioskHeartbeat> = {}): KioskHeartbeat {
  return {
    kioskId,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: null,
    lastSyncAt: '2026-03-10T08:59:00.000Z',
    storageUsedBytes: 5_000_000_000,
    storageQuotaBytes: 20_000_000_000,
    lastError: null,
    ...overrides,
  };
}

async function heartbeat(
  body: unknown,
  options: { devid?: number; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const devid = options.devid ?? f.ids.devid;
  return f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid } }),
    headers: options.headers ?? (await f.auth(devid)),
    payload: body as object,
  });
}

async function fleetEntry(kioskId: string, client: AdminClient = admin): Promise<KioskStatus> {
  const entry = data<KioskStatus[]>(await client.get(pathOf('adminFleet'))).find(
    (status) => status.kioskId === kioskId,
  );
  if (!entry) throw new Error(`${kioskId} is not in the fleet`);
  return entry;
}

async function connectKiosk(kioskId: string, extra: Record<string, string> = {}) {
  const url = new URL(
    base +
      pathOf('stream', {
        params: { devid: f.ids.devid },
        query: { token: await f.token(), ...{ kioskId } },
      }),
  );
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  const client = await openStream(url.href);
  clients.push(client);
  expect(client.status).toBe(200);
  await client.waitFor((text) => text.includes('retry:'));
  return client;
}

describe('POST /display/heartbeat/:devid', () => {
  it('records a revision ahead of the server and flags it at once, in French, until the totem is back', async () => {
    const kioskId = newKioskId();
    const version = await currentVersion();
    // A totem that synced revisions the server lost (restored from an older backup).
    const response = await heartbeat(report(kioskId, { contentVersion: version + 5000 }));
    expect(response.statusCode, response.body).toBe(200);
    // The fixture's token predates totem identities (issue 47): the answer binds it to this id.
    expect(data<KioskHeartbeatResponse>(response)).toEqual({
      contentVersion: version,
      token: expect.any(String),
    });
    expect(await fleetEntry(kioskId)).toMatchObject({
      contentVersion: version + 5000,
      currentContentVersion: version,
      upToDate: false,
      aheadOfServer: true,
      behindSince: null,
      flag: 'ahead',
      flagMessage: `Révision ${version + 5000} — en avance sur le serveur (sauvegarde restaurée ?) : la dernière publiée est la ${version}.`,
    });

    // Its next sync brings it back to the server's revision.
    expect((await heartbeat(report(kioskId, { contentVersion: version }))).statusCode).toBe(200);
    expect(await fleetEntry(kioskId)).toMatchObject({
      contentVersion: version,
      upToDate: true,
      aheadOfServer: false,
      flag: null,
      flagMessage: null,
    });
  });

  it('stores the report and answers the current content version', async () => {
    const kioskId = newKioskId();
    const version = await currentVersion();
    const response = await heartbeat(report(kioskId, { contentVersion: version }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    // The fixture's token predates totem identities (issue 47): the answer binds it to this id.
    expect(data<KioskHeartbeatResponse>(response)).toEqual({
      contentVersion: version,
      token: expect.any(String),
    });
    expect(await fleetEntry(kioskId)).toMatchObject({
      devid: f.ids.devid,
      devname: 'neubourg',
      mode: 'totem',
      totem: 'Moulage',
      appVersion: '1.2.3',
      contentVersion: version,
      currentContentVersion: version,
      lastSyncAt: '2026-03-10T08:59:00.000Z',
      storageUsedBytes: 5_000_000_000,
      storageQuotaBytes: 20_000_000_000,
      lastError: null,
      connected: false,
      state: 'online',
      upToDate: true,
      behindSince: null,
      flag: null,
      lastHeartbeatAt: f.clock.now.toISOString(),
    });
  });

  it('stores whether its media are complete; a kiosk that omits them reads as unknown', async () => {
    const kioskId = newKioskId();
    const contentVersion = await currentVersion();
    const downloading = { phase: 'downloading', cached: 12, total: 40 } as const;
    let response = await heartbeat(report(kioskId, { contentVersion, media: downloading }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await fleetEntry(kioskId)).toMatchObject({ contentVersion, media: downloading });
    const complete = { phase: 'complete', cached: 40, total: 40 } as const;
    response = await heartbeat(report(kioskId, { contentVersion, media: complete }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).media).toEqual(complete);
    // An older kiosk (or one before its first media step) says nothing: unknown, not "complete".
    response = await heartbeat(report(kioskId, { contentVersion }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).media).toBeNull();
    response = await heartbeat(report(kioskId, { contentVersion, media: null }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).media).toBeNull();
  });

  it('keeps what the totem’s watchdog did last (issue 53); refuses a made-up event', async () => {
    const kioskId = newKioskId();
    const contentVersion = await currentVersion();
    let response = await heartbeat(
      report(kioskId, { contentVersion, watchdog: { attached: true, events: [] } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).watchdog).toEqual({
      attached: true,
      lastEvent: null,
      screen: null,
    });
    const early = { at: '2026-11-28T08:00:00.000Z', action: 'reload', reason: 'hung' } as const;
    const late = {
      at: '2026-11-28T08:05:00.000Z',
      action: 'restart-browser',
      reason: 'not-rendering',
    } as const;
    response = await heartbeat(
      report(kioskId, { contentVersion, watchdog: { attached: true, events: [late, early] } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).watchdog).toEqual({
      attached: true,
      lastEvent: late,
      screen: null,
    });
    // A heartbeat with no news keeps the last event.
    response = await heartbeat(
      report(kioskId, { contentVersion, watchdog: { attached: true, events: [] } }),
    );
    expect((await fleetEntry(kioskId)).watchdog?.lastEvent).toEqual(late);
    response = await heartbeat(
      report(kioskId, {
        contentVersion,
        watchdog: { attached: true, events: [{ ...late, action: 'format-disk' }] },
      } as never),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ data: null, error: 'bad_request' });
    // A kiosk from before the watchdog: unknown.
    response = await heartbeat(report(kioskId, { contentVersion }));
    expect((await fleetEntry(kioskId)).watchdog).toBeNull();
  });

  it('keeps the screen as the watchdog left it: off, or refused with its reason (issue 53)', async () => {
    const kioskId = newKioskId();
    const contentVersion = await currentVersion();
    const refused = {
      state: 'refused',
      reason: 'cet écran ne se laisse pas éteindre : le serveur X n’a pas de DPMS',
    } as const;
    let response = await heartbeat(
      report(kioskId, {
        contentVersion,
        watchdog: { attached: true, events: [], screen: refused },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).watchdog?.screen).toEqual(refused);
    response = await heartbeat(
      report(kioskId, {
        contentVersion,
        watchdog: { attached: true, events: [], screen: { state: 'off' } },
      }),
    );
    expect((await fleetEntry(kioskId)).watchdog?.screen).toEqual({ state: 'off' });
    // Said no more (a watchdog gone): unknown, never the last state it said.
    response = await heartbeat(
      report(kioskId, { contentVersion, watchdog: { attached: false, events: [] } }),
    );
    expect((await fleetEntry(kioskId)).watchdog?.screen).toBeNull();
    for (const screen of [{ state: 'dimmed' }, { state: 'refused', reason: 'x'.repeat(301) }]) {
      response = await heartbeat(
        report(kioskId, {
          contentVersion,
          watchdog: { attached: true, events: [], screen },
        } as never),
      );
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ data: null, error: 'bad_request' });
    }
  });

  it('stores whether its browser keeps its storage (issue 53); an older kiosk reads as unknown', async () => {
    const kioskId = newKioskId();
    const contentVersion = await currentVersion();
    let response = await heartbeat(report(kioskId, { contentVersion, storagePersisted: false }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).storagePersisted).toBe(false);
    response = await heartbeat(report(kioskId, { contentVersion, storagePersisted: true }));
    expect((await fleetEntry(kioskId)).storagePersisted).toBe(true);
    response = await heartbeat(report(kioskId, { contentVersion }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await fleetEntry(kioskId)).storagePersisted).toBeNull();
  });

  it('refuses an impossible media report (400, French) and keeps the entry as it was', async () => {
    const kioskId = newKioskId();
    const contentVersion = await currentVersion();
    const sound = { phase: 'incomplete', cached: 38, total: 40 } as const;
    expect((await heartbeat(report(kioskId, { contentVersion, media: sound }))).statusCode).toBe(
      200,
    );
    for (const [media, message] of [
      [{ phase: 'downloading', cached: 41, total: 40 }, '41 en cache sur 40 attendus'],
      [{ phase: 'complete', cached: 39, total: 40 }, '« complets » avec 39 en cache sur 40'],
    ] as const) {
      const response = await heartbeat(report(kioskId, { contentVersion, media }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ error: string; message: string; data: unknown }>()).toMatchObject({
        error: 'bad_request',
        data: null,
        message: expect.stringContaining(message),
      });
    }
    for (const media of [
      { phase: 'complete', cached: -1, total: 40 },
      { phase: 'complete', cached: 40, total: -40 },
      { phase: 'fini', cached: 40, total: 40 },
      { phase: 'complete', cached: 1.5, total: 40 },
      { phase: 'complete', cached: '40', total: 40 },
      { phase: 'complete', cached: 40 },
    ]) {
      const response = await heartbeat({ ...report(kioskId, { contentVersion }), media });
      expect(response.statusCode, JSON.stringify(media)).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('body.media');
    }
    expect((await fleetEntry(kioskId)).media).toEqual(sound);
  });

  it('keeps nulls and zeros as sent, and drops unknown properties', async () => {
    const kioskId = newKioskId();
    const response = await heartbeat({
      ...report(kioskId, { contentVersion: 0, storageUsedBytes: 0, mode: null, totem: null }),
      batteryLevel: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await fleetEntry(kioskId)).toMatchObject({
      contentVersion: 0,
      storageUsedBytes: 0,
      mode: null,
      totem: null,
      lastError: null,
    });
  });

  it('refuses a bad body (400), a missing or wrong token (401), another development (403)', async () => {
    const kioskId = newKioskId();
    for (const body of [
      {},
      { ...report(kioskId), mode: 'kiosque' },
      { ...report(kioskId), kioskId: 'pas un id' },
      { ...report(kioskId), storageUsedBytes: -1 },
      { ...report(kioskId), lastSyncAt: 'hier' },
      { ...report(kioskId), contentVersion: '3' },
    ]) {
      const response = await heartbeat(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await heartbeat(report(kioskId), { headers: {} })).statusCode).toBe(401);
    expect(
      (await heartbeat(report(kioskId), { headers: { [TOKEN_HEADER]: 'not-a-token' } })).statusCode,
    ).toBe(401);
    const other = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: f.ids.otherDevid } }),
      headers: await f.auth(f.ids.devid),
      payload: report(kioskId),
    });
    expect(other.statusCode).toBe(403);
    const list = data<KioskStatus[]>(await admin.get(pathOf('adminFleet')));
    expect(list.some((status) => status.kioskId === kioskId)).toBe(false);
  });
});

describe('stream presence', () => {
  it('creates the entry when a kiosk identifies itself, and marks it offline once gone', async () => {
    const kioskId = newKioskId();
    const stream = await connectKiosk(kioskId, { mode: 'parcours', appVersion: '2.0.0' });
    await eventually(() => f.app.kiosk.streams.size > 0);
    let entry: KioskStatus | undefined;
    await expect
      .poll(async () => (entry = await fleetEntry(kioskId).catch(() => undefined)))
      .toMatchObject({ connected: true, state: 'online', mode: 'parcours', totem: null });
    expect(entry!.appVersion).toBe('2.0.0');
    // Not known to hold the current content until it says so.
    expect(entry!.upToDate).toBe(false);

    stream.close();
    await expect.poll(async () => (await fleetEntry(kioskId)).connected).toBe(false);
    // Gone: offline at once (its stream was its presence), flagged only once silent for long.
    expect(await fleetEntry(kioskId)).toMatchObject({ state: 'offline', flag: null });
    later(FLEET_ONLINE_WINDOW_MS + 1000);
    expect(await fleetEntry(kioskId)).toMatchObject({ state: 'offline', flag: null });
    later(FLEET_SILENT_FLAG_MS);
    expect(await fleetEntry(kioskId)).toMatchObject({
      state: 'offline',
      flag: 'silent',
      flagMessage: expect.stringContaining('Aucune nouvelle de ce kiosque depuis'),
    });
  });

  it('counts a kiosk that reports after its stream closed as online, until its reports stop', async () => {
    const kioskId = newKioskId();
    const stream = await connectKiosk(kioskId);
    await expect
      .poll(async () => (await fleetEntry(kioskId).catch(() => null))?.connected)
      .toBe(true);
    stream.close();
    await expect.poll(async () => (await fleetEntry(kioskId)).state).toBe('offline');
    later(1000);
    expect((await heartbeat(report(kioskId))).statusCode).toBe(200);
    expect(await fleetEntry(kioskId)).toMatchObject({ connected: false, state: 'online' });
    later(FLEET_ONLINE_WINDOW_MS + 1000);
    expect((await fleetEntry(kioskId)).state).toBe('offline');
  });

  it('keeps a kiosk connected when an old stream closes after a new one opened', async () => {
    const kioskId = newKioskId();
    const first = await connectKiosk(kioskId);
    await expect
      .poll(async () => (await fleetEntry(kioskId).catch(() => null))?.connected)
      .toBe(true);
    await connectKiosk(kioskId);
    first.close();
    // Give the close time to be written, then check it did not win.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fleetEntry(kioskId)).connected).toBe(true);
  });

  it('stays online while its stream is open, thanks to the presence refresh', async () => {
    const kioskId = newKioskId();
    await connectKiosk(kioskId);
    await expect
      .poll(async () => (await fleetEntry(kioskId).catch(() => null))?.connected)
      .toBe(true);
    const [row] = await f.repos.kiosks.list([f.ids.devid], kioskId);
    later(FLEET_ONLINE_WINDOW_MS + 60_000);
    // A stream whose instance stopped refreshing it no longer counts as connected.
    expect(await fleetEntry(kioskId)).toMatchObject({ connected: false, state: 'offline' });
    // What the stream route's minute timer does for the streams open on this instance.
    await f.repos.kiosks.touch([row!.connection_id!], f.clock.now);
    expect(await fleetEntry(kioskId)).toMatchObject({ connected: true, state: 'online' });
  });

  it('takes the revision on the stream by the heartbeat’s rule: ahead is recorded and flagged', async () => {
    const version = await currentVersion();
    const byStream = newKioskId();
    const byHeartbeat = newKioskId();
    await connectKiosk(byStream, { contentVersion: String(version + 5000) });
    expect(
      (await heartbeat(report(byHeartbeat, { contentVersion: version + 5000 }))).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => (await fleetEntry(byStream).catch(() => null))?.contentVersion)
      .toBe(version + 5000);
    const standing = ({
      contentVersion,
      upToDate,
      aheadOfServer,
      behindSince,
      flag,
    }: KioskStatus) => ({ contentVersion, upToDate, aheadOfServer, behindSince, flag });
    expect(standing(await fleetEntry(byStream))).toEqual({
      contentVersion: version + 5000,
      upToDate: false,
      aheadOfServer: true,
      behindSince: null,
      flag: 'ahead',
    });
    expect(standing(await fleetEntry(byHeartbeat))).toEqual(standing(await fleetEntry(byStream)));
  });

  it('ignores a revision number the heartbeat could not carry either', async () => {
    const kioskId = newKioskId();
    // Over the contract's ContentVersion (a 32-bit column): not a revision, not stored.
    await connectKiosk(kioskId, { contentVersion: '99999999999' });
    await expect
      .poll(async () => (await fleetEntry(kioskId).catch(() => null))?.connected)
      .toBe(true);
    expect(await fleetEntry(kioskId)).toMatchObject({ contentVersion: null, aheadOfServer: false });
    const response = await heartbeat(report(kioskId, { contentVersion: 99_999_999_999 }));
    expect(response.statusCode).toBe(400);
  });

  it('ignores malformed identity values rather than failing the stream', async () => {
    const kioskId = newKioskId();
    await connectKiosk(kioskId, { mode: 'n-importe', contentVersion: 'abc' });
    await expect
      .poll(async () => (await fleetEntry(kioskId).catch(() => null))?.connected)
      .toBe(true);
    expect((await fleetEntry(kioskId)).mode).toBeNull();
  });
});

/** A change in the draft, so that the next publish makes a revision. */
let edits = 0;
const editDraft = () =>
  f.repos.draft.updateElementValue(f.ids.planElements[2]!, `/media/images/fleet-${++edits}.png`);

describe('up to date or behind', () => {
  it('compares with the published revision: an unpublished edit leaves every kiosk up to date', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId, { contentVersion: await currentVersion() }));
    const admin = await f.asAdmin();
    const edit = await admin.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value: 'Brouillon',
        type: 'text',
      },
    );
    expect(edit.statusCode, edit.body).toBe(201);
    expect(await fleetEntry(kioskId)).toMatchObject({ upToDate: true, behindSince: null });
  });

  it('turns behind after a publish, flags it after a while, and clears once the kiosk catches up', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId, { contentVersion: await currentVersion() }));
    expect((await fleetEntry(kioskId)).upToDate).toBe(true);

    await editDraft();
    const published = data<PublishResponse>(
      await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } })),
    );
    const after = await fleetEntry(kioskId);
    expect(after).toMatchObject({
      upToDate: false,
      currentContentVersion: published.message.version,
      behindSince: f.clock.now.toISOString(),
      flag: null,
    });
    later(FLEET_BEHIND_FLAG_MS + 60_000);
    // Still heard from (heartbeat), but its content has not caught up.
    await heartbeat(report(kioskId, { contentVersion: after.contentVersion }));
    expect(await fleetEntry(kioskId)).toMatchObject({
      state: 'online',
      flag: 'behind',
      flagMessage: expect.stringContaining('Contenu en retard depuis 16 min'),
    });
    await heartbeat(report(kioskId, { contentVersion: published.message.version! }));
    expect(await fleetEntry(kioskId)).toMatchObject({
      upToDate: true,
      behindSince: null,
      flag: null,
    });
  });
});

describe('GET /api/admin/fleet', () => {
  it('shows admins every development, editors theirs only', async () => {
    const mine = newKioskId();
    const theirs = newKioskId();
    await heartbeat(report(mine));
    await heartbeat(report(theirs), { devid: f.ids.otherDevid });

    const all = data<KioskStatus[]>(await admin.get(pathOf('adminFleet')));
    expect(all.map((status) => status.kioskId)).toEqual(expect.arrayContaining([mine, theirs]));
    const forEditor = data<KioskStatus[]>(await editor.get(pathOf('adminFleet')));
    expect(forEditor.some((status) => status.kioskId === mine)).toBe(true);
    expect(forEditor.every((status) => status.devid === f.ids.devid)).toBe(true);
    const forOther = data<KioskStatus[]>(await otherEditor.get(pathOf('adminFleet')));
    expect(forOther.map((status) => status.kioskId)).toContain(theirs);
    expect(forOther.every((status) => status.devid === f.ids.otherDevid)).toBe(true);

    const narrowed = data<KioskStatus[]>(
      await admin.get(pathOf('adminFleet', { query: { devid: f.ids.otherDevid } })),
    );
    expect(narrowed.every((status) => status.devid === f.ids.otherDevid)).toBe(true);
    const refused = await editor.get(pathOf('adminFleet', { query: { devid: f.ids.otherDevid } }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe(
      'Vous n’avez pas accès à ce développement.',
    );
    const anonymous = await f.app.inject({ method: 'GET', url: pathOf('adminFleet') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/fleet/stream', () => {
  it('sends the list, then a fresh entry on heartbeat, connection and publish', async () => {
    const stream = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: f.ids.devid } }),
      {
        cookie: editor.cookie,
      },
    );
    clients.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await stream.waitFor((text) => text.includes('event: fleet\n'));

    const kioskId = newKioskId();
    await heartbeat(report(kioskId, { contentVersion: await currentVersion() }));
    const kioskEvents = (text: string) =>
      text
        .split('\n\n')
        .filter((event) => event.startsWith('event: kiosk\n'))
        .map((event) => JSON.parse(event.split('\ndata: ')[1]!) as KioskStatus)
        .filter((status) => status.kioskId === kioskId);
    await stream.waitFor((text) => kioskEvents(text).length === 1);
    expect(kioskEvents(stream.text())[0]).toMatchObject({ upToDate: true, connected: false });

    await connectKiosk(kioskId);
    await stream.waitFor((text) => kioskEvents(text).some((status) => status.connected));

    // Content-first sync: the media's progress is news too.
    await heartbeat(
      report(kioskId, {
        contentVersion: await currentVersion(),
        media: { phase: 'complete', cached: 3, total: 3 },
      }),
    );
    await stream.waitFor((text) => kioskEvents(text).at(-1)?.media?.phase === 'complete');

    await editDraft();
    await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }));
    await stream.waitFor((text) => kioskEvents(text).at(-1)?.upToDate === false);

    // Another development's kiosks are not this stream's business.
    const elsewhere = newKioskId();
    await heartbeat(report(elsewhere), { devid: f.ids.otherDevid });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stream.text()).not.toContain(elsewhere);
  });

  it('needs a session, and rights on the development asked for', async () => {
    const anonymous = await openStream(base + pathOf('adminFleetStream'));
    clients.push(anonymous);
    expect(anonymous.status).toBe(401);
    const refused = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: f.ids.otherDevid } }),
      {
        cookie: editor.cookie,
      },
    );
    clients.push(refused);
    expect(refused.status).toBe(403);
  });
});
