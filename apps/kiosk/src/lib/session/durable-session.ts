/**
 * A copy of the kiosk's session that survives a power cut right after the login (issue 53).
 *
 * The session lives in localStorage (its keys are the product's: session.ts), which Chromium keeps
 * in memory and commits to disk in batches: on a real totem the token reached the disk 37–51 s
 * after the first login (`npm run test:totem`), so a cut in that window sent the totem back to the
 * login screen — a technician's visit for ten totems installed in a morning. IndexedDB commits a
 * transaction when it completes, and with `durability: 'strict'` only completes once the write is
 * flushed to disk. So every change of the session is mirrored here, and at start a kiosk whose
 * localStorage lost its session (and only then) takes it back from this copy before the first
 * screen. localStorage stays the source the rest of the kiosk reads.
 *
 * Nothing here may stop a totem: IndexedDB missing, broken or slow, the kiosk starts as it would
 * without the copy (the start waits at most RESTORE_TIMEOUT_MS).
 */
import type { Session } from './session';

const DB_NAME = 'plant-kiosk-session';
const STORE = 'sessions';
/** How long a start waits for the copy before going on without it. */
export const RESTORE_TIMEOUT_MS = 1500;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    request.onblocked = () => reject(new Error('IndexedDB open blocked'));
  });
}

/** Runs one write on the store and resolves once it is on disk (strict durability). */
async function write(change: (store: IDBObjectStore) => void): Promise<void> {
  const db = await openDb();
  try {
    await new Promise<void>((resolve, reject) => {
      // `durability` is Chromium's (and the standard's) since 2021; older engines ignore it.
      const transaction = db.transaction(STORE, 'readwrite', { durability: 'strict' });
      change(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB write aborted'));
    });
  } finally {
    db.close();
  }
}

/** Mirrors the session of `devname` (null: the kiosk logged out, the copy goes too). */
export function mirrorSession(devname: string, session: Session | null): Promise<void> {
  return write((store) => {
    if (session) store.put({ token: session.token, devid: session.devid }, devname);
    else store.delete(devname);
  }).catch((error: unknown) => {
    console.warn('[session] the durable copy of the session could not be written', error);
  });
}

/** The mirrored session of `devname`, or null. */
export async function readMirroredSession(devname: string): Promise<Session | null> {
  const db = await openDb();
  try {
    const value = await new Promise<unknown>((resolve, reject) => {
      const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(devname);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
    });
    const candidate = value as Partial<Session> | undefined;
    if (
      typeof candidate?.token === 'string' &&
      candidate.token !== '' &&
      Number.isInteger(candidate.devid) &&
      (candidate.devid ?? 0) >= 1
    ) {
      return { token: candidate.token, devid: candidate.devid! };
    }
    return null;
  } finally {
    db.close();
  }
}

/**
 * At start: when localStorage has no session for `devname` but the durable copy has one, puts it
 * back (through `save`, session.ts's own writer) and answers true. Bounded by
 * RESTORE_TIMEOUT_MS; never throws.
 */
export async function restoreSession(
  devname: string,
  current: Session | null,
  save: (session: Session) => void,
  timeoutMs = RESTORE_TIMEOUT_MS,
): Promise<boolean> {
  if (current) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const found = await Promise.race([readMirroredSession(devname), timeout]);
    if (!found) return false;
    save(found);
    console.info('[session] the session was taken back from its durable copy');
    return true;
  } catch (error) {
    console.warn('[session] the durable copy of the session could not be read', error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
