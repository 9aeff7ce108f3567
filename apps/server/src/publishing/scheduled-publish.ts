/**
 * Scheduled publishing (issue 45): one more door into the publishing gate. A publish given `at`
 * fixes a change set — the draft's changes (all, or one zone's) at that moment — and nothing goes
 * live; at its time the set goes live through the same steps as a publish (lock, checks, revision,
 * audit, then the stream message after the commit).
 *
 * - **Stacked**: a set scheduled after other pending ones expects what live will be at its time —
 *   live with the earlier sets applied — so each item's `before` is taken from the latest earlier
 *   set that changes it, else from live; an item whose draft value an earlier set already brings
 *   is left to that set.
 * - **Never overwrites silently**: at its time, every item's live row must still be its `before`;
 *   an item something else changed since (a publish now, a rollback) holds the set with a French
 *   reason, and someone decides (publish the draft now, reschedule, cancel).
 * - **Once**: the set's status is read again under the development's publish lock (FOR UPDATE on
 *   PostgreSQL, SQLite's single writer): of two instances that both see it due, the second finds it
 *   published already.
 * - **Late**: a server down at the set's time publishes it at start, the revision's note saying
 *   how late; past the maximum lateness (SCHEDULE_MAX_LATENESS_HOURS, 12 h by default) it is held.
 * - A publish check that fails at that time (a file deleted since) holds it too, with its reason.
 * - **Already live**: a set whose every change went live meanwhile (a publish now « avec les
 *   programmées ») is marked published without a revision of its own — none was made — and
 *   audited (`publish.schedule-already-live`, with the live revision that holds it), so the list
 *   and the journal say it found nothing to publish rather than staying silent.
 */
import {
  SCHEDULE_MAX_LATENESS_DEFAULT_HOURS,
  publishAtProblem,
  type PublishRequest,
  type PublishScheduledResponse,
  type RevisionCounts,
  type ScheduledPublication,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ChangeSetRow } from './change-set-repository.js';
import { badRequest, notFound } from '../lib/envelope.js';
import { ConflictError, conflict } from '../lib/admin/errors.js';
import {
  KIND,
  countsOf,
  lockDevelopment,
  logged,
  touched,
  type ChangeKind,
  type LiveContent,
  type PendingChange,
  type Row,
} from './change-kinds.js';
import { scopedDiff } from './draft-diff.js';
import { passFourEyes } from './four-eyes.js';
import { capturedBy, itemKey, parseChanges, sameRow, waitingSets } from './pending-sets.js';
import {
  ActiveAlertTemplateError,
  liveContent,
  refuseRemovingActiveAlertTemplate,
  writeRevision,
} from './live-apply.js';
import { auditedAs, authorOf, writeAudit, type Publisher } from './publish-audit.js';
import { announce, publishChecks, tellBypass, type PublishDeps } from './publish-service.js';
import { utcTime } from '../notifications/index.js';
import { summarizeCounts } from './revision-summary.js';

export interface ScheduleDeps extends PublishDeps {
  /** How long past its time a set may still go live (default 12 h). */
  maxLatenessMs?: number;
}

export const DEFAULT_MAX_LATENESS_MS = SCHEDULE_MAX_LATENESS_DEFAULT_HOURS * 3_600_000;

const clock = (deps: PublishDeps) => (deps.now ?? (() => new Date()))();
/** Schedules the draft's changes (all, or `request.zoneid`'s) to go live at `request.at`. */
export async function schedulePublish(
  deps: ScheduleDeps,
  devid: number,
  request: PublishRequest & { at: string },
  who: Publisher,
): Promise<PublishScheduledResponse> {
  const now = clock(deps);
  const problem = publishAtProblem(request.at, now);
  if (problem) throw badRequest(problem);
  if (request.type !== undefined && request.type !== 'sync') {
    throw badRequest(
      'Une publication programmée prend tout le brouillon, ou une zone avec « zoneid » seul : pas de « type » « zone » ni « element ».',
    );
  }
  if (request.type === 'sync' && request.zoneid !== undefined) {
    throw badRequest('A "sync" publish takes no "zoneid" or "elementid"');
  }
  if (request.elementid !== undefined)
    throw badRequest('Only an "element" publish takes "elementid"');
  const at = new Date(Date.parse(request.at)).toISOString();
  const zoneid = request.type === undefined ? (request.zoneid ?? null) : null;
  if (zoneid !== null && !(await deps.repos.revisions.zoneBelongs(devid, zoneid))) {
    throw notFound(`La zone ${zoneid} n’existe pas dans ce développement.`);
  }
  const note = request.note?.trim() || null;

  const { setid, bypass } = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    if (!development) throw notFound(`Development ${devid} does not exist`);
    const bypass = await passFourEyes(trx, devid, who, 'schedule', request.bypassReason, now);
    const fixed = await fixChanges(trx, devid, zoneid, at);
    if (fixed.length === 0) {
      throw conflict(
        zoneid === null
          ? 'Rien à programmer : le brouillon n’a pas de modification qui ne soit déjà publiée ou programmée.'
          : 'Rien à programmer dans cette zone : elle n’a pas de modification qui ne soit déjà publiée ou programmée.',
      );
    }
    await refuseRemovingActiveAlertTemplate(trx, devid, fixed);
    const counts = countsOf(fixed);
    const author = authorOf(who);
    const inserted = await trx
      .insertInto('change_sets')
      .values({
        devid,
        purpose: 'schedule',
        status: 'scheduled',
        zoneid,
        note,
        author_kind: author.kind,
        author_name: author.name,
        userid: author.userid,
        created_at: now.toISOString(),
        due_at: at,
        changes: JSON.stringify(fixed),
        counts: JSON.stringify(counts),
        updated_at: now.toISOString(),
      })
      .returning('setid')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      at: now,
      ...auditedAs(who),
      devid,
      action: 'publish.schedule',
      targetType: zoneid === null ? 'development' : 'zone',
      targetId: zoneid ?? devid,
      summary: { setid: inserted.setid, at, note, counts },
    });
    return { setid: inserted.setid, bypass };
  });
  // The gate let an admin through (audited with the schedule): told once it is committed.
  if (bypass) {
    await tellBypass(deps, devid, bypass, `la publication n° ${setid}, ${utcTime(at)}`);
  }
  return { scheduled: { id: setid, at, scope: { zoneid }, note } };
}

/**
 * The draft's changes (all, or one zone's) fixed as a change set for `at`, stacked on the waiting
 * sets due by then (see the header): each item's `before` is what live will be at `at`, and an item
 * whose draft value an earlier set already brings is left to it. With `at` null (a request to be
 * approved for now), `before` is live and the items a waiting set captured are left to it, as a
 * publish now leaves them.
 */
export async function fixChanges(
  trx: Transaction<Database>,
  devid: number,
  zoneid: number | null,
  at: string | null,
): Promise<PendingChange[]> {
  const { changes } = await scopedDiff(trx, devid, zoneid ?? undefined);
  // What live will hold at `at`: live, with each earlier pending set's changes on top.
  const expected = new Map<string, Row | undefined>();
  const captured = at === null ? await capturedBy(trx, devid, changes) : new Map();
  if (at !== null) {
    for (const set of await waitingSets(trx, devid)) {
      if (set.due_at! > at) break;
      for (const change of parseChanges(set)) {
        expected.set(itemKey(change.kind, change.id), change.after);
      }
    }
  }
  const fixed: PendingChange[] = [];
  for (const change of changes) {
    const key = itemKey(change.kind, change.id);
    if (captured.has(key)) continue;
    const before = expected.has(key) ? expected.get(key) : change.before;
    // An earlier set already brings the draft's value: that set's to apply.
    if (sameRow(change.kind, before, change.after)) continue;
    fixed.push({
      kind: change.kind,
      id: change.id,
      ...(before ? { before } : {}),
      ...(change.after ? { after: change.after } : {}),
    });
  }
  return fixed;
}

/** The answer's shape of a stored set. */
export function scheduledPublicationOf(row: ChangeSetRow): ScheduledPublication {
  return {
    id: row.setid,
    devid: row.devid,
    status: row.status as ScheduledPublication['status'],
    at: row.due_at ?? row.created_at,
    scope: { zoneid: row.zoneid },
    note: row.note,
    author: {
      kind: row.author_kind as ScheduledPublication['author']['kind'],
      name: row.author_name,
      userid: row.userid,
    },
    createdAt: row.created_at,
    counts: JSON.parse(row.counts) as RevisionCounts,
    revision: row.revision,
    publishedAt: row.published_at,
    lateMs: row.late_ms,
    heldReason: row.held_reason,
  };
}

/** The development's sets waiting or held, then the last 20 published or cancelled. */
export async function listScheduled(
  deps: PublishDeps,
  devid: number,
): Promise<ScheduledPublication[]> {
  return (await deps.repos.changeSets.list(devid)).map(scheduledPublicationOf);
}

/** A set of the development that is still waiting or held (404 else, 409 when already done). */
async function openSet(trx: Transaction<Database>, devid: number, setid: number) {
  const set = await trx
    .selectFrom('change_sets')
    .selectAll()
    .where('setid', '=', setid)
    .where('devid', '=', devid)
    .executeTakeFirst();
  // A request waiting for approval is not a scheduled publication: only its approval moves it.
  if (!set || set.status === 'requested')
    throw notFound(`La publication programmée ${setid} n’existe pas dans ce développement.`);
  if (set.status === 'published') {
    // No revision: it found everything live already at its time.
    throw conflict(
      set.revision === null
        ? `La publication programmée ${setid} est déjà en ligne : tout ce qu’elle apportait l’était à son heure.`
        : `La publication programmée ${setid} est déjà en ligne (révision ${set.revision}).`,
    );
  }
  if (set.status === 'cancelled') throw conflict(`La publication programmée ${setid} est annulée.`);
  return set;
}

/** Cancels a waiting or held set: its changes stay in the draft. */
export async function cancelScheduled(
  deps: PublishDeps,
  devid: number,
  setid: number,
  who: Publisher,
): Promise<ScheduledPublication> {
  const now = clock(deps);
  return deps.repos.revisions.transaction(async (trx) => {
    await lockDevelopment(trx, devid);
    const set = await openSet(trx, devid, setid);
    await trx
      .updateTable('change_sets')
      .set({ status: 'cancelled', updated_at: now.toISOString() })
      .where('setid', '=', setid)
      .execute();
    await writeAudit(trx, {
      at: now,
      ...auditedAs(who),
      devid,
      action: 'publish.schedule-cancel',
      targetType: 'development',
      targetId: devid,
      summary: { setid, at: set.due_at, note: set.note },
    });
    return scheduledPublicationOf({ ...set, status: 'cancelled', updated_at: now.toISOString() });
  });
}

/** Moves a waiting or held set to another instant ahead; a held one waits again. */
export async function reschedule(
  deps: PublishDeps,
  devid: number,
  setid: number,
  at: string,
  who: Publisher,
): Promise<ScheduledPublication> {
  const now = clock(deps);
  const problem = publishAtProblem(at, now);
  if (problem) throw badRequest(problem);
  const due = new Date(Date.parse(at)).toISOString();
  return deps.repos.revisions.transaction(async (trx) => {
    await lockDevelopment(trx, devid);
    const set = await openSet(trx, devid, setid);
    const changed = {
      status: 'scheduled',
      due_at: due,
      held_reason: null,
      updated_at: now.toISOString(),
    };
    await trx.updateTable('change_sets').set(changed).where('setid', '=', setid).execute();
    await writeAudit(trx, {
      at: now,
      ...auditedAs(who),
      devid,
      action: 'publish.reschedule',
      targetType: 'development',
      targetId: devid,
      summary: { setid, from: set.due_at, at: due, wasHeld: set.status === 'held' },
    });
    return scheduledPublicationOf({ ...set, ...changed });
  });
}

/** What live becomes once `changes` apply: the content the publish checks look at. */
export function contentAfter(live: LiveContent, changes: readonly PendingChange[]): LiveContent {
  const content = { ...live } as Record<ChangeKind, Row[]>;
  for (const kind of Object.keys(content) as ChangeKind[]) {
    const mine = changes.filter((change) => change.kind === kind);
    if (mine.length === 0) continue;
    const ids = new Set(mine.map((change) => change.id));
    const key = KIND[kind].key;
    content[kind] = [
      ...content[kind].filter((row) => !ids.has(Number(row[key]))),
      ...mine.flatMap((change) => (change.after ? [logged(change.after)] : [])),
    ];
  }
  return content as LiveContent;
}

/**
 * The set's changes against live now: the items already as the set would make them (published
 * meanwhile with « inclure les programmées ») are dropped; the items neither as the set expects
 * nor as it would make them are conflicts, named in French.
 */
export async function againstLive(
  trx: Transaction<Database>,
  devid: number,
  changes: readonly PendingChange[],
): Promise<{ live: LiveContent; toApply: PendingChange[]; conflicts: string[] }> {
  const live = await liveContent(trx, devid);
  const toApply: PendingChange[] = [];
  const conflicts: string[] = [];
  for (const change of changes) {
    const key = KIND[change.kind].key;
    const row = live[change.kind].find((candidate) => Number(candidate[key]) === change.id);
    const as = (expected: Row | undefined) =>
      sameRow(change.kind, row, expected ? logged(expected) : undefined);
    if (as(change.after)) continue;
    if (as(change.before)) toApply.push(change);
    else conflicts.push(`${KIND_NAMES[change.kind]} ${change.id}`);
  }
  return { live, toApply, conflicts };
}

export const KIND_NAMES: Record<ChangeKind, string> = {
  zone: 'zone',
  element: 'élément',
  subgroup: 'sous-groupe',
  subelement: 'sous-élément',
  alert_template: 'modèle d’alerte',
  setting: 'réglages',
};

const hoursText = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, '0')}` : `${minutes} min`;
};

export type DueOutcome =
  | { setid: number; status: 'published'; revision: number; lateMs: number }
  | { setid: number; status: 'held'; reason: string }
  | { setid: number; status: 'already-live'; revision: number }
  | { setid: number; status: 'skipped' };

/**
 * Publishes one due set (see the header), or holds it. `skipped` when another instance got there
 * first, or it was cancelled or moved meanwhile.
 */
export async function publishDueSet(deps: ScheduleDeps, setid: number): Promise<DueOutcome> {
  const now = clock(deps);
  const maxLateness = deps.maxLatenessMs ?? DEFAULT_MAX_LATENESS_MS;
  const found = await deps.repos.changeSets.devidOf(setid);
  if (!found) return { setid, status: 'skipped' };
  const devid = found.devid;

  const hold = async (trx: Transaction<Database>, reason: string) => {
    await trx
      .updateTable('change_sets')
      .set({ status: 'held', held_reason: reason, updated_at: now.toISOString() })
      .where('setid', '=', setid)
      .execute();
    await writeAudit(trx, {
      at: now,
      userid: null,
      username: 'programmation',
      devid,
      action: 'publish.schedule-held',
      targetType: 'development',
      targetId: devid,
      summary: { setid, reason },
    });
    return { setid, status: 'held' as const, reason };
  };

  const outcome = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    // Read again under the lock: the status another instance may have changed.
    const set = await trx
      .selectFrom('change_sets')
      .selectAll()
      .where('setid', '=', setid)
      .executeTakeFirst();
    if (!development || !set || set.status !== 'scheduled' || !set.due_at) {
      return { setid, status: 'skipped' as const };
    }
    const lateMs = Math.max(0, now.getTime() - Date.parse(set.due_at));
    if (Date.parse(set.due_at) > now.getTime()) return { setid, status: 'skipped' as const };
    if (lateMs > maxLateness) {
      return hold(
        trx,
        `Pas publiée à l’heure (le serveur était arrêté) : ${hoursText(lateMs)} de retard dépassent le maximum de ${hoursText(maxLateness)}. Publiez-la maintenant, reprogrammez-la ou annulez-la.`,
      );
    }
    const { live, toApply: changes, conflicts } = await againstLive(trx, devid, parseChanges(set));
    if (conflicts.length > 0) {
      return hold(
        trx,
        `Ne s’applique plus telle quelle : ${conflicts.length === 1 ? 'un élément a changé' : `${conflicts.length} éléments ont changé`} sur les totems depuis sa programmation (${conflicts.slice(0, 5).join(', ')}${conflicts.length > 5 ? '…' : ''}). Rien n’a été écrasé : publiez le brouillon maintenant, reprogrammez-la ou annulez-la.`,
      );
    }
    if (changes.length === 0) {
      // Everything it brings is live already (published with the schedule's items meanwhile):
      // published, with no revision of its own since it made none (the list says « déjà en
      // ligne »); the journal names the live revision that holds its changes.
      await trx
        .updateTable('change_sets')
        .set({
          status: 'published',
          revision: null,
          published_at: now.toISOString(),
          late_ms: lateMs,
          updated_at: now.toISOString(),
        })
        .where('setid', '=', setid)
        .execute();
      // The counts the list shows for the set (what it would have brought).
      const counts = JSON.parse(set.counts) as RevisionCounts;
      await writeAudit(trx, {
        at: now,
        userid: null,
        username: 'programmation',
        devid,
        action: 'publish.schedule-already-live',
        targetType: 'development',
        targetId: devid,
        summary: {
          setid,
          revision: development.content_version,
          at: set.due_at,
          lateMs,
          counts,
          summary: summarizeCounts(counts),
        },
      });
      return { setid, status: 'already-live' as const, revision: development.content_version };
    }
    try {
      const revision = await applySetIn(deps, trx, {
        devid,
        contentVersion: development.content_version,
        set,
        live,
        changes,
        now,
        lateMs,
        doneBy: { userid: null, username: 'programmation' },
        action: 'publish.scheduled',
      });
      return { setid, status: 'published' as const, revision, lateMs };
    } catch (error) {
      // A refusal (the checks' 409, the alert template in force) holds it; anything else (the
      // store failing) is not a verdict on the set: it stays waiting for the next tick.
      if (error instanceof ConflictError || error instanceof ActiveAlertTemplateError) {
        return hold(trx, `Refusée par les vérifications à son heure : ${error.message}`);
      }
      throw error;
    }
  });

  if (outcome.status === 'published') await announce(deps, devid, outcome.revision);
  return outcome;
}

/**
 * A set's changes written live, under the development's lock the caller holds: the alert-template
 * guard and the publish checks on what live becomes (a refusal throws, nothing written), the
 * revision (source `schedule`, the set's author and note, with how late), the set marked
 * published, the audit entry of `doneBy`. The new revision; the caller sends the stream message
 * after its commit (`announce`).
 */
export async function applySetIn(
  deps: PublishDeps,
  trx: Transaction<Database>,
  job: {
    devid: number;
    contentVersion: number;
    set: ChangeSetRow;
    live: LiveContent;
    changes: PendingChange[];
    now: Date;
    lateMs: number;
    doneBy: { userid: number | null; username: string };
    action: string;
    /** Added to the revision's note (« approuvée par … »). */
    noteSuffix?: string;
  },
): Promise<number> {
  const { devid, set, changes, now, lateMs } = job;
  await refuseRemovingActiveAlertTemplate(trx, devid, changes);
  await publishChecks(deps, trx, devid, {
    content: contentAfter(job.live, changes),
    touched: touched(changes),
  });
  const counts = countsOf(changes);
  const revision = job.contentVersion + 1;
  const late = lateMs >= 60_000 ? ` (publiée avec ${hoursText(lateMs)} de retard)` : '';
  await writeRevision(trx, devid, revision, changes, counts, {
    author: {
      kind: set.author_kind as 'user' | 'cli' | 'api' | 'system',
      name: set.author_name,
      userid: set.userid,
    },
    now,
    note: `${set.note ?? 'Publication programmée'}${job.noteSuffix ?? ''}${late}`,
    source: 'schedule',
  });
  await trx
    .updateTable('change_sets')
    .set({
      status: 'published',
      revision,
      published_at: now.toISOString(),
      late_ms: lateMs,
      updated_at: now.toISOString(),
    })
    .where('setid', '=', set.setid)
    .execute();
  await writeAudit(trx, {
    at: now,
    ...job.doneBy,
    devid,
    action: job.action,
    targetType: 'development',
    targetId: devid,
    summary: {
      setid: set.setid,
      revision,
      at: set.due_at,
      lateMs,
      counts,
      summary: summarizeCounts(counts),
    },
  });
  return revision;
}

/** Publishes (or holds) every set due by now, oldest first; what became of each. */
export async function publishDueSets(deps: ScheduleDeps): Promise<DueOutcome[]> {
  const outcomes: DueOutcome[] = [];
  for (const setid of await deps.repos.changeSets.dueIds(clock(deps).toISOString())) {
    outcomes.push(await publishDueSet(deps, setid));
  }
  return outcomes;
}
