/**
 * What the pending change sets (scheduled publications, issue 45) hold, for the other doors of the
 * gate: the items a waiting schedule has captured — the draft still holds exactly what the set
 * will bring — which a publish now leaves out unless asked to take them, and which the draft's
 * change list marks « programmé ».
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { KIND, type ChangeKind, type Db, type PendingChange, type Row } from './change-kinds.js';

export const itemKey = (kind: ChangeKind, id: number) => `${kind}:${id}`;

/** Whether two rows of a kind hold the same values in its compared columns (numbers as numbers). */
export function sameRow(kind: ChangeKind, a: Row | undefined, b: Row | undefined): boolean {
  if (!a || !b) return !a && !b;
  const value = (row: Row, column: string) => {
    const v = row[column];
    if (v === undefined || v === null) return null;
    if (typeof v === 'boolean') return v ? 1 : 0;
    return typeof v === 'number' || /^-?\d+$/.test(String(v)) ? Number(v) : String(v);
  };
  return KIND[kind].columns.every((column) => value(a, column) === value(b, column));
}

export const parseChanges = (set: { changes: string }) =>
  JSON.parse(set.changes) as PendingChange[];

/** The sets of a development still waiting, in the order they will apply. */
export function waitingSets(db: Db | Transaction<Database>, devid: number) {
  return db
    .selectFrom('change_sets')
    .selectAll()
    .where('devid', '=', devid)
    .where('status', '=', 'scheduled')
    .orderBy('due_at')
    .orderBy('setid')
    .execute();
}

export interface Capture {
  setid: number;
  at: string;
}

/**
 * The items of `changes` (the draft against live) that a waiting set captured: the set changes the
 * item, and the draft still holds the set's value for it. The latest such set wins.
 */
export async function capturedBy(
  db: Db | Transaction<Database>,
  devid: number,
  changes: readonly PendingChange[],
): Promise<Map<string, Capture>> {
  const captured = new Map<string, Capture>();
  const sets = await waitingSets(db, devid);
  if (sets.length === 0) return captured;
  const draft = new Map(changes.map((change) => [itemKey(change.kind, change.id), change]));
  for (const set of sets) {
    for (const change of parseChanges(set)) {
      const key = itemKey(change.kind, change.id);
      const now = draft.get(key);
      if (now && sameRow(change.kind, now.after, change.after)) {
        captured.set(key, { setid: set.setid, at: set.due_at! });
      }
    }
  }
  return captured;
}
