import { ADMIN_CSRF_HEADER, type AdminZone, type CreateZoneRequest } from '@plant-kiosk/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import {
  api,
  ApiError,
  call,
  callWithMessage,
  setCsrfToken,
  setUnauthorizedHandler,
} from './client';

afterEach(() => {
  setCsrfToken(null);
  setUnauthorizedHandler(null);
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

const zone: AdminZone = {
  zoneid: 3,
  zonename: 'HSE',
  devid: 1,
  type: 'images',
  checkList: false,
  version: 2,
};
const body: CreateZoneRequest = { zonename: 'HSE', type: 'images', checkList: false };

describe('api client', () => {
  it('sends the CSRF token on every state-changing call, not on reads', async () => {
    const calls = mockFetch(() => ({ data: {} }));
    setCsrfToken('csrf-123');
    await api.get('/api/admin/me');
    await api.post('/api/admin/developments/1/publish', { type: 'sync' });
    await api.patch('/api/admin/elements/3', { expectedVersion: 1, value: 'x' });
    await api.put('/api/admin/zones/2/elements/order', { ids: [1] });
    await api.delete('/api/admin/elements/3?expectedVersion=2');
    expect(calls[0]!.headers[ADMIN_CSRF_HEADER]).toBeUndefined();
    for (const call of calls.slice(1)) expect(call.headers[ADMIN_CSRF_HEADER]).toBe('csrf-123');
  });

  it('turns a 409 into an ApiError carrying the current item', async () => {
    mockFetch(() => ({ status: 409, message: 'Modifié entre-temps.', data: { version: 4 } }));
    const error = await api.patch('/api/admin/zones/1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isConflict).toBe(true);
    expect((error as ApiError).data).toEqual({ version: 4 });
    expect((error as ApiError).message).toBe('Modifié entre-temps.');
  });

  it('calls the unauthorized handler on a 401 (session over)', async () => {
    mockFetch(() => ({ status: 401, message: 'Votre session a expiré : reconnectez-vous.' }));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await api.get('/api/admin/developments').catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});

describe('call: the typed client of the route table (decision 031)', () => {
  it('fills the path and method from the table and answers the envelope’s data', async () => {
    const calls = mockFetch(() => ({ status: 201, data: zone, message: 'Zone « HSE » créée.' }));
    setCsrfToken('csrf-123');
    await expect(call('adminCreateZone', { params: { devid: 1 }, body })).resolves.toEqual(zone);
    await expect(
      callWithMessage('adminCreateZone', { params: { devid: 1 }, body }),
    ).resolves.toEqual({ data: zone, message: 'Zone « HSE » créée.' });
    await call('adminDeleteZone', { params: { zoneid: 3 }, query: { expectedVersion: 2 } });
    await call('adminZones', { params: { devid: 1 } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/admin/developments/1/zones',
      'POST /api/admin/developments/1/zones',
      'DELETE /api/admin/zones/3?expectedVersion=2',
      'GET /api/admin/developments/1/zones',
    ]);
    expect(calls[0]!.body).toEqual(body);
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[2]!.body).toBeUndefined();
    expect(calls[2]!.headers['content-type']).toBeUndefined();
    for (const write of calls.slice(0, 3))
      expect(write.headers[ADMIN_CSRF_HEADER]).toBe('csrf-123');
    expect(calls[3]!.headers[ADMIN_CSRF_HEADER]).toBeUndefined();
  });

  it('turns a refusal into an ApiError with its status, code and French message', async () => {
    mockFetch(() => ({ status: 409, message: 'Ce nom est déjà pris.', error: 'conflict' }));
    const error = await call('adminCreateZone', { params: { devid: 1 }, body }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Ce nom est déjà pris.',
    });
    if (error instanceof ApiError) expectTypeOf(error.code).toEqualTypeOf<ApiError['code']>();
  });

  it('says the server is not reached (code network), and goes back to login on a 401', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('adminUsers')).rejects.toMatchObject({ status: 0, code: 'network' });
    mockFetch(() => ({
      status: 401,
      message: 'Votre session a expiré : reconnectez-vous.',
      error: 'unauthorized',
    }));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(call('adminUsers')).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps only the contract’s error codes', async () => {
    mockFetch(() => ({ status: 400, message: 'Refusé.', error: 'something_else' }));
    await expect(call('adminUsers')).rejects.toMatchObject({ status: 400, code: null });
  });

  it('in development, refuses an answer that does not match its route’s schema', async () => {
    vi.stubEnv('MODE', 'development');
    mockFetch(() => ({ data: [{ ...zone, version: 0 }] }));
    await expect(call('adminZones', { params: { devid: 1 } })).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('/0/version') as string,
    });
  });

  it('types its arguments and answer from the route (a wrong call does not compile)', () => {
    expectTypeOf(call<'adminCreateZone'>).returns.resolves.toEqualTypeOf<AdminZone>();
    expectTypeOf(callWithMessage<'adminZones'>).returns.resolves.toEqualTypeOf<{
      data: AdminZone[];
      message: string;
    }>();
    const refused = () => {
      // @ts-expect-error the path parameter devid is missing
      void call('adminCreateZone', { params: {}, body });
      // @ts-expect-error a wrong body
      void call('adminCreateZone', { params: { devid: 1 }, body: { zonename: 'HSE' } });
      // @ts-expect-error an option the client does not know
      void call('adminUsers', {}, { retries: 3 });
    };
    expect(refused).toBeTypeOf('function');
  });
});
