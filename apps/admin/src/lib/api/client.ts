/**
 * The back-office's only way to the server. Every answer is the contract's envelope; a non-2xx
 * becomes an ApiError carrying the server's French message (shown as is to the user) and, for a
 * 409, the current item in `data`. The session cookie is HttpOnly and travels by itself
 * (same origin); what the page must add is the CSRF token on every state-changing call.
 */
import { ADMIN_CSRF_HEADER, type Envelope } from '@plant-kiosk/contract';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

/** Turns a raw response (status + parsed body) into data or an ApiError. */
export function unwrap<T>(
  status: number,
  body: unknown,
  options: RequestOptions = {},
): { data: T; message: string } {
  const envelope = (body && typeof body === 'object' ? body : null) as Envelope<T> | null;
  if (status >= 200 && status < 300) {
    return { data: envelope?.data as T, message: envelope?.message ?? '' };
  }
  if (status === 401 && !options.expectUnauthorized) onUnauthorized?.();
  const message =
    envelope?.message ||
    (status >= 500
      ? 'Le serveur a rencontré une erreur. Réessayez dans un instant.'
      : `La requête a été refusée (code ${status}).`);
  throw new ApiError(status, message, envelope?.error ?? null, envelope?.data ?? null);
}

export async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ data: T; message: string }> {
  const write = method !== 'GET';
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
  return unwrap<T>(response.status, parsed, options);
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) =>
    (await request<T>('GET', path, undefined, options)).data,
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The message to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Une erreur inattendue est survenue.';
}
