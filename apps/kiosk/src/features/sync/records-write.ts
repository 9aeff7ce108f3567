/**
 * Writes validated records to the local database atomically: in ONE read-write transaction over
 * the stores, clear them and bulk-put everything. IndexedDB either commits all of it or nothing, so
 * a network cut, a killed server, a full disk (QuotaExceededError), a bad record or an abort at any
 * point leaves the previous content intact and readable; live queries only ever see the old or the
 * new content.
 *
 * The record counts written are kept with the ETag (sync-meta.ts): the ETag is trusted on the next
 * run only while the local counts still match them (`sameCounts`), so a database cleared behind the
 * engine's back (eviction, a technician) gets everything again rather than a 304.
 *
 * The development's settings (published settings, decision 017) ride in the same transaction when
 * the snapshot carries them, so the content and the timings and addresses a totem holds are always
 * of one revision.
 */
import { toStoredSubelement, type KioskDb } from '../../lib/local-db/kiosk-db';
import type { RecordCounts } from '../../lib/local-db/sync-meta';
import { putSettings } from '../../lib/local-db/stored-settings';
import { bumpContentWriteGeneration } from '../../lib/local-db/write-generation';
import type { SyncRecords } from './records-validate';

/** Replaces the local records with `records` in one transaction; resolves with the new counts. */
export async function writeRecords(db: KioskDb, records: SyncRecords): Promise<RecordCounts> {
  const stored = records.subelements.map(toStoredSubelement);
  const stores = [
    db.zones,
    db.elements,
    db.subelements,
    db.subgroups,
    db.alertTemplates,
    db.settings,
  ];
  return db.transaction('rw', stores, async () => {
    // First thing in the transaction: a per-item refresh that fetched before now drops its write.
    bumpContentWriteGeneration(db);
    // Absent templates (a crawl, an older server) mean "not known", not "none": keep ours.
    if (Array.isArray(records.alertTemplates)) {
      await db.alertTemplates.clear();
      await db.alertTemplates.bulkPut(records.alertTemplates);
    }
    // Likewise absent settings (a crawl, a server before published settings) leave the held ones.
    if (records.settings !== undefined) await putSettings(db, records.settings);
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

/** How many records each of the four content stores holds. */
export async function countRecords(db: KioskDb): Promise<RecordCounts> {
  const [zones, elements, subelements, subgroups] = await Promise.all([
    db.zones.count(),
    db.elements.count(),
    db.subelements.count(),
    db.subgroups.count(),
  ]);
  return { zones, elements, subelements, subgroups };
}

/** Whether remembered counts (null: none) equal the local ones. */
export function sameCounts(a: RecordCounts | null, b: RecordCounts): boolean {
  return (
    a !== null &&
    a.zones === b.zones &&
    a.elements === b.elements &&
    a.subelements === b.subelements &&
    a.subgroups === b.subgroups
  );
}
