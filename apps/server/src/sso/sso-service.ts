/**
 * OpenID Connect sign-in to the back-office (issue 51, part 1; decision 046), through openid-client:
 * discovery, the authorization code flow with PKCE (S256), state and nonce, and the ID token's
 * checks (signature algorithm, issuer, audience, expiry, nonce) done by the library.
 *
 * Where the flow's secrets live: the PKCE verifier and the nonce never leave the server; they are
 * stored under the SHA-256 of the `state` (sso_logins) with the SHA-256 of a random value held by
 * the browser in a short-lived HttpOnly cookie. The callback consumes the row (DELETE … RETURNING):
 * a replayed state finds nothing on any instance sharing the store, and a state carried to another
 * browser (login CSRF) lacks its cookie. The cookie is SameSite=Lax, not Strict like the session's:
 * the provider's redirect back is a cross-site navigation, which Strict cookies do not follow.
 *
 * Every address the flow sends the browser to is built from the configured public base URL, never
 * from the request's Host header (a forged Host cannot steer the redirect URI).
 *
 * A session opened here is checked again with the provider at its first request after 15 minutes
 * (`recheck`): the refresh token grant when the provider gave a refresh token (its new ID token's
 * groups are mapped again), else userinfo with the access token. Any failure ends the session.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  SSO_AUDIT_ACTIONS,
  SSO_RECHECK_MINUTES,
  isLoopbackUrl,
  ssoRedirectUri,
  type SsoErrorCode,
  type SsoGroupRule,
} from '@plant-kiosk/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { AdminUserRow } from '../db/schema.js';
import { groupsOf, mapRights, type MappedRights } from './group-rights.js';
import type { StoredSsoSettings } from './sso-repository.js';

/** How long a sign-in may stay at the provider's page. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
export const SSO_RECHECK_MS = SSO_RECHECK_MINUTES * 60_000;
/** How long a discovered configuration is reused before the issuer is asked again. */
const DISCOVERY_CACHE_MS = 10 * 60_000;
const DISCOVERY_TIMEOUT_S = 10;
const USERNAME_MAX = 60;

export interface SsoOptions {
  /**
   * Test seam: the fetch openid-client uses for every call to the provider (a test puts a
   * man-in-the-middle between them to hand the app tokens signed by the provider's key with one
   * claim changed). Production uses the global fetch.
   */
  fetch?: client.CustomFetch;
}

export interface SsoContext {
  repos: Repositories;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A failed sign-in: where the login page's message comes from, and what the log should say. */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const random = () => randomBytes(32).toString('base64url');

/** Errors of the network (refused, unknown host, time-out) as opposed to the provider's answers. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  return isUnreachable((error as { cause?: unknown }).cause);
}

const codeOf = (error: unknown): string =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string'
    ? (error as unknown as { code: string }).code
    : '';

/** French words for why a discovery failed, for « Tester la connexion » and the log. */
export function discoveryProblem(error: unknown, issuer: string): string {
  if (isUnreachable(error)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    return `Le fournisseur d’identité est injoignable à ${issuer} (${detail}). Vérifiez l’adresse et que le serveur peut le joindre.`;
  }
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || /"issuer"/.test(message)) {
    return `L’émetteur annoncé par le fournisseur n’est pas « ${issuer} » : recopiez exactement l’« issuer » de son document de découverte.`;
  }
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_RESPONSE_IS_NOT_JSON') {
    const status = (error as { cause?: Response }).cause?.status;
    return `Aucun document de découverte à ${issuer}/.well-known/openid-configuration${status ? ` (HTTP ${status})` : ''} : vérifiez l’adresse de l’émetteur.`;
  }
  if (code === 'OAUTH_INVALID_SERVER_METADATA' || code === 'OAUTH_MISSING_SERVER_METADATA') {
    return `Le document de découverte de ${issuer} est incomplet : ${message}.`;
  }
  if (code === 'OAUTH_REQUEST_PROTOCOL_FORBIDDEN' || code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') {
    return `Le fournisseur doit être joint en https:// (${message}).`;
  }
  return `Le fournisseur d’identité a répondu de façon inattendue : ${message}.`;
}

/** A user name for a first sign-in: the provider's preferred name, else the e-mail, else the subject. */
function usernameFrom(claims: Record<string, unknown>, subject: string): string {
  for (const key of ['preferred_username', 'email', 'upn']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim() !== '') {
      return value.trim().toLowerCase().slice(0, USERNAME_MAX);
    }
  }
  return subject.toLowerCase().slice(0, USERNAME_MAX);
}

export interface SignedIn {
  user: AdminUserRow;
  rights: MappedRights;
  created: boolean;
  refreshToken: string | null;
  accessToken: string | null;
  subject: string;
}

export class SsoService {
  private cached: { key: string; config: client.Configuration; at: number } | undefined;

  constructor(
    private readonly ctx: SsoContext,
    private readonly options: SsoOptions = {},
  ) {}

  /** The provider's configuration for these settings (discovery, reused for a while). */
  async configuration(settings: StoredSsoSettings): Promise<client.Configuration> {
    const key = [settings.issuer, settings.clientId, settings.version].join('\n');
    const clock = performance.now();
    if (this.cached && this.cached.key === key && clock - this.cached.at < DISCOVERY_CACHE_MS) {
      return this.cached.config;
    }
    const config = await this.discover(settings);
    this.cached = { key, config, at: clock };
    return config;
  }

  /** Discovery now, against `settings.issuer` (« Tester la connexion » too). */
  async discover(settings: StoredSsoSettings): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
    const config = await client.discovery(
      issuer,
      settings.clientId,
      settings.clientSecret,
      client.ClientSecretPost(settings.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_S,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(this.options.fetch ? { [client.customFetch]: this.options.fetch } : {}),
      },
    );
    if (this.options.fetch) config[client.customFetch] = this.options.fetch;
    config.timeout = DISCOVERY_TIMEOUT_S;
    return config;
  }

  /** The provider's address to send the browser to, and the cookie value binding the sign-in. */
  async start(): Promise<{ location: string; browserValue: string; secure: boolean }> {
    const settings = await this.ctx.repos.sso.settings();
    if (!settings.enabled) throw new SsoError('not_configured', 'SSO sign-in is off');
    const config = await this.configuration(settings).catch((error: unknown) => {
      throw new SsoError(
        isUnreachable(error) ? 'unreachable' : 'provider',
        discoveryProblem(error, settings.issuer),
      );
    });
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserValue = random();
    const now = this.ctx.now();
    await this.ctx.repos.sso.deleteLoginsBefore(new Date(now.getTime() - SSO_LOGIN_TTL_MS));
    await this.ctx.repos.sso.createLogin(sha256(state), {
      browserHash: sha256(browserValue),
      codeVerifier,
      nonce,
      createdAt: now.toISOString(),
    });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: ssoRedirectUri(settings.publicBaseUrl),
      scope: settings.scopes,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return {
      location: url.href,
      browserValue,
      secure: new URL(settings.publicBaseUrl).protocol === 'https:',
    };
  }

  /**
   * The provider's answer at the callback (`search`: the query string as received): the user,
   * found or created, with their rights recomputed; an SsoError otherwise.
   */
  async finish(search: string, browserValue: string | undefined): Promise<SignedIn> {
    const settings = await this.ctx.repos.sso.settings();
    if (!settings.enabled) throw new SsoError('not_configured', 'SSO sign-in is off');
    const params = new URLSearchParams(search);
    const state = params.get('state');
    if (!state) throw new SsoError('state', 'no state in the callback');
    // Consumed first, whatever follows: a state is good for one try.
    const pending = await this.ctx.repos.sso.consumeLogin(sha256(state));
    if (!pending) throw new SsoError('state', 'unknown or already used state');
    if (!browserValue || sha256(browserValue) !== pending.browserHash) {
      throw new SsoError('state', 'the state belongs to another browser');
    }
    if (this.ctx.now().getTime() - Date.parse(pending.createdAt) > SSO_LOGIN_TTL_MS) {
      throw new SsoError('state', 'the sign-in took too long');
    }
    const config = await this.configuration(settings).catch((error: unknown) => {
      throw new SsoError(
        isUnreachable(error) ? 'unreachable' : 'provider',
        discoveryProblem(error, settings.issuer),
      );
    });
    // The URL the provider redirected to, rebuilt from the public address, not from Host.
    const current = new URL(`${ssoRedirectUri(settings.publicBaseUrl)}?${params.toString()}`);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw this.callbackError(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new SsoError('token', 'no ID token');
    const subject = claims.sub;
    let groupClaim: unknown = claims[settings.groupsClaim];
    if (groupClaim === undefined && config.serverMetadata().userinfo_endpoint) {
      // Some providers (or set-ups) give the groups at userinfo only.
      try {
        const info = await client.fetchUserInfo(config, tokens.access_token, subject);
        groupClaim = info[settings.groupsClaim];
      } catch (error) {
        throw this.callbackError(error);
      }
    }
    const rights = mapRights(
      await this.ctx.repos.sso.groupRights(),
      groupsOf(groupClaim),
      (await this.ctx.repos.developments.list()).map((row) => row.devid),
    );
    const username = usernameFrom(claims as Record<string, unknown>, subject);
    if (!rights) {
      throw new SsoError('no_rights', `no group of ${username} maps to back-office rights`);
    }
    const { user, created } = await this.upsertUser(settings.issuer, subject, username, rights);
    if (user.disabled) throw new SsoError('disabled', `${user.username} is disabled`);
    return {
      user,
      rights,
      created,
      subject,
      refreshToken: tokens.refresh_token ?? null,
      accessToken: tokens.access_token ?? null,
    };
  }

  private callbackError(error: unknown): SsoError {
    if (error instanceof SsoError) return error;
    if (isUnreachable(error)) return new SsoError('unreachable', (error as Error).message);
    const code = codeOf(error);
    const message = error instanceof Error ? error.message : String(error);
    if (code.startsWith('OAUTH_JWT') || code === 'OAUTH_KEY_SELECTION_FAILED') {
      return new SsoError('token', `${code}: ${message}`);
    }
    if (code === 'OAUTH_INVALID_RESPONSE' && /state|iss/.test(message)) {
      return new SsoError('state', `${code}: ${message}`);
    }
    return new SsoError('provider', `${code || 'error'}: ${message}`);
  }

  /** Finds the provider's user by (issuer, subject) or creates it; writes its rights. */
  private async upsertUser(
    issuer: string,
    subject: string,
    username: string,
    rights: MappedRights,
  ): Promise<{ user: AdminUserRow; created: boolean }> {
    const { repos } = this.ctx;
    return repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      let user = await tx.adminUsers.findBySso(issuer, subject);
      let created = false;
      if (!user) {
        // A name already held (a local account, another provider's user) gets a suffix: an SSO
        // user never takes over an account by its name.
        const taken = await tx.adminUsers.findByUsername(username);
        const name = taken
          ? `${username.slice(0, USERNAME_MAX - 7)}-${sha256(`${issuer}\n${subject}`).slice(0, 6)}`
          : username;
        user = await tx.adminUsers.createSso({
          username: name,
          issuer,
          subject,
          role: rights.role,
          now: this.ctx.now(),
        });
        created = true;
      }
      await tx.adminUsers.setRights(user.userid, rights);
      await tx.adminUsers.setDevelopments(user.userid, rights.devids);
      return { user: (await tx.adminUsers.findById(user.userid))!, created };
    });
  }

  /**
   * The check of a live session (AdminSessions' recheck): true for a local session, or one checked
   * less than 15 minutes ago; else asks the provider, and false ends the session.
   */
  async recheck(session: { sessionId: string; userid: number }): Promise<boolean> {
    const record = await this.ctx.repos.sso.findSession(session.sessionId);
    if (!record) return true;
    const now = this.ctx.now();
    if (now.getTime() - Date.parse(record.checkedAt) < SSO_RECHECK_MS) return true;
    // Another request of the same session is checking it: this one goes on.
    if (!(await this.ctx.repos.sso.claimCheck(record.sessionId, record.checkedAt, now)))
      return true;
    try {
      const settings = await this.ctx.repos.sso.settings();
      if (!settings.enabled) throw new Error('SSO sign-in was turned off');
      const config = await this.configuration(settings);
      if (record.refreshToken) {
        const tokens = await client.refreshTokenGrant(config, record.refreshToken);
        const claims = tokens.claims();
        if (claims && claims.sub !== record.subject) throw new Error('another subject');
        if (claims && claims[settings.groupsClaim] !== undefined) {
          const rights = mapRights(
            await this.ctx.repos.sso.groupRights(),
            groupsOf(claims[settings.groupsClaim]),
            (await this.ctx.repos.developments.list()).map((row) => row.devid),
          );
          if (!rights) throw new Error('no group maps to back-office rights any more');
          await this.applyRights(record.userid, rights);
        }
        await this.ctx.repos.sso.updateTokens(record.sessionId, {
          refreshToken: tokens.refresh_token ?? record.refreshToken,
          accessToken: tokens.access_token ?? record.accessToken,
        });
      } else if (record.accessToken) {
        await client.fetchUserInfo(config, record.accessToken, record.subject);
      } else {
        throw new Error('nothing to check the session with');
      }
      return true;
    } catch (error) {
      this.ctx.log.info(
        { err: error, userid: record.userid },
        'SSO session refused by its re-check: ended',
      );
      await this.ctx.repos.audit.insert({
        at: now,
        userid: record.userid,
        username: (await this.ctx.repos.adminUsers.findById(record.userid))?.username ?? null,
        devid: null,
        action: SSO_AUDIT_ACTIONS.sessionEnded,
        targetType: 'user',
        targetId: record.userid,
        summary: { reason: error instanceof Error ? error.message.slice(0, 300) : 'error' },
      });
      return false;
    }
  }

  private async applyRights(userid: number, rights: MappedRights): Promise<void> {
    await this.ctx.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      await tx.adminUsers.setRights(userid, rights);
      await tx.adminUsers.setDevelopments(userid, rights.devids);
    });
  }

  /** Settings as the routes read them. */
  settings(): Promise<StoredSsoSettings> {
    return this.ctx.repos.sso.settings();
  }

  groupRights(): Promise<SsoGroupRule[]> {
    return this.ctx.repos.sso.groupRights();
  }
}
