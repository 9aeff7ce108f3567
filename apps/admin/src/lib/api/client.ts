/**
 * The back-office's only way to the server. Every answer is the contract's envelope; a non-2xx
 * becomes an ApiError carrying the server's French message (shown as is to the user) and, for a
 * 409, the current item in `data`. The session cookie is HttpOnly and travels by itself
 * (same origin); what the page must add is the CSRF token on every state-changing call.
 *
 * Calls name their route of the contract's table once — `call('adminCreateZone', { params: {
 * devid }, body })` (decision 031): the path is filled from the table, and the parameters, body and
 * answer are typed by the route's schemas (the contract's `createRouteClient`), never a cast at the
 * call site. In development builds the answer is checked against the route's response schema (a
 * mismatch is an ApiError with code 'bad_response' saying where). Production builds leave the
 * checks, the schemas and TypeBox's checker out.
 */
import {
  ADMIN_CSRF_HEADER,
  createRouteClient,
  ERROR_CODES,
  routeResponseMismatch,
  type CallErrorCode,
  type Envelope,
  type ErrorCode,
  type JsonRouteName,
  type ResponseOf,
  type RouteMethod,
} from '@plant-kiosk/contract';

/**
 * A failed call: the HTTP status (0 when the server was not reached), the code (the envelope's
 * `error`, or the client's own: 'network', 'aborted', 'bad_response') and, as its message, the
 * envelope's French message, shown as is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: CallErrorCode | null,
    /** For a 409 version conflict: the item (or list) as it is now on the server. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isConflict(): boolean {
    return this.status === 409 && this.data !== null && this.data !== undefined;
  }
}

const NETWORK_MESSAGE = 'Le serveur ne répond pas. Vérifiez votre connexion réseau puis réessayez.';

let csrfToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** Set from the login answer and from GET /me (after a reload the page has no token yet). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

/** Called on any 401 but the login's own: the session is over, the app goes back to login. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

const SERVER_CODES = new Set<string>(Object.values(ERROR_CODES));

/** The envelope's `error` when it is one of the contract's codes (the server sends no other). */
function serverCode(value: unknown): ErrorCode | null {
  return typeof value === 'string' && SERVER_CODES.has(value) ? (value as ErrorCode) : null;
}

export interface RequestOptions {
  /** Login answers 401 for a wrong password: that must not count as "session over". */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
}

/** Headers of a state-changing call, also used by the XHR upload. */
export function writeHeaders(json: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (json) headers['content-type'] = 'application/json';
  if (csrfToken) headers[ADMIN_CSRF_HEADER] = csrfToken;
  return headers;
}

/** Turns a raw response (status + parsed body) into its `data` or an ApiError. */
export function unwrap(
  status: number,
  body: unknown,
  options: RequestOptions = {},
): { data: unknown; message: string } {
  const envelope = (body && typeof body === 'object' ? body : null) as Envelope<unknown> | null;
  if (status >= 200 && status < 300) {
    return { data: envelope?.data, message: envelope?.message ?? '' };
  }
  if (status === 401 && !options.expectUnauthorized) onUnauthorized?.();
  const message =
    envelope?.message ||
    (status >= 500
      ? 'Le serveur a rencontré une erreur. Réessayez dans un instant.'
      : `La requête a été refusée (code ${status}).`);
  throw new ApiError(status, message, serverCode(envelope?.error), envelope?.data ?? null);
}

/** Whether answers and paths are checked against the contract (see the module's header). */
function checking(): boolean {
  // Not under unit tests (mode "test"): they answer with hand-made partial items; a test opts in
  // with vi.stubEnv('MODE', 'development').
  return import.meta.env.DEV && import.meta.env.MODE !== 'test';
}

/**
 * A route's answer: the one place where the JSON becomes the route's type, which the contract's
 * schema describes (and development builds check).
 */
export function routeAnswer<N extends JsonRouteName>(
  name: N,
  status: number,
  answer: { data: unknown; message: string },
): { data: ResponseOf<N>; message: string } {
  if (import.meta.env.DEV && checking()) {
    const problem = routeResponseMismatch(name, answer.data);
    if (problem) throw new ApiError(status, `Réponse non conforme : ${problem}`, 'bad_response');
  }
  return answer as { data: ResponseOf<N>; message: string };
}

export async function request(
  method: RouteMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ data: unknown; message: string; status: number }> {
  const write = method !== 'GET' && method !== 'HEAD';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(write ? writeHeaders(body !== undefined) : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, 'network');
  }
  let parsed: unknown = null;
  const text = await response.text();
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return { ...unwrap(response.status, parsed, options), status: response.status };
}

/**
 * The typed client of the route table (decision 031): `call(name, { params, query, body })`
 * answers the envelope's `data`, `callWithMessage` its `data` and `message`; options (an abort
 * signal, a login's expected 401) come third.
 */
export const { call, callWithMessage } = createRouteClient<RequestOptions>(
  async (route, options) => {
    const { status, ...answer } = await request(route.method, route.path, route.body, options);
    return routeAnswer(route.name, status, answer);
  },
);

export const api = {
  // Untyped calls by path (their answer is `unknown`): for tests and tools, not for screens.
  get: async (path: string, options?: RequestOptions) =>
    (await request('GET', path, undefined, options)).data,
  post: (path: string, body?: unknown, options?: RequestOptions) =>
    request('POST', path, body, options),
  put: (path: string, body: unknown) => request('PUT', path, body),
  patch: (path: string, body: unknown) => request('PATCH', path, body),
  delete: (path: string) => request('DELETE', path),
};

/** The message to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Une erreur inattendue est survenue.';
}
