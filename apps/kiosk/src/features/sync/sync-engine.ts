/**
 * The sync engine — the heart of the kiosk.
 *
 * A totem runs for days, often offline, and must never show a blank or half-updated screen. Screens
 * only ever read the local IndexedDB database (four stores, spec §3) and Cache Storage (media); this
 * engine is what refreshes both from the content service. One run goes through three phases:
 *
 * 1. Fetch every record, into memory, touching nothing local.
 *    - Fast path: one `GET /display/snapshot/:devid` carrying the ETag of the content we hold. A 304
 *      means the records are already current, so phase 2 is skipped. The ETag is trusted only if
 *      the local record counts still match those written with it (see sync-meta.ts).
 *    - Fallback, for a server without the snapshot route (404/405/501, remembered for the engine's
 *      lifetime): the spec's own calls — zones of the development, the elements of each zone, the
 *      sub-elements and sub-groups of each element — at most CRAWL_CONCURRENCY requests in flight.
 *    - Records are then checked for the few fields the kiosk relies on. One bad record fails the
 *      run before anything is written; each bad record is logged (spec §8).
 * 2. Write atomically: in ONE read-write transaction over the four stores, clear them and bulk-put
 *    everything. IndexedDB either commits all of it or nothing, so a network cut, a killed server,
 *    a full disk (QuotaExceededError), a bad record or an abort at any point leaves the previous
 *    content intact and readable; live queries only ever see the old or the new content.
 * 3. Media: every image/PDF/video URL the records reference goes into Cache Storage
 *    (`kiosk-media-v1`, which the service worker serves offline). Cached entries are kept, entries
 *    no longer referenced are deleted, missing ones are fetched MEDIA_CONCURRENCY at a time (only
 *    200 responses that are not an HTML fallback page). This runs after a 304 too, so media that
 *    failed or were evicted since are fetched again — and only those; it is skipped (without
 *    reading the records back) only when the last media phase for these very records completed
 *    and the cache still holds that many entries. The sync is declared done only after this
 *    phase; if some media failed, the records stay committed and the run reports an error naming
 *    how many, and the next run fetches just what is missing.
 *
 * Runs are single-flight: a trigger during a run (a stream message, a reconnection) queues exactly
 * one more run after it, however many triggers arrive — the content may have changed after the
 * current run fetched it, but one more run is enough to catch up. A run never rejects: it resolves
 * with a SyncResult, reports to the sync store (the status banner) and logs failures with
 * console.error. Progress (done/total, per phase) goes to the store and to `onProgress`.
 *
 * Each run also leaves User Timing marks (SYNC_MARKS: start, records fetched, records written,
 * done; the reason and source in their detail) for the benchmarks and DevTools. A run clears the
 * previous run's marks first, so days of syncs never pile entries up in the performance timeline.
 */
import type {
  AlertTemplate,
  Element,
  Snapshot,
  Subelement,
  Subgroup,
  Zone,
} from '@plant-kiosk/contract';
import { ApiError, type ApiClient } from '../../lib/api/api-client';
import { toStoredSubelement, type KioskDb } from '../../lib/local-db/kiosk-db';
import {
  readSyncMeta,
  updateSyncMeta,
  type RecordCounts,
  type SyncMeta,
} from '../../lib/local-db/sync-meta';
import { collectMediaUrls, MEDIA_CACHE_NAME } from '../../lib/media/media-url';
import { useSyncStore, type SyncActions, type SyncProgress } from './sync-store';

export const CRAWL_CONCURRENCY = 6;
export const MEDIA_CONCURRENCY = 4;
/** Per media file: a stalled download must not hold the single-flight sync forever. */
export const MEDIA_TIMEOUT_MS = 5 * 60_000;
/** How many invalid records are logged one by one before the rest are only counted. */
const MAX_LOGGED_PROBLEMS = 50;

/** User Timing marks of a run (see the header comment); the latest run's only. */
export const SYNC_MARKS = {
  start: 'kiosk:sync:start',
  recordsFetched: 'kiosk:sync:records-fetched',
  recordsWritten: 'kiosk:sync:records-written',
  done: 'kiosk:sync:done',
} as const;

export type SyncMarkName = (typeof SYNC_MARKS)[keyof typeof SYNC_MARKS];

/** Instrumentation must never fail a sync: a missing or partial User Timing API is ignored. */
function markSync(name: SyncMarkName, detail: Record<string, unknown>): void {
  try {
    globalThis.performance?.mark?.(name, { detail });
  } catch {
    // nothing to do: the marks are a convenience
  }
}

function clearSyncMarks(): void {
  try {
    for (const name of Object.values(SYNC_MARKS)) globalThis.performance?.clearMarks?.(name);
  } catch {
    // as above
  }
}

export interface SyncRecords {
  zones: Zone[];
  elements: Element[];
  subelements: Subelement[];
  subgroups: Subgroup[];
  /** From the snapshot (issue 23); absent from a crawl or an older server: kept as they are. */
  alertTemplates?: AlertTemplate[];
}

/** The alert templates' images, cached with the other media so an alert shows them offline. */
const templateMedia = (templates: readonly AlertTemplate[]) =>
  templates.flatMap((template) =>
    template.image ? [{ value: template.image, type: 'image' as Element['type'] }] : [],
  );

export interface SyncResult {
  ok: boolean;
  reason: string;
  /** Where the records came from; null when the run failed before knowing. */
  source: 'snapshot' | 'crawl' | null;
  /** Whether this run rewrote the local records. */
  recordsChanged: boolean;
  contentVersion: number | null;
  media: { referenced: number; fetched: number; failed: number; removed: number };
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

/** A failure with the short text the banner shows; the cause is logged. */
class SyncError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SyncError';
  }
}

function defaultOpenMediaCache(): Promise<Cache | null> {
  // Cache Storage only exists in secure contexts (https or localhost).
  if (typeof caches === 'undefined') return Promise.resolve(null);
  return caches.open(MEDIA_CACHE_NAME);
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

// ---------- validation ----------

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isOrder = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown) => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function checkZone(z: unknown): string | null {
  if (!isObject(z)) return 'not an object';
  if (!isId(z.zoneid)) return 'zoneid';
  if (!isText(z.zonename) || z.zonename === '') return 'zonename';
  if (!isText(z.type)) return 'type';
  return null;
}

function checkElement(e: unknown): string | null {
  if (!isObject(e)) return 'not an object';
  if (!isId(e.elementid)) return 'elementid';
  if (!isId(e.zoneid)) return 'zoneid';
  if (!isOrder(e.order)) return 'order';
  if (!isText(e.value)) return 'value';
  if (!isText(e.type)) return 'type';
  return null;
}

function checkSubelement(s: unknown): string | null {
  if (!isObject(s)) return 'not an object';
  if (!isId(s.subelementid)) return 'subelementid';
  if (!isId(s.elementid)) return 'elementid';
  if (!isOrder(s.order)) return 'order';
  if (!isText(s.value)) return 'value';
  if (!isText(s.type)) return 'type';
  const info = s.subgroupinfo;
  if (info !== null && info !== undefined) {
    if (!isObject(info) || !isId(info.subgroupid) || !isText(info.fieldlabel))
      return 'subgroupinfo';
  }
  return null;
}

function checkSubgroup(g: unknown): string | null {
  if (!isObject(g)) return 'not an object';
  if (!isId(g.subgroupid)) return 'subgroupid';
  if (!isId(g.elementid)) return 'elementid';
  if (!isOrder(g.order)) return 'order';
  if (!isText(g.label)) return 'label';
  return null;
}

/**
 * Checks the fields the kiosk relies on; logs each bad record and throws if there is any, so
 * nothing is written (spec §8: "local insert failures logged per item").
 */
export function validateRecords(records: unknown): SyncRecords {
  if (!isObject(records)) throw new SyncError('Données invalides : réponse mal formée');
  const problems: string[] = [];
  const stores: [keyof SyncRecords, (value: unknown) => string | null][] = [
    ['zones', checkZone],
    ['elements', checkElement],
    ['subelements', checkSubelement],
    ['subgroups', checkSubgroup],
  ];
  for (const [store, check] of stores) {
    const list = records[store];
    if (!Array.isArray(list)) {
      problems.push(`${store}: not a list`);
      continue;
    }
    list.forEach((item: unknown, index) => {
      const field = check(item);
      if (field === null) return;
      if (problems.length < MAX_LOGGED_PROBLEMS)
        console.error(`[sync] invalid record ${store}[${index}] (${field})`, item);
      problems.push(`${store}[${index}]: ${field}`);
    });
  }
  if (problems.length > 0) {
    console.error(`[sync] ${problems.length} invalid record(s); nothing was written`);
    throw new SyncError(`Données invalides (${problems.length} enregistrement(s))`);
  }
  return records as unknown as SyncRecords;
}

// ---------- helpers ----------

/**
 * Runs `fn` over `items` with at most `limit` in flight. On the first failure no new item starts,
 * the in-flight ones are aborted through the signal given to `fn`, and the failure is thrown.
 */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  fn: (item: T, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort);
  if (signal.aborted) controller.abort();
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && !controller.signal.aborted && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, controller.signal);
      } catch (error) {
        failure ??= { error };
        controller.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
  if (signal.aborted) throw new SyncError('Synchronisation annulée');
  return results;
}

/**
 * Shown when the server refuses the token (revoked, expired): the staff must know that this totem
 * will not update until someone logs it in again — "HTTP 401" would tell them nothing.
 */
export const REAUTH_ERROR = 'Ce totem doit être ré-autorisé : reconnectez-le avec son identifiant';

/** A 401 means the token itself is refused: retrying will not help, a new login will. */
function isAuthRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

function describeError(error: unknown): string {
  if (error instanceof SyncError) return error.message;
  if (isAuthRefusal(error)) return REAUTH_ERROR;
  if (error instanceof ApiError) {
    if (error.status === 0)
      return error.code === 'aborted' ? 'Synchronisation annulée' : 'Serveur injoignable';
    if (error.code === 'bad_response') return 'Réponse du serveur invalide';
    return `Erreur du serveur (HTTP ${error.status}${error.message ? ` : ${error.message}` : ''})`;
  }
  if (error instanceof Error) {
    // Dexie wraps IndexedDB failures; the name says what happened (QuotaExceededError, AbortError…).
    const inner = (error as { inner?: unknown }).inner;
    const name = inner instanceof Error ? inner.name : error.name;
    return `Écriture locale impossible (${name})`;
  }
  return 'Erreur inconnue';
}

function sameCounts(a: RecordCounts | null, b: RecordCounts): boolean {
  return (
    a !== null &&
    a.zones === b.zones &&
    a.elements === b.elements &&
    a.subelements === b.subelements &&
    a.subgroups === b.subgroups
  );
}

async function countRecords(db: KioskDb): Promise<RecordCounts> {
  const [zones, elements, subelements, subgroups] = await Promise.all([
    db.zones.count(),
    db.elements.count(),
    db.subelements.count(),
    db.subgroups.count(),
  ]);
  return { zones, elements, subelements, subgroups };
}

// ---------- the engine ----------

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, api, devid, devname } = options;
  const contentBase = options.contentBase ?? api.contentBase;
  const openMediaCache = options.openMediaCache ?? defaultOpenMediaCache;
  const fetchMedia = options.fetchMedia ?? ((input, init) => globalThis.fetch(input, init));
  const reporter: SyncReporter = options.reporter ?? useSyncStore.getState();
  const now = options.now ?? (() => new Date());

  let snapshotUnsupported = false;
  let persistenceRequested = false;
  let disposed = false;
  const controller = new AbortController();
  let current: Promise<SyncResult> | null = null;
  let queued: {
    reason: string;
    promise: Promise<SyncResult>;
    resolve: (result: SyncResult) => void;
  } | null = null;

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

  async function crawl(signal: AbortSignal): Promise<unknown> {
    let done = 0;
    let total = 1;
    const step = () => progress({ phase: 'records', done: ++done, total });
    const zones = await api.zones(devid, { signal });
    if (!Array.isArray(zones)) throw new SyncError('Données invalides : zones');
    total += zones.length;
    step();
    const perZone = await mapLimit(zones, CRAWL_CONCURRENCY, signal, async (zone, s) => {
      const list = await api.elements(zone.zoneid, undefined, { signal: s });
      step();
      return list;
    });
    const elements = perZone.flat();
    total += elements.length * 2;
    progress({ phase: 'records', done, total });
    const tasks = elements.flatMap((element) => [
      { kind: 'subelements' as const, elementid: element.elementid },
      { kind: 'subgroups' as const, elementid: element.elementid },
    ]);
    const subelements: Subelement[] = [];
    const subgroups: Subgroup[] = [];
    await mapLimit(tasks, CRAWL_CONCURRENCY, signal, async (task, s) => {
      if (task.kind === 'subelements') {
        subelements.push(...(await api.subelements(task.elementid, undefined, { signal: s })));
      } else {
        subgroups.push(...(await api.subgroups(task.elementid, { signal: s })));
      }
      step();
    });
    // Like the snapshot, leave out the values of sub-groups the server no longer serves (expired).
    const live = new Set(subgroups.map((group) => group.subgroupid));
    return {
      zones,
      elements,
      subelements: subelements.filter(
        (sub) => !sub.subgroupinfo || live.has(sub.subgroupinfo.subgroupid),
      ),
      subgroups,
    };
  }

  async function writeRecords(records: SyncRecords): Promise<RecordCounts> {
    const stored = records.subelements.map(toStoredSubelement);
    const stores = [db.zones, db.elements, db.subelements, db.subgroups, db.alertTemplates];
    return db.transaction('rw', stores, async () => {
      if (Array.isArray(records.alertTemplates)) {
        await db.alertTemplates.clear();
        await db.alertTemplates.bulkPut(records.alertTemplates);
      }
      await Promise.all([
        db.zones.clear(),
        db.elements.clear(),
        db.subelements.clear(),
        db.subgroups.clear(),
      ]);
      await Promise.all([
        db.zones.bulkPut(records.zones),
        db.elements.bulkPut(records.elements),
        db.subelements.bulkPut(stored),
        db.subgroups.bulkPut(records.subgroups),
      ]);
      return countRecords(db);
    });
  }

  /** Phase 3; returns the media figures. Never throws for a single file's failure. */
  async function syncMedia(
    items: Iterable<{ value: string; type: Element['type'] }>,
    signal: AbortSignal,
  ): Promise<SyncResult['media']> {
    const referenced = collectMediaUrls(items, { contentBase });
    const figures = { referenced: referenced.size, fetched: 0, failed: 0, removed: 0 };
    const cache = await openMediaCache();
    if (cache === null) {
      console.warn('[sync] no Cache Storage (insecure context?): media are not kept offline');
      return figures;
    }
    const cached = new Set((await cache.keys()).map((request) => request.url));
    // Delete first: the space of unreferenced files may be what the new ones need.
    for (const url of cached) {
      if (referenced.has(url)) continue;
      if (await cache.delete(url)) figures.removed++;
    }
    const missing = [...referenced].filter((url) => !cached.has(url));
    let done = 0;
    if (missing.length > 0) progress({ phase: 'media', done, total: missing.length });
    const fetchOne = async (url: string) => {
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), MEDIA_TIMEOUT_MS);
      const onAbort = () => timeout.abort();
      signal.addEventListener('abort', onAbort);
      try {
        const response = await fetchMedia(url, { signal: timeout.signal });
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        const type = response.headers.get('Content-Type') ?? '';
        // A server or proxy answering every unknown path with the app's page must not poison the cache.
        if (type.toLowerCase().includes('text/html')) throw new Error('HTML page instead of media');
        await cache.put(url, response);
        figures.fetched++;
      } catch (error) {
        figures.failed++;
        console.error(`[sync] media download failed: ${url}`, error);
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        progress({ phase: 'media', done: ++done, total: missing.length });
      }
    };
    let next = 0;
    const worker = async () => {
      while (next < missing.length && !signal.aborted) await fetchOne(missing[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(MEDIA_CONCURRENCY, missing.length) }, worker));
    if (signal.aborted) throw new SyncError('Synchronisation annulée');
    return figures;
  }

  /** Whether the media cache holds exactly `count` entries (true without Cache Storage). */
  async function mediaCacheHolds(count: number): Promise<boolean> {
    const cache = await openMediaCache();
    return cache === null || (await cache.keys()).length === count;
  }

  async function runOnce(reason: string): Promise<SyncResult> {
    const signal = controller.signal;
    const result: SyncResult = {
      ok: false,
      reason,
      source: null,
      recordsChanged: false,
      contentVersion: knownVersion,
      media: { referenced: 0, fetched: 0, failed: 0, removed: 0 },
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
      if (disposed) throw new SyncError('Synchronisation annulée');
      // ---- phase 1: fetch ----
      const meta: SyncMeta = readSyncMeta(devname);
      const localCounts = await countRecords(db);
      const etag =
        meta.devid === devid && meta.etag !== null && sameCounts(meta.counts, localCounts)
          ? meta.etag
          : null;
      progress({ phase: 'records', done: 0, total: 1 });
      let fetched: { records: unknown; etag: string | null; version: number | null } | null = null;
      let unchanged = false;
      if (!snapshotUnsupported) {
        const answer = await api.snapshot(devid, etag, { signal });
        if (answer.status === 'not-modified') {
          unchanged = true;
          result.source = 'snapshot';
        } else if (answer.status === 'ok') {
          const snapshot: Snapshot = answer.snapshot;
          if (!isObject(snapshot)) throw new SyncError('Données invalides : réponse mal formée');
          if (snapshot.devid !== devid)
            throw new SyncError('Données invalides : autre développement');
          fetched = {
            records: snapshot,
            etag: answer.etag,
            version: isOrder(snapshot.version) ? snapshot.version : null,
          };
          result.source = 'snapshot';
        } else {
          console.warn('[sync] the server has no snapshot route; using the per-item calls');
          snapshotUnsupported = true;
        }
      }
      if (!unchanged && fetched === null) {
        fetched = { records: await crawl(signal), etag: null, version: null };
        result.source = 'crawl';
      }
      progress({ phase: 'records', done: 1, total: 1 });
      markSync(SYNC_MARKS.recordsFetched, { reason, source: result.source, unchanged });

      // ---- phase 2: validate and write atomically ----
      let mediaItems: Iterable<{ value: string; type: Element['type'] }> | null = null;
      let recordsEtag = etag;
      if (fetched !== null) {
        const records = validateRecords(fetched.records);
        if (signal.aborted) throw new SyncError('Synchronisation annulée');
        const counts = await writeRecords(records);
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

      // ---- phase 3: media ----
      // Unchanged records whose media were all cached last time, with the cache still holding
      // exactly that many entries: nothing to do, and no need to read every record back.
      const mediaAlreadyComplete =
        mediaItems === null &&
        recordsEtag !== null &&
        meta.mediaCompleteEtag === recordsEtag &&
        meta.mediaCount !== null &&
        (await mediaCacheHolds(meta.mediaCount));
      if (mediaAlreadyComplete) {
        result.media = { referenced: meta.mediaCount ?? 0, fetched: 0, failed: 0, removed: 0 };
      } else {
        mediaItems ??= [
          ...(await db.elements.toArray()),
          ...(await db.subelements.toArray()),
          ...templateMedia(await db.alertTemplates.toArray()),
        ];
        result.media = await syncMedia(mediaItems, signal);
      }
      if (result.media.failed > 0) {
        throw new SyncError(
          `${result.media.failed} média(s) sur ${result.media.referenced} non téléchargé(s)`,
        );
      }
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
      if (disposed) {
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

  /** Runs one sync, then the queued one if a trigger came in meanwhile. */
  async function runChain(reason: string): Promise<SyncResult> {
    try {
      return await runOnce(reason);
    } finally {
      // Hand over synchronously, so no trigger can slip in between two runs and start a third.
      const next = queued;
      queued = null;
      if (next !== null && !disposed) {
        current = runChain(next.reason);
        void current.then(next.resolve);
      } else {
        current = null;
        next?.resolve(abortedResult(next.reason));
      }
    }
  }

  function abortedResult(reason: string): SyncResult {
    return {
      ok: false,
      reason,
      source: null,
      recordsChanged: false,
      contentVersion: knownVersion,
      media: { referenced: 0, fetched: 0, failed: 0, removed: 0 },
      error: 'Synchronisation annulée',
    };
  }

  return {
    sync(reason) {
      if (disposed) return Promise.resolve(abortedResult(reason));
      if (current === null) {
        current = runChain(reason);
        return current;
      }
      if (queued === null) {
        let resolve!: (result: SyncResult) => void;
        const promise = new Promise<SyncResult>((r) => (resolve = r));
        queued = { reason, promise, resolve };
      }
      return queued.promise;
    },
    isRunning: () => current !== null,
    contentVersion: () => knownVersion,
    dispose() {
      disposed = true;
      controller.abort();
    },
  };
}
