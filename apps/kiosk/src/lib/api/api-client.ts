/**
 * The kiosk's client of the server: the contract's typed client (`createRouteClient`, decision
 * 031) over the kiosk's own transport, plus the calls that are not plain JSON reads (the ping, and
 * the snapshot and the delta with their 304).
 *
 * Every JSON call names its route of the contract's table once — `call('zones', { params: { devid
 * } })` — and its method, path, parameters, body and answer come from the table and the route's
 * schemas; the other calls take their path from `pathOf`. No path is written here.
 *
 * The transport is what the kiosk needs on a plant network, per route (it receives the route's
 * name): the split ports of docs/product.md#calls (the login on the auth base, every other call on the content
 * base; the event stream's base is kiosk-services.ts's), a time-out (a totem on a flaky network
 * must never hang on a half-open connection; the snapshot and the delta get longer, the ping
 * shorter), the caller's abort signal, the `token` header, and no browser HTTP cache (the
 * snapshot's ETag is handled by hand). It reads the `{ data, message, error }` envelope. Failures
 * are always an `ApiError`: `status` is the HTTP status, or 0 when no HTTP answer arrived (network
 * down, timeout, abort — then `code` is 'network', 'timeout' or 'aborted'); otherwise `code` is
 * the envelope's `error` and `message` its `message`, which the login page shows as is.
 *
 * In development builds an answer is checked against its route's response schema, a mismatch
 * being an ApiError with code 'bad_response' that says where.
 */
import {
  createRouteClient,
  pathOf,
  routeResponseMismatch,
  TOKEN_HEADER,
  type BodyOf,
  type Envelope,
  type QueryOf,
  type ResponseOf,
  THUMBNAIL_MEDIA_TYPE,
  type RouteMethod,
  type RouteName,
  type UsageBatch,
  type UsageBatchResult,
} from '@plant-kiosk/contract';
import type { RuntimeConfig } from '../config/runtime-config';

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The snapshot is the whole development in one body: give a large plant on a slow link time. */
export const SNAPSHOT_TIMEOUT_MS = 120_000;
export const PING_TIMEOUT_MS = 5000;

export type NetworkErrorCode = 'network' | 'timeout' | 'aborted';

export class ApiError extends Error {
  /** HTTP status; 0 when the request got no HTTP answer. */
  readonly status: number;
  /** The envelope's error code, or a NetworkErrorCode when status is 0; null when unknown. */
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null = null, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export type SnapshotResult =
  | { status: 'not-modified' }
  | { status: 'ok'; snapshot: ResponseOf<'snapshot'>; etag: string | null }
  | { status: 'unsupported' };

/** The delta since a revision (delta sync, decision 016): 304, the changes (or "fetch the
 * snapshot"), or no route. */
export type ChangesResult =
  | { status: 'not-modified' }
  | { status: 'ok'; changes: ResponseOf<'changes'> }
  | { status: 'unsupported' };

export interface RequestOptions {
  /** Cancels the request (the sync engine aborts when the kiosk services stop). */
  signal?: AbortSignal;
}

/** A batch of a list (`?order=&quantity=`, the server's [order, order + quantity)). */
export type BatchParams = QueryOf<'elements'>;

/** The contract's typed call over the kiosk's transport (see the module's header). */
export type RouteCall = ReturnType<typeof createRouteClient<RequestOptions>>['call'];

/**
 * The kiosk's calls, one named method each: the callers (the sync's batch loops, the content
 * hooks, the fleet reporter, the login page) and their tests' stand-ins keep short positional
 * calls, and each method is one line over `call`.
 */
export interface ApiClient {
  /** Base URL of the content service (media values resolve against it). */
  readonly contentBase: string;
  /** Any JSON route of the table, for a call that has no named method yet. */
  readonly call: RouteCall;
  login(request: BodyOf<'login'>, options?: RequestOptions): Promise<ResponseOf<'login'>>;
  /** True only on HTTP 200; never rejects. */
  ping(options?: RequestOptions): Promise<boolean>;
  zones(devid: number, options?: RequestOptions): Promise<ResponseOf<'zones'>>;
  zone(devid: number, zonename: string, options?: RequestOptions): Promise<ResponseOf<'zone'>>;
  elements(
    zoneid: number,
    batch?: BatchParams,
    options?: RequestOptions,
  ): Promise<ResponseOf<'elements'>>;
  subelements(
    elementid: number,
    batch?: BatchParams,
    options?: RequestOptions,
  ): Promise<ResponseOf<'subelements'>>;
  subgroups(elementid: number, options?: RequestOptions): Promise<ResponseOf<'subgroups'>>;
  populatedSubgroups(
    elementid: number,
    modelLabel: string,
    fields?: readonly string[],
    options?: RequestOptions,
  ): Promise<ResponseOf<'populatedSubgroups'>>;
  subgroupSubelements(
    subgroupid: number,
    options?: RequestOptions,
  ): Promise<ResponseOf<'subgroupSubelements'>>;
  subgroupFieldSubelements(
    subgroupid: number,
    fieldlabel: string,
    options?: RequestOptions,
  ): Promise<ResponseOf<'subgroupFieldSubelements'>>;
  populatedSubgroup(
    subgroupid: number,
    options?: RequestOptions,
  ): Promise<ResponseOf<'populatedSubgroup'>>;
  snapshot(devid: number, etag?: string | null, options?: RequestOptions): Promise<SnapshotResult>;
  /** What changed since revision `since`; 404/405/501 (an older server) → 'unsupported'. */
  changes(devid: number, since: number, options?: RequestOptions): Promise<ChangesResult>;
  /** Whether the published frame addresses let this kiosk frame them (published settings, decision
   * 017). */
  frameChecks(devid: number, options?: RequestOptions): Promise<ResponseOf<'frameChecks'>>;
  /**
   * A single-use ticket that opens the event stream (decision 028): the token goes in this
   * request's header, never in the stream's URL.
   */
  streamTicket(devid: number, options?: RequestOptions): Promise<ResponseOf<'streamTicket'>>;
  /** The fleet view's status report (contract fleet.ts); answers the current content version. */
  heartbeat(
    devid: number,
    report: BodyOf<'heartbeat'>,
    options?: RequestOptions,
  ): Promise<ResponseOf<'heartbeat'>>;
  /** Acknowledges a remote command this totem ran, or could not (issue 47). */
  ackCommand(
    devid: number,
    commandId: number,
    ack: BodyOf<'kioskCommandAck'>,
    options?: RequestOptions,
  ): Promise<ResponseOf<'kioskCommandAck'>>;
  /**
   * Sends the thumbnail this totem drew of its page (issue 48): the WebP bytes as the body, what
   * it shows in the query (contract kiosk-thumbnails.ts). A refusal (403, 413, 415, 429) is an
   * ApiError with its status.
   */
  uploadThumbnail(
    devid: number,
    picture: Blob,
    query: QueryOf<'kioskThumbnailUpload'>,
    options?: RequestOptions,
  ): Promise<ResponseOf<'kioskThumbnailUpload'>>;
  /**
   * Sends a batch of this totem's usage events (issue 49, contract usage-events.ts). A 429 is an
   * answer, not a failure: `busy` with the wait its Retry-After asks (the backlog is kept). Any
   * other refusal is an ApiError with its status.
   */
  sendUsage(devid: number, batch: UsageBatch, options?: RequestOptions): Promise<UsageSendResult>;
}

/** What `sendUsage` got: the server's answer, or « too many batches, wait this long ». */
export type UsageSendResult =
  { status: 'ok'; result: UsageBatchResult } | { status: 'busy'; retryAfterMs: number };

export interface ApiClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  snapshotTimeoutMs?: number;
  pingTimeoutMs?: number;
}

/** Statuses by which a server tells it has no snapshot (or changes) route (an older or spec-only server). */
const SNAPSHOT_UNSUPPORTED = new Set([404, 405, 501]);

/** Routes on the auth service (docs/product.md#calls' split ports); every other call goes to the content base. */
const AUTH_ROUTES: ReadonlySet<RouteName> = new Set(['login']);
/** Routes whose answer can be most of the development (a delta after a large publish, too). */
const LARGE_ROUTES: ReadonlySet<RouteName> = new Set(['snapshot', 'changes']);

/** One request of the transport: its route (which picks the base and the time-out) and path. */
interface RouteExchange {
  name: RouteName;
  method: RouteMethod;
  /** From the route table (`createRouteClient` or `pathOf`), query included. */
  path: string;
  body?: unknown;
  /** A body sent as is (a picture), with its own type as Content-Type; instead of `body`. */
  rawBody?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The answer of a conditional read of route N (the snapshot, the delta). */
type ConditionalRead<N extends RouteName> =
  | { status: 'not-modified' }
  | { status: 'unsupported' }
  | { status: 'ok'; data: ResponseOf<N>; etag: string | null };

export function createApiClient(
  config: Pick<RuntimeConfig, 'contentBase' | 'authBase'>,
  getToken: () => string | null,
  options: ApiClientOptions = {},
): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const snapshotTimeoutMs = options.snapshotTimeoutMs ?? SNAPSHOT_TIMEOUT_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;

  const baseOf = (name: RouteName) =>
    AUTH_ROUTES.has(name) ? config.authBase : config.contentBase;
  const timeoutOf = (name: RouteName) =>
    name === 'ping' ? pingTimeoutMs : LARGE_ROUTES.has(name) ? snapshotTimeoutMs : timeoutMs;

  /**
   * Sends one request and reads its answer with `read`, the timeout covering both: a body that
   * stalls halfway is as much a hang as a server that never answers. Failures without an HTTP
   * answer become status-0 ApiErrors.
   */
  async function exchange<T>(
    request: RouteExchange,
    read: (response: Response, url: string) => Promise<T>,
  ): Promise<T> {
    const url = `${baseOf(request.name)}${request.path}`;
    if (request.signal?.aborted) throw new ApiError(0, `Requête annulée : ${url}`, 'aborted');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutOf(request.name));
    const onCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort);
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const token = getToken();
    if (token) headers[TOKEN_HEADER] = token;
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    if (request.rawBody !== undefined) headers['Content-Type'] = request.rawBody.type;
    try {
      const response = await fetchImpl(url, {
        method: request.method,
        headers,
        body:
          request.rawBody ??
          (request.body === undefined ? undefined : JSON.stringify(request.body)),
        // Lists must never come from the browser's HTTP cache: the ETag is handled by hand.
        cache: 'no-store',
        signal: controller.signal,
      });
      return await read(response, url);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new ApiError(0, `Délai dépassé : ${url}`, 'timeout', { cause: error });
      if (request.signal?.aborted)
        throw new ApiError(0, `Requête annulée : ${url}`, 'aborted', { cause: error });
      throw new ApiError(0, `Réseau indisponible : ${url}`, 'network', { cause: error });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * A conditional read of ours (the snapshot, the delta): 304, "this server has no such route"
   * (an older or spec-only one), or the envelope's data and the ETag — any other failure throws.
   */
  const conditional = <N extends 'snapshot' | 'changes'>(request: RouteExchange & { name: N }) =>
    exchange<ConditionalRead<N>>(request, async (response) => {
      if (response.status === 304) return { status: 'not-modified' };
      if (SNAPSHOT_UNSUPPORTED.has(response.status)) return { status: 'unsupported' };
      const envelope = await readEnvelope(response);
      if (!response.ok || envelope === null || envelope.data === null) {
        throw new ApiError(
          response.status,
          envelope?.message || `HTTP ${response.status}`,
          envelope?.error ?? (response.ok ? 'bad_response' : null),
        );
      }
      const data = answer(request.name, response.status, envelope.data);
      return { status: 'ok', data, etag: response.headers.get('ETag') };
    });

  /** Reads route N's envelope: its data and message, or the failure as an ApiError. */
  const enveloped =
    <N extends RouteName>(name: N) =>
    async (response: Response, url: string) => {
      const envelope = await readEnvelope(response);
      if (!response.ok) {
        throw new ApiError(
          response.status,
          envelope?.message || `HTTP ${response.status}`,
          envelope?.error ?? null,
        );
      }
      // A 200 without an envelope is a proxy or an HTML fallback page, not the content service.
      if (envelope === null || envelope.data === null) {
        throw new ApiError(
          response.status,
          envelope?.message || `Réponse inattendue : ${url}`,
          envelope?.error ?? 'bad_response',
        );
      }
      return { data: answer(name, response.status, envelope.data), message: envelope.message };
    };

  /** The typed client of every JSON route (decision 031), over the transport above. */
  const { call } = createRouteClient<RequestOptions>((route, opts) =>
    exchange({ ...route, signal: opts?.signal }, enveloped(route.name)),
  );

  return {
    contentBase: config.contentBase,
    call,
    login: (request, opts) => call('login', { body: request }, opts),

    async ping(opts) {
      try {
        return await exchange(
          { name: 'ping', method: 'HEAD', path: pathOf('ping'), signal: opts?.signal },
          (response) => Promise.resolve(response.status === 200),
        );
      } catch {
        return false;
      }
    },

    zones: (devid, opts) => call('zones', { params: { devid } }, opts),
    zone: (devid, zonename, opts) => call('zone', { params: { devid, zonename } }, opts),
    elements: (zoneid, batch, opts) =>
      call('elements', { params: { zoneid }, query: batchQuery(batch) }, opts),
    subelements: (elementid, batch, opts) =>
      call('subelements', { params: { elementid }, query: batchQuery(batch) }, opts),
    subgroups: (elementid, opts) => call('subgroups', { params: { elementid } }, opts),
    populatedSubgroups: (elementid, modelLabel, fields, opts) =>
      call(
        'populatedSubgroups',
        { params: { elementid, modelLabel }, query: { fields: fields?.slice() } },
        opts,
      ),
    subgroupSubelements: (subgroupid, opts) =>
      call('subgroupSubelements', { params: { subgroupid } }, opts),
    subgroupFieldSubelements: (subgroupid, fieldlabel, opts) =>
      call('subgroupFieldSubelements', { params: { subgroupid, fieldlabel } }, opts),
    populatedSubgroup: (subgroupid, opts) =>
      call('populatedSubgroup', { params: { subgroupid } }, opts),
    frameChecks: (devid, opts) => call('frameChecks', { params: { devid } }, opts),
    streamTicket: (devid, opts) => call('streamTicket', { params: { devid } }, opts),
    heartbeat: (devid, report, opts) =>
      call('heartbeat', { params: { devid }, body: report }, opts),
    ackCommand: (devid, commandId, ack, opts) =>
      call('kioskCommandAck', { params: { devid, commandId }, body: ack }, opts),

    async uploadThumbnail(devid, picture, query, opts) {
      // The body is the picture, not JSON: the route table gives the path, the transport the rest.
      const { data } = await exchange(
        {
          name: 'kioskThumbnailUpload',
          method: 'POST',
          path: pathOf('kioskThumbnailUpload', { params: { devid }, query }),
          // Typed as what the contract names, whatever type the encoder put on the blob.
          rawBody:
            picture.type === THUMBNAIL_MEDIA_TYPE
              ? picture
              : new Blob([picture], { type: THUMBNAIL_MEDIA_TYPE }),
          signal: opts?.signal,
        },
        enveloped('kioskThumbnailUpload'),
      );
      return data;
    },

    async sendUsage(devid, batch, opts) {
      const request = {
        name: 'kioskUsage',
        method: 'POST',
        path: pathOf('kioskUsage', { params: { devid } }),
        body: batch,
        signal: opts?.signal,
      } as const;
      return exchange<UsageSendResult>(request, async (response, url) => {
        if (response.status === 429) {
          return {
            status: 'busy',
            retryAfterMs: retryAfterMs(response.headers.get('Retry-After')),
          };
        }
        const { data } = await enveloped('kioskUsage')(response, url);
        return { status: 'ok', result: data };
      });
    },

    async snapshot(devid, etag, opts) {
      const read = await conditional({
        name: 'snapshot',
        method: 'GET',
        path: pathOf('snapshot', { params: { devid } }),
        headers: etag ? { 'If-None-Match': etag } : {},
        signal: opts?.signal,
      });
      if (read.status !== 'ok') return read;
      return { status: 'ok', snapshot: read.data, etag: read.etag };
    },

    async changes(devid, since, opts) {
      const read = await conditional({
        name: 'changes',
        method: 'GET',
        path: pathOf('changes', { params: { devid }, query: { since } }),
        signal: opts?.signal,
      });
      if (read.status !== 'ok') return read;
      return { status: 'ok', changes: read.data };
    },
  };
}

/** `?order=&quantity=`, in that order, and nothing else of the caller's object. */
/** A Retry-After (seconds, or an HTTP date) in ms; a minute when absent or unreadable. */
function retryAfterMs(header: string | null, now: number = Date.now()): number {
  const fallback = 60_000;
  if (header === null) return fallback;
  const seconds = Number(header.trim());
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? fallback : Math.max(0, date - now);
}

function batchQuery(batch: BatchParams = {}): BatchParams {
  return { order: batch.order, quantity: batch.quantity };
}

/** The envelope of a response, or null when the body is not one (HTML page, proxy error). */
async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  // Read as text first: an abort while reading must propagate, only a parse failure means "no envelope".
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'data' in body) {
      const envelope = body as Partial<Envelope<unknown>>;
      return {
        data: envelope.data ?? null,
        message: typeof envelope.message === 'string' ? envelope.message : '',
        error: typeof envelope.error === 'string' ? envelope.error : null,
      };
    }
    // Fastify's own errors (before our handler runs) are `{ message, error, statusCode }`.
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const raw = body as { message?: unknown; error?: unknown };
      return {
        data: null,
        message: typeof raw.message === 'string' ? raw.message : '',
        error: typeof raw.error === 'string' ? raw.error : null,
      };
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The one place where the JSON answer becomes the route's type: the contract's schema describes
 * it, and development builds check it (the check and the schemas are left out of production
 * builds, which trust the server as before).
 */
function answer<N extends RouteName>(name: N, status: number, data: unknown): ResponseOf<N> {
  // Not under unit tests (mode "test"): they feed hand-made and deliberately broken answers to
  // test what the app does with them; a test opts in with vi.stubEnv('MODE', 'development').
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    const problem = routeResponseMismatch(name, data);
    if (problem) throw new ApiError(status, `Réponse non conforme : ${problem}`, 'bad_response');
  }
  return data as ResponseOf<N>;
}
