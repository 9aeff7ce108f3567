import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DB_CHECK_BOUND_MS,
  ensureKioskDb,
  resetDbRecoveryForTests,
  type DbCheckOutcome,
} from './db-recovery';
import { closeKioskDb, openKioskDb } from './kiosk-db';
import { EMPTY_SYNC_META, readSyncMeta, writeSyncMeta } from './sync-meta';

const DEVNAME = 'neubourg';
const DEVID = 7;

/** The meta of a kiosk that held revision 12 with 3 zones. */
function heldMeta() {
  writeSyncMeta(DEVNAME, {
    ...EMPTY_SYNC_META,
    devid: DEVID,
    etag: '"r12"',
    contentVersion: 12,
    counts: { zones: 3, elements: 5, subelements: 0, subgroups: 0 },
    mediaCompleteKey: '"r12"',
    mediaCount: 5,
  });
}

async function seedZone() {
  const db = openKioskDb(DEVNAME);
  await db.zones.put({ zoneid: 1, zonename: "Numéros d'urgence", type: 'image' } as never);
  return db;
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetDbRecoveryForTests();
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Dexie.delete(DEVNAME);
  closeKioskDb(DEVNAME);
});

describe('ensureKioskDb (power cuts, decision 051)', () => {
  it('leaves a readable database that holds its zones alone', async () => {
    heldMeta();
    await seedZone();
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID })).toBe('ok');
    expect(await openKioskDb(DEVNAME).zones.count()).toBe(1);
    expect(readSyncMeta(DEVNAME).contentVersion).toBe(12);
    expect(warn).not.toHaveBeenCalled();
  });

  it('leaves an empty database alone when nothing was synced yet (a first start)', async () => {
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID })).toBe('ok');
    expect(warn).not.toHaveBeenCalled();
  });

  it("ignores another development's meta", async () => {
    heldMeta();
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID + 1 })).toBe('ok');
  });

  it('rebuilds a database found empty while the meta says zones were held, and resets the meta', async () => {
    heldMeta();
    const deleteDatabase = vi.fn((name: string) => Dexie.delete(name));
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase })).toBe('rebuilt');
    expect(deleteDatabase).toHaveBeenCalledWith(DEVNAME);
    // A full snapshot next: no ETag, no revision, no counts.
    expect(readSyncMeta(DEVNAME)).toEqual(EMPTY_SYNC_META);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('holds no zones'));
    // The shared instance is open again and usable by the screens.
    const db = openKioskDb(DEVNAME);
    expect(db.isOpen()).toBe(true);
    await db.zones.put({ zoneid: 2, zonename: 'x', type: 'image' } as never);
    expect(await db.zones.count()).toBe(1);
  });

  it('rebuilds a database that cannot be opened', async () => {
    heldMeta();
    const db = await seedZone();
    db.close({ disableAutoOpen: false });
    const open = vi.spyOn(db, 'open');
    open.mockRejectedValueOnce(new Error('Internal error opening backing store'));
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID })).toBe('rebuilt');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'));
    expect(await db.zones.count()).toBe(0);
    expect(readSyncMeta(DEVNAME).etag).toBeNull();
  });

  it('rebuilds a database that opens but fails at the first read of a store', async () => {
    heldMeta();
    const db = await seedZone();
    const table = db.table.bind(db);
    vi.spyOn(db, 'table').mockImplementation((name: string) => {
      if (name !== 'elements') return table(name);
      throw new Error('Corruption: block checksum mismatch');
    });
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID })).toBe('rebuilt');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('block checksum mismatch'));
  });

  it('leaves a version issue to the normal open path', async () => {
    heldMeta();
    const db = openKioskDb(DEVNAME);
    const versionError = Object.assign(new Error('newer'), { name: 'VersionError' });
    vi.spyOn(db, 'open').mockRejectedValueOnce(versionError);
    const deleteDatabase = vi.fn(() => Promise.resolve());
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase })).toBe('ok');
    expect(deleteDatabase).not.toHaveBeenCalled();
    expect(readSyncMeta(DEVNAME).contentVersion).toBe(12);
  });

  it('rebuilds at most once per page load: no loop when the rebuilt database is lost again', async () => {
    heldMeta();
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID })).toBe('rebuilt');
    heldMeta();
    const deleteDatabase = vi.fn(() => Promise.resolve());
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase })).toBe('not-rebuilt');
    expect(deleteDatabase).not.toHaveBeenCalled();
  });

  it('carries on when the rebuild itself fails, and does not try again', async () => {
    heldMeta();
    const deleteDatabase = vi.fn(() => Promise.reject(new Error('UnknownError')));
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase })).toBe('rebuild-failed');
    // The meta is reset all the same: whatever opens next, the next sync is a full one.
    expect(readSyncMeta(DEVNAME).contentVersion).toBeNull();
    heldMeta();
    expect(await ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase })).toBe('not-rebuilt');
    expect(deleteDatabase).toHaveBeenCalledTimes(1);
  });

  it('resolves at the bound when IndexedDB never answers, and a late answer rebuilds nothing', async () => {
    vi.useFakeTimers();
    heldMeta();
    const db = openKioskDb(DEVNAME);
    let answer: (() => void) | undefined;
    vi.spyOn(db, 'open').mockImplementationOnce(
      () => new Promise((resolve) => (answer = () => resolve(db))) as never,
    );
    const deleteDatabase = vi.fn(() => Promise.resolve());
    let outcome: DbCheckOutcome | undefined;
    void ensureKioskDb(DEVNAME, { devid: DEVID, deleteDatabase }).then((value) => {
      outcome = value;
    });
    await vi.advanceTimersByTimeAsync(DB_CHECK_BOUND_MS - 1);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBe('timed-out');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not answer within 5000 ms'));
    // IndexedDB answers at last, with an empty database: too late to delete it under the services.
    vi.useRealTimers();
    answer?.();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('not rebuilt')),
    );
    expect(deleteDatabase).not.toHaveBeenCalled();
  });
});
