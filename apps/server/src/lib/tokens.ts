/**
 * Kiosk tokens: HS256 JWTs (jose) carrying { devid, tv, sub }. They live long (a kiosk runs offline
 * for days) and are revoked per development by bumping its token version: a token whose `tv` is not
 * the development's current version is refused.
 *
 * Every content call checks a token, so two caches keep that cheap: verified signatures by token
 * string (the expiry is still checked on every use) and token versions by development for at most
 * `versionCacheMs`, which bounds how long a revoked token keeps working.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from './envelope.js';

export interface TokenIdentity {
  devid: number;
  accountid: number;
}

interface VerifiedToken extends TokenIdentity {
  tv: number;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

export interface TokenServiceOptions {
  secret: Uint8Array;
  ttlDays: number;
  /** Current token version of a development; undefined when it does not exist. */
  tokenVersion: (devid: number) => Promise<number | undefined>;
  now: () => Date;
  versionCacheMs?: number;
  /** Monotonic clock of the version cache (milliseconds). */
  clock?: () => number;
}

const MAX_TOKEN_LENGTH = 4096;
const MAX_CACHED_TOKENS = 10_000;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const TOKEN_MESSAGES = {
  missing: 'Missing token: send the kiosk token in the "token" header',
  invalid: 'Invalid token',
  expired: 'Token expired: log in again',
  revoked: 'Token revoked: log in again',
} as const;

export class TokenService {
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly versions = new Map<number, { version: number | undefined; at: number }>();
  private readonly versionCacheMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: TokenServiceOptions) {
    this.versionCacheMs = options.versionCacheMs ?? 2000;
    this.clock = options.clock ?? (() => performance.now());
  }

  async issue(input: { devid: number; accountid: number; tokenVersion: number }): Promise<string> {
    const issuedAt = Math.floor(this.options.now().getTime() / 1000);
    return new SignJWT({ devid: input.devid, tv: input.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(input.accountid))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.options.ttlDays * 86_400)
      .sign(this.options.secret);
  }

  /** The identity behind a token, or a 401 HttpError saying why not. */
  async verify(token: string | undefined): Promise<TokenIdentity> {
    if (token === undefined || token === '') throw unauthorized(TOKEN_MESSAGES.missing);
    if (token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) {
      throw unauthorized(TOKEN_MESSAGES.invalid);
    }
    const nowSeconds = this.options.now().getTime() / 1000;
    let claims = this.verified.get(token);
    if (!claims) {
      claims = await this.verifySignature(token);
      if (this.verified.size >= MAX_CACHED_TOKENS) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, claims);
    }
    if (claims.exp <= nowSeconds) throw unauthorized(TOKEN_MESSAGES.expired);
    const current = await this.currentVersion(claims.devid);
    if (current === undefined || claims.tv !== current) throw unauthorized(TOKEN_MESSAGES.revoked);
    return { devid: claims.devid, accountid: claims.accountid };
  }

  /**
   * The identity behind an already verified token whose development's version is cached and
   * still current, without waiting; undefined when `verify` must decide (including every
   * failure, so that the refusal and its message stay in one place).
   */
  verifyCached(token: string | undefined): TokenIdentity | undefined {
    if (token === undefined) return undefined;
    const claims = this.verified.get(token);
    if (!claims || claims.exp <= this.options.now().getTime() / 1000) return undefined;
    const cached = this.versions.get(claims.devid);
    if (!cached || this.clock() - cached.at >= this.versionCacheMs) return undefined;
    if (cached.version === undefined || cached.version !== claims.tv) return undefined;
    return { devid: claims.devid, accountid: claims.accountid };
  }

  /**
   * The development's current token version, cached like the tokens' own check (so a revocation
   * reaches it as fast): stream tickets (decision 028) record it when issued and compare it when
   * used, and a revocation in between refuses the ticket.
   */
  tokenVersion(devid: number): Promise<number | undefined> {
    return this.currentVersion(devid);
  }

  /** Forgets the cached version of a development (after a revocation, here or on another instance). */
  forgetVersion(devid: number): void {
    this.versions.delete(devid);
  }

  /** Forgets every cached version (this process may have missed other instances' revocations). */
  forgetAllVersions(): void {
    this.versions.clear();
  }

  private async verifySignature(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        algorithms: ['HS256'],
        // Expiry is checked by `verify` on every use, including for cached tokens.
        currentDate: new Date(0),
        requiredClaims: ['exp', 'sub'],
      });
      const { devid, tv, exp, sub } = payload;
      const accountid = Number(sub);
      if (
        !Number.isSafeInteger(devid) ||
        !Number.isSafeInteger(tv) ||
        typeof exp !== 'number' ||
        !Number.isSafeInteger(accountid)
      ) {
        throw unauthorized(TOKEN_MESSAGES.invalid);
      }
      return { devid: devid as number, tv: tv as number, exp, accountid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw unauthorized(TOKEN_MESSAGES.invalid);
      }
      throw error;
    }
  }

  private async currentVersion(devid: number): Promise<number | undefined> {
    const cached = this.versions.get(devid);
    const now = this.clock();
    if (cached && now - cached.at < this.versionCacheMs) return cached.version;
    const version = await this.options.tokenVersion(devid);
    this.versions.set(devid, { version, at: now });
    return version;
  }
}
