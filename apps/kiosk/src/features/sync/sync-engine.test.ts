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
import { createSyncEngine, REAUTH_ERROR, SYNC_MARKS, type SyncEngineOptions } from './sync-engine';
import { useSyncStore, type SyncProgress } from './sync-store';

let counter = 0;
let devname: string;
let server: FakeContentServer;
let db: KioskDb;
let cache: MemoryCache;
let errorSpy: MockInstance<typeof console.error>;

function api(options: { fetch?: typeof fetch; snapshotTimeoutMs?: number } = {}): ApiClient {
  return createApiClient(
    { contentBase: server.origin, authBase: server.origin },
    () => server.plant.token,
    { fetch: options.fetch ?? server.fetch, snapshotTimeoutMs: options.snapshotTimeoutMs },
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
    // Retries without their pauses (their values are media-prefetch.test.ts's business).
    mediaAttempts: { retryDelayMs: () => 0 },
    ...overrides,
  });
}

/** Everything in the four stores, sorted, for before/after comparisons. */
async function dump() {
  return {
    zones: await db.zones.orderBy('zoneid').toArray(),
    elements: await db.elements.orderBy('elementid').toArray(),
    subelements: await db.subelements.orderBy('subelementid').toArray(),
    subgroups: await db.subgroups.orderBy('subgroupid').toArray(),
  };
}

const mediaUrls = () =>
  Object.keys(server.plant.media)
    .map((path) => `${server.origin}/${path}`)
    .sort();

beforeEach(() => {
  devname = `plant-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  cache = new MemoryCache();
  useSyncStore.getState().reset();
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(devname);
});

describe('sync engine — snapshot path', () => {
  // Delta sync: a kiosk asks the delta first; these tests are about the snapshot, i.e. a server
  // without the changes route (the delta path has its own tests in sync-engine-delta.test.ts).
  beforeEach(() => {
    server.changesSupported = false;
  });

  it('fills the four stores and the media cache from one snapshot request', async () => {
    const result = await engine().sync('test');

    expect(result).toMatchObject({
      ok: true,
      source: 'snapshot',
      recordsChanged: true,
      error: null,
    });
    expect(result.media).toEqual({ referenced: 5, fetched: 5, failed: 0, removed: 0 });
    const local = await dump();
    expect(local.zones).toEqual(server.plant.zones);
    expect(local.elements).toEqual(server.plant.elements);
    expect(local.subgroups).toEqual(server.plant.subgroups);
    expect(local.subelements).toHaveLength(5);
    // The spec's index on fieldlabel works because the label is copied to the top level.
    expect(await db.subelements.where('fieldlabel').equals('titre').primaryKeys()).toEqual([
      1000, 1002,
    ]);
    expect(cache.urls()).toEqual(mediaUrls());
    expect(await cache.text(`${server.origin}/pdf/menu.pdf`)).toBe('%PDF-1.7');
    expect(server.paths(/^\/display\//)).toEqual([`/display/snapshot/${server.plant.devid}`]);

    const state = useSyncStore.getState();
    expect(state.status).toBe('success');
    expect(state.contentVersion).toBe(1);
    expect(state.lastSuccessAt).not.toBeNull();
    expect(readSyncMeta(devname)).toMatchObject({ etag: server.etag, contentVersion: 1 });
  });

  it('keeps the alert templates of the snapshot, with their images among the media (emergency alerts, decision 012)', async () => {
    const template = {
      templateid: 7,
      name: 'Évacuation',
      kind: 'evacuation',
      titleFr: 'Évacuation',
      titleEn: 'Evacuation',
      instructionsFr: 'Sortez.',
      instructionsEn: 'Get out.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: `/${Object.keys(server.plant.media)[0]!}`,
      endTextFr: null,
      endTextEn: null,
      maxDurationMinutes: 120,
    } as const;
    server.plant.alertTemplates = [template];
    const result = await engine().sync('test');
    expect(result.ok).toBe(true);
    expect(await db.alertTemplates.toArray()).toEqual([template]);
    expect(result.media.referenced).toBe(5);
    expect(cache.urls()).toEqual(mediaUrls());

    // A crawl (no snapshot) or an older server's snapshot leaves them as they are.
    server.plant.alertTemplates = undefined;
    server.plant.version++;
    server.plant.zones = [...server.plant.zones];
    await engine().sync('again');
    expect(await db.alertTemplates.count()).toBe(1);
  });

  it('sends the ETag and, on 304, leaves the records alone and downloads nothing', async () => {
    const sync = engine();
    await sync.sync('first');
    // A local marker the server does not have: it survives only if the records are not rewritten.
    await db.zones.update(1, { zonename: 'marqueur local' });
    server.requests.length = 0;

    const result = await sync.sync('second');

    expect(result).toMatchObject({ ok: true, recordsChanged: false, source: 'snapshot' });
    // The 404 of the delta (asked once, then remembered) aside: one conditional snapshot request.
    const asked = server.requests.filter((r) => !r.path.startsWith('/display/changes/'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.get('If-None-Match')).toBe(server.etag);
    expect((await db.zones.get(1))?.zonename).toBe('marqueur local');
    expect(useSyncStore.getState().status).toBe('success');
  });

  it('after a 304 still downloads the media that failed last time, and only those', async () => {
    // A 404 is not retried within the run.
    server.fail('/media/videos/pompe-b.mp4', { kind: 'status', status: 404 }, 1);
    const sync = engine();

    const first = await sync.sync('first');
    // The content is there (the sync is done); the offline guarantee is not.
    expect(first).toMatchObject({ ok: true, mediaComplete: false, recordsChanged: true });
    expect(first.error).toBe('1 média(s) sur 5 non téléchargé(s)');
    expect(await db.zones.count()).toBe(3);
    expect(useSyncStore.getState()).toMatchObject({
      status: 'success',
      media: { phase: 'incomplete', cached: 4, total: 5, failed: 1 },
      lastError: '1 média(s) sur 5 non téléchargé(s)',
    });
    server.requests.length = 0;

    const second = await sync.sync('retry');
    expect(second).toMatchObject({ ok: true, mediaComplete: true, recordsChanged: false });
    expect(useSyncStore.getState().media).toEqual({
      phase: 'complete',
      cached: 5,
      total: 5,
      failed: 0,
    });
    expect(server.paths().filter((path) => !path.startsWith('/display/changes/'))).toEqual([
      `/display/snapshot/${server.plant.devid}`,
      '/media/videos/pompe-b.mp4',
    ]);
    expect(cache.urls()).toEqual(mediaUrls());
  });

  it('holds a revision only once its content and every media file are in, and no run is going', async () => {
    server.fail('/media/videos/pompe-b.mp4', { kind: 'status', status: 404 }, 1);
    const sync = engine();
    const revision = server.plant.version;
    // Before any run of this process: there is something to do.
    expect(sync.holds(revision)).toBe(false);

    const running = sync.sync('first');
    expect(sync.holds(revision)).toBe(false);
    await running;
    // The content is in, a media file is missing: a message for this revision must sync again.
    expect(sync.contentVersion()).toBe(revision);
    expect(sync.holds(revision)).toBe(false);

    await sync.sync('retry');
    expect(sync.holds(revision)).toBe(true);
    expect(sync.holds(revision + 1)).toBe(false);
  });

  it('on a 304 after a complete sync, does not read the records back', async () => {
    const sync = engine();
    await sync.sync('first');
    const readBack = vi.spyOn(db.elements, 'toArray');

    const result = await sync.sync('second');

    expect(result).toMatchObject({ ok: true, recordsChanged: false });
    expect(result.media).toEqual({ referenced: 5, fetched: 0, failed: 0, removed: 0 });
    expect(readBack).not.toHaveBeenCalled();
  });

  it('on a 304, fetches again a media file evicted from the cache', async () => {
    const sync = engine();
    await sync.sync('first');
    await cache.delete(`${server.origin}/pdf/menu.pdf`);
    server.requests.length = 0;

    const result = await sync.sync('second');

    expect(result).toMatchObject({ ok: true, recordsChanged: false });
    expect(server.paths().filter((path) => !path.startsWith('/display/changes/'))).toEqual([
      `/display/snapshot/${server.plant.devid}`,
      '/pdf/menu.pdf',
    ]);
    expect(cache.urls()).toEqual(mediaUrls());
  });

  it('does not trust the ETag when the local database was emptied behind its back', async () => {
    const sync = engine();
    await sync.sync('first');
    await db.zones.clear();

    const result = await sync.sync('second');

    expect(result.recordsChanged).toBe(true);
    expect(
      server.requests.filter((r) => r.path.includes('snapshot'))[1]!.headers.get('If-None-Match'),
    ).toBeNull();
    expect(await db.zones.count()).toBe(3);
  });

  it('replaces changed content and removes media no longer referenced', async () => {
    const sync = engine();
    await sync.sync('first');
    server.change((p) => {
      p.zones = p.zones.filter((z) => z.zoneid !== 3);
      p.elements = p.elements.filter((e) => e.zoneid !== 3);
      p.elements[0]!.value = 'media/images/plan-1-v2.svg';
      p.media['media/images/plan-1-v2.svg'] = {
        body: '<svg>v2</svg>',
        contentType: 'image/svg+xml',
      };
    });

    const result = await sync.sync('publish');

    expect(result).toMatchObject({ ok: true, contentVersion: 2 });
    expect(result.media).toMatchObject({ fetched: 1, removed: 2 });
    expect(await db.zones.get(3)).toBeUndefined();
    expect(await db.elements.where('zoneid').equals(3).count()).toBe(0);
    expect(cache.urls()).not.toContain(`${server.origin}/pdf/menu.pdf`);
    expect(cache.urls()).not.toContain(`${server.origin}/media/images/plan-1.svg`);
    expect(cache.urls()).toContain(`${server.origin}/media/images/plan-1-v2.svg`);
  });

  it('reports progress for the records, then the media downloads, paced, their last count included', async () => {
    const steps: SyncProgress[] = [];
    await engine({ onProgress: (p) => steps.push(p) }).sync('test');

    const records = steps.filter((s) => s.phase === 'records');
    const media = steps.filter((s) => s.phase === 'media');
    expect(records.at(-1)).toEqual({ phase: 'records', done: 1, total: 1 });
    // A few reports a second, not one per file (report-pacer.ts): the first and the last always.
    const done = media.map((s) => s.done);
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(5);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(media.every((s) => s.total === 5)).toBe(true);
    expect(steps.indexOf(records.at(-1)!)).toBeLessThan(steps.indexOf(media[0]!));
  });

  it('refuses media answered with an HTML page or a non-200 status, and counts quota failures', async () => {
    server.plant.media['media/images/plan-1.svg'] = {
      body: '<html></html>',
      contentType: 'text/html',
    };
    server.plant.media['media/images/plan-2.svg'] = {
      body: 'partial',
      contentType: 'image/svg+xml',
      status: 206,
    };
    cache.failPuts.add(`${server.origin}/pdf/menu.pdf`);

    const result = await engine().sync('test');

    expect(result.media).toMatchObject({ referenced: 5, fetched: 2, failed: 3 });
    expect(result.error).toBe('3 média(s) sur 5 non téléchargé(s)');
    expect(cache.urls()).toEqual([
      `${server.origin}/media/images/pompe-a.svg`,
      `${server.origin}/media/videos/pompe-b.mp4`,
    ]);
    expect(await db.elements.count()).toBe(4);
  });

  it('asks for persistent storage once per engine', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    try {
      const sync = engine();
      await sync.sync('a');
      await sync.sync('b');
      expect(persist).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });
});

describe('sync engine — fallback crawl', () => {
  beforeEach(() => {
    server.snapshotSupported = false;
  });

  it('fetches zones, elements, sub-elements and sub-groups with the spec calls', async () => {
    // A value of an expired sub-group: the server no longer lists the sub-group; neither do we.
    server.plant.subelements.push({
      subelementid: 1099,
      elementid: 20,
      order: 9,
      value: 'périmé',
      type: 'text',
      subgroupinfo: { subgroupid: 999, fieldlabel: 'titre' },
    });
    const sync = engine();

    const result = await sync.sync('test');

    expect(result).toMatchObject({ ok: true, source: 'crawl', contentVersion: null });
    const devid = server.plant.devid;
    expect(server.paths(/^\/display\//).sort()).toEqual(
      [
        `/display/snapshot/${devid}`,
        `/display/zones/${devid}`,
        '/display/elements/1',
        '/display/elements/2',
        '/display/elements/3',
        ...[10, 11, 20, 30].flatMap((id) => [
          `/display/subelements/${id}`,
          `/display/${id}/subgroups`,
        ]),
      ].sort(),
    );
    const local = await dump();
    expect(local.zones).toEqual(server.plant.zones);
    expect(local.elements).toEqual(server.plant.elements);
    expect(local.subgroups).toEqual(server.plant.subgroups);
    expect(local.subelements.map((s) => s.subelementid)).toEqual([1000, 1001, 1002, 1003, 1004]);
    expect(cache.urls()).toEqual(mediaUrls());

    // The server has no snapshot: not asked again for the rest of the session.
    server.requests.length = 0;
    await sync.sync('again');
    expect(server.paths(/snapshot/)).toEqual([]);
  });

  it('keeps at most 6 requests in flight', async () => {
    for (let i = 0; i < 40; i++) {
      server.plant.elements.push({
        elementid: 500 + i,
        zoneid: 1,
        order: 10 + i,
        value: `texte ${i}`,
        type: 'text',
        addingdate: '2026-01-10T08:00:00.000Z',
      });
    }
    let inFlight = 0;
    let peak = 0;
    const slowFetch: typeof fetch = async (input, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return await server.fetch(input, init);
      } finally {
        inFlight--;
      }
    };

    const result = await engine({ api: api({ fetch: slowFetch }) }).sync('test');

    expect(result.ok).toBe(true);
    expect(await db.elements.count()).toBe(44);
    expect(peak).toBe(6);
  });
});

describe('sync engine — a failed sync keeps the previous content', () => {
  const scenarios: [string, (s: FakeContentServer) => void, string][] = [
    [
      'network cut mid-crawl',
      (s) => {
        s.changesSupported = false;
        s.snapshotSupported = false;
        s.fail('/display/subelements/20', { kind: 'network' });
      },
      'Serveur injoignable',
    ],
    [
      'server error on the snapshot',
      (s) => {
        s.changesSupported = false;
        s.fail(/\/display\/snapshot\//, {
          kind: 'status',
          status: 500,
          message: 'Base indisponible',
        });
      },
      'Erreur du serveur (HTTP 500 : Base indisponible)',
    ],
    [
      'server error mid-crawl',
      (s) => {
        s.changesSupported = false;
        s.snapshotSupported = false;
        s.fail('/display/elements/2', { kind: 'status', status: 503 } satisfies FakeFailure);
      },
      'Erreur du serveur (HTTP 503 : Erreur 503)',
    ],
    [
      'snapshot body cut short (malformed JSON)',
      (s) => {
        s.changesSupported = false;
        s.fail(/\/display\/snapshot\//, { kind: 'body', body: '{"data":{"zones":[' });
      },
      'Réponse du serveur invalide',
    ],
    [
      'a bad record',
      (s) =>
        s.plant.elements.push({
          elementid: 'x',
          zoneid: 1,
        } as unknown as (typeof s.plant.elements)[number]),
      'Données invalides (1 enregistrement(s))',
    ],
  ];

  it.each(scenarios)('%s', async (_name, breakServer, message) => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    const metaBefore = readSyncMeta(devname);
    server.change((p) => {
      p.zones[0]!.zonename = 'Nouveau plan';
    });
    breakServer(server);

    const result = await sync.sync('broken');

    expect(result).toMatchObject({ ok: false, recordsChanged: false, error: message });
    expect(await dump()).toEqual(before);
    expect(readSyncMeta(devname).etag).toBe(metaBefore.etag);
    expect(useSyncStore.getState()).toMatchObject({ status: 'error', lastError: message });
    expect(errorSpy).toHaveBeenCalled();

    // Once the server is healthy again, the next sync brings the new content.
    server.clearFailures();
    server.snapshotSupported = true;
    server.plant.elements = server.plant.elements.filter((e) => typeof e.elementid === 'number');
    const healed = await sync.sync('healed');
    expect(healed.ok).toBe(true);
    expect((await db.zones.get(1))?.zonename).toBe('Nouveau plan');
  });

  it('a refused token (revoked) keeps the content and says the totem must be re-authorised', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    server.change((p) => {
      p.zones[0]!.zonename = 'Nouveau plan';
    });
    // Refused on every call: the delta (asked first since delta sync) as well as the snapshot.
    server.fail(/\/display\/(snapshot|changes)\//, {
      kind: 'status',
      status: 401,
      message: 'Token revoked: log in again',
    });

    const result = await sync.sync('revoked');

    expect(result).toMatchObject({ ok: false, recordsChanged: false, error: REAUTH_ERROR });
    expect(await dump()).toEqual(before);
    expect(useSyncStore.getState()).toMatchObject({ status: 'error', needsReauth: true });

    // Logged in again: the next sync goes through and the notice goes away.
    server.clearFailures();
    expect((await sync.sync('after login')).ok).toBe(true);
    expect(useSyncStore.getState()).toMatchObject({ status: 'success', needsReauth: false });
  });

  it('logs each bad record and writes nothing', async () => {
    server.plant.elements.push({
      elementid: 0,
      zoneid: 1,
    } as unknown as (typeof server.plant.elements)[number]);
    server.plant.subgroups.push({
      subgroupid: 5,
    } as unknown as (typeof server.plant.subgroups)[number]);

    const result = await engine().sync('test');

    expect(result.error).toBe('Données invalides (2 enregistrement(s))');
    expect(await db.zones.count()).toBe(0);
    expect(cache.urls()).toEqual([]);
    const logged = errorSpy.mock.calls.map((call) => String(call[0]));
    expect(logged).toContain('[sync] invalid record elements[4] (elementid)');
    expect(logged).toContain('[sync] invalid record subgroups[2] (elementid)');
  });

  it('rolls the whole transaction back when a write fails inside it', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    server.change((p) => {
      p.zones[0]!.zonename = 'Nouveau plan';
      p.elements[0]!.value = 'media/images/autre.svg';
    });
    // The zones, elements and sub-elements are already cleared and rewritten when this throws.
    vi.spyOn(db.subgroups, 'bulkPut').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });

    const result = await sync.sync('quota');

    expect(result).toMatchObject({
      ok: false,
      recordsChanged: false,
      error: 'Écriture locale impossible (QuotaExceededError)',
    });
    expect(await dump()).toEqual(before);
    expect(cache.urls()).toEqual(mediaUrls());
  });

  it('gives up on a snapshot that never arrives (timeout) and keeps the content', async () => {
    const sync = engine({ api: api({ snapshotTimeoutMs: 20 }) });
    await sync.sync('first');
    const before = await dump();
    server.change(() => undefined);
    // The delta (asked first since delta sync) has the snapshot's timeout.
    server.fail(/\/display\/changes\//, { kind: 'hang' });

    const result = await sync.sync('slow');

    expect(result).toMatchObject({ ok: false, error: 'Serveur injoignable' });
    expect(await dump()).toEqual(before);
  });

  it('stops a running sync on dispose without touching the content', async () => {
    const sync = engine();
    await sync.sync('first');
    const before = await dump();
    server.change(() => undefined);
    // The second run asks the delta first (delta sync, decision 016): that is the request left
    // hanging.
    server.fail(/\/display\/changes\//, { kind: 'hang' });

    const running = sync.sync('hanging');
    await vi.waitFor(() => expect(server.paths(/changes/)).toHaveLength(1));
    sync.dispose();
    const result = await running;

    expect(result).toMatchObject({ ok: false, error: 'Synchronisation annulée' });
    expect(await dump()).toEqual(before);
    // Stopping on purpose is not a failure to show in red.
    expect(useSyncStore.getState().status).toBe('idle');
    expect((await sync.sync('after dispose')).ok).toBe(false);
  });

  it('refuses a snapshot of another development', async () => {
    const foreign = {
      data: {
        devid: 99,
        version: 1,
        generatedAt: '2026-01-10T08:00:00.000Z',
        zones: [],
        elements: [],
        subelements: [],
        subgroups: [],
      },
      message: 'OK',
      error: null,
    };
    server.fail(/\/display\/snapshot\//, { kind: 'body', body: JSON.stringify(foreign) });

    const result = await engine().sync('test');

    expect(result).toMatchObject({ ok: false, error: 'Données invalides : autre développement' });
    expect(await db.zones.count()).toBe(0);
  });
});

describe('sync engine — single flight', () => {
  it('runs one sync at a time and coalesces triggers during a run into one more run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let peak = 0;
    const gatedFetch: typeof fetch = async (input, init) => {
      const isSnapshot = String(input).includes('/snapshot/');
      if (isSnapshot) {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await gate;
      }
      try {
        return await server.fetch(input, init);
      } finally {
        if (isSnapshot) inFlight--;
      }
    };
    const sync = engine({ api: api({ fetch: gatedFetch }) });

    const first = sync.sync('one');
    const others = [sync.sync('two'), sync.sync('three'), sync.sync('four')];
    expect(sync.isRunning()).toBe(true);
    release();
    const [firstResult, ...otherResults] = await Promise.all([first, ...others]);

    expect(firstResult.reason).toBe('one');
    expect(firstResult.recordsChanged).toBe(true);
    // One queued run for all three triggers; it finds the content unchanged (the delta's 304).
    expect(otherResults.map((r) => r.reason)).toEqual(['two', 'two', 'two']);
    expect(otherResults[0]).toBe(otherResults[1]);
    expect(otherResults[0]!.recordsChanged).toBe(false);
    expect(server.paths(/\/display\/(snapshot|changes)\//)).toHaveLength(2);
    expect(peak).toBe(1);
    expect(sync.isRunning()).toBe(false);
  });

  it('a trigger after a run has finished starts a new run', async () => {
    const sync = engine();
    await sync.sync('one');
    await sync.sync('two');
    // The second run asks the delta (delta sync, decision 016) rather than the snapshot.
    expect(server.paths(/\/display\/(snapshot|changes)\//)).toHaveLength(2);
  });
});

describe('sync engine — performance marks', () => {
  const named = (name: string) => performance.getEntriesByName(name, 'mark') as PerformanceMark[];
  const marks = () => ({
    start: named(SYNC_MARKS.start),
    recordsFetched: named(SYNC_MARKS.recordsFetched),
    recordsWritten: named(SYNC_MARKS.recordsWritten),
    done: named(SYNC_MARKS.done),
  });

  it("marks each phase of a run with its reason and source, keeping only the latest run's", async () => {
    const sync = engine();
    await sync.sync('first');

    const first = marks();
    expect(Object.values(first).map((list) => list.length)).toEqual([1, 1, 1, 1]);
    const times = [first.start, first.recordsFetched, first.recordsWritten, first.done].map(
      (list) => list[0]!.startTime,
    );
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(first.start[0]!.detail).toEqual({ reason: 'first' });
    expect(first.recordsWritten[0]!.detail).toMatchObject({
      reason: 'first',
      source: 'snapshot',
      counts: { zones: 3, elements: 4 },
    });
    expect(first.done[0]!.detail).toMatchObject({ reason: 'first', ok: true, error: null });

    // The second run finds the content unchanged (304): nothing written, so no such mark.
    await sync.sync('second');
    const second = marks();
    expect(second.start.map((mark) => mark.detail)).toEqual([{ reason: 'second' }]);
    expect(second.recordsFetched[0]!.detail).toMatchObject({ unchanged: true });
    expect(second.recordsWritten).toEqual([]);
    expect(second.done[0]!.detail).toMatchObject({ reason: 'second', recordsChanged: false });
  });

  it('marks a failed run as done with its error', async () => {
    server.fail(`/display/snapshot/${server.plant.devid}`, { kind: 'status', status: 500 });

    await engine().sync('broken');

    const { recordsWritten, done } = marks();
    expect(recordsWritten).toEqual([]);
    expect(done[0]!.detail).toMatchObject({ reason: 'broken', ok: false });
    expect((done[0]!.detail as { error: string }).error).toContain('HTTP 500');
  });
});
