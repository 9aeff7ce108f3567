/**
 * Rollback (rollback and publish checks, decision 014): revision K's content, rebuilt from today's
 * live content and the change log, published again as a new revision (source `rollback`). Here:
 * the rebuilt content (contentAt, also what the back-office shows of a revision), what a rollback
 * would change (its plan, and the preview that shows it without writing), and the writing of it.
 * The steps around them — lock, checks, audit, after commit — are the publishing service's
 * (publish-service.ts), as for a publish.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  KIND,
  KINDS,
  inTransaction,
  logged,
  type ChangeKind,
  type ContentChange,
  type Db,
  type LiveContent,
  type PendingChange,
  type Placed,
  type RevisionAuthor,
  type RevisionCounts,
  type Row,
} from './change-kinds.js';
import { discardIn } from './discard.js';
import { diffContents, diffDraft } from './draft-diff.js';
import { liveContent, writeRevision } from './live-apply.js';
import { logStartingAt, loggedChanges } from './revision-history-repository.js';

/**
 * The content that was live when `revision` was published, rebuilt from today's live content by
 * undoing, newest first, what every later revision changed (each logged change carries the row
 * before it). Undefined for a revision that does not exist, or one older than a base revision
 * (migration 004's, which logged no changes).
 */
export async function contentAt(
  db: Db,
  devid: number,
  revision: number,
): Promise<LiveContent | undefined> {
  // One consistent view. Inside a caller's transaction (a rollback), the development's row lock
  // gives that view.
  return inTransaction(
    db,
    async (trx) => {
      const version = await contentVersion(trx, devid);
      if (version === undefined) return undefined;
      if (!(await logStartingAt(trx, devid, revision))) return undefined;
      const content = await liveContent(trx, devid);
      const later = await loggedChanges(trx, devid, revision + 1, version);
      const byKind = new Map(
        KINDS.map(({ kind, key }) => [
          kind,
          new Map(content[kind].map((row) => [row[key] as number, row])),
        ]),
      );
      for (const change of later.reverse()) {
        const rows = byKind.get(change.kind)!;
        if (change.before) rows.set(change.itemId, change.before);
        else rows.delete(change.itemId);
      }
      const rebuilt: Partial<LiveContent> = {};
      for (const { kind } of KINDS) {
        rebuilt[kind] = [...byKind.get(kind)!.entries()]
          .sort(([a], [b]) => a - b)
          .map(([, row]) => row);
      }
      return rebuilt as LiveContent;
    },
    'repeatable read',
  );
}

async function contentVersion(trx: Transaction<Database>, devid: number) {
  const development = await trx
    .selectFrom('developments')
    .select('content_version')
    .where('devid', '=', devid)
    .executeTakeFirst();
  return development?.content_version;
}

/**
 * What a rollback to `target` would do now, decided under the development's lock (`current` is its
 * content version): `unknown` (no such revision, or one the log cannot rebuild), `draft-changed`
 * (the draft has unpublished changes: refused), `unchanged` (live already equals it) or `ready`,
 * with the content that would go live and its differences with live.
 */
export type RollbackPlan =
  | { status: 'unknown' }
  | { status: 'draft-changed'; revision: number; counts: RevisionCounts }
  | { status: 'unchanged'; revision: number }
  | {
      status: 'ready';
      revision: number;
      content: LiveContent;
      changes: PendingChange[];
      counts: RevisionCounts;
    };

export async function planRollback(
  trx: Transaction<Database>,
  devid: number,
  target: number,
  current: number,
): Promise<RollbackPlan> {
  const content = await contentAt(trx, devid, target);
  if (!content) return { status: 'unknown' };
  const draft = await diffDraft(trx, devid);
  if (draft.changes.length > 0) {
    return { status: 'draft-changed', revision: current, counts: draft.counts };
  }
  const live = await liveContent(trx, devid);
  const { changes, counts } = diffContents(devid, live, content);
  if (changes.length === 0) return { status: 'unchanged', revision: current };
  return { status: 'ready', revision: current, content, changes, counts };
}

/**
 * Writes a ready rollback as revision N+1, logged like a publish's, then brings the draft to the
 * new live content with the discard machinery (ids kept, every item written gets a new version
 * for open forms): the draft equalled the old live content, it equals the new one after.
 */
export async function writeRollback(
  trx: Transaction<Database>,
  devid: number,
  plan: Extract<RollbackPlan, { status: 'ready' }>,
  meta: { author: RevisionAuthor; now: Date; note: string },
): Promise<number> {
  const revision = plan.revision + 1;
  await writeRevision(trx, devid, revision, plan.changes, plan.counts, {
    ...meta,
    source: 'rollback',
  });
  await discardIn(trx, devid);
  return revision;
}

/**
 * Where an item of either content is: its zone's id and name, looked up in the contents given
 * (the first that knows wins). Both contents are in memory, so an item only the revision had —
 * since removed from live and draft — still finds its zone.
 */
function zonePlaces(
  ...contents: LiveContent[]
): (kind: ChangeKind, id: number, row: Row) => Placed {
  const elementZone = new Map<number, number>();
  const zoneName = new Map<number, string>();
  for (const content of contents) {
    for (const row of content.element) {
      const elementid = row.elementid as number;
      if (!elementZone.has(elementid)) elementZone.set(elementid, row.zoneid as number);
    }
    for (const row of content.zone) {
      const zoneid = row.zoneid as number;
      if (!zoneName.has(zoneid)) zoneName.set(zoneid, row.zonename as string);
    }
  }
  return (kind, _id, row) => {
    const zoneOf = KIND[kind].zoneOf;
    const zoneid =
      zoneOf === 'zoneid'
        ? (row.zoneid as number)
        : zoneOf === 'element'
          ? elementZone.get(row.elementid as number)
          : undefined; // Alert templates and settings are in no zone.
    return zoneid === undefined
      ? { zoneid: null, zonename: null }
      : { zoneid, zonename: zoneName.get(zoneid) ?? null };
  };
}

/**
 * What rolling back to `target` would change now, without changing anything: the live content
 * against revision `target`'s (the diff a rollback publishes), each change placed in its zone —
 * named as the totems show it now, or as the revision had it for a zone since removed — and
 * numbered as the revision the rollback would make. Undefined when the development does not
 * exist; `unknown` for a revision the log cannot rebuild (see contentAt).
 */
export async function rollbackPreview(
  db: Db,
  devid: number,
  target: number,
): Promise<
  | { revision: number; counts: RevisionCounts; changes: Array<ContentChange & Placed> }
  | 'unknown'
  | undefined
> {
  return inTransaction(
    db,
    async (trx) => {
      const version = await contentVersion(trx, devid);
      if (version === undefined) return undefined;
      const content = await contentAt(trx, devid, target);
      if (!content) return 'unknown';
      const live = await liveContent(trx, devid);
      const { changes, counts } = diffContents(devid, live, content);
      const place = zonePlaces(live, content);
      return {
        revision: version,
        counts,
        changes: changes.map((change) => {
          const before = change.before ? logged(change.before) : null;
          const after = change.after ? logged(change.after) : null;
          return {
            revision: version + 1,
            kind: change.kind,
            itemId: change.id,
            before,
            after,
            ...place(change.kind, change.id, after ?? before ?? {}),
          };
        }),
      };
    },
    'repeatable read',
  );
}
