/**
 * The local database after a power cut (issue 53, decision 051). A cut can leave the IndexedDB
 * files of the development's database unreadable — opening or reading throws — or, what Debian's
 * Chromium does when its LevelDB files are garbage, have them silently recreated EMPTY while the
 * sync meta in localStorage still describes the revision held. Either way the totem would keep
 * failing, or show nothing, until a technician came.
 *
 * `ensureKioskDb` runs once at the logged-in kiosk's start, before the services (and their sync
 * engine, which reads the sync meta when created) and before the screens read the database: it
 * opens the database and reads one record of each store. On a loss it deletes the database,
 * opens it again (empty, current schema) and resets the sync meta, so that the next sync is a FULL
 * snapshot; the emergency fallback card (features/emergency-fallback) covers the time in between.
 *
 * Two bounds, because this runs where an alert must never be masked:
 * - at most ONE rebuild per page load (a module flag): a rebuild that fails is not retried, the
 *   start carries on with whatever opens;
 * - the whole check is bounded by DB_CHECK_BOUND_MS: an IndexedDB that hangs lets the start go on
 *   without it (the promise resolves `timed-out`), and a check that finishes after that no longer
 *   rebuilds anything — the services are using the database by then; the sync engine's own count
 *   check (sync-meta.ts) still fetches everything if the stores were emptied.
 *
 * It never rejects.
 */
import Dexie from 'dexie';
import { openKioskDb, type KioskDb } from './kiosk-db';
import { EMPTY_SYNC_META, readSyncMeta, writeSyncMeta } from './sync-meta';

/** How long the start waits for the check, at most (then goes on without it). */
export const DB_CHECK_BOUND_MS = 5000;

/**
 * What the check found: `ok` nothing to do; `rebuilt` the database was lost and is recreated
 * empty; `rebuild-failed` it was lost and could not be recreated (the start goes on anyway);
 * `timed-out` IndexedDB did not answer within the bound; `not-rebuilt` a loss found while a
 * rebuild was no longer allowed (one already done in this page load, or after the bound).
 */
export type DbCheckOutcome = 'ok' | 'rebuilt' | 'rebuild-failed' | 'timed-out' | 'not-rebuilt';

export interface EnsureKioskDbOptions {
  /** Development whose sync meta tells whether zones were held (another one's meta says nothing). */
  devid: number;
  /** The database instance to check; the shared one of the development by default. */
  db?: KioskDb;
  /** Deletes the database (Dexie.delete by default; tests inject a failing or hanging one). */
  deleteDatabase?: (name: string) => Promise<void>;
  boundMs?: number;
}

/** Set once a rebuild was attempted in this page load: never a second one, never a loop. */
let rebuildAttempted = false;

/** For tests: a new page load. */
export function resetDbRecoveryForTests(): void {
  rebuildAttempted = false;
}

/** Errors the normal open path deals with itself (a newer database, an upgrade waiting). */
function isVersionIssue(error: unknown): boolean {
  const names = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (typeof name === 'string') names.add(name);
    current = inner;
  }
  return names.has('VersionError') || names.has('BlockedError');
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why the database is lost, or null when it is fine. Throws only for version issues. */
async function findLoss(db: KioskDb, devname: string, devid: number): Promise<string | null> {
  try {
    await db.open();
    // One record of each store: a damaged LevelDB often opens and fails at the first read.
    for (const name of db.tables.map((table) => table.name))
      await db.table(name).limit(1).toArray();
  } catch (error) {
    if (isVersionIssue(error)) throw error;
    return `could not be read (${describe(error)})`;
  }
  const zones = await db.zones.count();
  const meta = readSyncMeta(devname);
  if (zones === 0 && meta.devid === devid && (meta.counts?.zones ?? 0) > 0)
    return `holds no zones while the sync meta says ${meta.counts?.zones} were held (revision ${meta.contentVersion ?? '?'})`;
  return null;
}

async function check(
  devname: string,
  db: KioskDb,
  options: EnsureKioskDbOptions,
  isLate: () => boolean,
): Promise<DbCheckOutcome> {
  let loss: string | null;
  try {
    loss = await findLoss(db, devname, options.devid);
  } catch (error) {
    console.warn(`[db-recovery] the local database "${devname}" is left to the normal open`, error);
    return 'ok';
  }
  if (loss === null) return 'ok';
  if (rebuildAttempted || isLate()) {
    console.warn(
      `[db-recovery] the local database "${devname}" ${loss}; not rebuilt (${rebuildAttempted ? 'already rebuilt once in this page load' : 'the start went on without the check'})`,
    );
    return 'not-rebuilt';
  }
  rebuildAttempted = true;
  console.warn(
    `[db-recovery] the local database "${devname}" ${loss}: deleted and recreated, the next sync is a full snapshot`,
  );
  // Whatever happens next, the meta no longer describes what is held: the next sync fetches all.
  writeSyncMeta(devname, { ...EMPTY_SYNC_META });
  try {
    // Closed with auto-open kept, so the screens' queries open it again once it is recreated.
    db.close({ disableAutoOpen: false });
    await (options.deleteDatabase ?? ((name: string) => Dexie.delete(name)))(devname);
    await db.open();
    return 'rebuilt';
  } catch (error) {
    console.error(
      `[db-recovery] the local database "${devname}" could not be rebuilt; the kiosk goes on with what opens`,
      error,
    );
    return 'rebuild-failed';
  }
}

/**
 * Checks the development's local database and rebuilds it when a power cut lost it (see the
 * header). Resolves within `boundMs` (DB_CHECK_BOUND_MS), never rejects.
 */
export function ensureKioskDb(
  devname: string,
  options: EnsureKioskDbOptions,
): Promise<DbCheckOutcome> {
  const db = options.db ?? openKioskDb(devname);
  const boundMs = options.boundMs ?? DB_CHECK_BOUND_MS;
  let late = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<DbCheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      late = true;
      console.warn(
        `[db-recovery] the local database "${devname}" did not answer within ${boundMs} ms; the kiosk starts without waiting`,
      );
      resolve('timed-out');
    }, boundMs);
  });
  const work = check(devname, db, options, () => late).catch((error: unknown) => {
    console.error('[db-recovery] the check failed', error);
    return 'ok' as const;
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}
