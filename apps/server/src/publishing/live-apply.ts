/**
 * Writing a revision to the live content (publishing gate, decision 010), the one way a publish
 * and a rollback write what they decided, under the development's row lock and in the caller's
 * transaction:
 *
 * - the lock first (lockDevelopment): the same lock every draft edit takes first
 *   (bumpDraftVersion), so a publish waits for edits in flight, reads a draft no edit is half-way
 *   through, and two publishes of one development run one after the other (the second finds what
 *   the first left);
 * - the guard that no publish removes the template of the alert in force;
 * - the differences applied to live, each logged (`content_changes`: the row before and after,
 *   decision 011), revision N+1 recorded with its author, note and counts; `content_version`
 *   becomes N+1.
 *
 * Any revision K can be rebuilt from live by undoing the changes of K+1…latest; the delta N → M is
 * the "after" rows of N+1…M. Also the live content itself, read kind by kind.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  KINDS,
  chunks,
  logged,
  loose,
  type Db,
  type LiveContent,
  type PendingChange,
  type RevisionAuthor,
  type RevisionCounts,
  type RevisionSource,
} from './change-kinds.js';

/**
 * Thrown by a publish that would remove the template of the alert in force (the transaction rolls
 * back: nothing is published): the totems would lose the screen they show. The db layer knows no
 * HTTP: the API's error handler (plugins/errors.ts) answers it with a 409 and this message.
 */
export class ActiveAlertTemplateError extends Error {
  constructor(readonly templateName: string) {
    super(
      `Publication refusée : le modèle d’alerte « ${templateName} » est celui de l’alerte en cours. Terminez l’alerte avant de le supprimer.`,
    );
    this.name = 'ActiveAlertTemplateError';
  }
}

/** See ActiveAlertTemplateError: checked under the development's lock, before anything is written. */
export async function refuseRemovingActiveAlertTemplate(
  trx: Transaction<Database>,
  devid: number,
  changes: readonly PendingChange[],
): Promise<void> {
  const removed = changes.filter(
    (change) => change.kind === 'alert_template' && change.before && !change.after,
  );
  if (removed.length === 0) return;
  const active = await trx
    .selectFrom('active_alerts')
    .select(['templateid', 'template_name'])
    .where('devid', '=', devid)
    .executeTakeFirst();
  if (active && removed.some((change) => change.id === active.templateid))
    throw new ActiveAlertTemplateError(active.template_name);
}

/** Deletes what changed or went, inserts what changed or came: live equals the new content after. */
async function applyToLive(
  trx: Transaction<Database>,
  devid: number,
  changes: readonly PendingChange[],
): Promise<void> {
  const db = loose(trx);
  // Every delete before any insert: a restored value may take a unique key another item leaves.
  for (const table of KINDS) {
    const gone = changes.filter((c) => c.kind === table.kind && c.before).map((c) => c.id);
    for (const ids of chunks(gone)) {
      await db
        .deleteFrom(table.live)
        .where('devid', '=', devid)
        .where(table.key, 'in', ids)
        .execute();
    }
  }
  for (const table of KINDS) {
    const come = changes.flatMap((c) => (c.kind === table.kind && c.after ? [c.after] : []));
    for (const rows of chunks(come)) await db.insertInto(table.live).values(rows).execute();
  }
}

export interface RevisionMeta {
  author: RevisionAuthor;
  now: Date;
  note: string | null;
  source: RevisionSource;
}

/**
 * A new revision, under the caller's lock and transaction: the changes applied to live, logged
 * (before/after per item: decision 011), the revision row, and the development's version.
 */
export async function writeRevision(
  trx: Transaction<Database>,
  devid: number,
  revision: number,
  changes: readonly PendingChange[],
  counts: RevisionCounts,
  meta: RevisionMeta,
): Promise<void> {
  await applyToLive(trx, devid, changes);
  for (const batch of chunks(changes)) {
    await trx
      .insertInto('content_changes')
      .values(
        batch.map((change) => ({
          devid,
          revision,
          kind: change.kind,
          item_id: change.id,
          before: change.before ? JSON.stringify(logged(change.before)) : null,
          after: change.after ? JSON.stringify(logged(change.after)) : null,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('content_revisions')
    .values({
      devid,
      revision,
      created_at: meta.now.toISOString(),
      author_kind: meta.author.kind,
      author_name: meta.author.name,
      userid: meta.author.userid,
      note: meta.note,
      source: meta.source,
      summary: JSON.stringify(counts),
    })
    .execute();
  await trx
    .updateTable('developments')
    .set({ content_version: revision })
    .where('devid', '=', devid)
    .execute();
}

/**
 * The live content of a development: every row of each kind, as logged (without devid), sorted
 * by id.
 */
export async function liveContent(db: Db, devid: number): Promise<LiveContent> {
  const content: Partial<LiveContent> = {};
  for (const table of KINDS) {
    const rows = await loose(db)
      .selectFrom(table.live)
      .selectAll()
      .where('devid', '=', devid)
      .orderBy(table.key)
      .execute();
    content[table.kind] = rows.map(logged);
  }
  return content as LiveContent;
}
