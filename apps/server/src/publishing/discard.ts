/**
 * Returning the draft of a development — or of one of its zones — to the published revision
 * (revision history, decision 011), in the caller's transaction: what the draft added is deleted,
 * what it changed gets the live values back, what it removed comes back with its ids. The
 * development's row lock comes first, as for an edit or a publish: a discard and an edit of the
 * same development run one after the other, so either the edit lands on the restored draft or the
 * discard undoes the whole edit.
 *
 * Every item written gets a new version (a form still open on it gets the editor's 409 instead of
 * silently writing over the restored values): the version + 1 of a changed item; for an item
 * brought back, the development's new draft_version, which every edit since migration 004 has
 * bumped, so it is above any version the item had before it was deleted. The sub-group whose
 * fields (sub-elements) were restored is bumped too: its form carries those fields.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  KINDS,
  chunks,
  lockDevelopment,
  loose,
  type KindTable,
  type PendingChange,
  type RevisionCounts,
  type Row,
} from './change-kinds.js';
import { scopedDiff } from './draft-diff.js';

export interface DiscardOutcome {
  /** The published revision the draft was returned to. */
  revision: number;
  /** What was undone (all zero when there was nothing to undo: nothing was written). */
  counts: RevisionCounts;
}

/** Undefined when the development does not exist. Nothing to undo: nothing is written. */
export async function discardIn(
  trx: Transaction<Database>,
  devid: number,
  zoneid?: number,
): Promise<DiscardOutcome | undefined> {
  const development = await lockDevelopment(trx, devid);
  if (!development) return undefined;
  const { changes, counts } = await scopedDiff(trx, devid, zoneid);
  const revision = development.content_version;
  if (changes.length === 0) return { revision, counts };

  const draftVersion = development.draft_version + 1;
  await trx
    .updateTable('developments')
    .set({ draft_version: draftVersion })
    .where('devid', '=', devid)
    .execute();
  await restore(trx, devid, changes, draftVersion);
  return { revision, counts };
}

/** The draft's rows of `changes` given back their live values (see the header). */
async function restore(
  trx: Transaction<Database>,
  devid: number,
  changes: readonly PendingChange[],
  draftVersion: number,
): Promise<void> {
  const db = loose(trx);
  const of = (table: KindTable) => changes.filter((change) => change.kind === table.kind);
  // A draft row carries devid only when it belongs to the development directly.
  const asDraft = (table: KindTable, row: Row): Row => {
    if (table.owner === 'development') return row;
    const { devid: _devid, ...rest } = row;
    return rest;
  };
  // Ids are unique across developments (autoincrement, or the devid itself for the settings).
  const byIds = (table: KindTable, ids: number[]) =>
    db.deleteFrom(table.draft).where(table.key, 'in', ids);

  // 1. What the draft added goes (children first; the cascades would take them anyway).
  for (const table of [...KINDS].reverse()) {
    const added = of(table).filter((change) => !change.before);
    for (const ids of chunks(added.map((change) => change.id))) await byIds(table, ids).execute();
  }

  // 2. Unique keys the restored values may swap (a zone's name, a sub-group's order within its
  //    element, a template's name) are moved out of the way first.
  for (const table of KINDS) {
    if (!table.unique) continue;
    for (const change of of(table).filter((c) => c.before && c.after))
      await db
        .updateTable(table.draft)
        .set(table.unique(change.id))
        .where(table.key, '=', change.id)
        .execute();
  }

  // 3. What the draft removed comes back, parents first, at a version above any it had.
  for (const table of KINDS) {
    const removed = of(table).flatMap((c) => (c.before && !c.after ? [c.before] : []));
    for (const rows of chunks(removed))
      await db
        .insertInto(table.draft)
        .values(
          rows.map((row) => ({
            ...asDraft(table, row),
            ...(table.versioned ? { version: draftVersion } : {}),
          })),
        )
        .execute();
  }

  // 4. What the draft changed gets the live values back, and a new version.
  for (const table of KINDS) {
    for (const change of of(table)) {
      if (!change.before || !change.after) continue;
      const { [table.key]: _id, devid: _devid, ...values } = change.before;
      await db
        .updateTable(table.draft)
        .set((eb) => (table.versioned ? { ...values, version: eb('version', '+', 1) } : values))
        .where(table.key, '=', change.id)
        .execute();
    }
  }

  // 5. A sub-group whose fields were restored: its form is stale too.
  const fieldGroups = new Set<number>();
  for (const change of changes) {
    if (change.kind !== 'subelement') continue;
    for (const row of [change.before, change.after])
      if (row?.subgroupid != null) fieldGroups.add(row.subgroupid as number);
  }
  for (const ids of chunks([...fieldGroups]))
    await trx
      .updateTable('subgroups')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('subgroupid', 'in', ids)
      .execute();
}
