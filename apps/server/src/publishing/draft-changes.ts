/**
 * The draft's unpublished changes as the back-office lists them (revision history, decision 011):
 * what a publish would change now, each change placed in its zone, with who last touched it and
 * when — read from the audit log, which every draft edit writes in its transaction.
 */
import { chunks, logged, type ChangeKind, type ContentChange, type Db } from './change-kinds.js';
import type { RevisionCounts } from './change-kinds.js';
import { diffDraft } from './draft-diff.js';
import { capturedBy, itemKey } from './pending-sets.js';
import { locate } from './revision-history-repository.js';

/** Who last touched an unpublished item, from the audit log. */
export interface LastEdit {
  username: string | null;
  at: string;
}

/** A change of the draft (not yet published), with where it is and who made it. */
export interface DraftChange extends ContentChange {
  zoneid: number | null;
  zonename: string | null;
  lastEdit: LastEdit | null;
  /** The waiting scheduled publication that brings it (issue 45), or null. */
  scheduled: { id: number; at: string } | null;
}

/**
 * What a publish would change now: the draft's differences with the live content (not applied),
 * with the revision they would follow. Undefined when the development does not exist.
 */
export async function draftChanges(
  db: Db,
  devid: number,
): Promise<{ revision: number; counts: RevisionCounts; changes: DraftChange[] } | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const development = await trx
        .selectFrom('developments')
        .select('content_version')
        .where('devid', '=', devid)
        .executeTakeFirst();
      if (!development) return undefined;
      const { changes, counts } = await diffDraft(trx, devid);
      const located = await locate(
        trx,
        changes.map((change): ContentChange => ({
          revision: development.content_version + 1,
          kind: change.kind,
          itemId: change.id,
          before: change.before ? logged(change.before) : null,
          after: change.after ? logged(change.after) : null,
        })),
      );
      const edits = await lastEdits(trx, devid, located);
      const captured = await capturedBy(trx, devid, changes);
      return {
        revision: development.content_version,
        counts,
        changes: located.map((change, index) => {
          const capture = captured.get(itemKey(change.kind, change.itemId));
          return {
            ...change,
            lastEdit: edits[index]!,
            scheduled: capture ? { id: capture.setid, at: capture.at } : null,
          };
        }),
      };
    });
}

/**
 * Who last touched each unpublished item and when, from the audit log: the newest entry that
 * names the item itself, the list it was reordered in, or the parent whose write carried it (a
 * sub-group's fields, an element deleted with its children, a zone deleted with its elements).
 */
async function lastEdits(
  db: Db,
  devid: number,
  changes: ReadonlyArray<ContentChange & { zoneid: number | null }>,
): Promise<Array<LastEdit | null>> {
  type Candidate = { type: string; id: number; actions: readonly string[] };
  const own = (kind: ChangeKind) => [`${kind}.create`, `${kind}.update`, `${kind}.delete`] as const;
  const candidates = changes.map((change): Candidate[] => {
    const row = change.after ?? change.before ?? {};
    const list: Candidate[] = [{ type: change.kind, id: change.itemId, actions: own(change.kind) }];
    const zone = (actions: readonly string[]) => {
      if (change.zoneid !== null) list.push({ type: 'zone', id: change.zoneid, actions });
    };
    if (change.kind === 'element') zone(['elements.reorder', 'zone.delete']);
    if (change.kind === 'subgroup' || change.kind === 'subelement') {
      const elementid = row.elementid as number;
      list.push({
        type: 'element',
        id: elementid,
        actions: [`${change.kind}s.reorder`, 'element.delete'],
      });
      zone(['zone.delete']);
    }
    if (change.kind === 'subelement' && row.subgroupid != null) {
      list.push({ type: 'subgroup', id: row.subgroupid as number, actions: own('subgroup') });
    }
    return list;
  });

  const wanted = new Map<string, Set<number>>();
  for (const list of candidates)
    for (const candidate of list) {
      if (!wanted.has(candidate.type)) wanted.set(candidate.type, new Set());
      wanted.get(candidate.type)!.add(candidate.id);
    }
  // Newest entry per (target, action): one grouped read per kind of target.
  const newest = new Map<string, number>();
  for (const [type, idSet] of wanted) {
    for (const ids of chunks([...idSet])) {
      const rows = await db
        .selectFrom('audit_log')
        .select(['target_id', 'action', (eb) => eb.fn.max('auditid').as('auditid')])
        .where('devid', '=', devid)
        .where('target_type', '=', type)
        .where('target_id', 'in', ids)
        .groupBy(['target_id', 'action'])
        .execute();
      for (const row of rows)
        newest.set(`${type}:${row.target_id}:${row.action}`, Number(row.auditid));
    }
  }
  const best = candidates.map((list) => {
    let found: number | undefined;
    for (const candidate of list)
      for (const action of candidate.actions) {
        const auditid = newest.get(`${candidate.type}:${candidate.id}:${action}`);
        if (auditid !== undefined && (found === undefined || auditid > found)) found = auditid;
      }
    return found;
  });
  const entries = new Map<number, LastEdit>();
  const auditids = [...new Set(best.filter((id): id is number => id !== undefined))];
  for (const ids of chunks(auditids)) {
    for (const row of await db
      .selectFrom('audit_log')
      .select(['auditid', 'username', 'at'])
      .where('auditid', 'in', ids)
      .execute())
      entries.set(row.auditid, { username: row.username, at: row.at });
  }
  return best.map((auditid) => (auditid === undefined ? null : (entries.get(auditid) ?? null)));
}
