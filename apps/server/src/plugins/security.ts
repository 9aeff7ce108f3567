/**
 * Headers every response carries, and the small CORS policy of the split topology (docs/product.md#calls local
 * environment: the kiosk, served on PORT, calls the content, auth and stream services on other
 * ports of the same host; only that origin is allowed; tokens travel in headers, never cookies, so
 * no credentials mode is needed).
 *
 * Every response gets `X-Content-Type-Options: nosniff`, `Referrer-Policy`, `X-Frame-Options` and a
 * Content-Security-Policy chosen by what the path serves:
 * - the API (`/display/*`, `/clientauth`, `/stream/*`, `/api/*`, `/healthz`, `/config.json`):
 *   `default-src 'none'` — JSON and event streams never need to load anything, and a response
 *   opened as a page by mistake can then run nothing;
 * - the media (`/media/*`, `/pdf/*`): no scripts, only same-origin images and media, so that an
 *   uploaded file opened on its own can do no harm; PDFs are left to the browser's viewer (its
 *   policy only forbids framing by other sites), and a route's own policy (SVG) wins;
 * - the apps (kiosk at /, back-office at /admin/): scripts and styles from this origin only. The
 *   kiosk's frames are limited to the external pages it shows in frames (the suggestion form and
 *   the company web site): the origins of the addresses published in its development's settings
 *   plus the operator's KIOSK_FRAME_SOURCES (settings/frame-sources.ts, decision 017), read per
 *   response so a publish changes the policy without a restart, and bounded (APP_CSP_MAX_LENGTH:
 *   past it the last sources are dropped, with a warning in the log) so that no setting can push
 *   the response headers past a reverse proxy's buffer (issue 40: nginx's 4 KB default answered
 *   502 on every page). The back-office frames nothing but this origin, so no setting reaches its
 *   policy: it can always be reached to undo one. Images, video and fetches may reach any http(s) address:
 *   content values may name media on another server (the back-office accepts http(s) addresses,
 *   and the kiosk prefetches them into its offline cache), and in the split topology the services
 *   sit on other ports. None of these can run code; scripts stay same-origin.
 *
 * The referrer policy is `same-origin`, not `no-referrer`: with `no-referrer` browsers send
 * `Origin: null` on same-origin POSTs, which the back-office API's origin check rightly refuses.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Port the kiosk is served from; an Origin on this port of the request's host is allowed. */
  kioskPort: number;
  /**
   * The origins the kiosk may show in frames now (CSP frame-src sources), read for every page
   * served; the policy is rebuilt only when it answers another array. None by default: no
   * external address is built into the kiosk.
   */
  frameSources?: () => readonly string[];
}

const ALLOWED_HEADERS = 'token, content-type, if-none-match, authorization';
const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
const CSP = 'content-security-policy';

export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/** Media other than PDFs: images and video of this origin, inline SVG styles, nothing else. */
export const MEDIA_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
/** PDFs open in the browser's own viewer, which a stricter policy can break. */
export const PDF_CSP = "frame-ancestors 'self'";

/** Headers that do not depend on the path; also sent by the framework error handler. */
export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // The legacy twin of frame-ancestors, for browsers that predate it.
  'x-frame-options': 'SAMEORIGIN',
  // A totem has no camera, microphone or location to offer to anything it shows.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * The policy of the kiosk and back-office pages. `'wasm-unsafe-eval'` lets pdf.js run its
 * WebAssembly image decoders (no JavaScript eval: the reader sets isEvalSupported false);
 * `'unsafe-inline'` styles are needed by components that position elements with style attributes
 * (zoom and pan, the PDF viewer), and styles cannot run code.
 */
export function appCsp(frameSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "font-src 'self' data:",
    "media-src 'self' data: blob: http: https:",
    "connect-src 'self' http: https:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ['frame-src', "'self'", ...frameSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The back-office may preview the kiosk in a frame; no other site may frame either app.
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Longest Content-Security-Policy the pages may carry (issue 40). The whole response header block
 * must fit a reverse proxy's header buffer — nginx's `proxy_buffer_size`, 4 KB by default, else
 * 502 — beside the other headers (about 700 bytes): 2 KB leaves room for those and for a proxy's
 * own, and still holds the base policy (374 characters), the kiosk development's two
 * origins (267 characters at most each, with DNS's bounds) and a few operator sources.
 */
export const APP_CSP_MAX_LENGTH = 2048;

/**
 * The frame sources that fit the policy's budget, in the order given (a priority), and the ones
 * dropped past it: the first that does not fit and every one after it, so the outcome depends only
 * on the list, never on which source happens to be shorter.
 */
export function boundedFrameSources(
  sources: readonly string[],
  maxLength: number = APP_CSP_MAX_LENGTH,
): { kept: string[]; dropped: string[] } {
  let length = appCsp([]).length;
  const kept: string[] = [];
  for (const [index, source] of sources.entries()) {
    // Each source costs its text and the space before it.
    if (length + 1 + source.length > maxLength) return { kept, dropped: sources.slice(index) };
    length += 1 + source.length;
    kept.push(source);
  }
  return { kept, dropped: [] };
}

/** The back-office frames only this origin (its kiosk preview): no setting ever reaches it. */
export const ADMIN_CSP = appCsp([]);

/** A CSP source for each configured frame address: its origin (paths are not needed). */
export function frameSourceList(values: readonly string[]): string[] {
  const sources = new Set<string>();
  for (const value of values) {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') sources.add(url.origin);
    } catch {
      // Validated by the configuration; an odd value is simply not allowed.
    }
  }
  return [...sources];
}

const NO_FRAME_SOURCES: readonly string[] = [];

type PathKind = 'api' | 'media' | 'admin' | 'app';

const API_PREFIXES = ['/display/', '/stream/', '/api/'];
const API_PATHS = new Set(['/clientauth', '/healthz', '/config.json', '/display', '/stream']);

export function pathKind(url: string): PathKind {
  const path = url.split('?', 1)[0] ?? '/';
  if (API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'api';
  if (path.startsWith('/media/') || path.startsWith('/pdf/')) return 'media';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  return 'app';
}

/** The kiosk page's policy for `sources`, within the budget; what it drops is logged once. */
export function kioskPolicy(sources: readonly string[], log: FastifyBaseLogger): string {
  const { kept, dropped } = boundedFrameSources(sources);
  if (dropped.length > 0) {
    log.warn(
      { dropped, maxLength: APP_CSP_MAX_LENGTH },
      `the pages' Content-Security-Policy would exceed ${APP_CSP_MAX_LENGTH} characters: ${dropped.length} frame source(s) left out (shorten KIOSK_FRAME_SOURCES)`,
    );
  }
  return appCsp(kept);
}

function allowedOrigin(request: FastifyRequest, kioskPort: number): string | undefined {
  const origin = request.headers.origin;
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  const sameHost = url.hostname === request.hostname || `[${url.hostname}]` === request.hostname;
  if (!sameHost || port !== kioskPort) return undefined;
  // A same-origin request needs no CORS headers.
  if (request.port !== null && request.port === port) return undefined;
  return url.origin;
}

async function securityPlugin(fastify: FastifyInstance, options: SecurityOptions): Promise<void> {
  const frameSources = options.frameSources ?? (() => NO_FRAME_SOURCES);
  let policySources: readonly string[] | null = null;
  let appPolicy = '';
  const currentAppPolicy = () => {
    const sources = frameSources();
    if (sources !== policySources) {
      policySources = sources;
      appPolicy = kioskPolicy(sources, fastify.log);
    }
    return appPolicy;
  };

  // Both hooks run on every response, content calls included: callback style, no promise (the
  // content calls' fast path stays promise-free, see plugins/auth.ts).
  fastify.addHook('onRequest', (request, reply, done) => {
    // Set here, not in onSend, so that the hijacked event stream (which copies the reply's
    // headers when it starts) carries them too.
    reply.headers(COMMON_SECURITY_HEADERS);
    const kind = pathKind(request.url);
    if (kind === 'api') reply.header(CSP, API_CSP);
    else if (kind === 'app') reply.header(CSP, currentAppPolicy());
    else if (kind === 'admin') reply.header(CSP, ADMIN_CSP);
    const origin = allowedOrigin(request, options.kioskPort);
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'ETag');
      reply.header('vary', 'Origin');
    }
    done();
  });

  fastify.addHook('onSend', (_request, reply: FastifyReply, payload, done) => {
    // Media only: their policy depends on the type, known once the file is found. A policy the
    // route set itself (the static files' SVG policy, on the raw response) is kept.
    if (!reply.hasHeader(CSP)) {
      const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
      reply.header(CSP, type.startsWith('application/pdf') ? PDF_CSP : MEDIA_CSP);
    }
    done(null, payload);
  });

  fastify.options('*', async (request, reply) => {
    if (
      allowedOrigin(request, options.kioskPort) &&
      request.headers['access-control-request-method']
    ) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
}

export const securityPluginFp = fp(securityPlugin, { name: 'kiosk-security', fastify: '5.x' });
