/**
 * Publishing: the one gate between the draft and the totems (decision 008). The publish endpoint
 * (publish token: the CLI and integrations), the back-office and the seed all come here.
 *
 * A publish takes the whole draft of the development — or, given only `zoneid` (no `type`), that
 * zone's changes alone: RevisionRepository.publishDraft copies the differences into the live
 * content and records revision N+1, in one transaction. Only after that
 * transaction has committed are caches dropped, the new snapshot built (once here rather than
 * under the load of every kiosk asking for it at once) and the stream message sent — so no kiosk
 * and no other instance (the PostgreSQL bus NOTIFYs after commit too) can hear of a revision it
 * could not read yet. The `zone` / `element` types keep their meaning for the kiosks: which item
 * to reload.
 */
import type { PublishRequest, PublishResponse, StreamMessage } from '@plant-kiosk/contract';
import type { AuditInput, Repositories } from '../db/repositories/index.js';
import type { RevisionAuthor, RevisionCounts } from './revision-repository.js';
import type { ServerConfig } from '../config.js';
import { assertPublishable } from './publish-checks.js';
import { badRequest, notFound } from '../lib/envelope.js';
import type { ContentVersions } from '../lib/content-versions.js';
import type { EventBus } from '../lib/event-bus.js';
import { fleetAfterPublish } from '../fleet/index.js';
import type { PublishedFrameSources } from '../settings/index.js';
import type { MediaIntegrity } from '../media/index.js';
import type { SnapshotCache } from '../lib/snapshot-cache.js';

const checksOn = (deps: { config?: Pick<ServerConfig, 'publishChecks'> }) =>
  deps.config?.publishChecks !== false;

/** The author of a publish made with the publish token, unless the caller says it is the CLI. */
export const API_AUTHOR: RevisionAuthor = { kind: 'api', name: null, userid: null };

/**
 * The audit entry of a publish, the same whatever the door (issue 42): a back-office user, or the
 * publish token — "api", or "cli" when the CLI says so — with no user id. Written after the
 * publish's transaction has committed, with the revision and whether the publish created it.
 */
export function publishAuditEntry(
  at: Date,
  devid: number,
  request: PublishRequest,
  result: PublishResponse,
  who: { userid: number | null; username: string },
): AuditInput {
  const { message } = result;
  const onlyZone = request.type === undefined ? request.zoneid : undefined;
  return {
    at,
    userid: who.userid,
    username: who.username,
    devid,
    action: 'publish',
    targetType:
      onlyZone !== undefined ? 'zone' : message.type === 'sync' ? 'development' : message.type,
    targetId:
      onlyZone !== undefined
        ? onlyZone
        : message.type === 'element'
          ? (message.elementid ?? null)
          : message.type === 'zone'
            ? (message.zoneid ?? null)
            : devid,
    summary: {
      ...(onlyZone !== undefined ? { onlyZone } : {}),
      note: request.note?.trim() || null,
      message,
      delivered: result.delivered,
      revision: result.revision,
      created: result.created,
      counts: result.counts,
    },
  };
}

export async function publishContent(
  deps: {
    repos: Repositories;
    bus: EventBus;
    versions?: ContentVersions;
    snapshots?: SnapshotCache;
    frameSources?: PublishedFrameSources;
    now?: () => Date;
    config?: Pick<ServerConfig, 'publishChecks' | 'mediaDir'>;
    /** The files a publish sends are checked on disk, and every size again after it. */
    mediaIntegrity?: Pick<MediaIntegrity, 'check' | 'refresh'>;
  },
  devid: number,
  request: PublishRequest,
  author: RevisionAuthor = API_AUTHOR,
): Promise<PublishResponse> {
  const { repos, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const development = await repos.content.findDevelopment(devid);
  if (!development) throw notFound(`Development ${devid} does not exist`);
  const type = request.type ?? 'sync';
  const message: StreamMessage = { devid, type };

  // The item to reload must exist in what is being published: the draft.
  if (type === 'zone') {
    if (request.zoneid === undefined) throw badRequest('A "zone" publish needs "zoneid"');
    if (request.elementid !== undefined) throw badRequest('A "zone" publish takes no "elementid"');
    const zone = await repos.adminContent.findZone(request.zoneid);
    if (!zone || zone.devid !== devid) {
      throw notFound(`Zone ${request.zoneid} does not exist in development ${devid}`);
    }
    message.zoneid = zone.zoneid;
  } else if (type === 'element') {
    if (request.elementid === undefined) throw badRequest('An "element" publish needs "elementid"');
    const element = await repos.adminContent.findElement(request.elementid);
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

  // No type and a zone: that zone's changes alone (revision history, decision 011); the rest of the
  // draft stays unpublished. The zone may be one the draft deleted: it must exist in the draft or
  // live.
  const onlyZone = request.type === undefined ? request.zoneid : undefined;
  if (onlyZone !== undefined && !(await repos.revisions.zoneBelongs(devid, onlyZone))) {
    throw notFound(`La zone ${onlyZone} n’existe pas dans ce développement.`);
  }

  const outcome = await repos.revisions.publishDraft(devid, {
    author,
    source: 'publish',
    note: request.note?.trim() || null,
    now: now(),
    zoneid: onlyZone,
    // The publish checks (rollback and publish checks, decision 014), under the lock and before
    // anything is written.
    verify: (trx, touched) =>
      checksOn(deps)
        ? assertPublishable(trx, devid, {
            zoneid: onlyZone,
            touched,
            mediaDir: deps.config?.mediaDir,
            mediaIntegrity: deps.mediaIntegrity,
          })
        : Promise.resolve(),
  });
  if (!outcome) throw notFound(`Development ${devid} does not exist`);
  message.version = outcome.revision;
  message.revision = outcome.revision;

  if (outcome.created) await afterCommit(deps, devid);
  // Sent even when nothing changed: kiosks that missed the last message catch up.
  const delivered = await bus.publish(message);
  // The fleet view: every kiosk of the development is behind until it reports this revision.
  if (outcome.created) await fleetAfterPublish({ repos, bus, now }, devid);
  return {
    delivered,
    message,
    revision: outcome.revision,
    created: outcome.created,
    counts: outcome.counts,
  };
}

/**
 * After a revision committed, before its stream message goes out: this process's caches see it at
 * once (others when the message reaches them), the new snapshot is built once here, and the pages'
 * frame policy learns a newly published frame address — a kiosk reloading on the message must
 * get a policy that allows it (decision 017).
 */
async function afterCommit(deps: Parameters<typeof publishContent>[0], devid: number) {
  deps.versions?.invalidate(devid);
  await deps.frameSources?.refresh();
  // Sizes again, in the background (media integrity: after each publish).
  deps.mediaIntegrity?.refresh().catch(() => undefined);
  if (deps.snapshots) {
    const entry = await deps.snapshots.get(devid);
    await entry?.gzipped();
  }
}

export interface RollbackResult {
  status: 'created' | 'unchanged' | 'draft-changed';
  revision: number;
  counts?: RevisionCounts;
  delivered: number;
}

/**
 * Rollback (rollback and publish checks, decision 014): revision K's content published again as a
 * new revision, through the same path as a publish — the publish checks under the lock, then, after
 * the commit, caches dropped, the snapshot built, the stream message sent and the fleet told.
 * Undefined for an unknown revision; a rollback to what is already live, or refused because the
 * draft has unpublished changes, sends nothing.
 */
export async function rollbackContent(
  deps: Parameters<typeof publishContent>[0],
  devid: number,
  target: number,
  author: RevisionAuthor,
): Promise<RollbackResult | undefined> {
  const { repos, bus } = deps;
  const now = deps.now ?? (() => new Date());
  const outcome = await repos.revisions.rollbackTo(devid, target, {
    author,
    now: now(),
    note: `Retour à la révision ${target}`,
    verify: (trx, content, touched) =>
      checksOn(deps)
        ? assertPublishable(trx, devid, {
            content,
            touched,
            mediaDir: deps.config?.mediaDir,
            mediaIntegrity: deps.mediaIntegrity,
          })
        : Promise.resolve(),
  });
  if (!outcome) throw notFound(`Development ${devid} does not exist`);
  if (outcome.status === 'unknown') return undefined;
  if (outcome.status !== 'created') return { ...outcome, delivered: 0 };
  await afterCommit(deps, devid);
  const message: StreamMessage = {
    devid,
    type: 'sync',
    version: outcome.revision,
    revision: outcome.revision,
  };
  const delivered = await bus.publish(message);
  await fleetAfterPublish({ repos, bus, now }, devid);
  return { ...outcome, delivered };
}
