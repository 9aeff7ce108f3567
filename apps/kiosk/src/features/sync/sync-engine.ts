/**
 * The sync engine — the heart of the kiosk.
 *
 * A totem runs for days, often offline, and must never show a blank or half-updated screen. Screens
 * only ever read the local IndexedDB database (four stores, spec §3) and Cache Storage (media); this
 * engine is what refreshes both from the content service. It orchestrates; each step has a module:
 *
 * 1. Fetch every record into memory, touching nothing local (records-fetch.ts: the snapshot with
 *    the ETag of the content held — a 304 skips step 2 — or, on a server without it, the crawl).
 *    The ETag is sent only if the local record counts still match those written with it
 *    (sync-meta.ts, records-write.ts).
 * 2. Validate (records-validate.ts: one bad record fails the run before anything is written), then
 *    write atomically (records-write.ts: one transaction, so any failure keeps the previous content).
 * 3. Media (media-prefetch.ts): bring Cache Storage in line with the records; runs after a 304 too,
 *    and is skipped only when the last media step for these very records completed and the cache
 *    still holds that many entries. The sync is declared done only after this step; if some media
 *    failed, the records stay committed and the run reports an error naming how many.
 *
 * Runs are single-flight with one queued run (single-flight.ts). A run never rejects: it resolves
 * with a SyncResult, reports to the sync store (the status banner) and logs failures with
 * console.error; the banner's texts come from sync-errors.ts. Progress (done/total, per phase) goes
 * to the store and to `onProgress`. Each run leaves User Timing marks (sync-marks.ts).
 *
 * `dispose` aborts the engine's signal with the "cancelled" SyncError as its reason, so a step
 * stopped by it (the concurrency pool) throws exactly that error.
 */
import type { ApiClient } from '../../lib/api/api-client';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { readSyncMeta, updateSyncMeta, type SyncMeta } from '../../lib/local-db/sync-meta';
import {
  defaultOpenMediaCache,
  mediaCacheHolds,
  NO_MEDIA,
  prefetchMedia,
  storedMediaItems,
  templateMedia,
  type MediaFigures,
  type MediaItem,
} from './media-prefetch';
import {
  defaultRecordsFetcher,
  type FetchedRecords,
  type RecordsSourceName,
} from './records-fetch';
import { validateRecords } from './records-validate';
import { countRecords, sameCounts, writeRecords } from './records-write';
import { createSingleFlight } from './single-flight';
import {
  CANCELLED_ERROR,
  cancelledError,
  describeError,
  isAuthRefusal,
  mediaFailedError,
} from './sync-errors';
import { clearSyncMarks, markSync, SYNC_MARKS } from './sync-marks';
import { useSyncStore, type SyncActions, type SyncProgress } from './sync-store';

// What other modules imported from here before the split (issue 26) still comes from here.
export { CRAWL_CONCURRENCY } from './records-fetch';
export { MEDIA_CONCURRENCY, MEDIA_TIMEOUT_MS } from './media-prefetch';
export { validateRecords, type SyncRecords } from './records-validate';
export { REAUTH_ERROR } from './sync-errors';
export { SYNC_MARKS, type SyncMarkName } from './sync-marks';

export interface SyncResult {
  ok: boolean;
  reason: string;
  /** Where the records came from; null when the run failed before knowing. */
  source: RecordsSourceName | null;
  /** Whether this run rewrote the local records. */
  recordsChanged: boolean;
  contentVersion: number | null;
  media: MediaFigures;
  /** Short French description of the failure, shown in the banner; null on success. */
  error: string | null;
}

export type SyncReporter = Pick<
  SyncActions,
  'hydrate' | 'started' | 'progressed' | 'succeeded' | 'failed' | 'cancelled'
>;

export interface SyncEngineOptions {
  db: KioskDb;
  api: ApiClient;
  devid: number;
  devname: string;
  onProgress?: (progress: SyncProgress) => void;
  /** Base URL media values resolve against; defaults to the API client's content base. */
  contentBase?: string;
  /** Opens the media cache; resolves null when there is no Cache Storage (insecure context). */
  openMediaCache?: () => Promise<Cache | null>;
  /** Fetch used for media downloads. */
  fetchMedia?: typeof fetch;
  /** Where status goes; defaults to the global sync store. */
  reporter?: SyncReporter;
  now?: () => Date;
}

export interface SyncEngine {
  /** Runs a sync, or queues one after the current run; resolves when that run is over. */
  sync(reason: string): Promise<SyncResult>;
  isRunning(): boolean;
  /** Content version of the local records, when known. */
  contentVersion(): number | null;
  /** Aborts the current run and refuses new ones (kiosk services stopping, logout). */
  dispose(): void;
}

/** Asks for persistent storage, so the browser does not evict the offline content under pressure. */
function requestPersistentStorage(): void {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const request = storage?.persist?.();
  if (request)
    request.then(
      (granted) => {
        if (!granted) console.warn('[sync] persistent storage was not granted');
      },
      (error: unknown) => console.warn('[sync] persistent storage request failed', error),
    );
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, api, devid, devname } = options;
  const contentBase = options.contentBase ?? api.contentBase;
  const openMediaCache = options.openMediaCache ?? defaultOpenMediaCache;
  const fetchMedia = options.fetchMedia ?? ((input, init) => globalThis.fetch(input, init));
  const reporter: SyncReporter = options.reporter ?? useSyncStore.getState();
  const now = options.now ?? (() => new Date());
  const fetcher = defaultRecordsFetcher(api, devid);

  let persistenceRequested = false;
  /** Aborted by `dispose` only, so `signal.aborted` also means "disposed". */
  const controller = new AbortController();
  const signal = controller.signal;

  const initialMeta = readSyncMeta(devname);
  const ownMeta = initialMeta.devid === null || initialMeta.devid === devid;
  let knownVersion = ownMeta ? initialMeta.contentVersion : null;
  reporter.hydrate({
    lastSuccessAt: ownMeta ? initialMeta.lastSuccessAt : null,
    lastError: ownMeta ? initialMeta.lastError : null,
    contentVersion: knownVersion,
  });

  const progress = (value: SyncProgress) => {
    reporter.progressed(value);
    options.onProgress?.(value);
  };

  async function runOnce(reason: string): Promise<SyncResult> {
    const result: SyncResult = {
      ok: false,
      reason,
      source: null,
      recordsChanged: false,
      contentVersion: knownVersion,
      media: { ...NO_MEDIA },
      error: null,
    };
    clearSyncMarks();
    markSync(SYNC_MARKS.start, { reason });
    reporter.started();
    if (!persistenceRequested) {
      persistenceRequested = true;
      requestPersistentStorage();
    }
    let recordsDone = false;
    try {
      if (signal.aborted) throw cancelledError();
      // ---- step 1: fetch ----
      const meta: SyncMeta = readSyncMeta(devname);
      const localCounts = await countRecords(db);
      const etag =
        meta.devid === devid && meta.etag !== null && sameCounts(meta.counts, localCounts)
          ? meta.etag
          : null;
      progress({ phase: 'records', done: 0, total: 1 });
      const fetched: FetchedRecords = await fetcher.fetch({ etag, signal, onProgress: progress });
      result.source = fetched.source;
      const unchanged = fetched.status === 'unchanged';
      progress({ phase: 'records', done: 1, total: 1 });
      markSync(SYNC_MARKS.recordsFetched, { reason, source: result.source, unchanged });

      // ---- step 2: validate and write atomically ----
      let mediaItems: MediaItem[] | null = null;
      let recordsEtag = etag;
      if (fetched.status === 'records') {
        const records = validateRecords(fetched.records);
        if (signal.aborted) throw cancelledError();
        const counts = await writeRecords(db, records);
        markSync(SYNC_MARKS.recordsWritten, { reason, source: result.source, counts });
        result.recordsChanged = true;
        knownVersion = fetched.version;
        recordsEtag = fetched.etag;
        updateSyncMeta(devname, {
          devid,
          etag: fetched.etag,
          contentVersion: fetched.version,
          counts,
          mediaCompleteEtag: null,
        });
        mediaItems = [
          ...records.elements,
          ...records.subelements,
          ...templateMedia(await db.alertTemplates.toArray()),
        ];
      }
      recordsDone = true;
      result.contentVersion = knownVersion;

      // ---- step 3: media ----
      // Unchanged records whose media were all cached last time, with the cache still holding
      // exactly that many entries: nothing to do, and no need to read every record back.
      const mediaAlreadyComplete =
        mediaItems === null &&
        recordsEtag !== null &&
        meta.mediaCompleteEtag === recordsEtag &&
        meta.mediaCount !== null &&
        (await mediaCacheHolds(openMediaCache, meta.mediaCount));
      if (mediaAlreadyComplete) {
        result.media = { ...NO_MEDIA, referenced: meta.mediaCount ?? 0 };
      } else {
        result.media = await prefetchMedia(mediaItems ?? (await storedMediaItems(db)), {
          contentBase,
          openMediaCache,
          fetchMedia,
          signal,
          onProgress: progress,
        });
      }
      if (result.media.failed > 0) throw mediaFailedError(result.media);
      updateSyncMeta(devname, {
        mediaCompleteEtag: recordsEtag,
        mediaCount: result.media.referenced,
      });
      result.ok = true;
      const at = now().toISOString();
      updateSyncMeta(devname, { lastSuccessAt: at, lastError: null });
      reporter.succeeded({ at, contentVersion: knownVersion });
    } catch (error) {
      result.error = describeError(error);
      if (signal.aborted) {
        // Stopped on purpose (logout, services restarting): not a failure to show in red.
        console.warn(`[sync] sync (${reason}) stopped: ${result.error}`);
        reporter.cancelled();
        return result;
      }
      console.error(
        `[sync] sync (${reason}) failed${recordsDone ? ' after the records were saved' : '; the previous content is kept'}: ${result.error}`,
        error,
      );
      updateSyncMeta(devname, { lastError: result.error });
      reporter.failed({
        error: result.error,
        contentVersion: knownVersion,
        needsReauth: isAuthRefusal(error),
      });
    } finally {
      markSync(SYNC_MARKS.done, {
        reason,
        source: result.source,
        ok: result.ok,
        recordsChanged: result.recordsChanged,
        error: result.error,
      });
    }
    return result;
  }

  const flight = createSingleFlight(runOnce, {
    cancelled: (reason: string): SyncResult => ({
      ok: false,
      reason,
      source: null,
      recordsChanged: false,
      contentVersion: knownVersion,
      media: { ...NO_MEDIA },
      error: CANCELLED_ERROR,
    }),
  });

  return {
    sync: (reason) => flight.run(reason),
    isRunning: () => flight.isRunning(),
    contentVersion: () => knownVersion,
    dispose() {
      flight.dispose();
      controller.abort(cancelledError());
    },
  };
}
