/**
 * The sync engine — the heart of the kiosk.
 *
 * A totem runs for days, often offline, and must never show a blank or half-updated screen. Screens
 * only ever read the local IndexedDB database (four stores, docs/product.md#content-model) and Cache Storage (media); this
 * engine is what refreshes both from the content service. It orchestrates; each step has a module:
 *
 * 1. The delta first (records-delta.ts, delta sync): when the local stores are the revision N the
 *    sync meta says (same development, same record counts: not cleared behind our back), ask what
 *    changed since N and apply it in one transaction checked against the server's counts. A 304
 *    skips step 2; "fetch the snapshot", a count mismatch (nothing written) or a server without
 *    the route (404, remembered for the engine's lifetime) go on to the snapshot in the same run;
 *    any other failure fails the run with revision N kept.
 *    Otherwise fetch every record into memory, touching nothing local (records-fetch.ts: the
 *    snapshot with the ETag of the content held — a 304 skips step 2 — or, on a server without it,
 *    the crawl). The ETag is sent only if the local record counts still match those written with
 *    it (sync-meta.ts, records-write.ts); after a delta there is none (it is a content hash).
 * 2. Validate (records-validate.ts: one bad record fails the run before anything is written), then
 *    write atomically (records-write.ts: one transaction, so any failure keeps the previous content).
 *    Both writes bump the content write generation, which per-item refreshes check
 *    (lib/local-db/write-generation.ts) so they never put back what a sync replaced.
 *    Once the records are written (or found unchanged) the sync is DONE, and said so:
 *    "Synchronisation terminée" shows the new content at once (content-first sync: media never hold
 *    it back).
 * 3. Media (media-prefetch.ts), after the content: bring Cache Storage in line with the records;
 *    runs after a 304 too, and is skipped only when the last media step for these very records
 *    (`recordsKey`: the ETag, or the revision after a delta) completed and the cache still holds
 *    that many entries. After a delta, when the cache was complete, only the files the delta's puts
 *    add are fetched and none removed (no record read back); when it was not, the full pass runs.
 *    Its progress is reported apart (`mediaReported`): the banner says how many files are cached
 *    and, until all are, that the totem does not hold everything offline. Files that failed leave
 *    the step incomplete (the last error names how many); the next run fetches just those.
 *
 * Runs are single-flight with one queued run (single-flight.ts). A trigger during a run pre-empts
 * the run's MEDIA step only (its yield signal is linked to step 3, never to steps 1-2, so the
 * records of a run are never cut mid-transaction): the queued run — a newer revision, usually —
 * starts as soon as the downloads in flight have stopped, and its own media step carries on from
 * the files already cached. docs/decisions/019-content-first-sync.md says why.
 *
 * After the records of a successful run, a small copy of the emergency-numbers zone goes to
 * localStorage (features/emergency-fallback): what a totem whose database a power cut destroyed
 * shows until its next full snapshot (decision 051).
 *
 * A run never rejects: it resolves with a SyncResult, reports to the sync store (the status
 * banner) and logs failures with console.error; the banner's texts come from sync-errors.ts.
 * Progress (done/total, per phase) goes to the store and to `onProgress`. Each run leaves User
 * Timing marks (sync-marks.ts): `records-written` is the content being there, `done` the end of
 * the run, media included.
 *
 * A full run (`sync(reason, { full: true })`, the back-office's « Reconstruire la copie locale »,
 * issue 47) trusts nothing held: no delta, no ETag, the whole snapshot (or crawl) fetched and
 * written in step 2's one transaction like any other, so the totem shows its previous content
 * until the new one is in — never a blank screen. It is a flag the next run takes: asked during a
 * run, it is the queued run that is full.
 *
 * `dispose` aborts the engine's signal with the "cancelled" SyncError as its reason, so a step
 * stopped by it (the concurrency pool) throws exactly that error.
 */
import type { ApiClient } from '../../lib/api/api-client';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import {
  readSyncMeta,
  recordsKey,
  updateSyncMeta,
  type SyncMeta,
} from '../../lib/local-db/sync-meta';
import {
  defaultFetchMedia,
  defaultOpenMediaCache,
  mediaComplete,
  mediaStep,
  NO_MEDIA,
  templateMedia,
  type MediaFigures,
  type MediaFiles,
  type MediaItem,
  type MediaPlan,
  type PrefetchMediaOptions,
} from './media-prefetch';
import {
  defaultRecordsFetcher,
  type FetchedRecords,
  type RecordsSourceName,
} from './records-fetch';
import { deltaMediaItems, deltaSize, deltaStep } from './records-delta';
import { validateRecords } from './records-validate';
import { countRecords, sameCounts, writeRecords } from './records-write';
import { linkSignals } from './concurrency-pool';
import { createReportPacer } from './report-pacer';
import { createSingleFlight } from './single-flight';
import {
  CANCELLED_ERROR,
  cancelledError,
  describeError,
  isAuthRefusal,
  mediaFailedError,
  preemptedError,
} from './sync-errors';
import { clearSyncMarks, markSync, SYNC_MARKS } from './sync-marks';
import { useSyncStore, type SyncActions, type SyncProgress } from './sync-store';
import { mediaUrl } from '../../lib/media/media-url';
import { saveEmergencyFallback } from '../emergency-fallback';

// What other modules imported from here before the split (delta sync, decision 016) still comes
// from here.
export { CRAWL_CONCURRENCY } from './records-fetch';
export { MEDIA_CONCURRENCY, MEDIA_RETRIES, MEDIA_TIMEOUT_MS } from './media-prefetch';
export { validateRecords, type SyncRecords } from './records-validate';
export { REAUTH_ERROR } from './sync-errors';
export { SYNC_MARKS, type SyncMarkName } from './sync-marks';

/** The records' sources of a run: the delta (decision 016), the snapshot or the crawl. */
export type SyncSourceName = RecordsSourceName | 'delta';

export interface SyncResult {
  /** The records of the server's revision are in the local database (the content is up to date). */
  ok: boolean;
  /** Every media file they reference is cached too (the offline guarantee holds). */
  mediaComplete: boolean;
  reason: string;
  /** Where the records came from; null when the run failed before knowing. */
  source: SyncSourceName | null;
  /** Whether this run rewrote the local records. */
  recordsChanged: boolean;
  contentVersion: number | null;
  media: MediaFigures;
  /** Short French description of the failure (records, or media left missing); null otherwise. */
  error: string | null;
}

export type SyncReporter = Pick<
  SyncActions,
  'hydrate' | 'started' | 'progressed' | 'succeeded' | 'failed' | 'mediaReported' | 'cancelled'
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
  /** Per-file time-out and retries of the media step (media-prefetch.ts's defaults otherwise). */
  mediaAttempts?: Pick<PrefetchMediaOptions, 'timeoutMs' | 'retries' | 'retryDelayMs'>;
  /** Where status goes; defaults to the global sync store. */
  reporter?: SyncReporter;
  now?: () => Date;
}

export interface SyncRunOptions {
  /** Ignore the held ETag and revision: fetch and write the whole snapshot (see the header). */
  full?: boolean;
}

export interface SyncEngine {
  /** Runs a sync, or queues one after the current run; resolves when that run is over. */
  sync(reason: string, options?: SyncRunOptions): Promise<SyncResult>;
  isRunning(): boolean;
  /** Content version of the local records, when known. */
  contentVersion(): number | null;
  /**
   * Nothing to do for the server's `revision`: the local records are that revision, no run is
   * going, and the last run ended with the content and every media file (an incomplete media step
   * is retried by the next sync, which the caller then starts).
   */
  holds(revision: number): boolean;
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
  const fetchMedia = options.fetchMedia ?? defaultFetchMedia;
  const reporter: SyncReporter = options.reporter ?? useSyncStore.getState();
  const now = options.now ?? (() => new Date());
  const fetcher = defaultRecordsFetcher(api, devid);
  /** Set when the server answers 404 to the delta: the snapshot for the engine's lifetime. */
  let deltaUnsupported = false;
  /** A full run was asked: the next run to start takes it (see the header). */
  let fullWanted = false;

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

  /** What a run's media step works on, known once its records are done. */
  interface MediaWork {
    plan: MediaPlan;
    /** The records held (`recordsKey`): the media are complete for these once the step is. */
    key: string | null;
  }

  /**
   * Steps 1 and 2: the records. Resolves with the media work once the content is the server's
   * (reported as the sync's success), or null when the run failed or was stopped (reported too).
   */
  async function recordsSteps(
    reason: string,
    result: SyncResult,
    full: boolean,
  ): Promise<MediaWork | null> {
    let recordsDone = false;
    try {
      if (signal.aborted) throw cancelledError();
      // ---- step 1: fetch (the delta first, then the snapshot or crawl) ----
      const meta: SyncMeta = readSyncMeta(devname);
      const localCounts = await countRecords(db);
      // The local stores are the ones meta describes (not cleared behind the engine's back).
      // A full run trusts nothing held: no delta, no ETag (the whole snapshot comes back).
      const trusted = !full && meta.devid === devid && sameCounts(meta.counts, localCounts);
      const etag = trusted ? meta.etag : null;
      let heldKey = trusted ? recordsKey(meta.etag, meta.contentVersion) : null;
      progress({ phase: 'records', done: 0, total: 1 });
      const delta =
        trusted && meta.contentVersion !== null && !deltaUnsupported
          ? await deltaStep({ api, db, devid, signal }, meta.contentVersion, reason)
          : null;
      if (delta?.kind === 'unsupported') deltaUnsupported = true;
      let fetched: FetchedRecords | null = null;
      if (delta === null || delta.kind === 'snapshot' || delta.kind === 'unsupported') {
        fetched = await fetcher.fetch({ etag, signal, onProgress: progress });
        result.source = fetched.source;
      } else result.source = 'delta';
      const unchanged = delta?.kind === 'unchanged' || fetched?.status === 'unchanged';
      progress({ phase: 'records', done: 1, total: 1 });
      markSync(SYNC_MARKS.recordsFetched, { reason, source: result.source, unchanged });

      // ---- step 2: validate and write atomically (a delta was applied by deltaStep) ----
      let mediaItems: MediaItem[] | null = null;
      /** A delta's media: only the files its puts add (the cache keeps the others). */
      let deltaMedia: MediaItem[] | null = null;
      // Was the cache complete for the records held before this run? (Asked before any media
      // work; a delta already applied changed the records, not the cache.)
      const mediaWasComplete =
        (unchanged || delta?.kind === 'applied') &&
        (await mediaComplete(openMediaCache, meta, heldKey));
      if (delta?.kind === 'applied') {
        const { to } = delta.delta;
        // `counts` are the stores' totals after it; `changed` what the delta itself carried.
        markSync(SYNC_MARKS.recordsWritten, {
          reason,
          source: 'delta',
          counts: delta.counts,
          changed: deltaSize(delta.delta),
        });
        result.recordsChanged = true;
        knownVersion = to;
        heldKey = recordsKey(null, to);
        const { alertTemplates: _templates, ...counts } = delta.counts;
        // The snapshot's ETag is a content hash this kiosk cannot know: none until the next one.
        updateSyncMeta(devname, {
          devid,
          etag: null,
          contentVersion: to,
          counts,
          mediaCompleteKey: null,
        });
        // Otherwise (null items) the media step reads every record back.
        if (mediaWasComplete) deltaMedia = deltaMediaItems(delta.delta);
      } else if (fetched?.status === 'records') {
        const records = validateRecords(fetched.records);
        if (signal.aborted) throw cancelledError();
        const counts = await writeRecords(db, records);
        markSync(SYNC_MARKS.recordsWritten, { reason, source: result.source, counts });
        result.recordsChanged = true;
        knownVersion = fetched.version;
        heldKey = recordsKey(fetched.etag, fetched.version);
        updateSyncMeta(devname, {
          devid,
          etag: fetched.etag,
          contentVersion: fetched.version,
          counts,
          mediaCompleteKey: null,
        });
        mediaItems = [
          ...records.elements,
          ...records.subelements,
          ...templateMedia(await db.alertTemplates.toArray()),
        ];
      }
      recordsDone = true;
      result.contentVersion = knownVersion;
      // Power cuts (decision 051): the emergency numbers also kept outside the database, for the
      // card shown while a lost database is rebuilt. Small, and never throws.
      await saveEmergencyFallback(
        db,
        devname,
        (value) => mediaUrl(value, { contentBase }),
        knownVersion,
        now(),
      );
      // The content is the server's: the sync is done, and said so, before any media (content-first
      // sync, decision 019).
      result.ok = true;
      const at = now().toISOString();
      updateSyncMeta(devname, { lastSuccessAt: at, lastError: null });
      // The media step follows at once; said from the same moment, so that "done" is never read
      // as "everything cached" in between.
      reporter.mediaReported({ phase: 'downloading', cached: 0, total: 0, failed: 0 });
      reporter.succeeded({ at, contentVersion: knownVersion });
      return {
        key: heldKey,
        plan: {
          // Unchanged records whose media were all cached last time: nothing to do.
          skip: unchanged && mediaWasComplete,
          items: deltaMedia ?? mediaItems,
          partial: deltaMedia !== null,
          previousCount: meta.mediaCount ?? 0,
        },
      };
    } catch (error) {
      result.error = describeError(error);
      if (signal.aborted) {
        // Stopped on purpose (logout, services restarting): not a failure to show in red.
        console.warn(`[sync] sync (${reason}) stopped: ${result.error}`);
        reporter.cancelled();
        return null;
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
      return null;
    }
  }

  /**
   * Step 3: the media, after the content. Stops on dispose and on `yieldSignal` (a run waiting
   * behind this one). Never throws: the outcome goes to the result and to the store.
   */
  async function mediaSteps(
    reason: string,
    work: MediaWork,
    result: SyncResult,
    yieldSignal: AbortSignal,
  ): Promise<void> {
    let files: MediaFiles = { cached: 0, total: 0, failed: 0 };
    const stop = linkSignals(signal, yieldSignal);
    // A few reports a second, not two per file (report-pacer.ts); flushed before the step's end.
    const progressPacer = createReportPacer();
    const filesPacer = createReportPacer();
    const flushReports = () => {
      progressPacer.flush();
      filesPacer.flush();
    };
    try {
      // A run already waits (a trigger came during the records): it does the media.
      if (stop.signal.aborted) throw preemptedError();
      const media = await mediaStep(db, work.plan, {
        contentBase,
        openMediaCache,
        fetchMedia,
        ...options.mediaAttempts,
        signal: stop.signal,
        onProgress: (value) => progressPacer.report(() => progress(value)),
        onFiles: (next) => {
          files = next;
          filesPacer.report(() => reporter.mediaReported({ phase: 'downloading', ...next }));
        },
      });
      flushReports();
      result.media = media.figures;
      if (media.figures.failed > 0) throw mediaFailedError(media.figures);
      updateSyncMeta(devname, { mediaCompleteKey: work.key, mediaCount: media.cacheCount });
      result.mediaComplete = true;
      reporter.mediaReported({ phase: 'complete', ...files });
    } catch (error) {
      flushReports();
      if (signal.aborted) {
        console.warn(`[sync] media of the sync (${reason}) stopped: ${describeError(error)}`);
        reporter.cancelled();
      } else if (yieldSignal.aborted) {
        // Not a failure: the next run carries on from the files already cached.
        console.info(`[sync] media of the sync (${reason}) handed over to the next sync`);
      } else {
        result.error = describeError(error);
        console.error(
          `[sync] media of the sync (${reason}) incomplete; the content is saved and shown: ${result.error}`,
          error,
        );
        updateSyncMeta(devname, { lastError: result.error });
        reporter.mediaReported({ phase: 'incomplete', ...files }, result.error);
      }
    } finally {
      stop.unlink();
    }
  }

  /** The last run that finished (null before the first one of this process). */
  let lastRun: SyncResult | null = null;
  async function runOnce(reason: string, yieldSignal: AbortSignal): Promise<SyncResult> {
    // Taken synchronously as the run starts: a full run asked after this point is the next one.
    const full = fullWanted;
    fullWanted = false;
    const result: SyncResult = {
      ok: false,
      mediaComplete: false,
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
    const work = await recordsSteps(reason, result, full);
    if (work !== null) await mediaSteps(reason, work, result, yieldSignal);
    lastRun = result;
    markSync(SYNC_MARKS.done, {
      reason,
      source: result.source,
      ok: result.ok,
      mediaComplete: result.mediaComplete,
      recordsChanged: result.recordsChanged,
      error: result.error,
    });
    return result;
  }

  const flight = createSingleFlight(runOnce, {
    cancelled: (reason: string): SyncResult => ({
      ok: false,
      mediaComplete: false,
      reason,
      source: null,
      recordsChanged: false,
      contentVersion: knownVersion,
      media: { ...NO_MEDIA },
      error: CANCELLED_ERROR,
    }),
  });

  return {
    sync: (reason, runOptions) => {
      if (runOptions?.full && !controller.signal.aborted) fullWanted = true;
      return flight.run(reason);
    },
    isRunning: () => flight.isRunning(),
    contentVersion: () => knownVersion,
    holds: (revision) =>
      revision === knownVersion &&
      !flight.isRunning() &&
      lastRun !== null &&
      lastRun.ok &&
      lastRun.mediaComplete,
    dispose() {
      flight.dispose();
      controller.abort(cancelledError());
    },
  };
}
