/** The upload of a thumbnail (issue 48): its route, query, raw WebP body and answer. */
import type { KioskThumbnail, ResponseOf } from '@plant-kiosk/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient } from './api-client';

const STORED: KioskThumbnail = {
  thumbnailId: 3,
  devid: 7,
  kioskId: 'kiosk-a',
  route: '/zone/Moulage',
  revision: 12,
  takenAt: '2026-11-27T15:00:00.000Z',
  receivedAt: '2026-11-27T15:00:01.000Z',
  bytes: 16,
  placeholders: 1,
  commandId: 42,
};

function client(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient(
    { contentBase: 'http://content.test', authBase: 'http://auth.test' },
    () => 'jeton',
    {
      fetch: async (input, init) => {
        calls.push({ url: String(input), init: init ?? {} });
        return new Response(JSON.stringify(body), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      },
    },
  );
  return { api, calls };
}

const picture = () =>
  new Blob([new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')], { type: 'image/webp' });

describe('API client — uploadThumbnail', () => {
  it('POSTs the picture as is to /display/thumbnails/:devid, what it shows in the query, with the token', async () => {
    const { api, calls } = client(201, { data: STORED, message: 'OK', error: null });
    const body = picture();
    const answer = await api.uploadThumbnail(7, body, {
      route: '/zone/Moulage',
      revision: 12,
      takenAt: '2026-11-27T15:00:00.000Z',
      placeholders: 1,
      commandId: 42,
    });
    expect(answer).toEqual(STORED);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.origin + url.pathname).toBe('http://content.test/display/thumbnails/7');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      route: '/zone/Moulage',
      revision: '12',
      takenAt: '2026-11-27T15:00:00.000Z',
      placeholders: '1',
      commandId: '42',
    });
    expect(calls[0]!.init.method).toBe('POST');
    // The Blob itself, not JSON: the server reads the WebP bytes.
    expect(calls[0]!.init.body).toBe(body);
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get('content-type')).toBe('image/webp');
    expect(headers.get('token')).toBe('jeton');
    expectTypeOf<Awaited<ReturnType<ApiClient['uploadThumbnail']>>>().toEqualTypeOf<
      ResponseOf<'kioskThumbnailUpload'>
    >();
  });

  it('leaves out what is not known (no revision yet, a scheduled thumbnail has no command)', async () => {
    const { api, calls } = client(201, { data: STORED, message: 'OK', error: null });
    await api.uploadThumbnail(7, picture(), { route: '/', takenAt: '2026-11-27T15:00:00.000Z' });
    expect([...new URL(calls[0]!.url).searchParams.keys()]).toEqual(['route', 'takenAt']);
  });

  it('types the body image/webp whatever type the blob carried', async () => {
    const { api, calls } = client(201, { data: STORED, message: 'OK', error: null });
    await api.uploadThumbnail(7, new Blob(['RIFF']), {
      route: '/',
      takenAt: '2026-11-27T15:00:00.000Z',
    });
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('image/webp');
  });

  it.each([
    [403, 'forbidden'],
    [413, 'payload_too_large'],
    [415, 'unsupported_media_type'],
    [429, 'too_many_requests'],
  ])('a %i is an ApiError with its status and the server’s message', async (status, code) => {
    const { api } = client(status, { data: null, message: 'Refusé', error: code });
    const error = await api
      .uploadThumbnail(7, picture(), { route: '/', takenAt: '2026-11-27T15:00:00.000Z' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).message).toBe('Refusé');
  });

  it('no answer at all (offline) is a status-0 ApiError', async () => {
    const api = createApiClient(
      { contentBase: 'http://content.test', authBase: 'http://auth.test' },
      () => 'jeton',
      { fetch: () => Promise.reject(new TypeError('Failed to fetch')) },
    );
    const error = await api
      .uploadThumbnail(7, picture(), { route: '/', takenAt: '2026-11-27T15:00:00.000Z' })
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).code).toBe('network');
  });
});
