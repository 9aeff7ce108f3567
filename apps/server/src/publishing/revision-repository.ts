/**
 * The revision store as the rest of the server reaches it (`repos.revisions`, built by
 * createRepositories): a small class over this folder's modules, one per job — the kinds table
 * (change-kinds.ts), the diff (draft-diff.ts), writing to live (live-apply.ts), the discard
 * (discard.ts), the rollback (rollback.ts), the history (revision-history-repository.ts) and the
 * draft's changes (draft-changes.ts).
 *
 * Its `publishDraft` and `rollbackTo` are the bare store operations, for the seed, the account
 * management's first revision and tests: in the caller's transaction when given one, with an
 * optional `verify` under the lock. The server's publishes and rollbacks — checks, audit and what
 * follows the commit — go through the publishing service (publish-service.ts), with the same steps.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import {
  inTransaction,
  lockDevelopment,
  touched,
  type ContentChange,
  type Db,
  type LiveContent,
  type Placed,
  type RevisionAuthor,
  type RevisionCounts,
  type RevisionSource,
} from './change-kinds.js';
import { discardIn, type DiscardOutcome } from './discard.js';
import { draftChanges, type DraftChange } from './draft-changes.js';
import { scopedDiff } from './draft-diff.js';
import { liveContent, refuseRemovingActiveAlertTemplate, writeRevision } from './live-apply.js';
import {
  findRevision,
  listRevisions,
  locate,
  loggedChanges,
  revisionsUsing,
  type Revision,
} from './revision-history-repository.js';
import { contentAt, planRollback, rollbackPreview, writeRollback } from './rollback.js';

export {
  CHANGE_KINDS,
  emptyCounts,
  totalChanges,
  type AuthorKind,
  type ChangeKind,
  type ContentChange,
  type KindCounts,
  type LiveContent,
  type RevisionAuthor,
  type RevisionCounts,
  type RevisionSource,
} from './change-kinds.js';
export type { DiscardOutcome } from './discard.js';
export type { DraftChange, LastEdit } from './draft-changes.js';
export { ActiveAlertTemplateError } from './live-apply.js';
export { logStartingAt, toRevision, type Revision } from './revision-history-repository.js';

export interface PublishDraftInput {
  author: RevisionAuthor;
  source: RevisionSource;
  note?: string | null;
  now: Date;
  /** Publish only this zone's changes (its row, elements, sub-groups, sub-elements). */
  zoneid?: number;
  /**
   * Runs under the development's lock before anything is written: throwing refuses the publish,
   * and the transaction writes nothing.
   */
  verify?: (trx: Transaction<Database>, touched: ReadonlySet<string>) => Promise<void>;
}

export interface RollbackInput {
  author: RevisionAuthor;
  now: Date;
  note?: string | null;
  /** As for a publish: sees the content about to go live (revision K's), may refuse it. */
  verify?: (
    trx: Transaction<Database>,
    content: LiveContent,
    touched: ReadonlySet<string>,
  ) => Promise<void>;
}

/**
 * A rollback's outcome: `created` (a new revision holding revision K's content), `unchanged`
 * (live already equals it: nothing written), `draft-changed` (the draft has unpublished changes:
 * nothing written), `unknown` (no such revision, or one older than a base revision).
 */
export type RollbackOutcome =
  | { status: 'created'; revision: number; counts: RevisionCounts }
  | { status: 'unchanged'; revision: number }
  | { status: 'draft-changed'; revision: number; counts: RevisionCounts }
  | { status: 'unknown' };

export interface PublishOutcome {
  /** The revision the kiosks now get: the new one, or the current one when nothing changed. */
  revision: number;
  /** Whether this publish created that revision. */
  created: boolean;
  counts: RevisionCounts;
}

export class RevisionRepository {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in one transaction (the caller's, when this repository was built on one): the
   * publishing service's, which holds every step of a publish.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  /**
   * Publishes the development's draft (live-apply.ts's header): the lock, the diff (one zone's
   * when `zoneid` is given), `verify`, the alert-template guard, then revision N+1 — none when
   * nothing changed, but a development's first. Undefined when the development does not exist.
   */
  async publishDraft(devid: number, input: PublishDraftInput): Promise<PublishOutcome | undefined> {
    return inTransaction(this.db, async (trx) => {
      const development = await lockDevelopment(trx, devid);
      if (!development) return undefined;
      const { changes, counts } = await scopedDiff(trx, devid, input.zoneid);
      await input.verify?.(trx, touched(changes));
      await refuseRemovingActiveAlertTemplate(trx, devid, changes);
      const current = development.content_version;
      if (changes.length === 0 && current > 0) return { revision: current, created: false, counts };
      const revision = current + 1;
      await writeRevision(trx, devid, revision, changes, counts, {
        author: input.author,
        now: input.now,
        note: input.note ?? null,
        source: input.source,
      });
      return { revision, created: true, counts };
    });
  }

  /**
   * Publishes revision K's content as a new revision (rollback.ts), under the development's lock:
   * refused (nothing written) while the draft has unpublished changes. Two rollbacks to K at once
   * run one after the other; the second finds live equal to K. Undefined when the development
   * does not exist.
   */
  async rollbackTo(
    devid: number,
    target: number,
    input: RollbackInput,
  ): Promise<RollbackOutcome | undefined> {
    return inTransaction(this.db, async (trx) => {
      const development = await lockDevelopment(trx, devid);
      if (!development) return undefined;
      const plan = await planRollback(trx, devid, target, development.content_version);
      if (plan.status !== 'ready') return plan;
      // The same guards as a publish: what would go live is refused the same way.
      await refuseRemovingActiveAlertTemplate(trx, devid, plan.changes);
      await input.verify?.(trx, plan.content, touched(plan.changes));
      const revision = await writeRollback(trx, devid, plan, {
        author: input.author,
        now: input.now,
        note: input.note ?? `Retour à la révision ${target}`,
      });
      return { status: 'created', revision, counts: plan.counts };
    });
  }

  /** Returns the draft (or one zone's) to the published revision (discard.ts). */
  async discardDraft(devid: number, zoneid?: number): Promise<DiscardOutcome | undefined> {
    return inTransaction(this.db, (trx) => discardIn(trx, devid, zoneid));
  }

  /** Whether the zone is one of the development's, in the draft or in the live content. */
  async zoneBelongs(devid: number, zoneid: number): Promise<boolean> {
    const draft = await this.db
      .selectFrom('zones')
      .select('zoneid')
      .where('zoneid', '=', zoneid)
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (draft) return true;
    const live = await this.db
      .selectFrom('pub_zones')
      .select('zoneid')
      .where('zoneid', '=', zoneid)
      .where('devid', '=', devid)
      .executeTakeFirst();
    return live !== undefined;
  }

  // ---------- reads ----------

  draftChanges(
    devid: number,
  ): Promise<{ revision: number; counts: RevisionCounts; changes: DraftChange[] } | undefined> {
    return draftChanges(this.db, devid);
  }

  liveContent(devid: number, db: Db = this.db): Promise<LiveContent> {
    return liveContent(db, devid);
  }

  contentAt(devid: number, revision: number): Promise<LiveContent | undefined> {
    return contentAt(this.db, devid, revision);
  }

  rollbackPreview(
    devid: number,
    target: number,
  ): Promise<
    | { revision: number; counts: RevisionCounts; changes: Array<ContentChange & Placed> }
    | 'unknown'
    | undefined
  > {
    return rollbackPreview(this.db, devid, target);
  }

  /** The development's revisions, newest first (older than `before` when given). */
  list(devid: number, limit = 50, before?: number): Promise<Revision[]> {
    return listRevisions(this.db, devid, limit, before);
  }

  find(devid: number, revision: number): Promise<Revision | undefined> {
    return findRevision(this.db, devid, revision);
  }

  /** What the revisions after `from` up to `to` (both included) changed, oldest first. */
  changes(devid: number, from: number, to: number): Promise<ContentChange[]> {
    return loggedChanges(this.db, devid, from, to);
  }

  /** Each change's zone (the one it is or was in) and that zone's name, when still known. */
  locate<T extends ContentChange>(
    changes: readonly T[],
    db: Db = this.db,
  ): Promise<Array<T & Placed>> {
    return locate(db, changes);
  }

  /** The published revisions, newest first, whose content shows one of `values`. */
  revisionsUsing(devid: number, values: readonly string[]): Promise<number[]> {
    return revisionsUsing(this.db, devid, values);
  }
}
