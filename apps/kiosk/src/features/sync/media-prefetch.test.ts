import type { AlertTemplate } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { demoPlant, FakeContentServer } from '../../lib/api/testing/fake-content-server';
import { closeKioskDb, openKioskDb, toStoredSubelement } from '../../lib/local-db/kiosk-db';
import { MemoryCache } from '../../lib/media/testing/memory-cache';
import {
  defaultFetchMedia,
  MEDIA_RETRIES,
  MEDIA_TIMEOUT_MS,
  MEDIA_WATCHED_BODY_BYTES,
  mediaCacheHolds,
  mediaRetryDelayMs,
  prefetchMedia,
  storedMediaItems,
  templateMedia,
  type MediaFiles,
  type MediaItem,
  type PrefetchMediaOptions,
} from './media-prefetch';
import type { SyncProgress } from './sync-store';

let server: FakeContentServer;
let cache: MemoryCache;
let errorSpy: MockInstance<typeof console.error>;
let warnSpy: MockInstance<typeof console.warn>;

const url = (path: string) => `${server.origin}/${path}`;
const allUrls = () => Object.keys(server.plant.media).map(url).sort();
const items = (): MediaItem[] => [...server.plant.elements, ...server.plant.subelements];
const fetchedPaths = () => server.paths().sort();

function options(overrides: Partial<PrefetchMediaOptions> = {}): PrefetchMediaOptions {
  return {
    contentBase: server.origin,
    openMediaCache: cache.opener(),
    fetchMedia: server.fetch,
    signal: new AbortController().signal,
    // Retries without their pauses, but in the test of the pauses.
    retryDelayMs: () => 0,
    ...overrides,
  };
}

beforeEach(() => {
  server = new FakeContentServer(demoPlant());
  cache = new MemoryCache();
  errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('prefetchMedia', () => {
  it('caches every referenced media file, reporting progress per file', async () => {
    const steps: SyncProgress[] = [];
    const figures = await prefetchMedia(items(), options({ onProgress: (p) => steps.push(p) }));

    expect(figures).toEqual({ referenced: 5, fetched: 5, failed: 0, removed: 0 });
    expect(cache.urls()).toEqual(allUrls());
    expect(await cache.text(url('pdf/menu.pdf'))).toBe('%PDF-1.7');
    expect(steps.map((s) => s.done)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(steps.every((s) => s.phase === 'media' && s.total === 5)).toBe(true);
  });

  it('fetches only the missing files and deletes those no longer referenced', async () => {
    await cache.put(url('pdf/menu.pdf'), new Response('%PDF-old'));
    await cache.put(url('media/images/plan-1.svg'), new Response('<svg>old</svg>'));
    await cache.put(url('media/images/retired.svg'), new Response('<svg>gone</svg>'));

    const figures = await prefetchMedia(items(), options());

    expect(figures).toEqual({ referenced: 5, fetched: 3, failed: 0, removed: 1 });
    expect(fetchedPaths()).toEqual([
      '/media/images/plan-2.svg',
      '/media/images/pompe-a.svg',
      '/media/videos/pompe-b.mp4',
    ]);
    // Cached files are kept as they are, not fetched again.
    expect(await cache.text(url('pdf/menu.pdf'))).toBe('%PDF-old');
    expect(cache.urls()).toEqual(allUrls());
  });

  it('does nothing more when every file is cached', async () => {
    for (const media of allUrls()) await cache.put(media, new Response('x'));
    const steps: SyncProgress[] = [];
    const figures = await prefetchMedia(items(), options({ onProgress: (p) => steps.push(p) }));
    expect(figures).toEqual({ referenced: 5, fetched: 0, failed: 0, removed: 0 });
    expect(server.requests).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('refuses an HTML fallback page and a non-200 answer; the other files still come', async () => {
    server.plant.media['media/images/plan-1.svg'] = {
      body: '<html></html>',
      contentType: 'text/html; charset=utf-8',
    };
    server.plant.media['media/images/plan-2.svg'] = {
      body: 'partial',
      contentType: 'image/svg+xml',
      status: 206,
    };
    server.fail('/media/videos/pompe-b.mp4', { kind: 'network' });

    const figures = await prefetchMedia(items(), options({ concurrency: 1 }));

    expect(figures).toEqual({ referenced: 5, fetched: 2, failed: 3, removed: 0 });
    expect(cache.urls()).toEqual([url('media/images/pompe-a.svg'), url('pdf/menu.pdf')]);
    const logged = errorSpy.mock.calls.map((call) => String(call[0]));
    expect(logged).toContain(`[sync] media download failed: ${url('media/images/plan-1.svg')}`);
    expect(logged).toContain(`[sync] media download failed: ${url('media/images/plan-2.svg')}`);
  });

  it('counts a file the cache refuses (quota) as failed', async () => {
    cache.failPuts.add(url('pdf/menu.pdf'));
    const figures = await prefetchMedia(items(), options());
    expect(figures).toMatchObject({ fetched: 4, failed: 1 });
  });

  it('reports what the cache holds of what it should hold, file by file', async () => {
    await prefetchMedia(items(), options());
    cache.entries.delete(url('pdf/menu.pdf'));
    server.fail('/pdf/menu.pdf', { kind: 'status', status: 404 });
    const reports: MediaFiles[] = [];
    await prefetchMedia(items(), options({ onFiles: (files) => reports.push(files) }));
    expect(reports).toEqual([
      { cached: 4, total: 5, failed: 0 },
      { cached: 4, total: 5, failed: 1 },
    ]);
  });

  it(`gives up on a download stalled for ${MEDIA_TIMEOUT_MS} ms, and only on that one`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stalled = url('media/videos/pompe-b.mp4');
    server.fail('/media/videos/pompe-b.mp4', { kind: 'hang' });
    let stalledSignal: AbortSignal | undefined;
    const fetchMedia: typeof fetch = (input, init) => {
      if (String(input) === stalled) stalledSignal = init?.signal ?? undefined;
      return server.fetch(input, init);
    };
    let settled = false;
    const run = prefetchMedia(items(), options({ fetchMedia, retries: 0 })).finally(
      () => (settled = true),
    );

    await vi.advanceTimersByTimeAsync(MEDIA_TIMEOUT_MS - 1);
    expect(stalledSignal?.aborted).toBe(false);
    expect(settled).toBe(false);
    expect(cache.urls()).toHaveLength(4);

    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toEqual({ referenced: 5, fetched: 4, failed: 1, removed: 0 });
    expect(stalledSignal?.aborted).toBe(true);
    expect(cache.urls()).not.toContain(stalled);
  });

  it('gives up a body that stops flowing, not one that flows slowly (the time-out is idle time)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = url('media/videos/pompe-b.mp4');
    const stalled = url('pdf/menu.pdf');
    const chunk = new TextEncoder().encode('x');
    /** A body of 3 chunks, one every `gap` ms; `stopAfter` chunks then nothing, when set. */
    const trickle = (signal: AbortSignal | null | undefined, gap: number, stopAfter?: number) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            signal?.addEventListener('abort', () => controller.error(signal.reason));
            let sent = 0;
            const next = () => {
              if (sent === stopAfter) return;
              if (sent === 3) return controller.close();
              sent++;
              controller.enqueue(chunk);
              setTimeout(next, gap);
            };
            next();
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/octet-stream' } },
      );
    const fetchMedia: typeof fetch = (input, init) => {
      // 3 chunks 20 s apart: a minute in all, never 30 s without data.
      if (String(input) === slow) return Promise.resolve(trickle(init?.signal, 20_000));
      if (String(input) === stalled) return Promise.resolve(trickle(init?.signal, 20_000, 1));
      return server.fetch(input, init);
    };
    const run = prefetchMedia(items(), options({ fetchMedia, retries: 0 }));

    await vi.advanceTimersByTimeAsync(70_000);
    expect(await run).toEqual({ referenced: 5, fetched: 4, failed: 1, removed: 0 });
    expect(await cache.text(slow)).toBe('xxx');
    expect(cache.urls()).not.toContain(stalled);
    const logged = errorSpy.mock.calls.find((call) => String(call[0]).includes(stalled));
    expect(String(logged?.[1])).toContain(`no answer or no data for ${MEDIA_TIMEOUT_MS} ms`);
  });

  it('gives a small body of known length the time-out for all of it, and watches a larger one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const small = url('pdf/menu.pdf');
    const large = url('media/videos/pompe-b.mp4');
    const chunk = new TextEncoder().encode('x');
    /** 3 chunks 20 s apart (never 30 s without data), with the Content-Length given. */
    const trickle = (signal: AbortSignal | null | undefined, length: number) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            let sent = 0;
            let stopped = false;
            signal?.addEventListener('abort', () => {
              if (sent === 3) return;
              stopped = true;
              controller.error(signal.reason);
            });
            const next = () => {
              if (stopped) return;
              sent++;
              controller.enqueue(chunk);
              if (sent < 3) setTimeout(next, 20_000);
              else controller.close();
            };
            next();
          },
        }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': `${length}` },
        },
      );
    const fetchMedia: typeof fetch = (input, init) => {
      if (String(input) === small) return Promise.resolve(trickle(init?.signal, 3));
      // Announced over the bound: watched chunk by chunk, as a body of unknown length.
      if (String(input) === large)
        return Promise.resolve(trickle(init?.signal, MEDIA_WATCHED_BODY_BYTES + 1));
      return server.fetch(input, init);
    };
    const run = prefetchMedia(items(), options({ fetchMedia, retries: 0 }));

    await vi.advanceTimersByTimeAsync(70_000);
    expect(await run).toEqual({ referenced: 5, fetched: 4, failed: 1, removed: 0 });
    expect(cache.urls()).not.toContain(small);
    expect(cache.urls()).toContain(large);
    const logged = errorSpy.mock.calls.find((call) => String(call[0]).includes(small));
    expect(String(logged?.[1])).toContain(`no answer or no data for ${MEDIA_TIMEOUT_MS} ms`);
  });

  it(`retries a failure that may pass ${MEDIA_RETRIES} times at most, after growing pauses`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.fail('/pdf/menu.pdf', { kind: 'status', status: 503 });
    const attempts = () => server.paths().filter((path) => path === '/pdf/menu.pdf').length;
    let settled = false;
    const run = prefetchMedia(items(), options({ retryDelayMs: mediaRetryDelayMs })).finally(
      () => (settled = true),
    );

    await vi.advanceTimersByTimeAsync(mediaRetryDelayMs(1) - 1);
    expect(attempts()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(mediaRetryDelayMs(2) - 1);
    expect(attempts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await run).toMatchObject({ fetched: 4, failed: 1 });
    expect(settled).toBe(true);
    expect(attempts()).toBe(1 + MEDIA_RETRIES);
    expect(mediaRetryDelayMs(2)).toBeGreaterThan(mediaRetryDelayMs(1));
  });

  it('keeps a file whose retry succeeds; times a stalled attempt out and retries it', async () => {
    server.fail('/pdf/menu.pdf', { kind: 'network' }, 1);
    server.fail('/media/images/plan-1.svg', { kind: 'hang' }, 1);
    const figures = await prefetchMedia(items(), options({ timeoutMs: 10 }));
    expect(figures).toMatchObject({ fetched: 5, failed: 0 });
    expect(cache.urls()).toEqual(allUrls());
  });

  it('does not retry what will not pass: a 404, an HTML page, a full cache', async () => {
    server.fail('/pdf/menu.pdf', { kind: 'status', status: 404 });
    server.plant.media['media/images/plan-1.svg'] = {
      body: '<html></html>',
      contentType: 'text/html',
    };
    cache.failPuts.add(url('media/images/plan-2.svg'));
    const figures = await prefetchMedia(items(), options());
    expect(figures).toMatchObject({ fetched: 2, failed: 3 });
    // One request per file: no retry.
    expect(fetchedPaths()).toEqual([...new Set(fetchedPaths())]);
  });

  it("stops on the caller's abort: no new download, and the signal's reason is thrown", async () => {
    server.fail('/media/images/plan-1.svg', { kind: 'hang' });
    const controller = new AbortController();
    const reason = new Error('disposed');
    let started = 0;
    const fetchMedia: typeof fetch = (input, init) => {
      started++;
      if (started === 1) queueMicrotask(() => controller.abort(reason));
      return server.fetch(input, init);
    };

    const run = prefetchMedia(
      items(),
      options({ fetchMedia, signal: controller.signal, concurrency: 1 }),
    );

    await expect(run).rejects.toBe(reason);
    expect(started).toBe(1);
  });

  it('keeps nothing without Cache Storage, and says so', async () => {
    const figures = await prefetchMedia(
      items(),
      options({ openMediaCache: () => Promise.resolve(null) }),
    );
    expect(figures).toEqual({ referenced: 5, fetched: 0, failed: 0, removed: 0 });
    expect(server.requests).toEqual([]);
    expect(warnSpy).toHaveBeenCalled();
  });
});

describe('media of the records', () => {
  const template = (image: string | null) =>
    ({ templateid: 1, name: 'Alerte', image }) as unknown as AlertTemplate;

  it("takes the alert templates' images", () => {
    expect(templateMedia([template('/media/alert.png'), template(null)])).toEqual([
      { value: '/media/alert.png', type: 'image' },
    ]);
  });

  it('reads back every media item the local database references', async () => {
    const devname = 'media-read-back';
    const db = openKioskDb(devname);
    try {
      await db.elements.bulkPut(server.plant.elements);
      await db.subelements.bulkPut(server.plant.subelements.map(toStoredSubelement));
      await db.alertTemplates.bulkPut([{ ...template('/media/alert.png') }]);

      const stored = await storedMediaItems(db);

      expect(stored).toHaveLength(
        server.plant.elements.length + server.plant.subelements.length + 1,
      );
      const figures = await prefetchMedia(stored, options());
      expect(figures.referenced).toBe(6);
    } finally {
      await db.delete();
      closeKioskDb(devname);
    }
  });

  it('tells whether the cache holds exactly a number of entries', async () => {
    await cache.put(url('a.png'), new Response('a'));
    await cache.put(url('b.png'), new Response('b'));
    expect(await mediaCacheHolds(cache.opener(), 2)).toBe(true);
    expect(await mediaCacheHolds(cache.opener(), 3)).toBe(false);
    expect(await mediaCacheHolds(() => Promise.resolve(null), 3)).toBe(true);
  });
});

describe('defaultFetchMedia', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks the network past the HTTP cache, keeping the caller’s signal', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('x', { status: 200 }));
    const stop = new AbortController();
    await defaultFetchMedia('https://kiosk.test/media/a.webp', { signal: stop.signal });
    expect(fetchSpy).toHaveBeenCalledWith('https://kiosk.test/media/a.webp', {
      signal: stop.signal,
      cache: 'no-store',
    });
  });
});
