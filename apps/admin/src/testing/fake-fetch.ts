/** A fetch stand-in answering with the API's envelope, and a record of every call made. */
import { pathOf } from '@plant-kiosk/contract';
import { vi } from 'vitest';

export interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; data?: unknown; message?: string; error?: string | null };
type Handler = (call: Call) => Reply | undefined;

export function mockFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const reply = handler(call) ??
      sessionFromMe(handler, call) ?? { status: 404, message: 'Introuvable.', error: 'not_found' };
    const status = reply.status ?? 200;
    return new Response(
      JSON.stringify({
        data: reply.data ?? null,
        message: reply.message ?? '',
        error: reply.error ?? (status >= 400 ? 'error' : null),
      }),
      { status, headers: { 'content-type': 'application/json' } },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * GET /session, the page's session probe (compression and bundle split, decision 020), answered
 * from a test's GET /me answer when the test only describes /me: the session it gives, or null
 * where /me would answer 401 — as the server does.
 */
function sessionFromMe(handler: Handler, call: Call): Reply | undefined {
  if (call.method !== 'GET' || call.url !== pathOf('adminSessionProbe')) return undefined;
  const me = handler({ ...call, url: pathOf('adminMe') });
  if (!me) return undefined;
  return me.status === 401 ? { data: null } : me;
}
