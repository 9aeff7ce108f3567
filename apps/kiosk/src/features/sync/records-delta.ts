/**
 * Delta sync, the kiosk's side (delta sync, decision 016): fetch what changed since the revision
 * the local stores hold, check it, and apply it atomically.
 *
 * - `fetchDelta` asks `GET /display/changes/:devid?since=N` and sorts the answer: 304 ('unchanged'),
 *   no such route on this server ('unsupported': the engine remembers it and uses the snapshot),
 *   "fetch the snapshot" ('full'), or a delta, checked here before anything is written — its puts
 *   with the snapshot's own record checks (records-validate.ts), its deletes as lists of positive
 *   integer ids, its counts as non-negative integers, `from` as the revision asked.
 * - `applyDelta` writes it in ONE read-write transaction over the five stores: deletes first, then
 *   puts, then the stores are counted INSIDE the transaction and compared with the delta's
 *   `counts`. A mismatch (the local copy had drifted) throws DeltaCountMismatch inside the
 *   transaction, so Dexie rolls everything back and the engine fetches the snapshot in the same
 *   run; any other failure (quota, abort) also leaves the previous revision intact.
 *
 * The settings (published settings, decision 017) come only when a revision in (N, M] changed them,
 * and are then replaced whole in the same transaction; they are not records and not in the counts.
 *
 * Deleting a zone or an element deletes only the ids the delta names: the server lists every
 * record that goes (decision 016), so the kiosk does not cascade on its own.
 */
import type {
  AlertTemplate,
  ChangeCounts,
  ContentDelta,
  FullSyncReason,
} from '@plant-kiosk/contract';
import type { ApiClient } from '../../lib/api/api-client';
import { toStoredSubelement, type KioskDb } from '../../lib/local-db/kiosk-db';
import { putSettings } from '../../lib/local-db/stored-settings';
import { bumpContentWriteGeneration } from '../../lib/local-db/write-generation';
import type { MediaItem } from './media-prefetch';
import { templateMedia } from './media-prefetch';
import { isObject, validateRecords } from './records-validate';
import { SyncError } from './sync-errors';

const STORES = ['zones', 'elements', 'subelements', 'subgroups', 'alertTemplates'] as const;
type StoreName = (typeof STORES)[number];

export type FetchedDelta =
  | { status: 'unchanged' }
  | { status: 'unsupported' }
  | { status: 'full'; reason: FullSyncReason | 'unknown'; to: number | null }
  | { status: 'delta'; delta: ContentDelta };

/** The stores disagree with the delta's counts after applying it: nothing was written. */
export class DeltaCountMismatch extends Error {
  constructor(
    readonly expected: ChangeCounts,
    readonly found: ChangeCounts,
  ) {
    super(
      `record counts after the delta: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`,
    );
    this.name = 'DeltaCountMismatch';
  }
}

const isId = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value > 0;
const isCount = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

const invalid = (what: string) => new SyncError(`Données invalides : delta (${what})`);

/** Checks a delta's shape and records; throws a SyncError naming the first problem. */
export function validateDelta(value: unknown, devid: number, since: number): ContentDelta {
  if (!isObject(value)) throw invalid('réponse mal formée');
  if (value.devid !== devid) throw new SyncError('Données invalides : autre développement');
  if (value.from !== since) throw invalid('from');
  if (!isCount(value.to) || (value.to as number) < since) throw invalid('to');
  const { puts, deletes, counts } = value;
  if (!isObject(puts) || !isObject(deletes) || !isObject(counts))
    throw invalid('réponse mal formée');
  // The snapshot's own checks for the four content stores (logs each bad record).
  validateRecords(puts);
  const templates = puts.alertTemplates;
  if (
    !Array.isArray(templates) ||
    !templates.every(
      (t: unknown) => isObject(t) && isId(t.templateid) && typeof t.name === 'string',
    )
  )
    throw invalid('alertTemplates');
  for (const store of STORES) {
    const ids = deletes[store];
    if (!Array.isArray(ids) || !ids.every(isId)) throw invalid(`deletes.${store}`);
    if (!isCount(counts[store])) throw invalid(`counts.${store}`);
  }
  // Present only when they changed; then an object (its fields are normalized when stored).
  if (value.settings !== undefined && !isObject(value.settings)) throw invalid('settings');
  return value as unknown as ContentDelta;
}

/** Asks the server what changed since `since` and checks the answer. */
export async function fetchDelta(
  api: ApiClient,
  devid: number,
  since: number,
  signal: AbortSignal,
): Promise<FetchedDelta> {
  const answer = await api.changes(devid, since, { signal });
  if (answer.status === 'not-modified') return { status: 'unchanged' };
  if (answer.status === 'unsupported') return { status: 'unsupported' };
  const changes: unknown = answer.changes;
  if (isObject(changes) && changes.full === true) {
    if (changes.devid !== devid) throw new SyncError('Données invalides : autre développement');
    const reason = typeof changes.reason === 'string' ? changes.reason : 'unknown';
    return {
      status: 'full',
      reason: reason as FullSyncReason,
      to: isCount(changes.to) ? (changes.to as number) : null,
    };
  }
  return { status: 'delta', delta: validateDelta(changes, devid, since) };
}

async function countStores(db: KioskDb): Promise<ChangeCounts> {
  const [zones, elements, subelements, subgroups, alertTemplates] = await Promise.all(
    STORES.map((store: StoreName) => db[store].count()),
  );
  return {
    zones: zones!,
    elements: elements!,
    subelements: subelements!,
    subgroups: subgroups!,
    alertTemplates: alertTemplates!,
  };
}

const sameChangeCounts = (a: ChangeCounts, b: ChangeCounts) =>
  STORES.every((store) => a[store] === b[store]);

/**
 * Applies a checked delta in one transaction; resolves with the counts found (equal to the
 * delta's), or rejects with DeltaCountMismatch (or the write's error) having written nothing.
 */
export async function applyDelta(db: KioskDb, delta: ContentDelta): Promise<ChangeCounts> {
  const { puts, deletes } = delta;
  const stores = [...STORES.map((store) => db[store]), db.settings];
  return db.transaction('rw', stores, async () => {
    // First thing in the transaction: a per-item refresh that fetched before now drops its write.
    bumpContentWriteGeneration(db);
    await Promise.all([
      db.zones.bulkDelete(deletes.zones),
      db.elements.bulkDelete(deletes.elements),
      db.subelements.bulkDelete(deletes.subelements),
      db.subgroups.bulkDelete(deletes.subgroups),
      db.alertTemplates.bulkDelete(deletes.alertTemplates),
    ]);
    await Promise.all([
      db.zones.bulkPut(puts.zones),
      db.elements.bulkPut(puts.elements),
      db.subelements.bulkPut(puts.subelements.map(toStoredSubelement)),
      db.subgroups.bulkPut(puts.subgroups),
      db.alertTemplates.bulkPut(puts.alertTemplates as AlertTemplate[]),
      delta.settings === undefined ? undefined : putSettings(db, delta.settings),
    ]);
    const found = await countStores(db);
    // Throwing here aborts the transaction: Dexie rolls back every delete and put above.
    if (!sameChangeCounts(found, delta.counts)) throw new DeltaCountMismatch(delta.counts, found);
    return found;
  });
}

/** What a run does after asking the delta. */
export type DeltaOutcome =
  /** 304: the revision held is the latest. */
  | { kind: 'unchanged' }
  /** The server says "fetch the snapshot", or the stores disagreed with the counts (nothing written). */
  | { kind: 'snapshot' }
  /** No changes route on this server (404): the snapshot, and not asked again. */
  | { kind: 'unsupported' }
  /** Applied: the stores hold `delta.to`, with `counts`. */
  | { kind: 'applied'; delta: ContentDelta; counts: ChangeCounts };

export interface DeltaContext {
  api: ApiClient;
  db: KioskDb;
  devid: number;
  signal: AbortSignal;
}

/**
 * Asks the delta since the revision held and applies it. Any failure other than those outcomes
 * (network cut, bad JSON, a bad record, a write error) throws: the revision held stays, the run
 * fails, the next one retries.
 */
export async function deltaStep(
  { api, db, devid, signal }: DeltaContext,
  since: number,
  reason: string,
): Promise<DeltaOutcome> {
  const answer = await fetchDelta(api, devid, since, signal);
  if (answer.status === 'unchanged') return { kind: 'unchanged' };
  if (answer.status === 'unsupported') {
    console.warn('[sync] the server has no changes route; using the snapshot');
    return { kind: 'unsupported' };
  }
  if (answer.status === 'full') {
    console.info(`[sync] (${reason}) the server asks for the snapshot (${answer.reason})`);
    return { kind: 'snapshot' };
  }
  // The engine's signal is aborted with the "cancelled" SyncError as its reason (dispose).
  signal.throwIfAborted();
  try {
    return { kind: 'applied', delta: answer.delta, counts: await applyDelta(db, answer.delta) };
  } catch (error) {
    if (!(error instanceof DeltaCountMismatch)) throw error;
    console.warn(
      `[sync] (${reason}) the local stores disagree with the delta ${since} → ${answer.delta.to}, nothing applied; fetching the snapshot. Counts expected ${JSON.stringify(error.expected)}, found ${JSON.stringify(error.found)}`,
    );
    return { kind: 'snapshot' };
  }
}

/** How many records a delta puts and deletes (for the timing marks and the benchmarks). */
export function deltaSize(delta: ContentDelta): { puts: number; deletes: number } {
  let puts = 0;
  let deletes = 0;
  for (const store of STORES) {
    puts += delta.puts[store].length;
    deletes += delta.deletes[store].length;
  }
  return { puts, deletes };
}

/** The media the delta's puts reference: the only files a delta can add. */
export function deltaMediaItems(delta: ContentDelta): MediaItem[] {
  return [
    ...delta.puts.elements,
    ...delta.puts.subelements,
    ...templateMedia(delta.puts.alertTemplates),
  ];
}
