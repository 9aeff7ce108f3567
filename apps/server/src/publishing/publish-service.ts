/**
 * The publishing service: the one gate between the draft and the totems (decision 008), which owns
 * its transaction. Every publish comes here, whatever the door — the back-office, the publish
 * token (integrations, and the CLI, which publishes through the running server's endpoint), a
 * rollback (its own function below, with the same steps), and the scheduled publish to come — and
 * runs the same steps, in this order:
 *
 * 1. lock the development (every draft edit takes the same lock first);
 * 2. diff the draft (or one zone's) against live — for a rollback, live against revision K's;
 * 3. the publish checks (decision 014) and the alert-template guard: a refusal writes nothing;
 * 4. apply the differences to live, and write the revision and its change log (decision 011);
 * 5. the audit entry;
 *    — commit —
 * 6. after the commit: caches dropped (content version), the frame policy and media sizes
 *    refreshed, the snapshot built once here; then the stream message (sent even when nothing
 *    changed: kiosks that missed the last one catch up), and the fleet told every kiosk is behind.
 *
 * Only after the commit does anything leave: no kiosk and no other instance (the PostgreSQL bus
 * NOTIFYs after commit too) can hear of a revision it could not read yet — nor the plant's IT of
 * an admin's publication without approval (four-eyes, decision 048: `notifyPublication`). A
 * publish given only `zoneid` (no `type`) publishes that zone's changes alone; the `zone` /
 * `element` types keep their meaning for the kiosks: which item to reload.
 */
import type {
  PublicationNotice,
  PublishProblem,
  PublishRequest,
  PublishResponse,
  StreamMessage,
} from '@plant-kiosk/contract';
import type { Transaction } from 'kysely';
import type { ServerConfig } from '../config.js';
import type { Repositories } from '../db/repositories/index.js';
import type { Database } from '../db/schema.js';
import { badRequest, notFound } from '../lib/envelope.js';
import { conflict, isUniqueViolation } from '../lib/admin/errors.js';
import type { ContentVersions } from '../lib/content-versions.js';
import type { EventBus } from '../lib/event-bus.js';
import type { SnapshotCache } from '../lib/snapshot-cache.js';
import { fleetAfterPublish } from '../fleet/index.js';
import type { MediaIntegrity } from '../media/index.js';
import { bypassNotice } from '../notifications/index.js';
import type { PublishedFrameSources } from '../settings/index.js';
import {
  countsOf,
  lockDevelopment,
  totalChanges,
  touched,
  type RevisionCounts,
} from './change-kinds.js';
import { capturedBy, itemKey } from './pending-sets.js';
import { discardIn, type DiscardOutcome } from './discard.js';
import { passFourEyes, type Bypass } from './four-eyes.js';
import { scopedDiff } from './draft-diff.js';
import { refuseRemovingActiveAlertTemplate, writeRevision } from './live-apply.js';
import {
  authorOf,
  discardAuditEntry,
  publishAuditEntry,
  rollbackAuditEntry,
  writeAudit,
  type Publisher,
} from './publish-audit.js';
import { assertPublishable, publishProblems, type CheckedContent } from './publish-checks.js';
import { summarizeCounts } from './revision-summary.js';
import { planRollback, writeRollback } from './rollback.js';

export type { Publisher } from './publish-audit.js';

/** What a publish needs of the server: the store, the bus, the caches it drops, the checks' inputs. */
export interface PublishDeps {
  repos: Repositories;
  bus: EventBus;
  versions?: ContentVersions;
  snapshots?: SnapshotCache;
  frameSources?: PublishedFrameSources;
  now?: () => Date;
  config?: Pick<ServerConfig, 'publishChecks' | 'mediaDir'>;
  /** The files a publish sends are checked on disk, and every size again after it. */
  mediaIntegrity?: Pick<MediaIntegrity, 'check' | 'refresh'>;
  /**
   * Four-eyes publishing's notices (decision 048): a request made, approved or refused, and an
   * admin's publication without approval — handed over after the commit, to the notifications
   * (webhook, e-mail: only the channels enabled send anything). The app's wiring logs its own
   * failures; none fails what was done (`tellPublication`). Absent: no notices (most tests).
   */
  notifyPublication?: (notice: PublicationNotice) => Promise<void>;
}

const clockOf = (deps: PublishDeps) => deps.now ?? (() => new Date());
const clock = (deps: PublishDeps) => clockOf(deps)();

/** Publishes the development's draft (see the header), for whoever asks. */
export async function publish(
  deps: PublishDeps,
  devid: number,
  request: PublishRequest,
  who: Publisher,
): Promise<PublishResponse> {
  const now = clock(deps);
  const { message, onlyZone } = await announcement(deps.repos, devid, request);
  const outcome = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    if (!development) return undefined;
    const bypass = await passFourEyes(trx, devid, who, 'publish', request.bypassReason, now);
    const diff = await scopedDiff(trx, devid, onlyZone);
    // What a waiting scheduled publication brings waits for it, unless asked (issue 45).
    const captured = request.includeScheduled
      ? new Map()
      : await capturedBy(trx, devid, diff.changes);
    const changes = diff.changes.filter((change) => !captured.has(itemKey(change.kind, change.id)));
    const counts = captured.size > 0 ? countsOf(changes) : diff.counts;
    await publishChecks(deps, trx, devid, { zoneid: onlyZone, touched: touched(changes) });
    await refuseRemovingActiveAlertTemplate(trx, devid, changes);
    // Nothing changed: no revision, but a development's first.
    const current = development.content_version;
    const created = changes.length > 0 || current === 0;
    const revision = created ? current + 1 : current;
    if (created) {
      await writeRevision(trx, devid, revision, changes, counts, {
        author: authorOf(who),
        now,
        note: request.note?.trim() || null,
        source: 'publish',
      });
    }
    message.version = revision;
    message.revision = revision;
    const result = {
      message,
      revision,
      created,
      counts,
      delivered: null,
      ...(captured.size > 0 ? { scheduledLeftOut: captured.size } : {}),
    };
    const audit = publishAuditEntry(now, devid, request, result, who);
    return { ...result, bypass, auditid: await writeAudit(trx, audit) };
  });
  if (!outcome) throw notFound(`Development ${devid} does not exist`);

  if (outcome.created) await afterCommit(deps, devid);
  const delivered = await deps.bus.publish(message);
  await deps.repos.audit.complete(outcome.auditid, { delivered });
  if (outcome.created)
    await fleetAfterPublish({ repos: deps.repos, bus: deps.bus, now: clockOf(deps) }, devid);
  const { revision, created, counts, scheduledLeftOut } = outcome;
  if (outcome.bypass) {
    await tellBypass(
      deps,
      devid,
      outcome.bypass,
      created
        ? `la révision ${revision} (${summarizeCounts(counts).toLowerCase()})`
        : `sans rien de nouveau (les totems avaient déjà la révision ${revision})`,
    );
  }
  return {
    delivered,
    message,
    revision,
    created,
    counts,
    ...(scheduledLeftOut === undefined ? {} : { scheduledLeftOut }),
  };
}

export interface RollbackResult {
  status: 'created' | 'unchanged' | 'draft-changed';
  revision: number;
  counts?: RevisionCounts;
  delivered: number;
}

export interface RollbackOptions {
  /** An admin's reason to roll back without approval while four-eyes is on. */
  bypassReason?: string;
  /**
   * An approved rollback request (publication-requests.ts): its checks under the lock instead of
   * the four-eyes gate, the revision's note, and its own record once the revision is written —
   * all in the rollback's transaction.
   */
  approved?: {
    check: (trx: Transaction<Database>, contentVersion: number) => Promise<void>;
    note: string;
    done: (trx: Transaction<Database>, revision: number) => Promise<void>;
  };
}

/**
 * Rollback (decision 014): revision K's content published again as a new revision, with the steps
 * of a publish. Undefined for an unknown revision; a rollback to what is already live, or refused
 * because the draft has unpublished changes, writes and sends nothing.
 */
export async function rollback(
  deps: PublishDeps,
  devid: number,
  target: number,
  who: Publisher,
  options: RollbackOptions = {},
): Promise<RollbackResult | undefined> {
  const now = clock(deps);
  const outcome = await deps.repos.revisions.transaction(async (trx) => {
    const development = await lockDevelopment(trx, devid);
    if (!development) return undefined;
    let bypass: Bypass | null = null;
    if (options.approved) await options.approved.check(trx, development.content_version);
    else bypass = await passFourEyes(trx, devid, who, 'rollback', options.bypassReason, now);
    const plan = await planRollback(trx, devid, target, development.content_version);
    if (plan.status !== 'ready') return { ...plan, bypass };
    await refuseRemovingActiveAlertTemplate(trx, devid, plan.changes);
    await publishChecks(deps, trx, devid, {
      content: plan.content,
      touched: touched(plan.changes),
    });
    const note = options.approved?.note ?? `Retour à la révision ${target}`;
    const revision = await writeRollback(trx, devid, plan, { author: authorOf(who), now, note });
    await writeAudit(trx, rollbackAuditEntry(now, devid, target, revision, plan.counts, who));
    await options.approved?.done(trx, revision);
    return { status: 'created' as const, revision, counts: plan.counts, bypass };
  });
  if (!outcome) throw notFound(`Development ${devid} does not exist`);
  if (outcome.status === 'unknown') return undefined;
  const { bypass, ...result } = outcome;
  if (result.status === 'draft-changed') return { ...result, delivered: 0 };
  const delivered = result.status === 'created' ? await announce(deps, devid, result.revision) : 0;
  // The gate let an admin through (audited with the rollback): told once it is done.
  if (bypass) {
    await tellBypass(
      deps,
      devid,
      bypass,
      result.status === 'created'
        ? `le contenu de la révision ${target} : révision ${result.revision} (${summarizeCounts(result.counts).toLowerCase()})`
        : `le contenu de la révision ${target}, que les totems avaient déjà (rien n’a changé)`,
    );
  }
  return { ...result, delivered };
}

/**
 * Discarding the draft's unpublished changes (revision history, decision 011) — the whole draft or
 * one zone's. Not a publish (nothing reaches the totems, so nothing follows the commit), but the
 * same gate: who may publish may discard, and it is audited in its transaction when it undid
 * something. Undefined when the development does not exist.
 */
export async function discard(
  deps: PublishDeps,
  devid: number,
  zoneid: number | undefined,
  who: Publisher,
): Promise<DiscardOutcome | undefined> {
  const now = clock(deps);
  if (zoneid !== undefined && !(await deps.repos.revisions.zoneBelongs(devid, zoneid))) {
    throw notFound(`La zone ${zoneid} n’existe pas dans ce développement.`);
  }
  try {
    return await deps.repos.revisions.transaction(async (trx) => {
      const outcome = await discardIn(trx, devid, zoneid);
      if (outcome && totalChanges(outcome.counts) > 0) {
        const { revision, counts } = outcome;
        await writeAudit(trx, discardAuditEntry(now, devid, zoneid, revision, counts, who));
      }
      return outcome;
    });
  } catch (error) {
    // Only a zone's discard can meet this: another zone of the draft took its published name.
    if (isUniqueViolation(error)) {
      throw conflict(
        'Impossible d’annuler : une autre zone porte maintenant le nom publié de celle-ci. Renommez-la d’abord.',
      );
    }
    throw error;
  }
}

/**
 * The stream message a publish sends, and the zone it is limited to. The item to reload must exist
 * in what is being published: the draft. No type and a zone: that zone's changes alone (revision
 * history, decision 011); the zone may be one the draft deleted: it must exist in the draft or
 * live.
 */
async function announcement(
  repos: Repositories,
  devid: number,
  request: PublishRequest,
): Promise<{ message: StreamMessage; onlyZone: number | undefined }> {
  const development = await repos.developments.find(devid);
  if (!development) throw notFound(`Development ${devid} does not exist`);
  const type = request.type ?? 'sync';
  // Messages about one totem (forgotten, its own settings changed) are the fleet's, never a
  // publish's: they would make a totem log out or re-read settings that did not change.
  if (type === 'forgotten' || type === 'profile') {
    throw badRequest(
      `A publish cannot send a "${type}" message: it concerns one totem, not content`,
    );
  }
  const message: StreamMessage = { devid, type };
  if (type === 'zone') {
    if (request.zoneid === undefined) throw badRequest('A "zone" publish needs "zoneid"');
    if (request.elementid !== undefined) throw badRequest('A "zone" publish takes no "elementid"');
    const zone = await repos.draft.findZone(request.zoneid);
    if (!zone || zone.devid !== devid) {
      throw notFound(`Zone ${request.zoneid} does not exist in development ${devid}`);
    }
    message.zoneid = zone.zoneid;
  } else if (type === 'element') {
    if (request.elementid === undefined) throw badRequest('An "element" publish needs "elementid"');
    const element = await repos.draft.findElement(request.elementid);
    if (!element || element.devid !== devid) {
      throw notFound(`Element ${request.elementid} does not exist in development ${devid}`);
    }
    if (request.zoneid !== undefined && request.zoneid !== element.item.zoneid) {
      throw badRequest(`Element ${request.elementid} is not in zone ${request.zoneid}`);
    }
    message.zoneid = element.item.zoneid;
    message.elementid = element.item.elementid;
  } else if (
    request.type === 'sync' &&
    (request.zoneid !== undefined || request.elementid !== undefined)
  ) {
    throw badRequest('A "sync" publish takes no "zoneid" or "elementid"');
  } else if (request.elementid !== undefined) {
    throw badRequest('Only an "element" publish takes "elementid"');
  }
  const onlyZone = request.type === undefined ? request.zoneid : undefined;
  if (onlyZone !== undefined && !(await repos.revisions.zoneBelongs(devid, onlyZone))) {
    throw notFound(`La zone ${onlyZone} n’existe pas dans ce développement.`);
  }
  return { message, onlyZone };
}

/**
 * What a publish of the whole draft now would refuse (the preview's band lists it, issue 46): the
 * publish's own checks on the same items (those the draft changes, less what a waiting schedule
 * holds), read without the development's lock — a glance, not a promise; none when the
 * configuration turns the checks off.
 */
export async function draftProblems(deps: PublishDeps, devid: number): Promise<PublishProblem[]> {
  if (deps.config?.publishChecks === false) return [];
  return deps.repos.revisions.transaction(async (trx) => {
    const diff = await scopedDiff(trx, devid, undefined);
    const captured = await capturedBy(trx, devid, diff.changes);
    const changes = diff.changes.filter((change) => !captured.has(itemKey(change.kind, change.id)));
    return publishProblems(trx, devid, {
      touched: touched(changes),
      mediaDir: deps.config?.mediaDir,
      mediaIntegrity: deps.mediaIntegrity,
    });
  });
}

/**
 * The publish checks (decision 014), under the lock and before anything is written, on the content
 * about to go live (the draft when `content` is not given); off when the configuration says so.
 */
export async function publishChecks(
  deps: PublishDeps,
  trx: Transaction<Database>,
  devid: number,
  scope: { zoneid?: number; content?: CheckedContent; touched: ReadonlySet<string> },
): Promise<void> {
  if (deps.config?.publishChecks === false) return;
  await assertPublishable(trx, devid, {
    ...scope,
    mediaDir: deps.config?.mediaDir,
    mediaIntegrity: deps.mediaIntegrity,
  });
}

/**
 * After a revision made by a rollback, a scheduled publication or an approved request committed:
 * the caches (afterCommit), the `sync` stream message, the fleet told every totem is behind. How
 * many kiosks connected to this process heard it.
 */
export async function announce(
  deps: PublishDeps,
  devid: number,
  revision: number,
): Promise<number> {
  await afterCommit(deps, devid);
  const message: StreamMessage = { devid, type: 'sync', version: revision, revision };
  const delivered = await deps.bus.publish(message);
  await fleetAfterPublish({ repos: deps.repos, bus: deps.bus, now: clockOf(deps) }, devid);
  return delivered;
}

/**
 * After a revision committed, before its stream message goes out: this process's caches see it at
 * once (others when the message reaches them), the new snapshot is built once here rather than
 * under the load of every kiosk asking for it at once, and the pages' frame policy learns a newly
 * published frame address — a kiosk reloading on the message must get a policy that allows it
 * (decision 017).
 */
export async function afterCommit(deps: PublishDeps, devid: number): Promise<void> {
  deps.versions?.invalidate(devid);
  await deps.frameSources?.refresh();
  // Sizes again, in the background (media integrity: after each publish).
  deps.mediaIntegrity?.refresh().catch(() => undefined);
  if (deps.snapshots) {
    const entry = await deps.snapshots.get(devid);
    await entry?.gzipped();
  }
}

/**
 * Hands a four-eyes notice to the notifications (decision 048), AFTER the commit of what it tells:
 * never inside a transaction (a notice of something rolled back would be a lie, and the relay's
 * pace must not hold the development's lock). Nothing here fails the request: the development's
 * name falls back on its id, and the wiring (app.ts) logs a notice it could not record.
 */
export async function tellPublication(
  deps: PublishDeps,
  devid: number,
  build: (devname: string) => PublicationNotice,
): Promise<void> {
  const notify = deps.notifyPublication;
  if (!notify) return;
  try {
    const development = await deps.repos.developments.find(devid).catch(() => undefined);
    await notify(build(development?.devname ?? `développement ${devid}`));
  } catch {
    // Told by the wiring's log; the publication itself is done and stays so.
  }
}

/** An admin's publish, schedule or rollback without approval, told after its commit. */
export function tellBypass(
  deps: PublishDeps,
  devid: number,
  bypass: Bypass,
  what: string,
): Promise<void> {
  return tellPublication(deps, devid, (devname) =>
    bypassNotice(
      {
        devid,
        devname,
        username: bypass.username,
        action: bypass.action,
        reason: bypass.reason,
        what,
      },
      clock(deps),
    ),
  );
}
