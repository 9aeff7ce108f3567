/**
 * Network refresh of one zone, one element's sub-elements or one element's sub-groups, written into
 * the local database (docs/product.md#states "Content loading per zone"). The screens never render from these
 * calls directly: they render the local database, which these writes update, so offline and
 * online use one path and a failed refresh simply leaves the local content on screen.
 *
 * Loading modes (docs/product.md#states): `hard` fetches all the zone's elements at once; `even` fetches batches
 * of `quantity` from order 1, advancing by `quantity` until a batch comes back empty; `uneven`
 * takes batch sizes from a list, repeating the last one. Each batch is written as it arrives, so a
 * long zone fills in progressively; elements the server no longer returns are removed only after
 * the last batch, since until then we cannot know they are gone.
 *
 * A refresh can race a sync (delta sync: "a delta racing a per-item refresh → the result is the
 * published revision, whatever the order"). Each refresh reads the content write generation
 * (lib/local-db/write-generation.ts) before it fetches and re-reads it inside each of its write
 * transactions: if a sync wrote meanwhile, what the refresh fetched may be older than what the
 * sync wrote, so it writes nothing more (the sync's content stays; the next refresh writes).
 */
import { ALL_MODELS, type Element, type PopulatedSubgroup } from '@plant-kiosk/contract';
import type { ApiClient } from '../../lib/api/api-client';
import type { Table } from 'dexie';
import { toStoredSubelement, type KioskDb } from '../../lib/local-db/kiosk-db';
import { contentWriteGeneration } from '../../lib/local-db/write-generation';

export type LoadingMode = 'hard' | 'even' | 'uneven';

export const DEFAULT_BATCH_QUANTITY = 5;
/** A server that ignores the batch query would otherwise never return an empty batch. */
const MAX_BATCHES = 10_000;

export interface ZoneRefreshOptions {
  mode?: LoadingMode;
  quantity?: number;
  batches?: readonly number[];
  signal?: AbortSignal;
}

/** Size of batch number `index` (0-based) in a mode other than `hard`. */
export function batchSize(
  mode: Exclude<LoadingMode, 'hard'>,
  index: number,
  quantity: number,
  batches: readonly number[],
): number {
  if (mode === 'even' || batches.length === 0) return quantity;
  return batches[Math.min(index, batches.length - 1)]!;
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Runs `write` in one read-write transaction over `tables`, unless a sync wrote the content since
 * `generation` was read (before the fetch): then nothing is written. Answers whether it wrote.
 */
async function writeUnlessSynced(
  db: KioskDb,
  generation: number,
  what: string,
  tables: Table[],
  write: () => Promise<void>,
): Promise<boolean> {
  const written = await db.transaction('rw', tables, async () => {
    if (contentWriteGeneration(db) !== generation) return false;
    await write();
    return true;
  });
  if (!written) console.info(`[content] ${what}: a sync wrote meanwhile; this refresh is dropped`);
  return written;
}

/** Removes elements, with their sub-elements and sub-groups. Call inside a transaction. */
async function deleteElements(db: KioskDb, elementids: number[]): Promise<void> {
  if (elementids.length === 0) return;
  await db.elements.bulkDelete(elementids);
  await db.subelements.where('elementid').anyOf(elementids).delete();
  await db.subgroups.where('elementid').anyOf(elementids).delete();
}

export async function refreshZone(
  db: KioskDb,
  api: ApiClient,
  devid: number,
  zonename: string,
  options: ZoneRefreshOptions = {},
): Promise<void> {
  const { signal } = options;
  const mode = options.mode ?? 'hard';
  const quantity = positiveInteger(options.quantity, DEFAULT_BATCH_QUANTITY);
  const batches = (options.batches ?? []).filter((size) => Number.isInteger(size) && size > 0);
  const checkAborted = () => signal?.throwIfAborted();
  const generation = contentWriteGeneration(db);
  const what = `zone "${zonename}"`;

  const zone = await api.zone(devid, zonename, { signal });
  checkAborted();
  const tables = [db.zones, db.elements, db.subelements, db.subgroups];
  const zoneWritten = await writeUnlessSynced(db, generation, what, tables, async () => {
    // Zone names are unique: a zone of that name with another id was deleted and recreated.
    const stale = await db.zones
      .where('zonename')
      .equals(zonename)
      .filter((z) => z.zoneid !== zone.zoneid)
      .primaryKeys();
    if (stale.length > 0) {
      await db.zones.bulkDelete(stale);
      await deleteElements(db, await db.elements.where('zoneid').anyOf(stale).primaryKeys());
    }
    await db.zones.put(zone);
  });
  if (!zoneWritten) return;

  const seen = new Set<number>();
  /** Writes one batch; false when a sync wrote meanwhile (the refresh stops there). */
  const writeBatch = async (elements: Element[]) => {
    checkAborted();
    for (const element of elements) seen.add(element.elementid);
    return writeUnlessSynced(db, generation, what, [db.elements], async () => {
      if (elements.length > 0) await db.elements.bulkPut(elements);
    });
  };

  if (mode === 'hard') {
    if (!(await writeBatch(await api.elements(zone.zoneid, undefined, { signal })))) return;
  } else {
    let order = 1;
    for (let index = 0; index < MAX_BATCHES; index++) {
      const size = batchSize(mode, index, quantity, batches);
      const batch = await api.elements(zone.zoneid, { order, quantity: size }, { signal });
      if (batch.length === 0) break;
      const before = seen.size;
      if (!(await writeBatch(batch))) return;
      if (seen.size === before) break;
      order += size;
    }
  }

  checkAborted();
  await writeUnlessSynced(db, generation, what, tables, async () => {
    const local = await db.elements.where('zoneid').equals(zone.zoneid).primaryKeys();
    await deleteElements(
      db,
      local.filter((id) => !seen.has(id)),
    );
  });
}

/** Refreshes all the sub-elements of one element (hard mode). */
export async function refreshSubelements(
  db: KioskDb,
  api: ApiClient,
  elementid: number,
  signal?: AbortSignal,
): Promise<void> {
  const generation = contentWriteGeneration(db);
  const subelements = await api.subelements(elementid, undefined, { signal });
  signal?.throwIfAborted();
  const ids = new Set(subelements.map((sub) => sub.subelementid));
  const what = `sub-elements of element ${elementid}`;
  await writeUnlessSynced(db, generation, what, [db.subelements], async () => {
    const local = await db.subelements.where('elementid').equals(elementid).primaryKeys();
    await db.subelements.bulkDelete(local.filter((id) => !ids.has(id)));
    await db.subelements.bulkPut(subelements.map(toStoredSubelement));
  });
}

/**
 * Refreshes one element's sub-groups (of one model, or all) with their field values. Sub-groups of
 * that model the server no longer returns (deleted or expired) are removed with their values.
 */
export async function refreshSubgroups(
  db: KioskDb,
  api: ApiClient,
  elementid: number,
  modelLabel: string | undefined,
  signal?: AbortSignal,
): Promise<void> {
  const generation = contentWriteGeneration(db);
  const populated: PopulatedSubgroup[] = await api.populatedSubgroups(
    elementid,
    modelLabel ?? ALL_MODELS,
    [],
    { signal },
  );
  signal?.throwIfAborted();
  const groupIds = new Set(populated.map((group) => group.subgroupid));
  const values = populated.flatMap((group) => Object.values(group.fields).flat());
  const valueIds = new Set(values.map((value) => value.subelementid));
  const what = `sub-groups of element ${elementid}`;
  await writeUnlessSynced(db, generation, what, [db.subgroups, db.subelements], async () => {
    const localGroups = await db.subgroups
      .where('elementid')
      .equals(elementid)
      .filter((group) => modelLabel === undefined || group.label === modelLabel)
      .toArray();
    const affected = [...new Set([...localGroups.map((group) => group.subgroupid), ...groupIds])];
    await db.subgroups.bulkDelete(
      localGroups.map((group) => group.subgroupid).filter((id) => !groupIds.has(id)),
    );
    // Values of the affected sub-groups that are not in the answer are gone.
    const localValues = await db.subelements
      .where('elementid')
      .equals(elementid)
      .filter((sub) => sub.subgroupid !== null && affected.includes(sub.subgroupid))
      .primaryKeys();
    await db.subelements.bulkDelete(localValues.filter((id) => !valueIds.has(id)));
    await db.subgroups.bulkPut(populated.map(({ fields: _fields, ...group }) => group));
    await db.subelements.bulkPut(values.map(toStoredSubelement));
  });
}
