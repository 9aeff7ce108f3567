/** The kiosk's usage batches (issue 49): their route, body and answers, the 429 included. */
import type { UsageBatch } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';

function client(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient(
    { contentBase: 'http://content.test', authBase: 'http://auth.test' },
    () => 'jeton',
    {
      fetch: (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status,
            headers: { 'content-type': 'application/json', ...headers },
          }),
        );
      },
    },
  );
  return { api, calls };
}

const BATCH: UsageBatch = {
  kioskId: 'k-7f3a9c2e',
  dropped: 0,
  events: [{ id: 'event-aaaa', kind: 'page_view', at: '2026-03-10T09:00:00Z', route: '/accueil' }],
};

describe('API client — sendUsage', () => {
  it('POSTs the batch as JSON to /display/usage/:devid with the token, and reads the result', async () => {
    const result = { accepted: 1, duplicates: 0, refused: [] };
    const { api, calls } = client(200, { data: result, message: 'OK', error: null });
    expect(await api.sendUsage(7, BATCH)).toEqual({ status: 'ok', result });
    expect(calls[0]!.url).toBe('http://content.test/display/usage/7');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).token).toBe('jeton');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual(BATCH);
  });

  it('answers « busy » with the wait of a 429’s Retry-After', async () => {
    const { api } = client(
      429,
      { data: null, message: 'Trop de lots', error: 'too_many_requests' },
      { 'Retry-After': '17' },
    );
    expect(await api.sendUsage(7, BATCH)).toEqual({ status: 'busy', retryAfterMs: 17_000 });
  });

  it('throws other refusals as an ApiError with their status', async () => {
    const { api } = client(413, {
      data: null,
      message: 'Lot trop gros',
      error: 'payload_too_large',
    });
    await expect(api.sendUsage(7, BATCH)).rejects.toMatchObject({
      name: 'ApiError',
      status: 413,
      message: 'Lot trop gros',
    });
    await expect(api.sendUsage(7, BATCH)).rejects.toBeInstanceOf(ApiError);
  });
});
