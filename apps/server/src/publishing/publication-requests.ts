/**
 * Publication requests (issue 51, part 2; decision 048): four-eyes publishing's other half — the
 * gate is four-eyes.ts. A request is a change set (decision 036) fixed when it is made, so what is
 * approved is exactly what goes live:
 *
 * - **made** by anyone who may edit: the draft's changes (all, or one zone's) as a publish now or
 *   at `at` would take them, or a return to revision K (the rollback's differences with live);
 *   a waiting request over some of the same items is superseded by it (« remplacée »);
 * - **approved** by someone else who may publish, under the development's lock: every item must
 *   still be in the draft as the request fixed it, and live as it expected (a rollback: live still
 *   the revision it was made on) — otherwise 409 naming what changed, nothing written. Approved for
 *   now, it is written live with the steps of a scheduled publication (checks, revision, audit,
 *   then the stream message after the commit); for later, it becomes a scheduled publication;
 * - **refused** with a comment, or **withdrawn**: its changes stay in the draft.
 *
 * Every step is audited in its transaction (`publish.request*`). A request made, approved or
 * refused is then told to the plant's notifications (e-mail, webhook: decision 048), after the
 * commit and without ever failing the step (`tellPublication`).
 */
import {
  publishAtProblem,
  type CreatePublicationRequest,
  type PublicationRequest,
  type PublicationRequestDetail,
  type RequestState,
  type RevisionCounts,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest, forbidden, notFound } from '../lib/envelope.js';
import { ConflictError, conflict } from '../lib/admin/errors.js';
import type { ChangeSetRow } from './change-set-repository.js';
import {
  KIND,
  countsOf,
  lockDevelopment,
  logged,
  type ChangeKind,
  type ContentChange,
  type PendingChange,
  type Row,
} from './change-kinds.js';
import { scopedDiff } from './draft-diff.js';
import { refuseRemovingActiveAlertTemplate } from './live-apply.js';
import { itemKey, parseChanges, sameRow } from './pending-sets.js';
import { approvedNotice, refusedNotice, requestedNotice } from '../notifications/index.js';
import { writeAudit } from './publish-audit.js';
import { announce, rollback, tellPublication, type PublishDeps } from './publish-service.js';
import { summarizeCounts } from './revision-summary.js';
import { locate } from './revision-history-repository.js';
import { planRollback } from './rollback.js';
import { KIND_NAMES, againstLive, applySetIn, fixChanges } from './scheduled-publish.js';

/** A back-office user making or deciding a request. */
export interface Reviewer {
  userid: number;
  username: string;
}

const PURPOSES = ['request', 'rollback-request'] as const;
const clock = (deps: PublishDeps) => (deps.now ?? (() => new Date()))();

/** The answer's shape of a stored request. */
export function publicationRequestOf(row: ChangeSetRow): PublicationRequest {
  const counts = JSON.parse(row.counts) as RevisionCounts;
  const state = (row.review ?? 'requested') as RequestState;
  return {
    id: row.setid,
    devid: row.devid,
    kind: row.purpose === 'rollback-request' ? 'rollback' : 'publish',
    zoneid: row.zoneid,
    rollbackTo: row.rollback_to,
    baseRevision: row.base_revision ?? 0,
    note: row.note ?? '',
    at: row.due_at,
    author: {
      kind: row.author_kind as PublicationRequest['author']['kind'],
      name: row.author_name,
      userid: row.userid,
    },
    createdAt: row.created_at,
    counts,
    summary: summarizeCounts(counts),
    state,
    reviewer:
      row.reviewed_at === null ? null : { userid: row.reviewer_id, name: row.reviewer_name },
    reviewedAt: row.reviewed_at,
    comment: row.review_comment,
    outcome:
      state === 'approved'
        ? {
            status: row.status as 'published' | 'scheduled' | 'held' | 'cancelled',
            revision: row.revision,
            at: row.due_at,
            heldReason: row.held_reason,
          }
        : null,
  };
}

/** A short French name of an item, for « what changed since »: « élément « Menu » ». */
function itemName(kind: ChangeKind, id: number, row: Row | undefined): string {
  const text = (value: unknown) => {
    const plain = String(value ?? '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return plain.length > 40 ? `${plain.slice(0, 39)}…` : plain;
  };
  const label =
    kind === 'zone'
      ? text(row?.zonename)
      : kind === 'alert_template'
        ? text(row?.name)
        : kind === 'setting'
          ? ''
          : text(row?.fieldlabel) || text(row?.value);
  return label ? `${KIND_NAMES[kind]} « ${label} »` : `${KIND_NAMES[kind]} ${id}`;
}

/** The development's request `setid`, read in `trx` (404 for anything else). */
async function requestRow(
  trx: Transaction<Database>,
  devid: number,
  setid: number,
): Promise<ChangeSetRow> {
  const row = await trx
    .selectFrom('change_sets')
    .selectAll()
    .where('setid', '=', setid)
    .where('devid', '=', devid)
    .where('purpose', 'in', PURPOSES)
    .executeTakeFirst();
  if (!row)
    throw notFound(`La demande de publication ${setid} n’existe pas dans ce développement.`);
  return row;
}

/** 409 unless the request still waits. */
function stillWaiting(row: ChangeSetRow): void {
  const state = (row.review ?? 'requested') as RequestState;
  const said: Record<Exclude<RequestState, 'requested'>, string> = {
    approved: 'a déjà été approuvée',
    refused: 'a été refusée',
    superseded: 'a été remplacée par une demande plus récente',
    withdrawn: 'a été retirée',
  };
  if (state !== 'requested') {
    throw conflict(`La demande ${row.setid} ${said[state]} : elle n’attend plus de décision.`);
  }
}

/**
 * The request's items the draft or live changed since it was made, named in French: for a
 * publication, each item must still be in the draft as fixed and live as expected; for a rollback,
 * live must still be the revision it was made on and the draft without unpublished changes.
 */
async function changedSince(
  trx: Transaction<Database>,
  devid: number,
  row: ChangeSetRow,
  contentVersion: number,
): Promise<string[]> {
  if (row.purpose === 'rollback-request') {
    const found: string[] = [];
    if (contentVersion !== row.base_revision) {
      found.push(
        `la version en ligne (révision ${row.base_revision ?? 0} à la demande, ${contentVersion} maintenant)`,
      );
    }
    const draft = await scopedDiff(trx, devid, undefined);
    if (draft.changes.length > 0) {
      found.push(`le brouillon (${summarizeCounts(draft.counts).toLowerCase()} non publiés)`);
    }
    return found;
  }
  const changes = parseChanges(row);
  const draft = await scopedDiff(trx, devid, undefined);
  const draftNow = new Map(
    draft.changes.map((change) => [itemKey(change.kind, change.id), change]),
  );
  const { live, conflicts } = await againstLive(trx, devid, changes);
  const found: string[] = [];
  for (const change of changes) {
    const key = itemKey(change.kind, change.id);
    const liveRow = live[change.kind].find(
      (candidate) => Number(candidate[KIND[change.kind].key]) === change.id,
    );
    // An item the draft no longer differs in is as live has it.
    const now = draftNow.has(key) ? draftNow.get(key)!.after : liveRow;
    if (
      !sameRow(
        change.kind,
        now ? logged(now) : undefined,
        change.after ? logged(change.after) : undefined,
      )
    ) {
      found.push(`${itemName(change.kind, change.id, change.after ?? change.before)} (brouillon)`);
    }
  }
  for (const name of conflicts) found.push(`${name} (en ligne)`);
  return found;
}

/** Makes a request (see the header). */
export async function createRequest(
  deps: PublishDeps,
  devid: number,
  body: CreatePublicationRequest,
  who: Reviewer,
): Promise<PublicationRequest> {
  const now = clock(deps);
  if (body.rollbackTo !== undefined && (body.zoneid !== undefined || body.at !== undefined)) {
    throw badRequest(
      'Une demande de retour à une version ne prend ni « zoneid » ni « at » : elle porte sur tout le contenu, dès son approbation.',
    );
  }
  let at: string | null = null;
  if (body.at !== undefined) {
    const problem = publishAtProblem(body.at, now);
    if (problem) throw badRequest(problem);
    at = new Date(Date.parse(body.at)).toISOString();
  }
  const zoneid = body.zoneid ?? null;
  if (zoneid !== null && !(await deps.repos.revisions.zoneBelongs(devid, zoneid))) {
    throw notFound(`La zone ${zoneid} n’existe pas dans ce développement.`);
  }
  const note = body.note.trim();
  if (note === '')
    throw badRequest('Dites en une phrase ce que cette publication apporte (« note »).');

  const row = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
    let changes: PendingChange[];
    if (body.rollbackTo !== undefined) {
      const plan = await planRollback(trx, devid, body.rollbackTo, development.content_version);
      if (plan.status === 'unknown') {
        throw notFound(`La révision ${body.rollbackTo} n’existe pas dans ce développement.`);
      }
      if (plan.status === 'draft-changed') {
        throw new ConflictError(
          { reason: 'draft-changed', counts: plan.counts },
          `Le brouillon a des modifications non publiées (${summarizeCounts(plan.counts)}) : annulez-les d’abord, ou demandez leur publication.`,
        );
      }
      if (plan.status === 'unchanged') {
        throw conflict(
          `Rien à demander : les totems ont déjà le contenu de la révision ${body.rollbackTo}.`,
        );
      }
      changes = plan.changes;
    } else {
      changes = await fixChanges(trx, devid, zoneid, at);
      if (changes.length === 0) {
        throw conflict(
          zoneid === null
            ? 'Rien à demander : le brouillon n’a pas de modification qui ne soit déjà publiée ou programmée.'
            : 'Rien à demander dans cette zone : elle n’a pas de modification qui ne soit déjà publiée ou programmée.',
        );
      }
    }
    await refuseRemovingActiveAlertTemplate(trx, devid, changes);
    const counts = countsOf(changes);
    const inserted = await trx
      .insertInto('change_sets')
      .values({
        devid,
        purpose: body.rollbackTo === undefined ? 'request' : 'rollback-request',
        status: 'requested',
        review: 'requested',
        zoneid,
        note,
        author_kind: 'user',
        author_name: who.username,
        userid: who.userid,
        created_at: now.toISOString(),
        due_at: at,
        changes: JSON.stringify(changes),
        counts: JSON.stringify(counts),
        updated_at: now.toISOString(),
        rollback_to: body.rollbackTo ?? null,
        base_revision: development.content_version,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const superseded = await supersede(trx, inserted, now);
    await writeAudit(trx, {
      at: now,
      ...who,
      devid,
      action: 'publish.request',
      targetType: 'development',
      targetId: devid,
      summary: {
        setid: inserted.setid,
        note,
        at,
        zoneid,
        rollbackTo: body.rollbackTo ?? null,
        counts,
        summary: summarizeCounts(counts),
        ...(superseded.length > 0 ? { superseded } : {}),
      },
    });
    return inserted;
  });
  const made = publicationRequestOf(row);
  const zoneName =
    zoneid === null || !deps.notifyPublication
      ? null
      : ((await deps.repos.draft.findZone(zoneid).catch(() => undefined))?.zonename ?? null);
  await tellPublication(deps, devid, (devname) => requestedNotice(made, devname, now, zoneName));
  return made;
}

/**
 * The waiting requests `newer` replaces: those over at least one of its items (the later edit of
 * the same items makes the new request), and every waiting rollback request when it is one.
 */
async function supersede(
  trx: Transaction<Database>,
  newer: ChangeSetRow,
  now: Date,
): Promise<number[]> {
  const mine = new Set(parseChanges(newer).map((change) => itemKey(change.kind, change.id)));
  const waiting = await trx
    .selectFrom('change_sets')
    .selectAll()
    .where('devid', '=', newer.devid)
    .where('review', '=', 'requested')
    .where('setid', '!=', newer.setid)
    .execute();
  const replaced = waiting
    .filter(
      (row) =>
        (newer.purpose === 'rollback-request' && row.purpose === 'rollback-request') ||
        parseChanges(row).some((change) => mine.has(itemKey(change.kind, change.id))),
    )
    .map((row) => row.setid);
  if (replaced.length > 0) {
    await trx
      .updateTable('change_sets')
      .set({
        review: 'superseded',
        status: 'cancelled',
        reviewed_at: now.toISOString(),
        reviewer_id: newer.userid,
        reviewer_name: newer.author_name,
        review_comment: `Remplacée par la demande ${newer.setid}.`,
        updated_at: now.toISOString(),
      })
      .where('setid', 'in', replaced)
      .execute();
  }
  return replaced;
}

/** The refusal of deciding one's own request. */
function notTheAuthor(row: ChangeSetRow, who: Reviewer, verb: 'approuver' | 'refuser'): void {
  if (row.userid === who.userid) {
    throw forbidden(
      verb === 'approuver'
        ? 'Vous ne pouvez pas approuver votre propre demande : une autre personne qui peut publier doit la relire.'
        : 'Vous ne pouvez pas refuser votre propre demande : retirez-la.',
    );
  }
}

function changedError(found: string[]): ConflictError {
  return new ConflictError(
    { reason: 'changed-since', changedSince: found },
    `Approbation refusée : ${found.length === 1 ? 'un élément a changé' : `${found.length} éléments ont changé`} depuis la demande — ${found.slice(0, 8).join(', ')}${found.length > 8 ? '…' : ''}. Ce qui serait publié ne serait plus ce qui a été demandé : demandez une nouvelle publication.`,
  );
}

/** Approves someone else's request (see the header). */
export async function approveRequest(
  deps: PublishDeps,
  devid: number,
  setid: number,
  who: Reviewer,
  comment: string | undefined,
): Promise<PublicationRequest> {
  const now = clock(deps);
  const said = comment?.trim() || null;
  const review = {
    review: 'approved',
    reviewer_id: who.userid,
    reviewer_name: who.username,
    reviewed_at: now.toISOString(),
    review_comment: said,
    updated_at: now.toISOString(),
  };
  const audit = (trx: Transaction<Database>, summary: object) =>
    writeAudit(trx, {
      at: now,
      ...who,
      devid,
      action: 'publish.request-approve',
      targetType: 'development',
      targetId: devid,
      summary: { setid, comment: said, ...summary },
    });

  const first = await deps.repos.revisions.transaction((trx) => requestRow(trx, devid, setid));
  if (first.purpose === 'rollback-request') {
    const target = first.rollback_to!;
    const result = await rollback(
      deps,
      devid,
      target,
      { kind: 'user', userid: first.userid ?? who.userid, username: first.author_name ?? '' },
      {
        approved: {
          check: async (trx, contentVersion) => {
            const row = await requestRow(trx, devid, setid);
            stillWaiting(row);
            notTheAuthor(row, who, 'approuver');
            const found = await changedSince(trx, devid, row, contentVersion);
            if (found.length > 0) throw changedError(found);
          },
          note: `${first.note ?? `Retour à la révision ${target}`} — approuvée par ${who.username}`,
          done: async (trx, revision) => {
            await trx
              .updateTable('change_sets')
              .set({ ...review, status: 'published', revision, published_at: now.toISOString() })
              .where('setid', '=', setid)
              .execute();
            await audit(trx, { revision, rollbackTo: target });
          },
        },
      },
    );
    if (!result) throw notFound(`La révision ${target} ne peut plus être reconstruite.`);
    if (result.status === 'unchanged') {
      throw conflict(
        `Rien à faire : les totems ont déjà le contenu de la révision ${target}. Retirez cette demande.`,
      );
    }
    return approved(deps, devid, setid, now);
  }

  const outcome = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
    const row = await requestRow(trx, devid, setid);
    stillWaiting(row);
    notTheAuthor(row, who, 'approuver');
    const found = await changedSince(trx, devid, row, development.content_version);
    if (found.length > 0) throw changedError(found);
    if (row.due_at !== null && Date.parse(row.due_at) > now.getTime()) {
      // For later: a scheduled publication from now on, the scheduler's to publish at its time.
      await trx
        .updateTable('change_sets')
        .set({ ...review, status: 'scheduled' })
        .where('setid', '=', setid)
        .execute();
      await audit(trx, { at: row.due_at, counts: JSON.parse(row.counts) as unknown });
      return { revision: null };
    }
    const { live, toApply } = await againstLive(trx, devid, parseChanges(row));
    await trx.updateTable('change_sets').set(review).where('setid', '=', setid).execute();
    if (toApply.length === 0) {
      // Everything it brings went live meanwhile (a scheduled publication with the same items).
      await trx
        .updateTable('change_sets')
        .set({ status: 'published', published_at: now.toISOString() })
        .where('setid', '=', setid)
        .execute();
      await audit(trx, { revision: null, alreadyLive: true });
      return { revision: null };
    }
    const revision = await applySetIn(deps, trx, {
      devid,
      contentVersion: development.content_version,
      set: row,
      live,
      changes: toApply,
      now,
      lateMs: 0,
      doneBy: who,
      action: 'publish.request-approve',
      noteSuffix: ` — approuvée par ${who.username}`,
    });
    return { revision };
  });
  if (outcome.revision !== null) await announce(deps, devid, outcome.revision);
  return approved(deps, devid, setid, now);
}

/** The approved request as it is now, told to the notifications (after the commit). */
async function approved(
  deps: PublishDeps,
  devid: number,
  setid: number,
  now: Date,
): Promise<PublicationRequest> {
  const request = publicationRequestOf(
    await deps.repos.revisions.transaction((trx) => requestRow(trx, devid, setid)),
  );
  await tellPublication(deps, devid, (devname) => approvedNotice(request, devname, now));
  return request;
}

/** Refuses (someone else's request, with a comment) or withdraws it: its changes stay in the draft. */
export async function closeRequest(
  deps: PublishDeps,
  devid: number,
  setid: number,
  who: Reviewer,
  how:
    | { refuse: true; comment: string }
    | {
        refuse: false;
        /** Whether who withdraws may publish: otherwise only the author may. */
        mayPublish: boolean;
      },
): Promise<PublicationRequest> {
  const now = clock(deps);
  const comment = how.refuse ? how.comment.trim() : null;
  if (how.refuse && !comment) throw badRequest('Dites pourquoi vous refusez (« comment »).');
  const row = await deps.repos.revisions.transaction(async (trx) => {
    await lockDevelopment(trx, devid);
    const found = await requestRow(trx, devid, setid);
    stillWaiting(found);
    if (how.refuse) notTheAuthor(found, who, 'refuser');
    else if (found.userid !== who.userid && !how.mayPublish) {
      throw forbidden('Seul son auteur, ou qui peut publier, peut retirer une demande.');
    }
    const closed = {
      review: how.refuse ? 'refused' : 'withdrawn',
      status: 'cancelled',
      reviewer_id: who.userid,
      reviewer_name: who.username,
      reviewed_at: now.toISOString(),
      review_comment: comment,
      updated_at: now.toISOString(),
    };
    await trx.updateTable('change_sets').set(closed).where('setid', '=', setid).execute();
    await writeAudit(trx, {
      at: now,
      ...who,
      devid,
      action: how.refuse ? 'publish.request-refuse' : 'publish.request-withdraw',
      targetType: 'development',
      targetId: devid,
      summary: { setid, comment },
    });
    return { ...found, ...closed };
  });
  const closed = publicationRequestOf(row);
  // A withdrawal is its author's own doing: only a refusal is news for someone.
  if (how.refuse) {
    await tellPublication(deps, devid, (devname) => refusedNotice(closed, devname, now));
  }
  return closed;
}

/** The waiting requests, oldest first, then the last `decided` ones, newest first. */
export async function listRequests(
  deps: PublishDeps,
  devid: number,
  decided = 30,
): Promise<PublicationRequest[]> {
  return (await deps.repos.changeSets.requests(devid, decided)).map(publicationRequestOf);
}

/** One request with its changes placed in their zones, and what changed since while it waits. */
export async function requestDetail(
  deps: PublishDeps,
  devid: number,
  setid: number,
): Promise<PublicationRequestDetail> {
  return deps.repos.revisions.transaction(async (trx) => {
    const row = await requestRow(trx, devid, setid);
    // A look, not a decision: no lock (the approval checks again under it).
    const development = await trx
      .selectFrom('developments')
      .select('content_version')
      .where('devid', '=', devid)
      .executeTakeFirst();
    const revision = (row.revision ?? (row.base_revision ?? 0) + 1) || 1;
    const changes = await locate(
      trx,
      parseChanges(row).map((change): ContentChange => ({
        revision,
        kind: change.kind,
        itemId: change.id,
        before: change.before ? logged(change.before) : null,
        after: change.after ? logged(change.after) : null,
      })),
    );
    const waiting = (row.review ?? 'requested') === 'requested';
    return {
      request: publicationRequestOf(row),
      changes,
      changedSince:
        waiting && development
          ? await changedSince(trx, devid, row, development.content_version)
          : [],
    };
  });
}
