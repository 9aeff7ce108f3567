/**
 * A full run (`sync(reason, { full: true })`, « Reconstruire la copie locale », issue 47): no
 * delta, no ETag, the whole snapshot written in one transaction — the previous content readable
 * until the new one is in, and kept when the run fails.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClient } from '../../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { readSyncMeta } from '../../lib/local-db/sync-meta';
import { MemoryCache } from '../../lib/media/testing/memory-cache';
import { createSyncEngine } from './sync-engine';
import { useSyncStore } from './sync-store';

let counter = 0;
let devname: string;
let server: FakeContentServer;
let db: KioskDb;
let cache: MemoryCache;

function api(fetchImpl: typeof fetch = server.fetch): ApiClient {
  return createApiClient(
    { contentBase: server.origin, authBase: server.origin },
    () => server.plant.token,
    { fetch: fetchImpl },
  );
}

function engine(fetchImpl?: typeof fetch) {
  return createSyncEngine({
    db,
    api: api(fetchImpl),
    devid: server.plant.devid,
    devname,
    openMediaCache: cache.opener(),
    fetchMedia: server.fetch,
    mediaAttempts: { retryDelayMs: () => 0 },
  });
}

const recordRequests = () =>
  server.requests.filter((r) => /\/display\/(snapshot|changes)\//.test(r.path));

beforeEach(() => {
  devname = `full-plant-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  cache = new MemoryCache();
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

describe('sync engine — full run', () => {
  it('ignores the held revision and ETag: asks no delta and rewrites every record', async () => {
    const sync = engine();
    await sync.sync('first');
    expect(readSyncMeta(devname).etag).not.toBeNull();
    // A local marker the server does not have: a normal run keeps it (the 304), a full one not.
    await db.zones.update(1, { zonename: 'marqueur local' });
    await sync.sync('normal');
    expect((await db.zones.get(1))?.zonename).toBe('marqueur local');
    server.requests.length = 0;

    const result = await sync.sync('command-rebuild', { full: true });

    expect(result).toMatchObject({ ok: true, source: 'snapshot', recordsChanged: true });
    const asked = recordRequests();
    expect(asked.map((r) => r.path)).toEqual([`/display/snapshot/${server.plant.devid}`]);
    expect(asked[0]!.headers.get('If-None-Match')).toBeNull();
    expect(await db.zones.get(1)).toEqual(server.plant.zones.find((z) => z.zoneid === 1));
    expect(readSyncMeta(devname)).toMatchObject({ etag: server.etag, contentVersion: 1 });

    // The next normal run is back to the cheap path.
    server.requests.length = 0;
    expect(await sync.sync('after')).toMatchObject({ ok: true, recordsChanged: false });
  });

  it('the previous content stays readable while the snapshot comes, and is kept if it fails', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const gatedFetch: typeof fetch = async (input, init) => {
      if (gated && String(input).includes('/snapshot/')) await gate;
      return server.fetch(input, init);
    };
    const sync = engine(gatedFetch);
    await sync.sync('first');
    const before = await db.zones.count();
    expect(before).toBeGreaterThan(0);

    gated = true;
    server.fail(/\/snapshot\//, { kind: 'status', status: 500 }, 1);
    const running = sync.sync('command-rebuild', { full: true });
    await vi.waitFor(() => expect(sync.isRunning()).toBe(true));
    expect(await db.zones.count()).toBe(before);
    release();
    const result = await running;
    expect(result.ok).toBe(false);
    expect(result.error).not.toBeNull();
    expect(await db.zones.count()).toBe(before);
  });

  it('asked during a run, it is the queued run that is full', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let first = false;
    const gatedFetch: typeof fetch = async (input, init) => {
      if (first && /\/(snapshot|changes)\//.test(String(input))) {
        first = false;
        await gate;
      }
      return server.fetch(input, init);
    };
    const sync = engine(gatedFetch);
    await sync.sync('first');
    first = true;
    server.requests.length = 0;
    const normal = sync.sync('normal');
    const full = sync.sync('command-rebuild', { full: true });
    release();
    await normal;
    const result = await full;
    expect(result).toMatchObject({ ok: true, recordsChanged: true, source: 'snapshot' });
    const snapshots = recordRequests().filter((r) => r.path.includes('/snapshot/'));
    expect(snapshots.at(-1)!.headers.get('If-None-Match')).toBeNull();
  });
});
