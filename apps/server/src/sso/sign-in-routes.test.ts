/**
 * OpenID Connect sign-in against a real provider run in-process (oidc-provider, see
 * testing/oidc-test-provider.ts): the whole flow over HTTP (the app's start, the provider's own
 * login pages, the callback), the first sign-in creating the user with its mapped rights, rights
 * recomputed at the next sign-in, a user out of every mapped group refused, each refusal (forged,
 * replayed or foreign state, wrong nonce, another client's token, another issuer's, an expired
 * one, an unreachable provider, with local sign-in still working), the re-check with the provider
 * after 15 minutes and the end of the session when it fails.
 */
import { createServer } from 'node:net';
import {
  ADMIN_SESSION_COOKIE,
  pathOf,
  type AdminSession,
  type AuditEntry,
  type SsoGroupRule,
  type SsoSettingsRequest,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  OTHER_CLIENT_ID,
  startTestProvider,
  type TestProvider,
} from './testing/oidc-test-provider.js';
import { SSO_START_LIMIT } from './sign-in-routes.js';

const PUBLIC = 'http://localhost:8080';
const REDIRECT = `${PUBLIC}/api/admin/sso/callback`;
const SETTINGS = pathOf('adminSsoSettings', {});
const RIGHTS = pathOf('adminSsoGroupRights', {});
const START = pathOf('adminSsoLogin', {});
const ME = pathOf('adminMe', {});

let provider: TestProvider;
let f: AdminFixture;
let admin: AdminClient;

const settings = (overrides: Partial<SsoSettingsRequest> = {}): SsoSettingsRequest => ({
  enabled: true,
  issuer: provider.issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  displayName: 'Compte du groupe',
  groupsClaim: 'groups',
  scopes: 'openid profile email',
  publicBaseUrl: PUBLIC,
  ...overrides,
});

beforeAll(async () => {
  provider = await startTestProvider({
    redirectUri: REDIRECT,
    accounts: {
      'marie.curie': { groups: ['totems-editeurs'] },
      'paul.it': { groups: ['it-admins', 'tous'] },
      'sans.droits': { groups: ['compta'] },
    },
  });
  f = await createAdminFixture({ app: { sso: { fetch: provider.fetch } } });
  admin = await f.asAdmin();
  expect((await admin.put(SETTINGS, settings())).statusCode).toBe(200);
  const rules: SsoGroupRule[] = [
    {
      group: 'totems-editeurs',
      role: 'editor',
      developments: [f.ids.devid],
      canPublish: true,
      canAlert: false,
    },
    { group: 'it-admins', role: 'admin', developments: 'all', canPublish: true, canAlert: true },
  ];
  expect((await admin.put(RIGHTS, { rules })).statusCode).toBe(200);
});
afterAll(async () => {
  await f?.close();
  await provider?.close();
});
beforeEach(() => {
  provider.tamper = undefined;
  f.resetClock();
});

const cookieOf = (response: LightMyRequestResponse, name: string): string | undefined => {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  for (const line of lines) {
    const match = new RegExp(`^${name}=([^;]*)`).exec(line);
    if (match) return match[1];
  }
  return undefined;
};

/** The app's start: the provider's address and the browser-binding cookie. */
let starts = 0;
async function start(): Promise<{ location: string; binding: string }> {
  // Each from its own address: the starts per address are limited (SSO_START_LIMIT).
  starts++;
  const response = await f.app.inject({
    method: 'GET',
    url: START,
    remoteAddress: `10.1.${Math.floor(starts / 250)}.${(starts % 250) + 1}`,
  });
  expect(response.statusCode).toBe(302);
  const location = response.headers.location as string;
  const binding = cookieOf(response, 'sso_login');
  expect(binding, 'the sign-in is bound to the browser').toBeTruthy();
  return { location, binding: binding! };
}

async function callback(url: URL, binding: string | undefined): Promise<LightMyRequestResponse> {
  return f.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: binding ? { cookie: `sso_login=${binding}` } : {},
  });
}

/** The whole flow for `login`; the callback's answer. */
async function signIn(login: string): Promise<LightMyRequestResponse> {
  const { location, binding } = await start();
  const back = await provider.signIn(location, login);
  return callback(back, binding);
}

const ssoErrorOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(302);
  const location = new URL(response.headers.location as string, PUBLIC);
  expect(location.pathname).toBe('/admin/');
  expect(cookieOf(response, ADMIN_SESSION_COOKIE) ?? '', 'no session').toBe('');
  return location.searchParams.get('sso_error');
};

async function sessionOf(response: LightMyRequestResponse): Promise<AdminSession> {
  expect(response.statusCode, response.body).toBe(302);
  expect(response.headers.location).toBe(`${PUBLIC}/admin/`);
  const token = cookieOf(response, ADMIN_SESSION_COOKIE);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const me = await f.app.inject({
    method: 'GET',
    url: ME,
    headers: { cookie: `${ADMIN_SESSION_COOKIE}=${token}` },
  });
  expect(me.statusCode).toBe(200);
  return { ...data<AdminSession>(me), csrfToken: token! };
}

const audit = async (action: string) =>
  (await f.repos.audit.list({ limit: 200 })).filter((entry: AuditEntry) => entry.action === action);

describe('OpenID Connect sign-in', () => {
  it('goes to the provider with PKCE (S256), a state and a nonce, and the configured redirect URI', async () => {
    const { location } = await start();
    const url = new URL(location);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid profile email');
  });

  it('never builds the redirect URI from the Host header', async () => {
    const response = await f.app.inject({
      method: 'GET',
      url: START,
      headers: { host: 'attaquant.example', 'x-forwarded-host': 'attaquant.example' },
    });
    const url = new URL(response.headers.location as string);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
  });

  it('signs a user in end to end at the first time, creating them with the rights of their groups', async () => {
    const response = await signIn('marie.curie');
    const session = await sessionOf(response);
    expect(session.user).toMatchObject({
      username: 'marie.curie',
      role: 'editor',
      devids: [f.ids.devid],
      canPublish: true,
      canAlert: false,
    });
    const row = await f.repos.adminUsers.findByUsername('marie.curie');
    expect(row).toMatchObject({ sso_issuer: provider.issuer, sso_subject: 'marie.curie' });
    expect(row?.password_hash).toBe('');
    expect(await audit('sso.user.create')).toHaveLength(1);
    const logins = await audit('session.login');
    expect(logins[0]).toMatchObject({ username: 'marie.curie' });
  });

  it('has no local password: a password login as that user is refused like an unknown user', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('adminLogin'),
      payload: { username: 'marie.curie', password: 'n-importe-quoi' },
      remoteAddress: '10.9.9.9',
    });
    expect(response.statusCode).toBe(401);
  });

  it('recomputes the rights at the next sign-in after the groups changed', async () => {
    await sessionOf(await signIn('marie.curie'));
    provider.accounts.set('marie.curie', { groups: ['totems-editeurs', 'it-admins'] });
    try {
      const session = await sessionOf(await signIn('marie.curie'));
      expect(session.user).toMatchObject({ role: 'admin', canAlert: true });
      provider.accounts.set('marie.curie', { groups: ['totems-editeurs'] });
      const again = await sessionOf(await signIn('marie.curie'));
      expect(again.user).toMatchObject({ role: 'editor', canAlert: false, devids: [f.ids.devid] });
      // Still one user: found by the provider's subject, not created again.
      expect(await audit('sso.user.create')).toHaveLength(1);
    } finally {
      provider.accounts.set('marie.curie', { groups: ['totems-editeurs'] });
    }
  });

  it('refuses a user whose groups map to nothing: no session, a readable code', async () => {
    expect(ssoErrorOf(await signIn('sans.droits'))).toBe('no_rights');
    expect(await f.repos.adminUsers.findByUsername('sans.droits')).toBeUndefined();
    const refused = await audit('sso.login.refused');
    expect(refused.at(-1)?.summary).toMatchObject({ code: 'no_rights' });
  });

  it('refuses a user taken out of their groups at their next sign-in', async () => {
    await sessionOf(await signIn('paul.it'));
    provider.accounts.set('paul.it', { groups: ['tous'] });
    try {
      expect(ssoErrorOf(await signIn('paul.it'))).toBe('no_rights');
    } finally {
      provider.accounts.set('paul.it', { groups: ['it-admins', 'tous'] });
    }
  });

  it('refuses a forged state', async () => {
    const { location, binding } = await start();
    const back = await provider.signIn(location, 'marie.curie');
    back.searchParams.set('state', 'etat-invente-par-un-attaquant');
    expect(ssoErrorOf(await callback(back, binding))).toBe('state');
  });

  it('refuses a replayed state: the second use of a callback finds nothing', async () => {
    const { location, binding } = await start();
    const back = await provider.signIn(location, 'marie.curie');
    await sessionOf(await callback(back, binding));
    expect(ssoErrorOf(await callback(back, binding))).toBe('state');
  });

  it('refuses a state carried to another browser (no binding cookie, or another one)', async () => {
    const first = await start();
    const back = await provider.signIn(first.location, 'marie.curie');
    expect(ssoErrorOf(await callback(back, undefined))).toBe('state');
    const second = await start();
    const back2 = await provider.signIn(second.location, 'marie.curie');
    expect(ssoErrorOf(await callback(back2, first.binding))).toBe('state');
  });

  it('refuses a state older than 10 minutes', async () => {
    const { location, binding } = await start();
    const back = await provider.signIn(location, 'marie.curie');
    f.clock.now = new Date(f.clock.now.getTime() + 11 * 60_000);
    expect(ssoErrorOf(await callback(back, binding))).toBe('state');
  });

  it('refuses an ID token with another nonce', async () => {
    provider.tamper = (claims) => ({ ...claims, nonce: 'un-autre-nonce' });
    expect(ssoErrorOf(await signIn('marie.curie'))).toBe('token');
  });

  it('refuses an ID token issued to another client (audience)', async () => {
    provider.tamper = (claims) => ({ ...claims, aud: OTHER_CLIENT_ID, azp: OTHER_CLIENT_ID });
    expect(ssoErrorOf(await signIn('marie.curie'))).toBe('token');
  });

  it('refuses an ID token from another issuer', async () => {
    provider.tamper = (claims) => ({ ...claims, iss: 'https://autre-fournisseur.example' });
    expect(ssoErrorOf(await signIn('marie.curie'))).toBe('token');
  });

  it('refuses an expired ID token', async () => {
    const hour = 3600;
    provider.tamper = (claims) => {
      const now = Math.floor(Date.now() / 1000);
      return { ...claims, iat: now - 3 * hour, exp: now - 2 * hour, auth_time: now - 3 * hour };
    };
    expect(ssoErrorOf(await signIn('marie.curie'))).toBe('token');
  });

  it('re-checks the session with the provider after 15 minutes, and ends it when the check fails', async () => {
    const response = await signIn('paul.it');
    const token = cookieOf(response, ADMIN_SESSION_COOKIE)!;
    const me = () =>
      f.app.inject({
        method: 'GET',
        url: ME,
        headers: { cookie: `${ADMIN_SESSION_COOKIE}=${token}` },
      });
    expect((await me()).statusCode).toBe(200);
    // 16 minutes on: checked with the provider (refresh token grant), still in its groups.
    f.clock.now = new Date(f.clock.now.getTime() + 16 * 60_000);
    expect((await me()).statusCode).toBe(200);
    // Taken out of every mapped group at the provider: the next check ends the session.
    provider.accounts.set('paul.it', { groups: ['tous'] });
    try {
      f.clock.now = new Date(f.clock.now.getTime() + 16 * 60_000);
      expect((await me()).statusCode).toBe(401);
      expect((await me()).statusCode).toBe(401);
      expect((await audit('sso.session.end')).length).toBeGreaterThan(0);
    } finally {
      provider.accounts.set('paul.it', { groups: ['it-admins', 'tous'] });
    }
  });

  it('ends the session when the provider no longer knows the user', async () => {
    provider.accounts.set('parti.bientot', { groups: ['totems-editeurs'] });
    const response = await signIn('parti.bientot');
    const token = cookieOf(response, ADMIN_SESSION_COOKIE)!;
    provider.accounts.delete('parti.bientot');
    f.clock.now = new Date(f.clock.now.getTime() + 16 * 60_000);
    const me = await f.app.inject({
      method: 'GET',
      url: ME,
      headers: { cookie: `${ADMIN_SESSION_COOKIE}=${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('says so when the provider cannot be reached, and local sign-in still works', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    expect(
      (await admin.put(SETTINGS, settings({ issuer: `http://127.0.0.1:${closed}` }))).statusCode,
    ).toBe(200);
    try {
      const response = await f.app.inject({ method: 'GET', url: START });
      expect(ssoErrorOf(response)).toBe('unreachable');
      const local = await f.asAdmin();
      expect(local.session.user.username).toBe('admin');
    } finally {
      expect((await admin.put(SETTINGS, settings())).statusCode).toBe(200);
    }
  });

  it('limits the sign-ins started from one address, and says so on the login page', async () => {
    const from = { method: 'GET' as const, url: START, remoteAddress: '10.2.0.1' };
    for (let i = 0; i < SSO_START_LIMIT.max; i++) {
      expect((await f.app.inject(from)).headers.location).toMatch(/^http:\/\/127\.0\.0\.1/);
    }
    expect(ssoErrorOf(await f.app.inject(from))).toBe('rate_limited');
    // Another address is not concerned.
    expect((await f.app.inject({ ...from, remoteAddress: '10.2.0.2' })).statusCode).toBe(302);
    expect(
      (await audit('sso.login.refused')).some((e) => JSON.stringify(e).includes('rate_limited')),
    ).toBe(true);
  });

  it('sends the browser back to the login page when the sign-in is off', async () => {
    expect((await admin.put(SETTINGS, settings({ enabled: false }))).statusCode).toBe(200);
    try {
      expect(ssoErrorOf(await f.app.inject({ method: 'GET', url: START }))).toBe('not_configured');
      const status = await f.app.inject({ method: 'GET', url: pathOf('adminSsoStatus', {}) });
      expect(data(status)).toEqual({ enabled: false, displayName: '' });
    } finally {
      expect((await admin.put(SETTINGS, settings())).statusCode).toBe(200);
    }
    const status = await f.app.inject({ method: 'GET', url: pathOf('adminSsoStatus', {}) });
    expect(data(status)).toEqual({ enabled: true, displayName: 'Compte du groupe' });
  });
});
