/**
 * Asks a published frame address whether the kiosk may frame it (published settings, contract
 * frame-check.ts): the kiosk cannot see a refusal by the other site (the browser hides the
 * cross-origin document behind its own error page), the service can read the headers.
 *
 * How a page may be framed is decided by the browsers' rules in framing-verdict.ts, applied to
 * the two headers the probe keeps.
 *
 * `FrameProbe` must not be an oracle on the server's own network (issue 40, item 4: any kiosk
 * token made it fetch loopback addresses and report their statuses and headers):
 * - it asks with GET (some form hosts answer HEAD with 405), reads the headers only (the body is
 *   never read), gives up after `timeoutMs`;
 * - it never connects to a loopback, link-local or unspecified address (`isAskableAddress`,
 *   IPv4-mapped IPv6 included), checked on the literal host and on every address the name
 *   resolves to, inside the connection's own lookup (so a name cannot resolve to another
 *   address between the check and the connection); private (RFC 1918) addresses stay allowed,
 *   since intranet forms are the common case;
 * - it follows redirects only within the published origin: one elsewhere is the verdict
 *   "refused" without asking it (the kiosk page's `frame-src` would block that hop anyway);
 * - it keeps the other site's answer (the two framing headers, or why there is none) per
 *   address, and computes each kiosk origin's verdict from it locally: a caller's `Origin` never
 *   causes a fetch; one request in flight per address;
 * - all addresses together get `fetchesPerMinute` requests (each redirect hop counts); past it,
 *   the answer comes from the cache, even out of date, or is "unknown" — it never fetches;
 * - the caller gets the verdict only (contract FrameCheck): no status, no header value.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import type { FrameCheck, FrameCheckStatus } from '@plant-kiosk/contract';
import { framingVerdict } from './framing-verdict.js';

export const FRAME_PROBE_TIMEOUT_MS = 5000;
export const FRAME_PROBE_TTL_MS = 10 * 60 * 1000;
/** An address that did not answer is asked again sooner: the form comes back soon after its host. */
export const FRAME_PROBE_UNREACHABLE_TTL_MS = 60 * 1000;
/**
 * Outbound requests per minute, every address together. A plant publishes two addresses per
 * development, asked once per ten minutes: 30 leaves room for redirects and many developments,
 * and bounds what any number of callers can make the server send.
 */
export const FRAME_PROBE_FETCHES_PER_MINUTE = 30;
/** Redirects followed (within the published origin) before giving up. */
export const FRAME_PROBE_MAX_REDIRECTS = 5;
/** Addresses whose answer is kept; the oldest goes first past it. */
export const FRAME_PROBE_CACHE_SIZE = 512;

// ---------- which addresses may be asked ----------

/** The IPv4 address's four bytes, or null. */
function ipv4Bytes(address: string): number[] | null {
  if (isIP(address) !== 4) return null;
  return address.split('.').map(Number);
}

/** The IPv6 address's eight 16-bit groups (an embedded IPv4 tail expanded), or null. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail !== undefined) {
    const [a, b, c, d] = ipv4Bytes(tail) ?? [0, 0, 0, 0];
    text = `${text.slice(0, -tail.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((group) => parseInt(group, 16));
}

function ipv4Askable([a, b]: number[]): boolean {
  // 0.0.0.0/8 "this network" (0.0.0.0 reaches the host itself), 127/8 loopback,
  // 169.254/16 link-local (cloud metadata services live there).
  return !(a === 0 || a === 127 || (a === 169 && b === 254));
}

/**
 * Whether the probe may connect to `address` (an IP literal): not loopback (127.0.0.0/8, ::1),
 * not link-local (169.254.0.0/16, fe80::/10), not unspecified (0.0.0.0/8, ::) — also when written
 * as an IPv4-mapped (::ffff:127.0.0.1), IPv4-compatible (::127.0.0.1) or NAT64 (64:ff9b::/96)
 * IPv6 address. Private networks (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: intranet
 * forms are the common case. Anything that is not an IP address is refused.
 */
export function isAskableAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return ipv4Askable(v4);
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroHead && g5 === 0xffff) return ipv4Askable(embedded);
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d.
  if (zeroHead && g5 === 0) return g6 !== 0 && ipv4Askable(embedded);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return ipv4Askable(embedded);
  if ((g0 & 0xffc0) === 0xfe80) return false;
  return true;
}

/** The error of a connection the address policy refused. */
const ADDRESS_REFUSED = 'ERR_FRAME_PROBE_ADDRESS_REFUSED';

function addressRefused(host: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${host}: address not asked`);
  error.code = ADDRESS_REFUSED;
  return error;
}

/**
 * A lookup for the connection itself that refuses the name when any address it resolves to is
 * refused: the address checked is the address connected to.
 */
function guardedLookup(
  resolve: LookupFunction,
  allowed: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list: LookupAddress[] = Array.isArray(addresses)
        ? addresses
        : [{ address: addresses, family: isIP(addresses) }];
      if (list.length === 0 || list.some((entry) => !allowed(entry.address)))
        return callback(addressRefused(hostname), '');
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

// ---------- the probe ----------

/** What the other site answered (or why it did not), kept per address. */
type SiteAnswer =
  | { kind: 'answered'; csp: string | null; xfo: string | null; origin: string }
  | { kind: 'unreachable'; reason: string }
  /** A redirect left the published origin: not followed. */
  | { kind: 'elsewhere'; location: string }
  /** The address resolves to one the probe never asks (loopback, link-local, unspecified). */
  | { kind: 'not-asked' };

/** Where the probe logs (the server's logger). */
export interface FrameProbeLog {
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

export interface FrameProbeOptions {
  /** Monotonic clock of the cache and the budget (ms). */
  clock?: () => number;
  timeoutMs?: number;
  ttlMs?: number;
  fetchesPerMinute?: number;
  /**
   * Which resolved addresses may be asked; default `isAskableAddress`. Test seam: a test lets
   * its own loopback server through; production keeps the default.
   */
  addressAllowed?: (address: string) => boolean;
  /** The name resolution (default: the system's, `dns.lookup`). */
  lookup?: LookupFunction;
  log?: FrameProbeLog;
}

interface CacheEntry {
  at: number;
  ttl: number;
  answer: SiteAnswer;
}

const headerText = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

interface Hop {
  status: number;
  headers: IncomingHttpHeaders;
}

export class FrameProbe {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<SiteAnswer | null>>();
  /** When each outbound request of the last minute left (the budget's window). */
  private sent: number[] = [];
  private warnedAt = Number.NEGATIVE_INFINITY;
  private readonly clock: () => number;
  private readonly timeoutMs: number;
  private readonly ttlMs: number;
  private readonly fetchesPerMinute: number;
  private readonly addressAllowed: (address: string) => boolean;
  private readonly lookup: LookupFunction;
  private readonly log: FrameProbeLog | undefined;

  constructor(options: FrameProbeOptions = {}) {
    this.clock = options.clock ?? (() => performance.now());
    this.timeoutMs = options.timeoutMs ?? FRAME_PROBE_TIMEOUT_MS;
    this.ttlMs = options.ttlMs ?? FRAME_PROBE_TTL_MS;
    this.fetchesPerMinute = options.fetchesPerMinute ?? FRAME_PROBE_FETCHES_PER_MINUTE;
    this.addressAllowed = options.addressAllowed ?? isAskableAddress;
    this.lookup = guardedLookup(options.lookup ?? dnsLookup, this.addressAllowed);
    this.log = options.log;
  }

  /** The verdict on `url` for a kiosk at `kioskOrigin`; never rejects. */
  async check(url: string, kioskOrigin: string): Promise<FrameCheck> {
    const answer = await this.answerOf(url);
    return { url, status: answer === null ? 'unknown' : this.verdict(answer, kioskOrigin) };
  }

  private verdict(answer: SiteAnswer, kioskOrigin: string): FrameCheckStatus {
    switch (answer.kind) {
      case 'answered': {
        const headers = new Headers();
        if (answer.csp !== null) headers.set('content-security-policy', answer.csp);
        if (answer.xfo !== null) headers.set('x-frame-options', answer.xfo);
        return framingVerdict(headers, kioskOrigin, answer.origin).status;
      }
      case 'unreachable':
        return 'unreachable';
      case 'elsewhere':
        return 'refused';
      case 'not-asked':
        // The server cannot speak for it: the totem tries the frame, as with no check at all.
        return 'unknown';
    }
  }

  /** The site's answer: fresh from the cache, asked now, or out of date when the budget is spent. */
  private async answerOf(url: string): Promise<SiteAnswer | null> {
    const cached = this.cache.get(url);
    if (cached && this.clock() - cached.at < cached.ttl) return cached.answer;
    let pending = this.inFlight.get(url);
    if (!pending) {
      if (!this.hasBudget()) {
        // Once a minute at most: the warning must not become the flood it reports.
        if (this.clock() - this.warnedAt >= 60_000) {
          this.warnedAt = this.clock();
          this.log?.warn(
            { url, fetchesPerMinute: this.fetchesPerMinute },
            'frame check: outbound budget spent, answering from the cache or "unknown"',
          );
        }
        return cached?.answer ?? null;
      }
      pending = this.ask(url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    const answer = await pending;
    return answer ?? cached?.answer ?? null;
  }

  private hasBudget(): boolean {
    const now = this.clock();
    this.sent = this.sent.filter((at) => now - at < 60_000);
    return this.sent.length < this.fetchesPerMinute;
  }

  /** Takes one request from the budget; false when none is left. */
  private spend(): boolean {
    if (!this.hasBudget()) return false;
    this.sent.push(this.clock());
    return true;
  }

  private remember(url: string, answer: SiteAnswer): void {
    const ttl =
      answer.kind === 'unreachable'
        ? Math.min(this.ttlMs, FRAME_PROBE_UNREACHABLE_TTL_MS)
        : this.ttlMs;
    this.cache.delete(url);
    this.cache.set(url, { at: this.clock(), ttl, answer });
    // Only published addresses are asked, but bound the map for a server that runs for months.
    while (this.cache.size > FRAME_PROBE_CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }

  /** Asks the address, following redirects within its origin; null: the budget ran out. */
  private async ask(url: string): Promise<SiteAnswer | null> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    let answer: SiteAnswer | null;
    try {
      answer = await this.follow(new URL(url), controller.signal);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      answer =
        code === ADDRESS_REFUSED
          ? { kind: 'not-asked' }
          : {
              kind: 'unreachable',
              reason: controller.signal.aborted
                ? `no answer within ${this.timeoutMs} ms`
                : error instanceof Error
                  ? error.message
                  : String(error),
            };
    } finally {
      clearTimeout(timer);
    }
    if (answer === null) return null;
    this.log?.debug({ url, answer }, 'frame check: the address answered');
    this.remember(url, answer);
    return answer;
  }

  private async follow(start: URL, signal: AbortSignal): Promise<SiteAnswer | null> {
    let url = start;
    for (let hop = 0; hop <= FRAME_PROBE_MAX_REDIRECTS; hop += 1) {
      if (!this.spend()) return null;
      const response = await this.request(url, signal);
      const location = headerText(response.headers.location);
      if (response.status >= 300 && response.status < 400 && location !== null) {
        const next = new URL(location, url);
        if (next.origin !== start.origin) return { kind: 'elsewhere', location: next.href };
        url = next;
        continue;
      }
      if (response.status < 200 || response.status >= 300)
        return { kind: 'unreachable', reason: `HTTP ${response.status}` };
      return {
        kind: 'answered',
        csp: headerText(response.headers['content-security-policy']),
        xfo: headerText(response.headers['x-frame-options']),
        origin: url.origin,
      };
    }
    return { kind: 'unreachable', reason: 'too many redirects' };
  }

  /** One GET: its status and headers; the body is never read. */
  private request(url: URL, signal: AbortSignal): Promise<Hop> {
    // A literal address is connected to without any lookup: check it here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !this.addressAllowed(host)) return Promise.reject(addressRefused(host));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Hop>((resolve, reject) => {
      const request = send(url, {
        method: 'GET',
        headers: { accept: 'text/html' },
        lookup: this.lookup,
        // A fresh connection each time: no socket resolved for another name is reused.
        agent: false,
        signal,
      });
      request.on('response', (response: IncomingMessage) => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
        response.destroy();
      });
      request.on('error', reject);
      request.end();
    });
  }
}
