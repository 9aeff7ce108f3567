/**
 * The sync engine's delta path (delta sync, decision 016): a kiosk holding revision N asks what
 * changed since N, applies it atomically, checks the counts, and falls back to the snapshot when it
 * must.
 */
import type { AlertTemplate, ContentDelta } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createApiClient, type ApiClient } from '../../lib/api/api-client';
import {
  demoPlant,
  FakeContentServer,
  type FakeFailure,
} from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { readSyncMeta } from '../../lib/local-db/sync-meta';
import { MemoryCache } from '../../lib/media/testing/memory-cache';
import { refreshSubelements, refreshZone } from '../content';
import { createSyncEngine, SYNC_MARKS, type SyncEngineOptions } from './sync-engine';
import { useSyncStore } from './sync-store';

let counter = 0;
let devname: string;
let server: FakeContentServer;
let db: KioskDb;
let cache: MemoryCache;
let errorSpy: MockInstance<typeof console.error>;
let warnSpy: MockInstance<typeof console.warn>;

function api(fetchImpl: typeof fetch = server.fetch): ApiClient {
  return createApiClient(
    { contentBase: server.origin, authBase: server.origin },
    () => server.plant.token,
    { fetch: fetchImpl },
  );
}

function engine(overrides: Partial<SyncEngineOptions> = {}) {
  return createSyncEngine({
    db,
    api: api(),
    devid: server.plant.devid,
    devname,
    openMediaCache: cache.opener(),
    fetchMedia: server.fetch,
    mediaAttempts: { retryDelayMs: () => 0 },
    ...overrides,
  });
}

/** The five stores, sorted, for comparisons with the server's content. */
async function dump() {
  return {
    zones: await db.zones.orderBy('zoneid').toArray(),
    elements: await db.elements.orderBy('elementid').toArray(),
    subelements: (await db.subelements.orderBy('subelementid').toArray()).map(
      ({ fieldlabel: _f, subgroupid: _g, ...sub }) => sub,
    ),
    subgroups: await db.subgroups.orderBy('subgroupid').toArray(),
    alertTemplates: await db.alertTemplates.orderBy('templateid').toArray(),
  };
}

/** The server's current content, in `dump`'s shape. */
function serverContent() {
  const p = server.plant;
  const by = <T>(list: T[], id: (item: T) => number) => [...list].sort((a, b) => id(a) - id(b));
  return {
    zones: by(p.zones, (z) => z.zoneid),
    elements: by(p.elements, (e) => e.elementid),
    subelements: by(p.subelements, (s) => s.subelementid),
    subgroups: by(p.subgroups, (g) => g.subgroupid),
    alertTemplates: by(p.alertTemplates ?? [], (t) => t.templateid),
  };
}

const displayPaths = () => server.paths(/^\/display\//);
const mediaPaths = () => server.paths(/^\/(media|pdf)\//);

const template: AlertTemplate = {
  templateid: 7,
  name: 'Évacuation',
  kind: 'evacuation',
  titleFr: 'Évacuation',
  titleEn: 'Evacuation',
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: 'media/images/rassemblement.svg',
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
};

/** A one-element publish with a new picture, as the back office would make it. */
function publishNewPicture() {
  server.change((p) => {
    p.elements.find((e) => e.elementid === 10)!.value = 'media/images/plan-1-v2.svg';
    p.media['media/images/plan-1-v2.svg'] = { body: '<svg>v2</svg>', contentType: 'image/svg+xml' };
  });
}

beforeEach(() => {
  devname = `delta-plant-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  cache = new MemoryCache();
  useSyncStore.getState().reset();
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(devname);
});

describe('sync engine — delta path', () => {
  it('applies a delta (a put, a delete, an alert template) and fetches no snapshot', async () => {
    const sync = engine();
    await sync.sync('first');
    server.requests.length = 0;
    server.change((p) => {
      p.zones.find((z) => z.zoneid === 3)!.zonename = 'Menu du jour';
      p.subelements = p.subelements.filter((s) => s.subelementid !== 1004);
      p.alertTemplates = [template];
      p.media['media/images/rassemblement.svg'] = { body: '<svg/>', contentType: 'image/svg+xml' };
    });

    const result = await sync.sync('publish');

    expect(result).toMatchObject({
      ok: true,
      source: 'delta',
      recordsChanged: true,
      contentVersion: 2,
      error: null,
    });
    expect(displayPaths()).toEqual([`/display/changes/${server.plant.devid}?since=1`]);
    expect(await dump()).toEqual(serverContent());
    expect(readSyncMeta(devname)).toMatchObject({
      devid: server.plant.devid,
      etag: null,
      contentVersion: 2,
      counts: { zones: 3, elements: 4, subelements: 4, subgroups: 2 },
    });
    expect(useSyncStore.getState()).toMatchObject({ status: 'success', contentVersion: 2 });
    expect(sync.contentVersion()).toBe(2);
    // The template's image was the one new file.
    expect(mediaPaths()).toEqual(['/media/images/rassemblement.svg']);
  });

  it('answers unchanged on the 304, with no media work and no record read back', async () => {
    const sync = engine();
    await sync.sync('first');
    server.requests.length = 0;
    const readBack = vi.spyOn(db.elements, 'toArray');

    const result = await sync.sync('again');

    expect(result).toMatchObject({ ok: true, source: 'delta', recordsChanged: false });
    expect(result.media).toEqual({ referenced: 5, fetched: 0, failed: 0, removed: 0 });
    expect(server.paths()).toEqual([`/display/changes/${server.plant.devid}?since=1`]);
    expect(readBack).not.toHaveBeenCalled();
  });

  it('fetches only the new media after a delta, and keeps the 304 fast path after it', async () => {
    const sync = engine();
    await sync.sync('first');
    server.requests.length = 0;
    publishNewPicture();

    const delta = await sync.sync('publish');

    expect(delta).toMatchObject({ ok: true, source: 'delta' });
    expect(delta.media).toEqual({ referenced: 1, fetched: 1, failed: 0, removed: 0 });
    expect(mediaPaths()).toEqual(['/media/images/plan-1-v2.svg']);
    // The old picture stays until the next full media pass.
    expect(cache.urls()).toContain(`${server.origin}/media/images/plan-1.svg`);
    expect(readSyncMeta(devname)).toMatchObject({ mediaCompleteKey: 'revision:2', mediaCount: 6 });

    server.requests.length = 0;
    const readBack = vi.spyOn(db.elements, 'toArray');
    const after = await sync.sync('again');
    expect(after).toMatchObject({ ok: true, source: 'delta', recordsChanged: false });
    expect(after.media).toMatchObject({ fetched: 0, removed: 0 });
    expect(mediaPaths()).toEqual([]);
    expect(readBack).not.toHaveBeenCalled();
  });

  it('is not media-complete after a delta whose new file failed; the next run fetches it', async () => {
    const sync = engine();
    await sync.sync('first');
    publishNewPicture();
    server.fail('/media/images/plan-1-v2.svg', { kind: 'status', status: 404 }, 1);

    const delta = await sync.sync('publish');
    expect(delta).toMatchObject({
      ok: true,
      mediaComplete: false,
      recordsChanged: true,
      contentVersion: 2,
    });
    expect(delta.error).toBe('1 média(s) sur 1 non téléchargé(s)');
    expect(readSyncMeta(devname)).toMatchObject({ contentVersion: 2, mediaCompleteKey: null });

    server.requests.length = 0;
    const retry = await sync.sync('retry');
    expect(retry).toMatchObject({ ok: true, source: 'delta', recordsChanged: false });
    // The full pass after the 304: the missing file, and the one no longer referenced removed.
    expect(mediaPaths()).toEqual(['/media/images/plan-1-v2.svg']);
    expect(retry.media).toMatchObject({ fetched: 1, removed: 1 });
    expect(readSyncMeta(devname).mediaCompleteKey).toBe('revision:2');
  });

  const halfWay: [string, FakeFailure][] = [
    ['network cut', { kind: 'network' }],
    ['answer cut short (bad JSON)', { kind: 'body', body: '{"data":{"devid":7,"full":false,' }],
    ['server error', { kind: 'status', status: 500 }],
  ];
  it.each(halfWay)(
    '%s: keeps revision N and the records, and the next run retries',
    async (_, failure) => {
      const sync = engine();
      await sync.sync('first');
      const before = await dump();
      publishNewPicture();
      server.fail(/\/display\/changes\//, failure, 1);

      const result = await sync.sync('broken');

      expect(result).toMatchObject({ ok: false, recordsChanged: false, contentVersion: 1 });
      expect(await dump()).toEqual(before);
      expect(readSyncMeta(devname).contentVersion).toBe(1);
      expect(useSyncStore.getState()).toMatchObject({ status: 'error', contentVersion: 1 });
      expect(String(errorSpy.mock.calls.at(-1)?.[0])).toContain('the previous content is kept');
      expect(server.paths(/snapshot/)).toHaveLength(1);

      const retry = await sync.sync('retry');
      expect(retry).toMatchObject({ ok: true, source: 'delta', contentVersion: 2 });
      expect(await dump()).toEqual(serverContent());
    },
  );

  it('a write failing inside the delta transaction writes nothing', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    publishNewPicture();
    vi.spyOn(db.elements, 'bulkPut').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });

    const result = await sync.sync('quota');

    expect(result).toMatchObject({
      ok: false,
      recordsChanged: false,
      error: 'Écriture locale impossible (QuotaExceededError)',
    });
    expect(await dump()).toEqual(before);
    expect(readSyncMeta(devname).contentVersion).toBe(1);
  });

  it('refuses a delta with a bad record or a bad delete, writing nothing', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    publishNewPicture();
    const good = server.changesSince(1) as ContentDelta;
    server.scriptChanges = () => ({ ...good, deletes: { ...good.deletes, zones: [0] } });

    const result = await sync.sync('bad');

    expect(result).toMatchObject({ ok: false, error: 'Données invalides : delta (deletes.zones)' });
    expect(await dump()).toEqual(before);
  });

  it('on a count mismatch, rolls the delta back and fetches the snapshot in the same run', async () => {
    const sync = engine();
    await sync.sync('first');
    // Drift the meta cannot see: zone 3 replaced by a zone the server never had (same counts).
    await db.zones.delete(3);
    await db.zones.put({
      zoneid: 99,
      zonename: 'Fantôme',
      devid: 7,
      type: 'text',
      checkList: false,
    });
    server.requests.length = 0;
    server.change((p) => {
      p.zones = p.zones.filter((z) => z.zoneid !== 3);
      p.elements = p.elements.filter((e) => e.zoneid !== 3);
    });

    const result = await sync.sync('publish');

    expect(result).toMatchObject({ ok: true, source: 'snapshot', recordsChanged: true });
    expect(displayPaths()).toEqual([
      `/display/changes/${server.plant.devid}?since=1`,
      `/display/snapshot/${server.plant.devid}`,
    ]);
    expect(await dump()).toEqual(serverContent());
    const warned = warnSpy.mock.calls.map((call) => String(call[0])).join('\n');
    expect(warned).toContain('expected {"zones":2');
    expect(warned).toContain('found {"zones":3');
  });

  it('a count mismatch leaves nothing of the delta written (the snapshot failing too)', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    publishNewPicture();
    const good = server.changesSince(1) as ContentDelta;
    server.scriptChanges = () => ({ ...good, counts: { ...good.counts, elements: 5 } });
    server.fail(/\/display\/snapshot\//, { kind: 'status', status: 500 });

    const result = await sync.sync('publish');

    expect(result).toMatchObject({ ok: false, recordsChanged: false });
    expect(await dump()).toEqual(before);
    expect(readSyncMeta(devname).contentVersion).toBe(1);
  });

  it('on a server without the route (404), uses the snapshot and does not ask again', async () => {
    const sync = engine();
    await sync.sync('first');
    server.changesSupported = false;
    publishNewPicture();
    server.requests.length = 0;

    const second = await sync.sync('publish');
    expect(second).toMatchObject({ ok: true, source: 'snapshot', contentVersion: 2 });
    expect(displayPaths()).toEqual([
      `/display/changes/${server.plant.devid}?since=1`,
      `/display/snapshot/${server.plant.devid}`,
    ]);

    server.change((p) => {
      p.zones[0]!.zonename = 'Plan v3';
    });
    server.requests.length = 0;
    const third = await sync.sync('publish again');
    expect(third).toMatchObject({ ok: true, source: 'snapshot', contentVersion: 3 });
    expect(displayPaths()).toEqual([`/display/snapshot/${server.plant.devid}`]);
  });

  it('fetches the snapshot when the server answers full: true', async () => {
    const sync = engine();
    await sync.sync('first');
    publishNewPicture();
    server.scriptChanges = () => ({ devid: 7, full: true, reason: 'too-large', to: 2 });
    server.requests.length = 0;

    const result = await sync.sync('publish');

    expect(result).toMatchObject({ ok: true, source: 'snapshot', contentVersion: 2 });
    expect(displayPaths()).toEqual([
      `/display/changes/${server.plant.devid}?since=1`,
      `/display/snapshot/${server.plant.devid}`,
    ]);
    expect(await dump()).toEqual(serverContent());
    // Still asked first next time: "full" is for one run only.
    server.scriptChanges = null;
    server.requests.length = 0;
    await sync.sync('again');
    expect(displayPaths()).toEqual([`/display/changes/${server.plant.devid}?since=2`]);
  });

  it('a kiosk whose local database was cleared gets the snapshot, not a delta', async () => {
    const sync = engine();
    await sync.sync('first');
    await Promise.all([db.zones.clear(), db.elements.clear(), db.subelements.clear()]);
    publishNewPicture();
    server.requests.length = 0;

    const result = await sync.sync('after eviction');

    expect(result).toMatchObject({ ok: true, source: 'snapshot' });
    expect(displayPaths()).toEqual([`/display/snapshot/${server.plant.devid}`]);
    expect(server.requests[0]!.headers.get('If-None-Match')).toBeNull();
    expect(await dump()).toEqual(serverContent());
  });

  it('marks the delta run with source "delta"', async () => {
    const sync = engine();
    await sync.sync('first');
    publishNewPicture();
    await sync.sync('publish');
    const written = performance.getEntriesByName('kiosk:sync:records-written', 'mark');
    expect((written.at(-1) as PerformanceMark).detail).toMatchObject({
      reason: 'publish',
      source: 'delta',
      counts: { zones: 3, elements: 4, subelements: 5, subgroups: 2, alertTemplates: 0 },
      changed: { puts: 1, deletes: 0 },
    });
  });
});

describe('a delta racing a per-item refresh', () => {
  /** A fetch that holds the first request matching `pattern` until `release` is called. */
  function gated(pattern: RegExp) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const seen = new Promise<void>((resolve) => (arrived = resolve));
    let held = false;
    const fetchImpl: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!held && pattern.test(url)) {
        held = true;
        // Answered as the server is now (the old revision), delivered after the gate opens.
        const response = await server.fetch(input, init);
        arrived();
        await gate;
        return response;
      }
      return server.fetch(input, init);
    };
    return { fetchImpl, release, seen };
  }

  it('a refresh that fetched before the delta wrote does not put the old content back', async () => {
    const sync = engine();
    await sync.sync('first');
    // The refresh fetches sub-elements of element 20 at revision 1, and is held there.
    const { fetchImpl, release, seen } = gated(/\/display\/subelements\/20/);
    const refreshing = refreshSubelements(db, api(fetchImpl), 20);
    await seen;
    server.change((p) => {
      p.subelements.find((s) => s.subelementid === 1000)!.value = 'Pompe A v2';
    });
    expect(await sync.sync('publish')).toMatchObject({ ok: true, source: 'delta' });

    release();
    await refreshing;

    expect((await db.subelements.get(1000))?.value).toBe('Pompe A v2');
    expect(await dump()).toEqual(serverContent());
  });

  it('a refresh that wrote before the delta is overwritten by it', async () => {
    const sync = engine();
    await sync.sync('first');
    await refreshZone(db, api(), server.plant.devid, 'Plan du site');
    server.change((p) => {
      p.elements.find((e) => e.elementid === 11)!.value = 'media/images/plan-1.svg';
    });

    expect(await sync.sync('publish')).toMatchObject({ ok: true, source: 'delta' });
    expect((await db.elements.get(11))?.value).toBe('media/images/plan-1.svg');
    expect(await dump()).toEqual(serverContent());
  });

  it('a refresh whose write transaction was queued before the delta lands under it', async () => {
    const sync = engine();
    await sync.sync('first');
    // The refresh's answer (revision 1) arrives first; the publish and the sync race its write.
    const { fetchImpl, release, seen } = gated(/\/display\/zone\//);
    const refreshing = refreshZone(db, api(fetchImpl), server.plant.devid, 'Plan du site');
    await seen;
    server.change((p) => {
      p.zones.find((z) => z.zoneid === 1)!.checkList = true;
    });
    release();
    const syncing = sync.sync('publish');
    await Promise.all([refreshing, syncing]);

    expect((await syncing).ok).toBe(true);
    expect((await db.zones.get(1))?.checkList).toBe(true);
    expect(await dump()).toEqual(serverContent());
  });
});

describe('content first, media after (content-first sync, decision 019)', () => {
  /** Media requests wait for `release`; the records do not. */
  function gatedMedia() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMedia: typeof fetch = async (input, init) => {
      await gate;
      return server.fetch(input, init);
    };
    return { fetchMedia, release };
  }

  it('declares the sync done once the records are written, then reports the media apart', async () => {
    const media = gatedMedia();
    const run = engine({ fetchMedia: media.fetchMedia }).sync('first');

    await vi.waitFor(() => expect(useSyncStore.getState().media?.phase).toBe('downloading'));
    // The content is there and said so; the offline guarantee is not yet.
    expect(useSyncStore.getState()).toMatchObject({
      status: 'success',
      contentVersion: 1,
      media: { phase: 'downloading', cached: 0, total: 5, failed: 0 },
    });
    expect(useSyncStore.getState().lastSuccessAt).not.toBeNull();
    expect(await dump()).toEqual(serverContent());
    expect(performance.getEntriesByName(SYNC_MARKS.recordsWritten)).toHaveLength(1);
    expect(performance.getEntriesByName(SYNC_MARKS.done)).toHaveLength(0);

    media.release();
    expect(await run).toMatchObject({ ok: true, mediaComplete: true, error: null });
    expect(useSyncStore.getState().media).toEqual({
      phase: 'complete',
      cached: 5,
      total: 5,
      failed: 0,
    });
    expect(readSyncMeta(devname).mediaCompleteKey).not.toBeNull();
  });

  it('is never seen done with no media step under way (the browser tests wait on that)', async () => {
    const seen: string[] = [];
    const unsubscribe = useSyncStore.subscribe((state) =>
      seen.push(`${state.status}:${state.media?.phase ?? 'none'}`),
    );
    await engine().sync('first');
    unsubscribe();
    expect(seen).not.toContain('success:none');
    expect(seen.at(-1)).toBe('success:complete');
  });

  it("a newer revision pre-empts the media step: a black-holed file does not hold the next publish's content", async () => {
    const blackHoled: AbortSignal[] = [];
    const fetchMedia: typeof fetch = (input, init) => {
      if (String(input).endsWith('/plan-1-v2.svg') && init?.signal) blackHoled.push(init.signal);
      return server.fetch(input, init);
    };
    const sync = engine({ fetchMedia });
    await sync.sync('first');
    // Revision 2 references a file on a host that never answers.
    publishNewPicture();
    server.fail('/media/images/plan-1-v2.svg', { kind: 'hang' });
    const second = sync.sync('publish 2');
    await vi.waitFor(() => expect(blackHoled).toHaveLength(1));
    expect(useSyncStore.getState()).toMatchObject({ status: 'success', contentVersion: 2 });

    // Revision 3 arrives while the media of revision 2 still wait (no timer advanced: no time-out).
    server.change((p) => {
      p.zones.find((z) => z.zoneid === 3)!.zonename = 'Menu du jour';
    });
    const third = sync.sync('publish 3');
    expect(await second).toMatchObject({
      ok: true,
      contentVersion: 2,
      mediaComplete: false,
      error: null,
    });
    expect(blackHoled[0]!.aborted).toBe(true);
    await vi.waitFor(() => expect(useSyncStore.getState().contentVersion).toBe(3));
    expect((await db.zones.get(3))?.zonename).toBe('Menu du jour');
    expect(useSyncStore.getState()).toMatchObject({ status: 'success', lastError: null });

    // The third run's media step waits on the black hole in turn; stopping the services ends it.
    sync.dispose();
    expect(await third).toMatchObject({ ok: true, contentVersion: 3, mediaComplete: false });
  });

  it('never cuts the records of a run: a trigger during them hands only the media over', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const gatedApi = api(async (input, init) => {
      if (String(input).includes('/display/snapshot/')) await gate;
      return server.fetch(input, init);
    });
    const mediaRequests: string[] = [];
    const sync = engine({
      api: gatedApi,
      fetchMedia: (input, init) => {
        mediaRequests.push(String(input));
        return server.fetch(input, init);
      },
    });
    const first = sync.sync('one');
    const second = sync.sync('two');
    release();

    const one = await first;
    // Written whole, and the media left to the run waiting behind.
    expect(one).toMatchObject({ ok: true, recordsChanged: true, mediaComplete: false });
    expect(one.error).toBeNull();
    expect(mediaRequests).toEqual([]);
    expect(await dump()).toEqual(serverContent());

    expect(await second).toMatchObject({ ok: true, recordsChanged: false, mediaComplete: true });
    expect(mediaRequests).toHaveLength(5);
    expect(cache.urls()).toHaveLength(5);
  });

  it('a stopped kiosk (dispose) during the media step reports a cancelled run, not a failure', async () => {
    const media = gatedMedia();
    const sync = engine({ fetchMedia: media.fetchMedia });
    const run = sync.sync('first');
    await vi.waitFor(() => expect(useSyncStore.getState().media?.phase).toBe('downloading'));
    sync.dispose();
    media.release();
    expect(await run).toMatchObject({ ok: true, mediaComplete: false });
    expect(useSyncStore.getState()).toMatchObject({ status: 'idle', media: null, lastError: null });
  });
});
