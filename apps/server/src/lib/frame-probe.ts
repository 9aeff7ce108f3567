/**
 * Asks a published frame address whether the kiosk may frame it (published settings, contract
 * frame-check.ts): the kiosk cannot see a refusal by the other site (the browser hides the
 * cross-origin document behind its own error page), the service can read the headers.
 *
 * `framingVerdict` applies the browsers' rules to an answer's headers: `frame-ancestors` in a
 * Content-Security-Policy wins over `X-Frame-Options` when present (CSP level 2); `'none'` refuses,
 * otherwise one source must match the kiosk's origin (`*`, `'self'` = the page's own origin, a
 * scheme, or a host source with an optional `*.` prefix and port). `X-Frame-Options: DENY`
 * refuses, `SAMEORIGIN` refuses another origin; anything else (the obsolete ALLOW-FROM included)
 * is ignored, as Chromium does.
 *
 * `FrameProbe` asks with GET (some form hosts answer HEAD with 405), follows redirects, reads the
 * headers only (the body is cancelled), gives up after `timeoutMs`, and caches each answer per
 * (address, kiosk origin) for `ttlMs`, with one request in flight per key: a fleet of totems
 * opening the form page costs the form's host one request per ten minutes. Only addresses a
 * development published are ever asked (the route reads them from the published settings).
 */
import type { FrameCheck } from '@plant-kiosk/contract';

export const FRAME_PROBE_TIMEOUT_MS = 5000;
export const FRAME_PROBE_TTL_MS = 10 * 60 * 1000;
/** An address that did not answer is asked again sooner: the form comes back soon after its host. */
export const FRAME_PROBE_UNREACHABLE_TTL_MS = 60 * 1000;

export type FrameVerdict = Pick<FrameCheck, 'status' | 'reason'>;

interface Origin {
  scheme: string;
  host: string;
  port: string;
}

function parseOrigin(origin: string): Origin | null {
  try {
    const url = new URL(origin);
    const scheme = url.protocol.replace(/:$/, '');
    return { scheme, host: url.hostname.toLowerCase(), port: url.port || defaultPort(scheme) };
  } catch {
    return null;
  }
}

const defaultPort = (scheme: string) =>
  scheme === 'https' ? '443' : scheme === 'http' ? '80' : '';

/** Whether one `frame-ancestors` source allows `kiosk`; `target` is the framed page's origin. */
function sourceMatches(source: string, kiosk: Origin, target: Origin | null): boolean {
  const s = source.toLowerCase();
  if (s === '*') return kiosk.scheme === 'http' || kiosk.scheme === 'https';
  if (s === "'self'") return target !== null && sameOrigin(kiosk, target);
  if (/^[a-z][a-z0-9+.-]*:$/.test(s)) return s.slice(0, -1) === kiosk.scheme;
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^:/]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(s);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme !== undefined && scheme !== kiosk.scheme) return false;
  if (scheme === undefined && kiosk.scheme !== 'http' && kiosk.scheme !== 'https') return false;
  const hostOk = wildcard ? kiosk.host.endsWith(`.${host}`) : kiosk.host === host;
  if (!hostOk) return false;
  if (port === '*') return true;
  return (port ?? defaultPort(scheme ?? kiosk.scheme)) === kiosk.port;
}

const sameOrigin = (a: Origin, b: Origin) =>
  a.scheme === b.scheme && a.host === b.host && a.port === b.port;

/** What a browser showing the kiosk at `kioskOrigin` would do with a page answered with `headers`. */
export function framingVerdict(
  headers: Headers,
  kioskOrigin: string,
  targetOrigin: string,
): FrameVerdict {
  const kiosk = parseOrigin(kioskOrigin);
  const target = parseOrigin(targetOrigin);
  if (!kiosk) return { status: 'ok', reason: 'kiosk origin unknown' };
  // Several policies (several headers, joined by commas): each must allow.
  const policies = (headers.get('content-security-policy') ?? '').split(',');
  let sawAncestors = false;
  for (const policy of policies) {
    const directive = policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => /^frame-ancestors(\s|$)/i.test(part));
    if (directive === undefined) continue;
    sawAncestors = true;
    const sources = directive.split(/\s+/).slice(1);
    if (sources.length === 0 || sources.some((s) => s.toLowerCase() === "'none'"))
      return { status: 'refused', reason: "frame-ancestors 'none'" };
    if (!sources.some((source) => sourceMatches(source, kiosk, target)))
      return { status: 'refused', reason: `frame-ancestors ${sources.join(' ')}` };
  }
  if (sawAncestors) return { status: 'ok', reason: 'frame-ancestors allows the kiosk' };
  const xfo = (headers.get('x-frame-options') ?? '').split(',')[0]!.trim().toUpperCase();
  if (xfo === 'DENY') return { status: 'refused', reason: 'X-Frame-Options: DENY' };
  if (xfo === 'SAMEORIGIN' && (target === null || !sameOrigin(kiosk, target)))
    return { status: 'refused', reason: 'X-Frame-Options: SAMEORIGIN' };
  return { status: 'ok', reason: 'no framing restriction' };
}

export interface FrameProbeOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Monotonic clock of the cache (ms). */
  clock?: () => number;
  timeoutMs?: number;
  ttlMs?: number;
}

interface CacheEntry {
  at: number;
  ttl: number;
  check: Promise<FrameCheck>;
}

export class FrameProbe {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly clock: () => number;
  private readonly timeoutMs: number;
  private readonly ttlMs: number;

  constructor(options: FrameProbeOptions = {}) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.clock = options.clock ?? (() => performance.now());
    this.timeoutMs = options.timeoutMs ?? FRAME_PROBE_TIMEOUT_MS;
    this.ttlMs = options.ttlMs ?? FRAME_PROBE_TTL_MS;
  }

  /** The check of `url` for a kiosk at `kioskOrigin`; never rejects. */
  check(url: string, kioskOrigin: string): Promise<FrameCheck> {
    const key = `${kioskOrigin} ${url}`;
    const cached = this.cache.get(key);
    if (cached && this.clock() - cached.at < cached.ttl) return cached.check;
    // Old entries go when asked again; bound the map for a server that runs for months.
    if (this.cache.size > 256) this.cache.clear();
    const entry: CacheEntry = {
      at: this.clock(),
      ttl: this.ttlMs,
      check: this.ask(url, kioskOrigin),
    };
    void entry.check.then((check) => {
      if (check.status === 'unreachable')
        entry.ttl = Math.min(this.ttlMs, FRAME_PROBE_UNREACHABLE_TTL_MS);
    });
    this.cache.set(key, entry);
    return entry.check;
  }

  private async ask(url: string, kioskOrigin: string): Promise<FrameCheck> {
    const checkedAt = this.now().toISOString();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await this.fetch(url, {
        method: 'GET',
        redirect: 'follow',
        signal: controller.signal,
        headers: { accept: 'text/html' },
      });
      // The headers are all we need; do not download the page.
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok)
        return { url, status: 'unreachable', reason: `HTTP ${response.status}`, checkedAt };
      const finalOrigin = new URL(response.url || url).origin;
      return { url, ...framingVerdict(response.headers, kioskOrigin, finalOrigin), checkedAt };
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no answer within ${this.timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      return { url, status: 'unreachable', reason, checkedAt };
    } finally {
      clearTimeout(timer);
    }
  }
}
