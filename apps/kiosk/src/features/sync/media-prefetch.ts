/**
 * The media step of a sync: every image/PDF/video URL the records (and the alert templates)
 * reference goes into Cache Storage (`kiosk-media-v1`, which the service worker serves offline).
 *
 * Cached entries are kept, entries no longer referenced are deleted first (their space may be what
 * the new files need), and missing ones are fetched MEDIA_CONCURRENCY at a time. Only 200 answers
 * that are not an HTML page are kept: a server or proxy answering every unknown path with the app's
 * page must not poison the cache. One file's failure does not stop the others: it is logged and
 * counted, and the engine decides what the count means (the records stay committed; the next run
 * fetches just what is missing).
 *
 * Content-first sync (a black-holed image address held every later publish for 5 minutes): an
 * attempt is given up after MEDIA_TIMEOUT_MS without an answer or without a byte of the body (an
 * idle time-out, so a large video on a slow link is not cut while it flows; a body of at most
 * MEDIA_WATCHED_BODY_BYTES by its Content-Length gets the same time for the whole body instead,
 * which spares a stream stage per file: most media are small pictures, and watching each one's
 * chunks made the step 1.3× slower), and a failure that may
 * pass (network, time-out, HTTP 5xx, 408, 429) is retried MEDIA_RETRIES times after a growing
 * pause; a 404, an HTML page or a refusal of the cache (quota) is not. The step also stops when
 * the caller's signal is aborted (dispose, or a newer revision pre-empting it), throwing its reason.
 *
 * The engine runs this step after a 304 too, so media that failed or were evicted since are
 * fetched again; `mediaCacheHolds` lets it skip the step (and reading every record back) when the
 * last run for these very records cached everything and the cache still holds that many entries.
 *
 * After a delta (delta sync, decision 016) the engine passes only the delta's puts with
 * `removeUnreferenced: false`: the files they reference that the cache lacks are fetched, and
 * nothing is deleted, since the items not in the delta are not in memory (reading 105k records back
 * to know what is still referenced would cost what the delta saves). Files no longer referenced
 * stay until the next full media pass: a snapshot sync, or a run after a 304 whose media were not
 * complete.
 */
import type { AlertTemplate, ItemType } from '@plant-kiosk/contract';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { collectMediaUrls, MEDIA_CACHE_NAME } from '../../lib/media/media-url';
import { settlePool } from './concurrency-pool';
import type { SyncProgress } from './sync-store';

export const MEDIA_CONCURRENCY = 8;
/**
 * Per attempt at a media file: this long without an answer, or without a byte of its body, and
 * the attempt is given up (docs/decisions/019-content-first-sync.md).
 */
export const MEDIA_TIMEOUT_MS = 30_000;
/** Attempts after the first, for a failure that may pass (see `isRetryable`). */
export const MEDIA_RETRIES = 2;
/** Pause before retry `n` (1-based): 2 s, then 8 s. */
export const mediaRetryDelayMs = (retry: number): number => 2_000 * 4 ** (retry - 1);

/** Anything with a value that may be a media path: elements, sub-elements, template images. */
export interface MediaItem {
  value: string;
  type: ItemType;
}

export interface MediaFigures {
  /** Distinct cacheable URLs referenced. */
  referenced: number;
  fetched: number;
  failed: number;
  /** Cache entries deleted because nothing references them any more. */
  removed: number;
}

export const NO_MEDIA: Readonly<MediaFigures> = {
  referenced: 0,
  fetched: 0,
  failed: 0,
  removed: 0,
};

/** The alert templates' images, cached with the other media so an alert shows them offline. */
export const templateMedia = (templates: readonly AlertTemplate[]): MediaItem[] =>
  templates.flatMap((template) =>
    template.image ? [{ value: template.image, type: 'image' as const }] : [],
  );

/** Every media item the local database references (records not in memory: after a 304). */
export async function storedMediaItems(db: KioskDb): Promise<MediaItem[]> {
  return [
    ...(await db.elements.toArray()),
    ...(await db.subelements.toArray()),
    ...templateMedia(await db.alertTemplates.toArray()),
  ];
}

/**
 * A media file goes to the media cache only: `no-store` keeps the browser from writing a second
 * copy to its HTTP cache (the service worker serves the file from the media cache). That copy was
 * a disk write per file: the demo plant's media step went from 2.2× to 1.6–2.0× the raw fetch.
 */
export const defaultFetchMedia: typeof fetch = (input, init) =>
  globalThis.fetch(input, { ...init, cache: 'no-store' });

export function defaultOpenMediaCache(): Promise<Cache | null> {
  // Cache Storage only exists in secure contexts (https or localhost).
  if (typeof caches === 'undefined') return Promise.resolve(null);
  return caches.open(MEDIA_CACHE_NAME);
}

/** Whether the media cache holds exactly `count` entries (true without Cache Storage). */
export async function mediaCacheHolds(
  openMediaCache: () => Promise<Cache | null>,
  count: number,
): Promise<boolean> {
  const cache = await openMediaCache();
  return cache === null || (await cache.keys()).length === count;
}

export interface PrefetchMediaOptions {
  /** Base URL media values resolve against. */
  contentBase: string;
  /** Resolves null when there is no Cache Storage (insecure context): nothing is kept. */
  openMediaCache: () => Promise<Cache | null>;
  fetchMedia: typeof fetch;
  /** Aborting it stops the step; it then throws the signal's reason. */
  signal: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  concurrency?: number;
  /** Idle time-out of one attempt (MEDIA_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Attempts after the first for a failure that may pass (MEDIA_RETRIES). */
  retries?: number;
  /** Pause before retry `n`, 1-based (mediaRetryDelayMs). */
  retryDelayMs?: (retry: number) => number;
  /** False: keep cache entries `items` do not reference (`items` is not everything: a delta). */
  removeUnreferenced?: boolean;
  /**
   * The cache's state as the step goes: entries it holds of those it should hold (`total`), and
   * the files given up so far. Called once the missing files are known, then after each file.
   */
  onFiles?: (files: MediaFiles) => void;
}

export interface MediaFiles {
  cached: number;
  total: number;
  failed: number;
}

/** A download that failed for a reason the file itself gives (status, type); `retryable` says if it may pass. */
class MediaDownloadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'MediaDownloadError';
  }
}

class MediaTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer or no data for ${ms} ms`);
    this.name = 'MediaTimeoutError';
  }
}

/** Network errors (fetch's TypeError), time-outs, 5xx, 408 and 429 may pass; the rest will not. */
function isRetryable(error: unknown): boolean {
  if (error instanceof MediaDownloadError) return error.retryable;
  return error instanceof MediaTimeoutError || error instanceof TypeError;
}

/**
 * A body this small (by its Content-Length) is put as it comes, and the time-out armed at the
 * answer covers all of it: at the lowest rate that passes (1 MiB in 30 s, 35 kB/s) a totem would
 * take minutes per picture anyway. Larger bodies, or of unknown length, are watched chunk by chunk.
 */
export const MEDIA_WATCHED_BODY_BYTES = 1024 * 1024;

function hasSmallBody(response: Response): boolean {
  const length = response.headers.get('Content-Length');
  return length !== null && /^\d+$/.test(length) && Number(length) <= MEDIA_WATCHED_BODY_BYTES;
}

/** The response with a body that calls `onChunk` at each chunk (to re-arm the idle time-out). */
function watchBody(response: Response, onChunk: () => void): Response {
  if (response.body === null || typeof TransformStream === 'undefined') return response;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onChunk();
        controller.enqueue(chunk);
      },
    }),
  );
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

/** One attempt at downloading a file into the cache; throws why not. */
async function download(
  url: string,
  cache: Cache,
  options: PrefetchMediaOptions,
  signal: AbortSignal,
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? MEDIA_TIMEOUT_MS;
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** (Re)starts the idle time-out: at the request, at the answer, at each chunk of the body. */
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop.abort(new MediaTimeoutError(timeoutMs)), timeoutMs);
  };
  const onAbort = () => stop.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  arm();
  try {
    const response = await options.fetchMedia(url, { signal: stop.signal });
    arm();
    const { status } = response;
    if (status !== 200)
      throw new MediaDownloadError(
        `HTTP ${status}`,
        status >= 500 || status === 408 || status === 429,
      );
    const type = response.headers.get('Content-Type') ?? '';
    if (type.toLowerCase().includes('text/html'))
      throw new MediaDownloadError('HTML page instead of media', false);
    // `put` reads the whole body: a small one within the time-out armed above, a larger one with
    // each chunk re-arming it.
    await cache.put(url, hasSmallBody(response) ? response : watchBody(response, arm));
  } catch (error) {
    // Whatever the fetch or the body threw once stopped, the time-out is the cause to report.
    const reason: unknown = stop.signal.reason;
    throw reason instanceof MediaTimeoutError ? reason : error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/** Waits `ms`, or throws the signal's reason as soon as it is aborted. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as unknown);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as unknown);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Downloads a file, retrying a failure that may pass at most `retries` times. */
async function downloadWithRetries(
  url: string,
  cache: Cache,
  options: PrefetchMediaOptions,
  signal: AbortSignal,
): Promise<void> {
  const retries = options.retries ?? MEDIA_RETRIES;
  const delay = options.retryDelayMs ?? mediaRetryDelayMs;
  for (let attempt = 0; ; attempt++) {
    try {
      await download(url, cache, options, signal);
      return;
    } catch (error) {
      if (signal.aborted) throw signal.reason as unknown;
      if (attempt >= retries || !isRetryable(error)) throw error;
      console.warn(`[sync] media download failed, retry ${attempt + 1}/${retries}: ${url}`, error);
      await pause(delay(attempt + 1), signal);
    }
  }
}

/** Whether the last media phase for the records held (`key`) cached them all, and still does. */
export async function mediaComplete(
  openMediaCache: () => Promise<Cache | null>,
  meta: { mediaCompleteKey: string | null; mediaCount: number | null },
  key: string | null,
): Promise<boolean> {
  return (
    key !== null &&
    meta.mediaCompleteKey === key &&
    meta.mediaCount !== null &&
    (await mediaCacheHolds(openMediaCache, meta.mediaCount))
  );
}

/** What the engine's media step has to do. */
export interface MediaPlan {
  /** The records are unchanged and their media were complete: no work, no record read back. */
  skip: boolean;
  /** The media items in memory; null: read every record back from the local database. */
  items: MediaItem[] | null;
  /** `items` are a delta's only: fetch what they add, remove nothing. */
  partial: boolean;
  /** Cache entries after the last complete phase (what `skip` and `partial` build on). */
  previousCount: number;
}

/**
 * The engine's media step: the figures, and how many entries the cache holds afterwards when
 * nothing failed (kept as `mediaCount` to recognise a complete cache next time).
 */
export async function mediaStep(
  db: KioskDb,
  plan: MediaPlan,
  options: PrefetchMediaOptions,
): Promise<{ figures: MediaFigures; cacheCount: number }> {
  if (plan.skip) {
    options.onFiles?.({ cached: plan.previousCount, total: plan.previousCount, failed: 0 });
    return {
      figures: { ...NO_MEDIA, referenced: plan.previousCount },
      cacheCount: plan.previousCount,
    };
  }
  const figures = await prefetchMedia(plan.items ?? (await storedMediaItems(db)), {
    ...options,
    removeUnreferenced: !plan.partial,
  });
  // After a delta the cache holds what it held (complete) plus the files just fetched.
  const cacheCount = plan.partial ? plan.previousCount + figures.fetched : figures.referenced;
  return { figures, cacheCount };
}

/** Brings the media cache in line with `items`; never throws for a single file's failure. */
export async function prefetchMedia(
  items: Iterable<MediaItem>,
  options: PrefetchMediaOptions,
): Promise<MediaFigures> {
  const { signal, onProgress } = options;
  const referenced = collectMediaUrls(items, { contentBase: options.contentBase });
  const figures = { ...NO_MEDIA, referenced: referenced.size };
  const cache = await options.openMediaCache();
  if (cache === null) {
    console.warn('[sync] no Cache Storage (insecure context?): media are not kept offline');
    return figures;
  }
  const cached = new Set((await cache.keys()).map((request) => request.url));
  // Delete first: the space of unreferenced files may be what the new ones need.
  for (const url of options.removeUnreferenced === false ? [] : cached) {
    if (referenced.has(url)) continue;
    if (await cache.delete(url)) figures.removed++;
  }
  const missing = [...referenced].filter((url) => !cached.has(url));
  const total = missing.length;
  let done = 0;
  // What the cache holds of what it should: every entry kept, then each file fetched.
  const files: MediaFiles = {
    cached: options.removeUnreferenced === false ? cached.size : referenced.size - total,
    total: 0,
    failed: 0,
  };
  files.total = files.cached + total;
  options.onFiles?.({ ...files });
  if (total > 0) onProgress?.({ phase: 'media', done, total });
  const outcomes = await settlePool(
    missing,
    async (url, s) => {
      try {
        await downloadWithRetries(url, cache, options, s);
        files.cached++;
      } catch (error) {
        // Stopped (dispose, pre-emption): not this file's failure.
        if (!s.aborted) {
          files.failed++;
          console.error(`[sync] media download failed: ${url}`, error);
        }
        throw error;
      } finally {
        onProgress?.({ phase: 'media', done: ++done, total });
        if (!s.aborted) options.onFiles?.({ ...files });
      }
    },
    { limit: options.concurrency ?? MEDIA_CONCURRENCY, signal },
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') figures.fetched++;
    else figures.failed++;
  }
  return figures;
}
