/**
 * Contract route table: the back-office's calls are typed by the contract's route table, and in
 * development builds an answer that does not match its route's schema, or a path that is not its
 * route's, is a clear error.
 */
import type {
  AdminSession,
  AdminZone,
  KioskStatus,
  MediaItem,
  ResponseOf,
} from '@plant-kiosk/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { api, ApiError, call, callWithMessage } from './client';
import type { UploadHandle } from './media-api';

afterEach(() => {
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

describe('typed calls of the back-office', () => {
  it('take their answer types from the route table', () => {
    expectTypeOf(call<'adminZones'>).returns.resolves.toEqualTypeOf<ResponseOf<'adminZones'>>();
    expectTypeOf<ResponseOf<'adminZones'>>().toEqualTypeOf<AdminZone[]>();
    expectTypeOf(callWithMessage<'adminUpdateZone'>).returns.resolves.toEqualTypeOf<{
      data: AdminZone;
      message: string;
    }>();
    expectTypeOf(api.read<'adminMe'>).returns.resolves.toEqualTypeOf<AdminSession>();
    expectTypeOf(api.read<'adminFleet'>).returns.resolves.toEqualTypeOf<KioskStatus[]>();
    expectTypeOf(call<'adminMedia'>).returns.resolves.toEqualTypeOf<MediaItem[]>();
    expectTypeOf<Awaited<UploadHandle['promise']>['data']>().toEqualTypeOf<MediaItem>();
  });

  it('in development, refuse an answer that does not match its schema, saying where', async () => {
    vi.stubEnv('MODE', 'development');
    mockFetch(() => ({ data: [{ ...zone, version: 0 }] }));
    const error = await call('adminZones', { params: { devid: 1 } }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_response');
    expect((error as ApiError).message).toContain('adminZones');
    expect((error as ApiError).message).toContain('/0/version');
  });

  it('in development, accept a matching answer, and refuse a path of another route', async () => {
    vi.stubEnv('MODE', 'development');
    mockFetch(() => ({ data: [zone] }));
    await expect(call('adminZones', { params: { devid: 1 } })).resolves.toEqual([zone]);
    await expect(api.read('adminZones', '/api/admin/users')).rejects.toThrow(
      /not a path of adminZones/,
    );
  });
});
