/**
 * A real OpenID provider for the tests (issue 51): panva's certified `oidc-provider`, in-process on
 * 127.0.0.1 and a random port, with the back-office's client and another application's, a groups
 * claim, refresh tokens, and its own login pages (its development interactions: any password,
 * the login names the account). Not a mock: discovery, the code flow with PKCE, signed ID tokens,
 * refresh and userinfo are the provider's own.
 *
 * `signIn` drives the provider's pages over HTTP like a browser (cookies, redirects, forms) until
 * it redirects back to the app's callback. `tamper` puts a man-in-the-middle on the token
 * endpoint's answer (the app's fetch seam): it re-signs the ID token with the provider's own key
 * after changing a claim, so that the app's checks (audience, issuer, nonce, expiry) are what
 * refuses it, not a bad signature.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  type JWK,
} from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

export const CLIENT_ID = 'back-office';
export const CLIENT_SECRET = 'secret-du-back-office-de-test';
export const OTHER_CLIENT_ID = 'autre-application';

export interface TestAccount {
  groups: string[];
  email?: string;
  name?: string;
}

export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  accounts: Map<string, TestAccount>;
  /** For the app's `sso.fetch` seam: every call to the provider goes through it. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Changes the next token answers' ID token (undefined: passes them through). */
  tamper: IdTokenTamper | undefined;
  /**
   * Logs `login` in at the provider from its authorization URL; answers the URL the provider
   * redirected the browser back to (the app's callback with `code` and `state`).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

type Jar = Map<string, string>;

function storeCookies(jar: Jar, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** The first form of a page: its action and its fields (hidden ones with their values). */
function readForm(html: string, base: string): { action: string; fields: Map<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error(`no form on the provider's page:\n${html.slice(0, 500)}`);
  const fields = new Map<string, string>();
  for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (!name) continue;
    fields.set(name, /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
  }
  const action = form[1]!.replace(/&amp;/g, '&');
  return { action: new URL(action, base).href, fields };
}

export async function startTestProvider(options: {
  redirectUri: string;
  accounts?: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map(Object.entries(options.accounts ?? {}));

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (clientId: string): ClientMetadata => ({
    client_id: clientId,
    client_secret: clientId === CLIENT_ID ? CLIENT_SECRET : 'secret-de-l-autre-application',
    redirect_uris: [options.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const provider = new Provider(issuer, {
    clients: [client(CLIENT_ID), client(OTHER_CLIENT_ID)],
    jwks: { keys: [jwk] },
    cookies: { keys: ['cle-des-cookies-du-fournisseur-de-test'] },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'groups'],
      email: ['email'],
    },
    // Scope claims in the ID token too: the app reads the groups there.
    conformIdTokenClaims: false,
    // Its own lifetimes said (the provider warns at each default otherwise).
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 86_400,
      Grant: 86_400,
    },
    // A refresh token whatever the scopes, as Keycloak does: the app re-checks the session with it.
    issueRefreshToken: async () => true,
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => {
          // Read at each token: a change of groups shows at the next sign-in or refresh.
          const current = accounts.get(id);
          return {
            sub: id,
            preferred_username: id,
            name: current?.name ?? id,
            email: current?.email ?? `${id}@groupe.example`,
            groups: current?.groups ?? [],
          };
        },
      };
    },
  });
  provider.on('server_error', (_ctx, error) => {
    console.error('oidc-provider server_error', error);
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    // Koa's handler answers the request itself; its promise carries nothing more.
    void handle(request, response);
  });

  const state: { tamper: IdTokenTamper | undefined } = { tamper: undefined };
  const resign = async (token: string, tamper: IdTokenTamper) => {
    const header = decodeProtectedHeader(token);
    const claims = tamper({ ...decodeJwt(token) });
    return new SignJWT(claims)
      .setProtectedHeader({ alg: header.alg ?? 'RS256', kid: header.kid ?? 'test-key' })
      .sign(privateKey);
  };
  const proxyFetch = async (url: string, init: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    const tamper = state.tamper;
    if (!tamper || !url.startsWith(`${issuer}/token`) || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    if (typeof body.id_token === 'string') body.id_token = await resign(body.id_token, tamper);
    return new Response(JSON.stringify(body), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  const signIn = async (authorizationUrl: string, login: string): Promise<URL> => {
    const jar: Jar = new Map();
    let url = authorizationUrl;
    let init: RequestInit = { method: 'GET' };
    for (let step = 0; step < 20; step++) {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(jar) },
      });
      storeCookies(jar, response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.href.startsWith(options.redirectUri)) return next;
        url = next.href;
        init = { method: 'GET' };
        continue;
      }
      const html = await response.text();
      if (response.status !== 200) {
        throw new Error(`the provider answered ${response.status}: ${html.slice(0, 500)}`);
      }
      const form = readForm(html, url);
      if (form.fields.has('login')) form.fields.set('login', login);
      if (form.fields.has('password')) form.fields.set('password', 'peu-importe');
      url = form.action;
      init = {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams([...form.fields]).toString(),
      };
    }
    throw new Error('the provider never redirected back to the app');
  };

  return {
    issuer,
    accounts,
    fetch: proxyFetch,
    get tamper() {
      return state.tamper;
    },
    set tamper(value) {
      state.tamper = value;
    },
    signIn,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
