/**
 * Each totem's own identity (issue 47, part 1): the login binds the token to a totem id the server
 * chooses; heartbeats (and the alert acknowledgements they carry) and streams are accepted only for
 * that id; a totem that logs in again with its previous token — expired, revoked — keeps its id; a
 * forged one does not; a token issued before identities is bound to the first id it reports and
 * handed a new token; new ids are bounded at login with a French message saying what to do; ids
 * never seen within a day of their login are swept. Runs on SQLite and PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import {
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  type Envelope,
  type KioskHeartbeat,
  type KioskHeartbeatResponse,
  type LoginResponse,
} from '@plant-kiosk/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, DEMO_PASSWORD, type Fixture } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';
import { FLEET_MAX_KIOSKS_PER_DEVELOPMENT } from './fleet.js';
import {
  KIOSK_IDENTITIES_FULL_MESSAGE,
  KIOSK_IDENTITY_UNSEEN_TTL_MS,
  KIOSK_NOT_YOURS_MESSAGE,
} from './kiosk-identities.js';

let f: Fixture;
let base: string;
beforeAll(async () => {
  f = await createFixture({ app: { tokenVersionCacheMs: 0 } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

const login = async (previousToken?: string) => {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    headers: previousToken === undefined ? {} : { [TOKEN_HEADER]: previousToken },
    payload: {
      devname: 'neubourg',
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
    },
  });
  return response;
};
const loggedIn = async (previousToken?: string): Promise<LoginResponse> => {
  const response = await login(previousToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<LoginResponse>>().data!;
};

const report = (kioskId: string, extra: Partial<KioskHeartbeat> = {}): KioskHeartbeat => ({
  kioskId,
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '1.2.3',
  contentVersion: null,
  lastSyncAt: null,
  storageUsedBytes: null,
  storageQuotaBytes: null,
  lastError: null,
  ...extra,
});
const heartbeat = (token: string, body: KioskHeartbeat) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: token },
    payload: body,
  });
const fleetRow = async (kioskId: string) => (await f.repos.kiosks.list([f.ids.devid], kioskId))[0];

describe('each totem its own identity', () => {
  it('the login names the totem: a server-made id, bound to the token, different for each login', async () => {
    const first = await loggedIn();
    const second = await loggedIn();
    expect(first.kioskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.kioskId).not.toBe(first.kioskId);
    const claims = JSON.parse(
      Buffer.from(first.token.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims.kid).toBe(first.kioskId);
    // Its heartbeat under its own id is recorded, and hands no new token.
    const response = await heartbeat(first.token, report(first.kioskId!));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<KioskHeartbeatResponse>>().data).toEqual({
      contentVersion: expect.any(Number),
    });
    expect(await fleetRow(first.kioskId!)).toBeDefined();
  });

  it('a new totem’s login tells the live fleet pages, which list it at once as never seen', async () => {
    let signals = 0;
    const stop = f.bus.onFleet(f.ids.devid, () => {
      signals += 1;
    });
    try {
      const fresh = await loggedIn();
      expect(signals).toBe(1);
      // Logging in again as the same totem makes no new totem: nothing to tell.
      await loggedIn(fresh.token);
      expect(signals).toBe(1);
    } finally {
      stop();
    }
  });

  it('a heartbeat (and its alert acknowledgement) for another id → 403 in French, nothing recorded', async () => {
    const mine = await loggedIn();
    const other = await loggedIn();
    const forged = await heartbeat(
      mine.token,
      report(other.kioskId!, {
        alertAck: { alertid: 1, displayedAt: f.clock.now.toISOString(), takeoverMs: 180 },
      }),
    );
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json()).toEqual({
      data: null,
      message: KIOSK_NOT_YOURS_MESSAGE,
      error: 'forbidden',
    });
    expect(await fleetRow(other.kioskId!)).toBeUndefined();
    expect(await f.repos.alerts.acks(1)).toEqual([]);
    // A made-up id too.
    expect((await heartbeat(mine.token, report('ghost-1'))).statusCode).toBe(403);
    expect(await fleetRow('ghost-1')).toBeUndefined();
  });

  it('a stream naming another id → 403 before it starts; its own id (or none) opens it, named', async () => {
    const mine = await loggedIn();
    const other = await loggedIn();
    const refused = await f.app.inject({
      method: 'GET',
      url: pathOf('stream', {
        params: { devid: f.ids.devid },
        query: { kioskId: other.kioskId! },
      }),
      headers: { [TOKEN_HEADER]: mine.token },
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe(KIOSK_NOT_YOURS_MESSAGE);
    expect(await fleetRow(other.kioskId!)).toBeUndefined();

    // Through a ticket, naming no id: the stream speaks for the ticket's totem.
    const ticket = await f.app.inject({
      method: 'POST',
      url: pathOf('streamTicket', { params: { devid: f.ids.devid } }),
      headers: { [TOKEN_HEADER]: mine.token },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const { ticket: value } = ticket.json<Envelope<{ ticket: string }>>().data!;
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket: value } })}`,
    );
    try {
      await stream.waitFor((text) => text.includes('retry:'));
      await expect.poll(async () => (await fleetRow(mine.kioskId!))?.connected).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('a totem that logs in again with its previous token keeps its id — expired or revoked alike', async () => {
    const first = await loggedIn();
    expect((await loggedIn(first.token)).kioskId).toBe(first.kioskId);

    // Revoked: every token of the development is refused, yet the totem keeps its name.
    await f.repos.accounts.revokeTokens(f.ids.devid);
    f.app.kiosk.tokens.forgetVersion(f.ids.devid);
    expect((await heartbeat(first.token, report(first.kioskId!))).statusCode).toBe(401);
    const again = await loggedIn(first.token);
    expect(again.kioskId).toBe(first.kioskId);
    expect((await heartbeat(again.token, report(first.kioskId!))).statusCode).toBe(200);

    // Expired: a year and a day later.
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 366 * 86_400_000);
    try {
      expect((await heartbeat(again.token, report(first.kioskId!))).statusCode).toBe(401);
      expect((await loggedIn(again.token)).kioskId).toBe(first.kioskId);
    } finally {
      f.clock.now = saved;
    }
  });

  it('a forged token (another secret), another development’s or garbage → a new id', async () => {
    const first = await loggedIn();
    const forged = await new SignJWT({ devid: f.ids.devid, tv: 1, kid: first.kioskId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(f.ids.accountid))
      .setIssuedAt()
      .setExpirationTime('1d')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await loggedIn(forged)).kioskId).not.toBe(first.kioskId);
    const otherDevelopment = await f.app.kiosk.tokens.issue({
      devid: f.ids.otherDevid,
      accountid: f.ids.accountid,
      tokenVersion: 1,
      kioskId: first.kioskId!,
    });
    expect((await loggedIn(otherDevelopment)).kioskId).not.toBe(first.kioskId);
    expect((await loggedIn('not-a-token')).kioskId).not.toBe(first.kioskId);
  });

  it('a token issued before identities is bound to the first id it reports and handed a new one', async () => {
    const old = await f.token();
    const first = await heartbeat(old, report('legacy-totem-1'));
    expect(first.statusCode, first.body).toBe(200);
    const upgraded = first.json<Envelope<KioskHeartbeatResponse>>().data!.token!;
    expect(upgraded).toEqual(expect.any(String));
    // Until the new token is used, the old one may claim the id again (a lost answer).
    expect((await heartbeat(old, report('legacy-totem-1'))).statusCode).toBe(200);
    // The new token works for that id only, and logs in again under it.
    expect((await heartbeat(upgraded, report('legacy-totem-1'))).statusCode).toBe(200);
    expect((await heartbeat(upgraded, report('legacy-totem-2'))).statusCode).toBe(403);
    expect((await loggedIn(upgraded)).kioskId).toBe('legacy-totem-1');
    // Once the new token has reported, the old one cannot speak for that totem any more.
    const stolen = await heartbeat(old, report('legacy-totem-1'));
    expect(stolen.statusCode).toBe(403);
    // Nor for an id the server handed out at a login.
    const named = await loggedIn();
    expect((await heartbeat(old, report(named.kioskId!))).statusCode).toBe(403);
    expect(await fleetRow(named.kioskId!)).toBeUndefined();
  });

  it('an identity never seen within a day of its login is swept; a seen one stays', async () => {
    const unseen = await loggedIn();
    const seen = await loggedIn();
    expect((await heartbeat(seen.token, report(seen.kioskId!))).statusCode).toBe(200);
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + KIOSK_IDENTITY_UNSEEN_TTL_MS + 60_000);
    try {
      await loggedIn(); // the sweep runs at each login
      expect(await f.repos.kioskIdentities.find(f.ids.devid, unseen.kioskId!)).toBeUndefined();
      expect(await f.repos.kioskIdentities.find(f.ids.devid, seen.kioskId!)).toBeDefined();
      // Its token is refused; logging in again with it gives a new id.
      expect((await heartbeat(unseen.token, report(unseen.kioskId!))).statusCode).toBe(401);
      expect((await loggedIn(unseen.token)).kioskId).not.toBe(unseen.kioskId);
    } finally {
      f.clock.now = saved;
    }
  });

  it(`bounds new identities at ${FLEET_MAX_KIOSKS_PER_DEVELOPMENT} per development with a French message saying what to do`, async () => {
    const known = await loggedIn();
    const have = await f.repos.kioskIdentities.count(f.ids.devid);
    // Straight through the repository, 50 at a time (fast on PostgreSQL too).
    for (let i = have; i < FLEET_MAX_KIOSKS_PER_DEVELOPMENT; i += 50) {
      const end = Math.min(i + 50, FLEET_MAX_KIOSKS_PER_DEVELOPMENT);
      await Promise.all(
        Array.from({ length: end - i }, (_, k) =>
          f.repos.kioskIdentities.create(f.ids.devid, `filler-${i + k}`, 'login', f.clock.now),
        ),
      );
    }
    const refused = await login();
    expect(refused.statusCode).toBe(409);
    const envelope = refused.json<Envelope<null>>();
    expect(envelope).toMatchObject({ data: null, error: 'conflict' });
    expect(envelope.message).toBe(KIOSK_IDENTITIES_FULL_MESSAGE);
    expect(envelope.message).toContain('supprimez les totems inutilisés dans « Parc de totems »');
    // A known totem still logs in again under its id; the other development is not affected.
    expect((await loggedIn(known.token)).kioskId).toBe(known.kioskId);
    expect(await f.repos.kioskIdentities.count(f.ids.otherDevid)).toBe(0);
  }, 120_000);
});
