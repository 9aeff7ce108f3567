/**
 * Test support for the admin API: the server fixture (two developments, in-memory SQLite) plus
 * back-office users written through the repositories, and a small client that logs in through the
 * real login route and then sends the session cookie and CSRF token like the back-office would.
 */
import { ADMIN_CSRF_HEADER, type AdminSession, type Envelope, pathOf } from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { hashAdminPassword } from '../accounts/index.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import { createFixture, FIXTURE_NOW, type Fixture, type FixtureOptions } from './fixture.js';

export const ADMIN_PASSWORD = 'mot-de-passe-admin';
export const EDITOR_PASSWORD = 'mot-de-passe-editeur';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Override the CSRF header: null sends none. */
  csrf?: string | null;
  headers?: Record<string, string>;
}

export interface AdminClient {
  cookie: string;
  /** The raw session token from the cookie. */
  token: string;
  csrf: string;
  session: AdminSession;
  request(
    method: Method,
    url: string,
    payload?: unknown,
    options?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
}

export interface AdminFixture extends Fixture {
  users: { admin: number; editor: number; otherEditor: number };
  /** Adds a user (password EDITOR_PASSWORD) for a test that changes or locks it. */
  createUser(username: string, role: 'admin' | 'editor', devids?: number[]): Promise<number>;
  /** Puts the clock back to FIXTURE_NOW (for suites sharing one fixture). */
  resetClock(): void;
  /** Logs in through POST /api/admin/login; throws unless it succeeds. */
  login(username: string, password: string): Promise<AdminClient>;
  asAdmin(): Promise<AdminClient>;
  /** Editor of development A (fixture `ids.devid`). */
  asEditor(): Promise<AdminClient>;
  /** Editor of development B (fixture `ids.otherDevid`). */
  asOtherEditor(): Promise<AdminClient>;
}

export const data = <T>(response: LightMyRequestResponse): T =>
  response.json<Envelope<T>>().data as T;

export function setCookieHeader(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header[0] : header;
}

export async function createAdminFixture(options: FixtureOptions = {}): Promise<AdminFixture> {
  const f = await createFixture(options);
  const user = async (username: string, password: string, role: 'admin' | 'editor') => {
    const { hash, salt } = await hashAdminPassword(password, TEST_SCRYPT_COST);
    return (
      await f.repos.adminUsers.create({
        username,
        role,
        passwordHash: hash,
        passwordSalt: salt,
        now: f.clock.now,
      })
    ).userid;
  };
  const admin = await user('admin', ADMIN_PASSWORD, 'admin');
  const editor = await user('editrice', EDITOR_PASSWORD, 'editor');
  const otherEditor = await user('autre.editeur', EDITOR_PASSWORD, 'editor');
  await f.repos.adminUsers.setDevelopments(editor, [f.ids.devid]);
  await f.repos.adminUsers.setDevelopments(otherEditor, [f.ids.otherDevid]);
  // Both may publish (rollback and publish checks, decision 014): the suites test publishing as an
  // editor; an editor without the right is made with createUser.
  await f.repos.adminUsers.setCanPublish(editor, true);
  await f.repos.adminUsers.setCanPublish(otherEditor, true);

  let logins = 0;
  const login = async (username: string, password: string): Promise<AdminClient> => {
    logins++;
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('adminLogin'),
      payload: { username, password },
      // Each from its own address: the login rate limit (per address and user name) counts
      // successes too, and suites sharing a fixture log in often.
      remoteAddress: `10.0.${Math.floor(logins / 250)}.${(logins % 250) + 1}`,
    });
    if (response.statusCode !== 200) {
      throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    }
    const setCookie = setCookieHeader(response)!;
    const token = /admin_session=([^;]*)/.exec(setCookie)![1]!;
    const session = data<AdminSession>(response);
    const cookie = `admin_session=${token}`;
    const request: AdminClient['request'] = (method, url, payload, requestOptions = {}) => {
      const csrf = requestOptions.csrf === undefined ? session.csrfToken : requestOptions.csrf;
      return f.app.inject({
        method,
        url,
        headers: {
          cookie,
          ...(csrf === null ? {} : { [ADMIN_CSRF_HEADER]: csrf }),
          ...requestOptions.headers,
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    };
    return {
      cookie,
      token,
      csrf: session.csrfToken,
      session,
      request,
      get: (url) => request('GET', url),
      post: (url, payload, o) => request('POST', url, payload, o),
      put: (url, payload, o) => request('PUT', url, payload, o),
      patch: (url, payload, o) => request('PATCH', url, payload, o),
      delete: (url, o) => request('DELETE', url, undefined, o),
    };
  };

  return {
    ...f,
    users: { admin, editor, otherEditor },
    createUser: async (username, role, devids = []) => {
      const userid = await user(username, EDITOR_PASSWORD, role);
      await f.repos.adminUsers.setDevelopments(userid, devids);
      return userid;
    },
    resetClock: () => {
      f.clock.now = new Date(FIXTURE_NOW);
    },
    login,
    asAdmin: () => login('admin', ADMIN_PASSWORD),
    asEditor: () => login('editrice', EDITOR_PASSWORD),
    asOtherEditor: () => login('autre.editeur', EDITOR_PASSWORD),
  };
}

/** A fixture shared by a test file, with its three users already logged in. */
export interface AdminSuite {
  f: AdminFixture;
  admin: AdminClient;
  editor: AdminClient;
  otherEditor: AdminClient;
}

export async function createAdminSuite(options: FixtureOptions = {}): Promise<AdminSuite> {
  const f = await createAdminFixture(options);
  const admin = await f.asAdmin();
  const editor = await f.asEditor();
  const otherEditor = await f.asOtherEditor();
  return { f, admin, editor, otherEditor };
}
