import { createHash } from 'node:crypto';
import {
  ADMIN_CSRF_HEADER,
  type AdminSession,
  type AdminZone,
  type Envelope,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../lib/admin/errors.js';
import {
  ADMIN_PASSWORD,
  EDITOR_PASSWORD,
  createAdminFixture,
  data,
  setCookieHeader,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { ADMIN_LOGIN_RATE_LIMIT } from './session-routes.js';

// One fixture for the file (building the app is the slow part); tests that lock or change a user
// make their own, and the clock goes back after each test.
let f: AdminFixture;
beforeAll(async () => {
  f = await createAdminFixture();
});
afterAll(async () => {
  await f.close();
});
afterEach(() => {
  f.resetClock();
});

const HOUR = 3_600_000;
const login = (payload: unknown, headers: Record<string, string> = {}) =>
  f.app.inject({ method: 'POST', url: pathOf('adminLogin'), payload: payload as object, headers });
const me = (cookie?: string) =>
  f.app.inject({ method: 'GET', url: pathOf('adminMe'), headers: cookie ? { cookie } : {} });
const advance = (ms: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + ms);
};

describe('POST /api/admin/login', () => {
  it('opens a session: HttpOnly SameSite=Strict cookie on /api/admin for 12 h, user and CSRF token', async () => {
    const response = await login({ username: 'admin', password: ADMIN_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const cookie = setCookieHeader(response)!;
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('Path=/api/admin');
    expect(cookie).toContain('Max-Age=43200');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toContain('Secure');
    const session = data<AdminSession>(response);
    expect(session.user).toMatchObject({ username: 'admin', role: 'admin', disabled: false });
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.expiresAt).toBe(new Date(f.clock.now.getTime() + 12 * HOUR).toISOString());

    // Only the SHA-256 of the token is stored.
    const token = /admin_session=([^;]+)/.exec(cookie)![1]!;
    const sha = createHash('sha256').update(token).digest('hex');
    expect(await f.repos.adminUsers.findSession(token)).toBeUndefined();
    expect((await f.repos.adminUsers.findSession(sha))?.user.username).toBe('admin');
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await createAdminFixture({ config: { trustProxy: true } });
    try {
      const response = await proxied.app.inject({
        method: 'POST',
        url: pathOf('adminLogin'),
        payload: { username: 'admin', password: ADMIN_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(setCookieHeader(response)).toContain('; Secure');
    } finally {
      await proxied.close();
    }
  });

  it('accepts the user name in any case', async () => {
    const response = await login({ username: ' Editrice ', password: EDITOR_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(data<AdminSession>(response).user).toMatchObject({
      username: 'editrice',
      role: 'editor',
      devids: [f.ids.devid],
    });
  });

  it('refuses a wrong password or an unknown user with the same 401 and no cookie', async () => {
    for (const payload of [
      { username: 'admin', password: 'pas-le-bon-mot-de-passe' },
      { username: 'personne', password: ADMIN_PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        data: null,
        message: ADMIN_MESSAGES.loginFailed,
        error: 'unauthorized',
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a disabled user (403) and ends the sessions it already had (401)', async () => {
    const userid = await f.createUser('desactive', 'editor', [f.ids.devid]);
    const client = await f.login('desactive', EDITOR_PASSWORD);
    await f.repos.adminUsers.setDisabled(userid, true);
    const response = await login({ username: 'desactive', password: EDITOR_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<null>>().message).toBe(ADMIN_MESSAGES.accountDisabled);
    expect((await client.get(pathOf('adminMe'))).statusCode).toBe(401);
  });

  it('answers 400 with a French message naming the missing field', async () => {
    const response = await login({ username: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      data: null,
      message: 'Le champ « password » est obligatoire.',
      error: 'bad_request',
    });
  });

  it('limits failed logins per client address, whatever the user name (429 envelope)', async () => {
    await f.createUser('cible', 'editor');
    const from = (remoteAddress: string, payload: unknown) =>
      f.app.inject({
        method: 'POST',
        url: pathOf('adminLogin'),
        payload: payload as object,
        remoteAddress,
      });
    for (let attempt = 0; attempt < ADMIN_LOGIN_RATE_LIMIT.max; attempt++) {
      expect(
        (await from('10.7.7.7', { username: 'cible', password: 'mauvais-mot-de-passe' }))
          .statusCode,
      ).toBe(401);
    }
    const limited = await from('10.7.7.7', { username: 'CIBLE', password: EDITOR_PASSWORD });
    expect(limited.statusCode).toBe(429);
    const body = limited.json<Envelope<null>>();
    expect(body.error).toBe('too_many_requests');
    expect(body.message).toMatch(
      /^Trop de tentatives de connexion\. Réessayez dans \d+ secondes\.$/,
    );
    expect(limited.headers['set-cookie']).toBeUndefined();
    // Another user name from the same address is locked out too (outside-probe hardening: made-up
    // names must not each get a fresh allowance); another address is not.
    expect(
      (await from('10.7.7.7', { username: 'editrice', password: EDITOR_PASSWORD })).statusCode,
    ).toBe(429);
    expect(
      (await from('10.7.7.8', { username: 'editrice', password: EDITOR_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses a login posted from another site (Origin check)', async () => {
    const response = await login(
      { username: 'admin', password: ADMIN_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<Envelope<null>>().message).toBe(ADMIN_MESSAGES.crossOrigin);
  });

  it('ends the session the browser already had', async () => {
    const first = await f.asAdmin();
    const response = await login(
      { username: 'admin', password: ADMIN_PASSWORD },
      { cookie: first.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect((await first.get(pathOf('adminMe'))).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('GET /me gives the user and the CSRF token back (the SPA after a reload); 401 without a session', async () => {
    const client = await f.asAdmin();
    const response = await client.get(pathOf('adminMe'));
    expect(response.statusCode).toBe(200);
    expect(data<AdminSession>(response)).toEqual(client.session);

    const anonymous = await me();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<Envelope<null>>()).toEqual({
      data: null,
      message: ADMIN_MESSAGES.notLoggedIn,
      error: 'unauthorized',
    });
    expect((await me('admin_session=forged')).statusCode).toBe(401);
    expect((await me(`admin_session=${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('GET /session answers 200 with null outside a session (no console error), the session inside', async () => {
    const probe = (cookie?: string) =>
      f.app.inject({
        method: 'GET',
        url: pathOf('adminSessionProbe'),
        headers: cookie ? { cookie } : {},
      });
    const anonymous = await probe();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json<Envelope<null>>().data).toBeNull();
    expect(setCookieHeader(anonymous)).toBeUndefined();

    // A cookie that opens no session is cleared, still without a 401.
    for (const cookie of ['admin_session=forged', `admin_session=${'A'.repeat(43)}`]) {
      const dead = await probe(cookie);
      expect(dead.statusCode).toBe(200);
      expect(dead.json<Envelope<null>>().data).toBeNull();
      expect(setCookieHeader(dead)).toMatch(/^admin_session=; Path=\/api\/admin; Max-Age=0; /);
    }

    const client = await f.asAdmin();
    const live = await client.get(pathOf('adminSessionProbe'));
    expect(live.statusCode).toBe(200);
    expect(data<AdminSession>(live)).toEqual(client.session);

    advance(12 * HOUR + 1000);
    const expired = await client.get(pathOf('adminSessionProbe'));
    expect(expired.statusCode).toBe(200);
    expect(expired.json<Envelope<null>>().data).toBeNull();
  });

  it('expires 12 h after the last use, and the expired row is removed', async () => {
    const client = await f.asAdmin();
    advance(12 * HOUR + 1000);
    const response = await client.get(pathOf('adminMe'));
    expect(response.statusCode).toBe(401);
    expect(response.json<Envelope<null>>().message).toBe(ADMIN_MESSAGES.sessionExpired);
    const sha = createHash('sha256').update(client.token).digest('hex');
    expect(await f.repos.adminUsers.findSession(sha)).toBeUndefined();
  });

  it('slides: each use pushes the end 12 h ahead and sends the cookie again, up to 7 days', async () => {
    const client = await f.asAdmin();
    advance(11 * HOUR);
    const used = await client.get(pathOf('adminMe'));
    expect(used.statusCode).toBe(200);
    expect(setCookieHeader(used)).toContain('Max-Age=43200');
    expect(data<AdminSession>(used).expiresAt).toBe(
      new Date(f.clock.now.getTime() + 12 * HOUR).toISOString(),
    );
    advance(11 * HOUR);
    expect((await client.get(pathOf('adminMe'))).statusCode).toBe(200);

    // Used every 11 h, it still ends 7 days after login.
    let status = 200;
    let hours = 22;
    while (status === 200 && hours < 24 * 8) {
      advance(11 * HOUR);
      hours += 11;
      status = (await client.get(pathOf('adminMe'))).statusCode;
    }
    expect(status).toBe(401);
    expect(hours).toBeGreaterThan(24 * 7 - 11);
    expect(hours).toBeLessThanOrEqual(24 * 7 + 11);
  });

  it('logout needs the CSRF token, ends the session and clears the cookie', async () => {
    const client = await f.asAdmin();
    const refused = await client.post(pathOf('adminLogout'), undefined, { csrf: null });
    expect(refused.statusCode).toBe(403);
    expect((await client.get(pathOf('adminMe'))).statusCode).toBe(200);

    const response = await client.post(pathOf('adminLogout'));
    expect(response.statusCode).toBe(200);
    expect(setCookieHeader(response)).toMatch(/^admin_session=; Path=\/api\/admin; Max-Age=0; /);
    expect((await client.get(pathOf('adminMe'))).statusCode).toBe(401);
    // Logging out again (dead or no session) is harmless.
    expect((await client.post(pathOf('adminLogout'))).statusCode).toBe(200);
  });
});

describe('CSRF and origin checks on state-changing calls', () => {
  const zone = { zonename: 'Nouvelle zone', type: 'images' };

  it('refuses a missing or wrong x-csrf-token with 403 and changes nothing', async () => {
    const client = await f.asAdmin();
    for (const csrf of [null, 'wrong', `${client.csrf}x`]) {
      const response = await client.post(
        pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
        zone,
        { csrf },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json<Envelope<null>>()).toEqual({
        data: null,
        message: ADMIN_MESSAGES.csrf,
        error: 'forbidden',
      });
    }
    // Another session's token is not this session's.
    const other = await f.asEditor();
    expect(
      (
        await client.post(pathOf('adminCreateZone', { params: { devid: f.ids.devid } }), zone, {
          csrf: other.csrf,
        })
      ).statusCode,
    ).toBe(403);
    expect(await f.repos.live.findZoneByName(f.ids.devid, zone.zonename)).toBeUndefined();
  });

  it('refuses a request from another site even with the right token; accepts its own origin', async () => {
    const client = await f.asAdmin();
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/admin/' },
    ];
    for (const headers of foreign) {
      const response = await client.post(
        pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
        zone,
        { headers },
      );
      expect(response.statusCode).toBe(403);
    }
    const same = await client.post(
      pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
      zone,
      {
        headers: { origin: 'http://localhost:80', referer: 'http://localhost/admin/' },
      },
    );
    expect(same.statusCode, same.body).toBe(201);
    expect(data<AdminZone>(same).zonename).toBe(zone.zonename);
  });

  it('lets reads through without a CSRF token', async () => {
    const client = await f.asAdmin();
    const response = await f.app.inject({
      method: 'GET',
      url: pathOf('adminZones', { params: { devid: f.ids.devid } }),
      headers: { cookie: client.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers[ADMIN_CSRF_HEADER]).toBeUndefined();
  });
});
