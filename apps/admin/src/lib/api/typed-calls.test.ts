/**
 * Contract route table: the back-office's calls are typed by the contract's route table, their
 * path comes from the route they name (decision 031), and in development builds an answer that
 * does not match its route's schema is a clear error.
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
import { ApiError, call, callWithMessage } from './client';
import type { MediaUploadHandle } from './media-api';

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
    expectTypeOf(call<'adminMe'>).returns.resolves.toEqualTypeOf<AdminSession>();
    expectTypeOf(call<'adminFleet'>).returns.resolves.toEqualTypeOf<KioskStatus[]>();
    expectTypeOf(call<'adminMedia'>).returns.resolves.toEqualTypeOf<MediaItem[]>();
    expectTypeOf<Awaited<MediaUploadHandle['promise']>['data']>().toEqualTypeOf<MediaItem>();
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

  it('in development, accept a matching answer, sent to the path of the route it names', async () => {
    vi.stubEnv('MODE', 'development');
    const calls = mockFetch(() => ({ data: [zone] }));
    await expect(call('adminZones', { params: { devid: 1 } })).resolves.toEqual([zone]);
    // A path of another route can no longer be written: the path comes from the route's name.
    expect(calls.map((request) => request.url)).toEqual(['/api/admin/developments/1/zones']);
  });
});
