/**
 * Typed client of every call of spec §7 (plus the snapshot fast path).
 *
 * Every call sends the `token` header, has a timeout (a totem on a flaky plant network must never
 * hang on a half-open connection), and reads the `{ data, message, error }` envelope. Failures are
 * always an `ApiError`: `status` is the HTTP status, or 0 when no HTTP answer arrived (network
 * down, timeout, abort — then `code` is 'network', 'timeout' or 'aborted'); otherwise `code` is the
 * envelope's `error` and `message` its `message`, which the login page shows as is.
 *
 * Each call names its route of the contract's table: its answer's type is the route's response
 * schema (`ResponseOf`), and in development builds the answer is checked against that schema, a
 * mismatch being an ApiError with code 'bad_response' that says where.
 */
import {
  apiPaths,
  TOKEN_HEADER,
  type BatchParams,
  type Envelope,
  type JsonRouteName,
  type KioskHeartbeat,
  type LoginRequest,
  type ResponseOf,
  routeResponseMismatch,
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

export interface ApiClient {
  /** Base URL of the content service (media values resolve against it). */
  readonly contentBase: string;
  login(request: LoginRequest, options?: RequestOptions): Promise<ResponseOf<'login'>>;
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
    report: KioskHeartbeat,
    options?: RequestOptions,
  ): Promise<ResponseOf<'heartbeat'>>;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  snapshotTimeoutMs?: number;
  pingTimeoutMs?: number;
}

/** Statuses by which a server tells it has no snapshot (or changes) route (an older or spec-only server). */
const SNAPSHOT_UNSUPPORTED = new Set([404, 405, 501]);

interface RawRequest {
  method: 'GET' | 'POST' | 'HEAD';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export function createApiClient(
  config: Pick<RuntimeConfig, 'contentBase' | 'authBase'>,
  getToken: () => string | null,
  options: ApiClientOptions = {},
): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const snapshotTimeoutMs = options.snapshotTimeoutMs ?? SNAPSHOT_TIMEOUT_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
  const content = (path: string) => `${config.contentBase}${path}`;

  /**
   * Sends one request and reads its answer with `read`, the timeout covering both: a body that
   * stalls halfway is as much a hang as a server that never answers. Failures without an HTTP
   * answer become status-0 ApiErrors.
   */
  async function exchange<T>(
    request: RawRequest,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    if (request.signal?.aborted)
      throw new ApiError(0, `Requête annulée : ${request.url}`, 'aborted');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    const onCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort);
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const token = getToken();
    if (token) headers[TOKEN_HEADER] = token;
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // Lists must never come from the browser's HTTP cache: the ETag is handled by hand.
        cache: 'no-store',
        signal: controller.signal,
      });
      return await read(response);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut)
        throw new ApiError(0, `Délai dépassé : ${request.url}`, 'timeout', { cause: error });
      if (request.signal?.aborted)
        throw new ApiError(0, `Requête annulée : ${request.url}`, 'aborted', { cause: error });
      throw new ApiError(0, `Réseau indisponible : ${request.url}`, 'network', { cause: error });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /**
   * The answer of a conditional call of ours (the snapshot, the delta): 304, "this server has no
   * such route" (an older or spec-only one), or the envelope's data — any other failure throws.
   */
  async function readConditional(
    response: Response,
  ): Promise<
    { status: 'not-modified' } | { status: 'unsupported' } | { status: 'ok'; data: unknown }
  > {
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
    return { status: 'ok', data: envelope.data };
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

  /** One call of the route table: its answer's `data`, typed (and, in development, checked). */
  function call<N extends JsonRouteName>(name: N, request: RawRequest): Promise<ResponseOf<N>> {
    return exchange(request, async (response) => {
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
          envelope?.message || `Réponse inattendue : ${request.url}`,
          envelope?.error ?? 'bad_response',
        );
      }
      return answer(name, response.status, envelope.data);
    });
  }

  /**
   * The one place where the JSON answer becomes the route's type: the contract's schema describes
   * it, and development builds check it (the check and the schemas are left out of production
   * builds, which trust the server as before).
   */
  function answer<N extends JsonRouteName>(name: N, status: number, data: unknown): ResponseOf<N> {
    // Not under unit tests (mode "test"): they feed hand-made and deliberately broken answers to
    // test what the app does with them; a test opts in with vi.stubEnv('MODE', 'development').
    if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
      const problem = routeResponseMismatch(name, data);
      if (problem) throw new ApiError(status, `Réponse non conforme : ${problem}`, 'bad_response');
    }
    return data as ResponseOf<N>;
  }

  const get = <N extends JsonRouteName>(name: N, path: string, opts?: RequestOptions) =>
    call(name, { method: 'GET', url: content(path), timeoutMs, signal: opts?.signal });

  return {
    contentBase: config.contentBase,
    login: (request, opts) =>
      call('login', {
        method: 'POST',
        url: `${config.authBase}${apiPaths.login()}`,
        body: request,
        timeoutMs,
        signal: opts?.signal,
      }),

    async ping(opts) {
      try {
        return await exchange(
          {
            method: 'HEAD',
            url: content(apiPaths.ping()),
            timeoutMs: pingTimeoutMs,
            signal: opts?.signal,
          },
          (response) => Promise.resolve(response.status === 200),
        );
      } catch {
        return false;
      }
    },

    zones: (devid, opts) => get('zones', apiPaths.zones(devid), opts),
    zone: (devid, zonename, opts) => get('zone', apiPaths.zone(devid, zonename), opts),
    elements: (zoneid, batch, opts) => get('elements', apiPaths.elements(zoneid, batch), opts),
    subelements: (elementid, batch, opts) =>
      get('subelements', apiPaths.subelements(elementid, batch), opts),
    subgroups: (elementid, opts) => get('subgroups', apiPaths.subgroups(elementid), opts),
    populatedSubgroups: (elementid, modelLabel, fields, opts) =>
      get('populatedSubgroups', apiPaths.populatedSubgroups(elementid, modelLabel, fields), opts),
    subgroupSubelements: (subgroupid, opts) =>
      get('subgroupSubelements', apiPaths.subgroupSubelements(subgroupid), opts),
    subgroupFieldSubelements: (subgroupid, fieldlabel, opts) =>
      get(
        'subgroupFieldSubelements',
        apiPaths.subgroupFieldSubelements(subgroupid, fieldlabel),
        opts,
      ),
    populatedSubgroup: (subgroupid, opts) =>
      get('populatedSubgroup', apiPaths.populatedSubgroup(subgroupid), opts),

    frameChecks: (devid, opts) => get('frameChecks', apiPaths.frameChecks(devid), opts),

    streamTicket: (devid, opts) =>
      call('streamTicket', {
        method: 'POST',
        url: content(apiPaths.streamTicket(devid)),
        timeoutMs,
        signal: opts?.signal,
      }),

    heartbeat: (devid, report, opts) =>
      call('heartbeat', {
        method: 'POST',
        url: content(apiPaths.heartbeat(devid)),
        body: report,
        timeoutMs,
        signal: opts?.signal,
      }),

    snapshot: (devid, etag, opts) =>
      exchange<SnapshotResult>(
        {
          method: 'GET',
          url: content(apiPaths.snapshot(devid)),
          headers: etag ? { 'If-None-Match': etag } : {},
          timeoutMs: snapshotTimeoutMs,
          signal: opts?.signal,
        },
        async (response) => {
          const read = await readConditional(response);
          if (read.status !== 'ok') return read;
          return {
            status: 'ok',
            snapshot: answer('snapshot', response.status, read.data),
            etag: response.headers.get('ETag'),
          };
        },
      ),

    // Same timeout as the snapshot: a delta after a large publish can be most of one.
    changes: (devid, since, opts) =>
      exchange<ChangesResult>(
        {
          method: 'GET',
          url: content(apiPaths.changes(devid, since)),
          timeoutMs: snapshotTimeoutMs,
          signal: opts?.signal,
        },
        async (response) => {
          const read = await readConditional(response);
          if (read.status !== 'ok') return read;
          return { status: 'ok', changes: answer('changes', response.status, read.data) };
        },
      ),
  };
}
