/**
 * « Oublier ce totem » and the purge of silent totems (issue 47, part 1): the forgotten totem's
 * token is refused at once (401) and an online totem is told over its stream; its entry goes; a
 * later login makes it a new totem. The purge forgets only the totems silent for longer than asked.
 * Editors of the development may; another development's editor → 403; an unknown or already
 * forgotten id (or another development's) → 404. Audited. Runs on SQLite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import {
  hashPasswordForLogin,
  KIOSK_FORGET_AUDIT_ACTION,
  KIOSK_PURGE_AUDIT_ACTION,
  pathOf,
  TOKEN_HEADER,
  type Envelope,
  type ForgottenKiosks,
  type KioskHeartbeat,
  type LoginResponse,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { DEMO_PASSWORD } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';
import { KIOSK_FORGET_MESSAGES } from './kiosk-forget-routes.js';

let f: AdminFixture;
let base: string;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  f = await createAdminFixture({ app: { tokenVersionCacheMs: 0 } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  editor = await f.asEditor();
  otherEditor = await f.asOtherEditor();
});
afterAll(async () => {
  await f.close();
});

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
const report = (kioskId: string): KioskHeartbeat => ({
  kioskId,
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '1.2.3',
  contentVersion: null,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
});
const heartbeat = (totem: LoginResponse) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: report(totem.kioskId!),
  });
const forgetPath = (kioskId: string, devid = f.ids.devid) =>
  pathOf('adminForgetKiosk', { params: { devid, kioskId } });
const purgePath = (devid = f.ids.devid) => pathOf('adminPurgeKiosks', { params: { devid } });

describe('« Oublier ce totem »', () => {
  it('refuses its token at once, tells it over its stream, removes it; audited', async () => {
    const totem = await loggedIn();
    const neighbour = await loggedIn();
    expect((await heartbeat(totem)).statusCode).toBe(200);
    expect((await heartbeat(neighbour)).statusCode).toBe(200);
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: totem.token, kioskId: totem.kioskId! } })}`,
    );
    try {
      await stream.waitFor((text) => text.includes('retry:'));
      // The stream records its totem after its first lines (stream-routes.ts): wait for that
      // write, or on a loaded machine it lands after the forget and brings the entry back.
      await expect
        .poll(async () => (await f.repos.kiosks.list([f.ids.devid], totem.kioskId!))[0]?.connected)
        .toBe(1);
      const response = await editor.delete(forgetPath(totem.kioskId!));
      expect(response.statusCode, response.body).toBe(200);
      const envelope = response.json<Envelope<ForgottenKiosks>>();
      expect(envelope.data).toEqual({ devid: f.ids.devid, kioskIds: [totem.kioskId] });
      expect(envelope.message).toBe(KIOSK_FORGET_MESSAGES.forgotten);
      await stream.waitFor(
        (text) => text.includes('"type":"forgotten"') && text.includes(totem.kioskId!),
      );
    } finally {
      stream.close();
    }
    const refused = await heartbeat(totem);
    expect(refused.statusCode).toBe(401);
    expect(await f.repos.kiosks.list([f.ids.devid], totem.kioskId!)).toEqual([]);
    // The other totem goes on.
    expect((await heartbeat(neighbour)).statusCode).toBe(200);
    const entries = await f.repos.audit.list({ devid: f.ids.devid, limit: 50 });
    expect(entries.some((entry) => entry.action === KIOSK_FORGET_AUDIT_ACTION)).toBe(true);
    // Forgotten again, or never known → 404 in French; another development's editor → 403.
    const again = await editor.delete(forgetPath(totem.kioskId!));
    expect(again.statusCode).toBe(404);
    expect(again.json<Envelope<null>>().message).toBe(KIOSK_FORGET_MESSAGES.unknownKiosk);
    expect((await otherEditor.delete(forgetPath(neighbour.kioskId!))).statusCode).toBe(403);
    // An id of this development asked under the other development: unknown there.
    const admin = await f.asAdmin();
    expect((await admin.delete(forgetPath(neighbour.kioskId!, f.ids.otherDevid))).statusCode).toBe(
      404,
    );
  });

  it('the purge forgets the totems silent for longer than asked, and only them', async () => {
    const silent = await loggedIn();
    expect((await heartbeat(silent)).statusCode).toBe(200);
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 3 * 3_600_000);
    try {
      const alive = await loggedIn();
      expect((await heartbeat(alive)).statusCode).toBe(200);
      const bad = await editor.post(purgePath(), { silentForHours: 0 });
      expect(bad.statusCode).toBe(400);
      const response = await editor.post(purgePath(), { silentForHours: 2 });
      expect(response.statusCode, response.body).toBe(200);
      const { kioskIds } = response.json<Envelope<ForgottenKiosks>>().data!;
      expect(kioskIds).toContain(silent.kioskId);
      expect(kioskIds).not.toContain(alive.kioskId);
      expect((await heartbeat(silent)).statusCode).toBe(401);
      expect((await heartbeat(alive)).statusCode).toBe(200);
      expect((await otherEditor.post(purgePath(), { silentForHours: 2 })).statusCode).toBe(403);
      const entries = await f.repos.audit.list({ devid: f.ids.devid, limit: 50 });
      expect(entries.some((entry) => entry.action === KIOSK_PURGE_AUDIT_ACTION)).toBe(true);
    } finally {
      f.clock.now = saved;
    }
  });
});
