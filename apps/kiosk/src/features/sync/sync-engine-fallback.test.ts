/**
 * Power cuts (decision 051): each successful sync that holds the emergency-numbers zone leaves a
 * small copy of it in localStorage, for the card a totem shows while a lost database is rebuilt.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { MemoryCache } from '../../lib/media/testing/memory-cache';
import { EMERGENCY_NUMBERS_ZONE, readEmergencyFallback } from '../emergency-fallback';
import { createSyncEngine } from './sync-engine';
import { useSyncStore } from './sync-store';

let counter = 0;
let devname: string;
let db: KioskDb;

function engineFor(server: FakeContentServer) {
  return createSyncEngine({
    db,
    api: createApiClient(
      { contentBase: server.origin, authBase: server.origin },
      () => server.plant.token,
      { fetch: server.fetch },
    ),
    devid: server.plant.devid,
    devname,
    openMediaCache: new MemoryCache().opener(),
    fetchMedia: server.fetch,
    mediaAttempts: { retryDelayMs: () => 0 },
  });
}

beforeEach(() => {
  devname = `fallback-plant-${++counter}`;
  db = openKioskDb(devname);
  localStorage.clear();
  useSyncStore.getState().reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(devname);
});

describe('sync engine — the copy of the emergency numbers', () => {
  it('is written after a sync that holds the zone, with absolute URLs and text alternatives', async () => {
    const plant = demoPlant({ devname });
    plant.zones.push({
      zoneid: 9,
      zonename: EMERGENCY_NUMBERS_ZONE,
      devid: plant.devid,
      type: 'images',
      checkList: false,
    });
    plant.elements.push({
      elementid: 90,
      zoneid: 9,
      order: 1,
      value: 'media/images/plan-1.svg',
      type: 'image',
      addingdate: plant.elements[0]!.addingdate,
      alt: 'Poste de garde : 2222',
    });
    const server = new FakeContentServer(plant);
    const result = await engineFor(server).sync('first');
    expect(result.ok).toBe(true);
    expect(readEmergencyFallback(devname)).toMatchObject({
      revision: result.contentVersion,
      images: [{ src: `${server.origin}/media/images/plan-1.svg`, alt: 'Poste de garde : 2222' }],
    });
  });

  it('is not written (nor an older one erased) when the content has no such zone', async () => {
    const server = new FakeContentServer(demoPlant({ devname }));
    expect((await engineFor(server).sync('first')).ok).toBe(true);
    expect(readEmergencyFallback(devname)).toBeNull();
  });
});
