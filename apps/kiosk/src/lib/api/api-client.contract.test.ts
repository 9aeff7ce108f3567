/**
 * Contract route table: the client's answers are typed by the contract's route table, and in
 * development builds an answer that does not match its route's schema is a clear error.
 */
import type { ResponseOf, Snapshot, Zone } from '@plant-kiosk/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type SnapshotResult } from './api-client';
import { demoPlant, FakeContentServer } from './testing/fake-content-server';

afterEach(() => {
  vi.unstubAllEnvs();
});

function setup(answer?: unknown) {
  const server = new FakeContentServer(demoPlant());
  const fetchImpl: typeof fetch =
    answer === undefined
      ? server.fetch
      : async () =>
          new Response(JSON.stringify({ data: answer, message: 'OK', error: null }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
  return {
    server,
    api: createApiClient({ contentBase: server.origin, authBase: server.origin }, () => 'token-7', {
      fetch: fetchImpl,
    }),
  };
}

describe('API client and the contract', () => {
  it('types each call’s answer from its route’s response schema', () => {
    expectTypeOf<Awaited<ReturnType<ApiClient['zones']>>>().toEqualTypeOf<ResponseOf<'zones'>>();
    expectTypeOf<ResponseOf<'zones'>>().toEqualTypeOf<Zone[]>();
    expectTypeOf<Awaited<ReturnType<ApiClient['heartbeat']>>>().toEqualTypeOf<
      ResponseOf<'heartbeat'>
    >();
    expectTypeOf<Extract<SnapshotResult, { status: 'ok' }>['snapshot']>().toEqualTypeOf<Snapshot>();
  });

  it('in development, refuses an answer that does not match its schema, saying where', async () => {
    vi.stubEnv('MODE', 'development');
    const { api } = setup([{ zoneid: 'three', zonename: 'HSE', devid: 7, type: 'images' }]);
    const error = await api.zones(7).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_response');
    expect((error as ApiError).message).toContain('zones (GET /display/zones/:devid)');
    expect((error as ApiError).message).toContain('/0/zoneid');
  });

  it('in development, lets the fake service’s real-shaped answers through', async () => {
    vi.stubEnv('MODE', 'development');
    const { api, server } = setup();
    expect(await api.zones(7)).toEqual(server.plant.zones);
    const snapshot = await api.snapshot(7);
    expect(snapshot.status).toBe('ok');
  });
});
