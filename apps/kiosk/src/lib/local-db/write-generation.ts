/**
 * The content write generation (delta sync, decision 016): how a per-item refresh
 * (content-refresh.ts) knows that a sync wrote the local database while it was fetching, so it does
 * not put back older content.
 *
 * A refresh reads the generation BEFORE it fetches; a sync (snapshot or delta) bumps it at the
 * start of its write transaction; the refresh, inside its own write transaction, drops its write
 * when the generation moved. IndexedDB runs read-write transactions over overlapping stores in
 * the order they were created, so either the refresh's transaction was created first (it commits
 * first and the sync's write lands on top of it) or it sees the bump (and writes nothing): the
 * result is the sync's revision whatever the order. A bump by a sync that then rolls back only
 * costs a dropped refresh; the next one writes.
 *
 * In memory, per database name: one tab runs one kiosk, and a reload starts no refresh from
 * before it. Not a Dexie row: the spec fixes the stores.
 */
import type Dexie from 'dexie';

const generations = new Map<string, number>();

/** The current generation of `db`'s content writes by the sync. */
export function contentWriteGeneration(db: Pick<Dexie, 'name'>): number {
  return generations.get(db.name) ?? 0;
}

/** Called by the sync at the start of its write transaction. */
export function bumpContentWriteGeneration(db: Pick<Dexie, 'name'>): void {
  generations.set(db.name, contentWriteGeneration(db) + 1);
}
