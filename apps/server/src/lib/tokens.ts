/**
 * Kiosk tokens: HS256 JWTs (jose) carrying { devid, tv, sub } and, since issue 47, `kid`: the
 * totem's own id, handed out by the server at login (decision 015). A token with an id is good
 * only while the development still knows that id (`kioskKnown`, cached like the versions):
 * forgetting a totem refuses its token alone. Tokens issued before carry no `kid`: they are still
 * accepted, and bound to the first id they report (fleet/kiosk-identities.ts). They live long (a kiosk runs offline
 * for days) and are revoked per development by bumping its token version: a token whose `tv` is not
 * the development's current version is refused.
 *
 * Every content call checks a token, so two caches keep that cheap: verified signatures by token
 * string (the expiry is still checked on every use) and token versions by development for at most
 * `versionCacheMs`, which bounds how long a revoked token keeps working.
 *
 * The totem ids are cached as long, and looked up in batches: after a publish, every totem of a
 * plant syncs within the same second, each with its own id, and their entries have all expired at
 * once. One lookup per development runs at a time, and the ids asked meanwhile are answered by the
 * next one, together (500 totems: a few queries instead of 500, which on PostgreSQL queued behind
 * its pool).
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { unauthorized } from './envelope.js';

export interface TokenIdentity {
  devid: number;
  accountid: number;
  /** The totem the token was issued to; undefined for a token issued before issue 47. */
  kioskId?: string;
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
  /** Which of these totem ids the development still knows (forgotten or swept: not in it). */
  kioskKnownAmong: (devid: number, kioskIds: readonly string[]) => Promise<ReadonlySet<string>>;
  now: () => Date;
  versionCacheMs?: number;
  /** Monotonic clock of the version cache (milliseconds). */
  clock?: () => number;
}

const MAX_TOKEN_LENGTH = 4096;
/**
 * Verified tokens and totem ids kept: above the 10,000 totems one instance holds (issue 54), each
 * with its token, with room for those that logged in again.
 */
const MAX_CACHED_TOKENS = 20_000;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export const TOKEN_MESSAGES = {
  missing: 'Missing token: send the kiosk token in the "token" header',
  invalid: 'Invalid token',
  expired: 'Token expired: log in again',
  revoked: 'Token revoked: log in again',
  forgotten: 'Totem forgotten: log in again',
} as const;

/** What a token says about itself once its signature holds, whatever its expiry or version. */
export interface SignedIdentity {
  devid: number;
  kioskId: string | undefined;
}

export class TokenService {
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly versions = new Map<number, { version: number | undefined; at: number }>();
  /** Known totem ids by `devid/kioskId`, like the versions: at most `versionCacheMs` old. */
  private readonly kiosks = new Map<string, { known: boolean; at: number }>();
  /** By development: the totem-id lookup running, and the batch of ids waiting for the next. */
  private readonly knownLanes = new Map<
    number,
    {
      running: Promise<ReadonlySet<string>> | undefined;
      waiting: { kioskIds: Set<string>; known: Promise<ReadonlySet<string>> } | undefined;
    }
  >();
  /** Token versions being read, by development: a burst of requests shares one read. */
  private readonly readingVersions = new Map<number, Promise<number | undefined>>();
  private readonly versionCacheMs: number;
  private readonly clock: () => number;

  constructor(private readonly options: TokenServiceOptions) {
    this.versionCacheMs = options.versionCacheMs ?? 2000;
    this.clock = options.clock ?? (() => performance.now());
  }

  async issue(input: {
    devid: number;
    accountid: number;
    tokenVersion: number;
    kioskId?: string;
  }): Promise<string> {
    const issuedAt = Math.floor(this.options.now().getTime() / 1000);
    const claims: Record<string, number | string> = { devid: input.devid, tv: input.tokenVersion };
    if (input.kioskId !== undefined) claims.kid = input.kioskId;
    return new SignJWT(claims)
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
    if (claims.kioskId !== undefined && !(await this.known(claims.devid, claims.kioskId))) {
      throw unauthorized(TOKEN_MESSAGES.forgotten);
    }
    return identityOf(claims);
  }

  /**
   * Who a token was issued to, when its signature holds — expired or revoked alike (a totem that
   * logs in again keeps its identity, decision 015); undefined for anything else (a token signed
   * with another secret, forged, or not a token).
   */
  async signedIdentity(token: string | undefined): Promise<SignedIdentity | undefined> {
    if (!token || token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) return undefined;
    try {
      const claims = this.verified.get(token) ?? (await this.verifySignature(token));
      return { devid: claims.devid, kioskId: claims.kioskId };
    } catch {
      return undefined;
    }
  }

  /** Forgets what this process knows of a totem id (it was forgotten, here or elsewhere). */
  forgetKiosk(devid: number, kioskId: string): void {
    this.kiosks.delete(`${devid}/${kioskId}`);
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
    if (claims.kioskId !== undefined) {
      const kiosk = this.kiosks.get(`${claims.devid}/${claims.kioskId}`);
      if (!kiosk || !kiosk.known || this.clock() - kiosk.at >= this.versionCacheMs)
        return undefined;
    }
    return identityOf(claims);
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
    // A read begun before the revocation may answer the old version: the next request reads anew.
    this.readingVersions.delete(devid);
  }

  /** Forgets every cached version (this process may have missed other instances' revocations). */
  forgetAllVersions(): void {
    this.versions.clear();
    this.readingVersions.clear();
  }

  private async verifySignature(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.options.secret, {
        algorithms: ['HS256'],
        // Expiry is checked by `verify` on every use, including for cached tokens.
        currentDate: new Date(0),
        requiredClaims: ['exp', 'sub'],
      });
      const { devid, tv, exp, sub, kid } = payload;
      const accountid = Number(sub);
      if (
        (kid !== undefined && (typeof kid !== 'string' || kid.length === 0)) ||
        !Number.isSafeInteger(devid) ||
        !Number.isSafeInteger(tv) ||
        typeof exp !== 'number' ||
        !Number.isSafeInteger(accountid)
      ) {
        throw unauthorized(TOKEN_MESSAGES.invalid);
      }
      return {
        devid: devid as number,
        tv: tv as number,
        exp,
        accountid,
        kioskId: typeof kid === 'string' ? kid : undefined,
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw unauthorized(TOKEN_MESSAGES.invalid);
      }
      throw error;
    }
  }

  private async known(devid: number, kioskId: string): Promise<boolean> {
    const key = `${devid}/${kioskId}`;
    const cached = this.kiosks.get(key);
    const now = this.clock();
    if (cached && now - cached.at < this.versionCacheMs) return cached.known;
    const known = (await this.knownInBatch(devid, kioskId)).has(kioskId);
    if (this.kiosks.size >= MAX_CACHED_TOKENS) {
      const oldest = this.kiosks.keys().next().value;
      if (oldest !== undefined) this.kiosks.delete(oldest);
    }
    this.kiosks.set(key, { known, at: now });
    return known;
  }

  /**
   * The development's known ids among those asked with this one: at most one lookup per
   * development runs at a time, and the ids asked meanwhile wait for the next, which asks for all
   * of them (the first waits one turn of the event loop, for the requests read in the same turn).
   * Under a burst the batches grow by themselves. A failed lookup fails every request that waited
   * for it, as a lone one would.
   */
  private knownInBatch(devid: number, kioskId: string): Promise<ReadonlySet<string>> {
    let lane = this.knownLanes.get(devid);
    if (!lane) {
      lane = { running: undefined, waiting: undefined };
      this.knownLanes.set(devid, lane);
    }
    const current = lane;
    if (!current.waiting) {
      const kioskIds = new Set<string>();
      const ready = current.running
        ? current.running.then(
            () => undefined,
            () => undefined,
          )
        : new Promise<void>((resolve) => setImmediate(resolve));
      const known = ready.then(() => {
        // Closed: an id asked from now on waits for the next lookup.
        current.waiting = undefined;
        const lookup = this.options.kioskKnownAmong(devid, [...kioskIds]);
        current.running = lookup;
        const settled = () => {
          if (current.running !== lookup) return;
          current.running = undefined;
          if (!current.waiting) this.knownLanes.delete(devid);
        };
        lookup.then(settled, settled);
        return lookup;
      });
      current.waiting = { kioskIds, known };
    }
    current.waiting.kioskIds.add(kioskId);
    return current.waiting.known;
  }

  private async currentVersion(devid: number): Promise<number | undefined> {
    const cached = this.versions.get(devid);
    const now = this.clock();
    if (cached && now - cached.at < this.versionCacheMs) return cached.version;
    let reading = this.readingVersions.get(devid);
    if (!reading) {
      const read = this.options.tokenVersion(devid).finally(() => {
        if (this.readingVersions.get(devid) === read) this.readingVersions.delete(devid);
      });
      reading = read;
      this.readingVersions.set(devid, read);
    }
    const version = await reading;
    this.versions.set(devid, { version, at: now });
    return version;
  }
}

function identityOf(claims: VerifiedToken): TokenIdentity {
  return claims.kioskId === undefined
    ? { devid: claims.devid, accountid: claims.accountid }
    : { devid: claims.devid, accountid: claims.accountid, kioskId: claims.kioskId };
}
