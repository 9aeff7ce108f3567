/**
 * Publishing: tells the kiosks of one development that its content changed. The publish endpoint
 * and the CLI call it now; the back-office will call it after an edit. Every publish bumps the
 * development's content version, so the snapshot (and its ETag) changes with it and a kiosk that
 * syncs never gets a stale 304. The new snapshot is built before the message goes out.
 */
import type { PublishRequest, PublishResponse, StreamMessage } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import { badRequest, notFound } from './envelope.js';
import type { ContentVersions } from './content-versions.js';
import type { EventBus } from './event-bus.js';
import { fleetAfterPublish } from './fleet/fleet.js';
import type { SnapshotCache } from './snapshot-cache.js';

export async function publishContent(
  deps: {
    repos: Repositories;
    bus: EventBus;
    versions?: ContentVersions;
    snapshots?: SnapshotCache;
    now?: () => Date;
  },
  devid: number,
  request: PublishRequest,
): Promise<PublishResponse> {
  const { repos, bus } = deps;
  const development = await repos.content.findDevelopment(devid);
  if (!development) throw notFound(`Development ${devid} does not exist`);
  const type = request.type ?? 'sync';
  const message: StreamMessage = { devid, type };

  if (type === 'zone') {
    if (request.zoneid === undefined) throw badRequest('A "zone" publish needs "zoneid"');
    if (request.elementid !== undefined) throw badRequest('A "zone" publish takes no "elementid"');
    const zone = await repos.content.findZone(request.zoneid);
    if (!zone || zone.devid !== devid) {
      throw notFound(`Zone ${request.zoneid} does not exist in development ${devid}`);
    }
    message.zoneid = zone.zoneid;
  } else if (type === 'element') {
    if (request.elementid === undefined) throw badRequest('An "element" publish needs "elementid"');
    const element = await repos.content.findElement(request.elementid);
    if (!element || element.devid !== devid) {
      throw notFound(`Element ${request.elementid} does not exist in development ${devid}`);
    }
    if (request.zoneid !== undefined && request.zoneid !== element.item.zoneid) {
      throw badRequest(`Element ${request.elementid} is not in zone ${request.zoneid}`);
    }
    message.zoneid = element.item.zoneid;
    message.elementid = element.item.elementid;
  } else if (request.zoneid !== undefined || request.elementid !== undefined) {
    throw badRequest('A "sync" publish takes no "zoneid" or "elementid"');
  }

  message.version = await repos.content.bumpContentVersion(devid);
  // This process's caches see the new version at once (others within their check delay).
  deps.versions?.invalidate(devid);
  // Build (and compress) the new snapshot before telling the kiosks: they all ask for it at once,
  // and a large plant's snapshot takes seconds to build — once here rather than under their load.
  if (deps.snapshots) {
    const entry = await deps.snapshots.get(devid);
    await entry?.gzipped();
  }
  const delivered = await bus.publish(message);
  // The fleet view: every kiosk of the development is behind until it reports this version.
  await fleetAfterPublish({ repos, bus, now: deps.now ?? (() => new Date()) }, devid);
  return { delivered, message };
}
