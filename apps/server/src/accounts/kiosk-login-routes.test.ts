import {
  hashPasswordForLogin,
  TOKEN_HEADER,
  type Envelope,
  type LoginRequest,
  type LoginResponse,
  pathOf,
} from '@plant-kiosk/contract';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_MESSAGES } from '../lib/tokens.js';
import {
  createFixture,
  DEMO_PASSWORD,
  OTHER_PASSWORD,
  TEST_JWT_SECRET,
  type Fixture,
} from '../testing/fixture.js';
import { LOGIN_FAILED_MESSAGE } from './kiosk-login-routes.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture({ app: { tokenVersionCacheMs: 0 } });
});
afterAll(async () => {
  await f.close();
});

const login = (body: unknown, ip = '10.0.0.1') =>
  f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: body as object,
    remoteAddress: ip,
  });
const credentials = (devname: string, loginName: string, password: string): LoginRequest => ({
  devname,
  loginRequest: { login: loginName, password: hashPasswordForLogin(password) },
});
const zonesWith = (token: string | undefined, devid = f.ids.devid) =>
  f.app.inject({
    method: 'GET',
    url: pathOf('zones', { params: { devid } }),
    headers: token === undefined ? {} : { [TOKEN_HEADER]: token },
  });

describe('POST /clientauth', () => {
  it('logs a kiosk in with the client hash and returns a token that opens its content', async () => {
    const response = await login(credentials('neubourg', 'kiosk', DEMO_PASSWORD));
    expect(response.statusCode).toBe(200);
    const envelope = response.json<Envelope<LoginResponse>>();
    expect(envelope.error).toBeNull();
    expect(envelope.data!.development).toEqual({ devid: f.ids.devid, devname: 'neubourg' });
    const token = envelope.data!.token;
    expect(token.split('.')).toHaveLength(3);
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
      alg: string;
    };
    expect(header.alg).toBe('HS256');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      number | string
    >;
    expect(claims).toMatchObject({ devid: f.ids.devid, tv: 1, sub: String(f.ids.accountid) });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(365 * 86_400);
    expect((await zonesWith(token)).statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', credentials('neubourg', 'kiosk', 'wrong')],
    ['an unknown login', credentials('neubourg', 'nobody', DEMO_PASSWORD)],
    ['an unknown development', credentials('nowhere', 'kiosk', DEMO_PASSWORD)],
    ["another development's password", credentials('neubourg', 'kiosk', OTHER_PASSWORD)],
    [
      'a password that is not a client hash',
      { devname: 'neubourg', loginRequest: { login: 'kiosk', password: 'kiosk' } },
    ],
  ])('answers 401 with the same French message for %s', async (_case, body) => {
    const response = await login(body, '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      data: null,
      message: LOGIN_FAILED_MESSAGE,
      error: 'unauthorized',
    });
  });

  it.each([
    [{}, /Missing body field 'loginRequest'/],
    [{ loginRequest: { login: 'kiosk', password: 'x' } }, /Missing body field 'devname'/],
    [
      { devname: 'neubourg', loginRequest: { login: 'kiosk' } },
      /Missing body field 'loginRequest.password'/,
    ],
    [{ devname: 'neubourg', loginRequest: { login: '', password: 'x' } }, /'loginRequest.login'/],
    [
      { devname: { name: 'neubourg' }, loginRequest: { login: 'kiosk', password: 'x' } },
      /'devname'/,
    ],
    [{ devname: 'x'.repeat(61), loginRequest: { login: 'kiosk', password: 'x' } }, /'devname'/],
  ])('answers 400 naming the missing or invalid field (%j)', async (body, message) => {
    const response = await login(body, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope<null>>().message).toMatch(message);
  });

  it('rate-limits failed attempts per IP whatever the development: 10 per minute, then 429 in French', async () => {
    const attempt = (devname: string, ip: string) =>
      login(credentials(devname, 'kiosk', 'wrong'), ip);
    for (let i = 0; i < 10; i++)
      expect((await attempt('neubourg', '10.9.9.9')).statusCode).toBe(401);
    const limited = await attempt('neubourg', '10.9.9.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const envelope = limited.json<Envelope<null>>();
    expect(envelope).toMatchObject({ data: null, error: 'too_many_requests' });
    expect(envelope.message).toMatch(
      /^Trop de tentatives de connexion\. Réessayez dans \d+ secondes\.$/,
    );
    // Even the right password is refused while limited.
    expect(
      (await login(credentials('neubourg', 'kiosk', DEMO_PASSWORD), '10.9.9.9')).statusCode,
    ).toBe(429);
    // Another IP is not affected; another development from the same IP is (outside-probe hardening:
    // made-up names must not each get a fresh allowance).
    expect((await attempt('neubourg', '10.9.9.8')).statusCode).toBe(401);
    expect((await attempt('autre-usine', '10.9.9.9')).statusCode).toBe(429);
  });
});

describe('token checks on /display', () => {
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const sign = (claims: Record<string, unknown>, key = secret, exp: number | string = '1d') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(f.ids.accountid))
      .setIssuedAt(Math.floor(f.clock.now.getTime() / 1000))
      .setExpirationTime(
        typeof exp === 'number' ? exp : Math.floor(f.clock.now.getTime() / 1000) + 86_400,
      )
      .sign(key);

  const expect401 = async (token: string | undefined, message: string) => {
    const response = await zonesWith(token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ data: null, message, error: 'unauthorized' });
  };

  it('401 without a token', async () => {
    await expect401(undefined, TOKEN_MESSAGES.missing);
    await expect401('', TOKEN_MESSAGES.missing);
  });

  it('401 for a malformed token', async () => {
    await expect401('not-a-jwt', TOKEN_MESSAGES.invalid);
    await expect401('a.b.c', TOKEN_MESSAGES.invalid);
    await expect401('x'.repeat(5000), TOKEN_MESSAGES.invalid);
  });

  it('401 for a token signed with another secret', async () => {
    const forged = await sign(
      { devid: f.ids.devid, tv: 1 },
      new TextEncoder().encode('another-secret-0123456789abcdef0123456789'),
    );
    await expect401(forged, TOKEN_MESSAGES.invalid);
  });

  it('401 for an unsigned token (alg none) or another algorithm', async () => {
    const unsigned = new UnsecuredJWT({ devid: f.ids.devid, tv: 1 })
      .setSubject(String(f.ids.accountid))
      .setExpirationTime('1d')
      .encode();
    // `none` tokens end with an empty signature; also try with a dummy one.
    await expect401(unsigned, TOKEN_MESSAGES.invalid);
    await expect401(`${unsigned}AAAA`, TOKEN_MESSAGES.invalid);
    const hs512 = await new SignJWT({ devid: f.ids.devid, tv: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(f.ids.accountid))
      .setExpirationTime('1d')
      .sign(secret);
    await expect401(hs512, TOKEN_MESSAGES.invalid);
  });

  it('401 for a token without the expected claims', async () => {
    await expect401(await sign({ tv: 1 }), TOKEN_MESSAGES.invalid);
    await expect401(await sign({ devid: 'neubourg', tv: 1 }), TOKEN_MESSAGES.invalid);
  });

  it('401 for an expired token, by the app clock', async () => {
    const token = await f.token();
    expect((await zonesWith(token)).statusCode).toBe(200);
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 366 * 86_400_000);
    try {
      await expect401(token, TOKEN_MESSAGES.expired);
    } finally {
      f.clock.now = saved;
    }
    const past = Math.floor(saved.getTime() / 1000) - 10;
    await expect401(
      await sign({ devid: f.ids.devid, tv: 1 }, secret, past),
      TOKEN_MESSAGES.expired,
    );
  });

  it('401 once the development revoked its tokens; a new login works again', async () => {
    const token = await f.token(f.ids.otherDevid);
    expect((await zonesWith(token, f.ids.otherDevid)).statusCode).toBe(200);
    await f.repos.accounts.revokeTokens(f.ids.otherDevid);
    const response = await zonesWith(token, f.ids.otherDevid);
    expect(response.statusCode).toBe(401);
    expect(response.json<Envelope<null>>().message).toBe(TOKEN_MESSAGES.revoked);
    const fresh = await login(credentials('autre-usine', 'kiosk', OTHER_PASSWORD), '10.0.0.5');
    const newToken = fresh.json<Envelope<LoginResponse>>().data!.token;
    expect((await zonesWith(newToken, f.ids.otherDevid)).statusCode).toBe(200);
  });

  it('403 for every call on another development’s data', async () => {
    const headers = await f.auth();
    const urls = [
      pathOf('zones', { params: { devid: f.ids.otherDevid } }),
      pathOf('zone', { params: { devid: f.ids.otherDevid, zonename: 'Plan du site' } }),
      pathOf('elements', { params: { zoneid: f.ids.otherZone } }),
      pathOf('subelements', { params: { elementid: f.ids.otherElement } }),
      pathOf('subgroups', { params: { elementid: f.ids.otherElement } }),
      pathOf('populatedSubgroups', {
        params: { elementid: f.ids.otherElement, modelLabel: 'all' },
      }),
      pathOf('subgroupSubelements', { params: { subgroupid: f.ids.otherSubgroup } }),
      pathOf('subgroupFieldSubelements', {
        params: { subgroupid: f.ids.otherSubgroup, fieldlabel: 'image' },
      }),
      pathOf('populatedSubgroup', { params: { subgroupid: f.ids.otherSubgroup } }),
      pathOf('snapshot', { params: { devid: f.ids.otherDevid } }),
    ];
    for (const url of urls) {
      const response = await f.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<Envelope<null>>()).toMatchObject({ data: null, error: 'forbidden' });
    }
  });

  it('requires the token on every content call but the ping', async () => {
    const urls = [
      pathOf('zones', { params: { devid: f.ids.devid } }),
      pathOf('zone', { params: { devid: f.ids.devid, zonename: 'Plan du site' } }),
      pathOf('elements', { params: { zoneid: f.ids.planZone } }),
      pathOf('subelements', { params: { elementid: f.ids.category } }),
      pathOf('subgroups', { params: { elementid: f.ids.category } }),
      pathOf('populatedSubgroups', { params: { elementid: f.ids.category, modelLabel: 'all' } }),
      pathOf('subgroupSubelements', { params: { subgroupid: f.ids.liveProduct } }),
      pathOf('subgroupFieldSubelements', {
        params: { subgroupid: f.ids.liveProduct, fieldlabel: 'titre' },
      }),
      pathOf('populatedSubgroup', { params: { subgroupid: f.ids.liveProduct } }),
      pathOf('snapshot', { params: { devid: f.ids.devid } }),
    ];
    for (const url of urls) {
      expect((await f.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await f.app.inject({ method: 'HEAD', url: pathOf('ping') })).statusCode).toBe(200);
  });
});

describe('token version cache', () => {
  it('lets a revoked token through for at most the cache period', async () => {
    // The caches' clock is the test's: no real time has to pass, however loaded the machine.
    const clock = { ms: 0 };
    const cached = await createFixture({
      app: { tokenVersionCacheMs: 150, cacheClock: () => clock.ms },
    });
    try {
      const headers = await cached.auth();
      const zones = () =>
        cached.app.inject({
          url: pathOf('zones', { params: { devid: cached.ids.devid } }),
          headers,
        });
      expect((await zones()).statusCode).toBe(200);
      await cached.repos.accounts.revokeTokens(cached.ids.devid);
      clock.ms = 149;
      expect((await zones()).statusCode).toBe(200);
      clock.ms = 150;
      expect((await zones()).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });
});
