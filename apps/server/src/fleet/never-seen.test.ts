/**
 * Honest states (issue 48, part 1): every fleet entry carries its presence, and a totem that
 * logged in but never reported is listed as never seen — commanded, forgotten or purged like any
 * other, named only once it reports (its profile hangs on its fleet row) — until its first report replaces the entry. The live
 * channel's whole list carries it too. Runs on SQLite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import {
  FLEET_ONLINE_WINDOW_MS,
  FLEET_SILENT_FLAG_MS,
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  type Envelope,
  type KioskHeartbeat,
  type KioskStatus,
  type LoginResponse,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSuite, data, type AdminClient } from '../testing/admin-fixture.js';
import type { AdminFixture } from '../testing/admin-fixture.js';
import { DEMO_PASSWORD } from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
import { KIOSK_PROFILE_MESSAGES } from './kiosk-profile-routes.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let base: string;
const clients: StreamClient[] = [];

beforeAll(async () => {
  ({ f, admin, editor } = await createAdminSuite({ app: { tokenVersionCacheMs: 0 } }));
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

const loggedIn = async (): Promise<LoginResponse> => {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: 'neubourg',
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<LoginResponse>>().data!;
};

const report = (kioskId: string, contentVersion: number | null = null): KioskHeartbeat => ({
  kioskId,
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '1.2.3',
  contentVersion,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
});

const heartbeat = (totem: LoginResponse, contentVersion: number | null = null) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: report(totem.kioskId!, contentVersion),
  });

async function fleet(): Promise<KioskStatus[]> {
  const response = await admin.get(pathOf('adminFleet', { query: { devid: f.ids.devid } }));
  expect(response.statusCode, response.body).toBe(200);
  return data<KioskStatus[]>(response);
}

const entriesOf = async (kioskId: string) =>
  (await fleet()).filter((status) => status.kioskId === kioskId);

describe('never-seen totems in the fleet', () => {
  it('lists a totem that logged in and never reported, until its first report replaces it', async () => {
    const loginAt = f.clock.now.toISOString();
    const totem = await loggedIn();
    later(60_000);
    expect(await entriesOf(totem.kioskId!)).toEqual([
      expect.objectContaining({
        kioskId: totem.kioskId,
        devid: f.ids.devid,
        devname: 'neubourg',
        presence: 'never-seen',
        state: 'offline',
        connected: false,
        flag: null,
        flagMessage: null,
        contentVersion: null,
        upToDate: false,
        firstSeenAt: loginAt,
        lastSeenAt: loginAt,
        lastHeartbeatAt: null,
        // The profile and the last command, like every entry.
        name: null,
        groups: [],
        profileVersion: 0,
        lastCommand: null,
      }),
    ]);
    // Never seen is not silent: no flag, however long ago it logged in.
    later(FLEET_SILENT_FLAG_MS * 2);
    expect((await entriesOf(totem.kioskId!))[0]).toMatchObject({
      presence: 'never-seen',
      flag: null,
    });

    const version = (await f.repos.developments.find(f.ids.devid))!.content_version;
    expect((await heartbeat(totem, version)).statusCode).toBe(200);
    const entries = await entriesOf(totem.kioskId!);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      presence: 'online',
      state: 'online',
      contentVersion: version,
      firstSeenAt: f.clock.now.toISOString(),
    });
  });

  it('can be commanded and forgotten, not named before it reports', async () => {
    const totem = await loggedIn();
    const kioskId = totem.kioskId!;
    // A profile hangs on the fleet row its first report creates: a clear 404 until then.
    const profilePath = pathOf('adminKioskProfile', { params: { devid: f.ids.devid, kioskId } });
    const named = await editor.put(profilePath, {
      name: 'Hall d’accueil',
      location: '',
      groups: [],
      note: '',
    });
    expect(named.statusCode).toBe(404);
    expect(named.json<Envelope<null>>().message).toBe(KIOSK_PROFILE_MESSAGES.neverSeen);

    const sent = await editor.post(
      pathOf('adminSendKioskCommand', { params: { devid: f.ids.devid } }),
      { kind: 'identify', target: { kind: 'kiosk', kioskId } },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await entriesOf(kioskId))[0]).toMatchObject({
      presence: 'never-seen',
      lastCommand: expect.objectContaining({ kind: 'identify', state: 'pending' }),
    });

    const forgotten = await editor.delete(
      pathOf('adminForgetKiosk', { params: { devid: f.ids.devid, kioskId } }),
    );
    expect(forgotten.statusCode, forgotten.body).toBe(200);
    expect(await entriesOf(kioskId)).toEqual([]);
  });

  it('the purge forgets the never seen that logged in before its limit, not the others', async () => {
    const old = await loggedIn();
    later(3 * 3_600_000);
    const recent = await loggedIn();
    const response = await editor.post(
      pathOf('adminPurgeKiosks', { params: { devid: f.ids.devid } }),
      { silentForHours: 2 },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { kioskIds } = response.json<Envelope<{ kioskIds: string[] }>>().data!;
    expect(kioskIds).toContain(old.kioskId);
    expect(kioskIds).not.toContain(recent.kioskId);
    expect(await entriesOf(old.kioskId!)).toEqual([]);
    expect(await entriesOf(recent.kioskId!)).toHaveLength(1);
  });

  it('is in the live channel’s whole list', async () => {
    const totem = await loggedIn();
    const stream = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: f.ids.devid } }),
      { cookie: editor.cookie },
    );
    clients.push(stream);
    expect(stream.status).toBe(200);
    await stream.waitFor((text) => text.includes('event: fleet\n'));
    const list = JSON.parse(
      stream.text().split('event: fleet\n')[1]!.split('\ndata: ')[1]!.split('\n\n')[0]!,
    ) as KioskStatus[];
    expect(list.find((status) => status.kioskId === totem.kioskId)).toMatchObject({
      presence: 'never-seen',
    });
  });
});

describe('presence of a reporting totem', () => {
  it('goes online, offline, then silent past the threshold', async () => {
    const totem = await loggedIn();
    expect((await heartbeat(totem)).statusCode).toBe(200);
    expect((await entriesOf(totem.kioskId!))[0]).toMatchObject({
      presence: 'online',
      state: 'online',
    });
    later(FLEET_ONLINE_WINDOW_MS + 1);
    expect((await entriesOf(totem.kioskId!))[0]).toMatchObject({
      presence: 'offline',
      state: 'offline',
      flag: null,
    });
    // At the threshold, still offline; past it, silent (the flag too).
    later(FLEET_SILENT_FLAG_MS - FLEET_ONLINE_WINDOW_MS - 1);
    expect((await entriesOf(totem.kioskId!))[0]).toMatchObject({ presence: 'offline' });
    later(1);
    expect((await entriesOf(totem.kioskId!))[0]).toMatchObject({
      presence: 'silent',
      state: 'offline',
      flag: 'silent',
    });
  });
});
