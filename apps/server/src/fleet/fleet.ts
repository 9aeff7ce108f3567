/**
 * The fleet (back-office and fleet, decision 008): what each kiosk last reported, kept in the
 * database (never in a process: several server instances share one PostgreSQL), and how the
 * back-office sees it.
 *
 * A heartbeat may carry a totem's acknowledgement of the alert in force (red button and
 * acknowledgements, decision 018), stored here.
 *
 * Presence: a stream open marks the kiosk connected (naming the connection), its close marks it
 * disconnected (unless a newer stream took over), each instance refreshes `last_seen_at` of its
 * open streams every minute (see stream route), and a heartbeat refreshes it too. So a kiosk
 * whose instance died drops offline after FLEET_ONLINE_WINDOW_MS instead of staying "connected".
 *
 * Changes are signalled on the event bus as fleet signals (their own kind of bus message, never
 * sent to a kiosk), so that every instance's admin live channels hear about a kiosk connected to
 * another instance.
 */
import {
  DEFAULT_SETTINGS,
  ERROR_CODES,
  FLEET_BEHIND_FLAG_MS,
  KioskMediaReport,
  KioskMode,
  TotemKind,
  WatchdogEvent,
  WatchdogScreen,
  isOpenAt,
  sinceLastSeen,
  streamAlive,
  totemPresence,
  type AlertAck,
  type KioskHeartbeat,
  type KioskStatus,
  type PresenceFacts,
  type PresenceOptions,
  type WatchdogStatus,
} from '@plant-kiosk/contract';
import { Value } from '@sinclair/typebox/value';
import type { Repositories } from '../db/repositories/index.js';
import { AlertRepository } from '../alerts/index.js';
import { KioskRepository, type KioskWithDevelopment, type KioskWrite } from './kiosk-repository.js';
import {
  GroupCommit,
  HEARTBEAT_BATCH_MAX,
  HEARTBEAT_BATCH_WINDOW_MS,
} from './heartbeat-batcher.js';
import type { UnreportedIdentity } from './kiosk-identity-repository.js';
import { badRequest, HttpError } from '../lib/envelope.js';
import type { EventBus } from '../lib/event-bus.js';

/**
 * Most kiosk ids one development keeps (outside-probe hardening: any kiosk token could create
 * entries without bound). A plant has tens of totems; a report from a new id beyond this is refused
 * with 409 rather than evicting the oldest entry: eviction would let a token holder push the real
 * kiosks out of the back-office's view, while a refusal keeps them and says why. Since issue 47 new
 * identities are bounded at login too (kiosk-identities.ts), and « Oublier ce totem » and the purge
 * make room (kiosk-forget-routes.ts). The check and the insert are not one statement, so concurrent
 * reports from new ids may overshoot by the number of requests in flight: still bounded.
 */
export const FLEET_MAX_KIOSKS_PER_DEVELOPMENT = 1000;

export const FLEET_FULL_MESSAGE = `Trop de kiosques enregistrés pour ce développement (${FLEET_MAX_KIOSKS_PER_DEVELOPMENT} au plus) : identifiant de kiosque inconnu refusé.`;

export interface FleetDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
}

/** Identity a kiosk gives on its stream URL; anything malformed is ignored, never fatal. */
export interface StreamIdentityInput {
  kioskId: string;
  mode?: string;
  totem?: string;
  appVersion?: string;
  contentVersion?: string | number;
}

function durationFr(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} jours`;
}

/** Largest revision number a kiosk may report: the contract's ContentVersion, a 32-bit column. */
const MAX_REVISION = 2_147_483_647;

/**
 * Where the revision a kiosk reports stands against the latest the server published. The one rule
 * for the heartbeat and the stream alike (outside probe, round 3: the stream stored a revision
 * 5,000 ahead while the heartbeat refused it): any revision number is recorded as reported, and
 * one above the latest is "ahead" — a totem that synced before the server was restored from an
 * older backup holds revisions the server no longer has. It is flagged in the back-office, never
 * refused: the report is what the totem shows, and its next sync brings it back (the delta call
 * answers "ahead" with a full snapshot).
 */
export type RevisionStanding = 'unknown' | 'current' | 'behind' | 'ahead';

export function revisionStanding(reported: number | null, latest: number): RevisionStanding {
  if (reported === null) return 'unknown';
  if (reported > latest) return 'ahead';
  return reported === latest ? 'current' : 'behind';
}

/**
 * A revision number as a stream URL carries it (text), or undefined when it is not one: the
 * stream is never refused for a malformed identity, the value is ignored. Bounded like the
 * heartbeat's (the contract's ContentVersion), so both paths record the same numbers.
 */
export function streamRevision(value: string | number | undefined): number | undefined {
  if (value === undefined || !/^\d{1,10}$/.test(String(value))) return undefined;
  const revision = Number(value);
  return revision <= MAX_REVISION ? revision : undefined;
}

/** The media columns of a row, or null when unknown (or not a valid report: never stored so). */
function mediaOf(row: KioskWithDevelopment): KioskMediaReport | null {
  const media = { phase: row.media_phase, cached: row.media_cached, total: row.media_total };
  return Value.Check(KioskMediaReport, media) ? media : null;
}

/** The watchdog columns of a row (issue 53), or null when the totem never said (an older kiosk). */
function watchdogOf(row: KioskWithDevelopment): WatchdogStatus | null {
  if (row.watchdog_attached === null) return null;
  const event = {
    at: row.watchdog_event_at,
    action: row.watchdog_event_action,
    reason: row.watchdog_event_reason,
  };
  const screen = {
    state: row.watchdog_screen,
    ...(row.watchdog_screen_reason === null ? {} : { reason: row.watchdog_screen_reason }),
  };
  return {
    attached: Number(row.watchdog_attached) === 1,
    lastEvent: Value.Check(WatchdogEvent, event) ? event : null,
    screen: Value.Check(WatchdogScreen, screen) ? screen : null,
  };
}

/**
 * Content-first sync: what TypeBox cannot say of a media report — a cache cannot hold more files
 * than the revision references, and "complete" means all of them. Null when sound, else why
 * (French).
 */
export function mediaReportProblem(media: KioskMediaReport): string | null {
  if (media.cached > media.total) {
    return `Rapport de médias incohérent : ${media.cached} en cache sur ${media.total} attendus.`;
  }
  if (media.phase === 'complete' && media.cached !== media.total) {
    return `Rapport de médias incohérent : « complets » avec ${media.cached} en cache sur ${media.total}.`;
  }
  return null;
}

/** The back-office view of one row, at `now`; `presence` options as totemPresence takes them. */
export function toKioskStatus(
  row: KioskWithDevelopment,
  now: Date,
  presenceOptions: PresenceOptions = {},
): KioskStatus {
  const at = now.getTime();
  // The online rule is the contract's (totem-presence.ts): one rule for every view.
  const facts: PresenceFacts = {
    connected: row.connected === 1,
    lastSeenAt: row.last_seen_at,
    lastHeartbeatAt: row.last_heartbeat_at,
  };
  const sinceSeen = sinceLastSeen(facts, at);
  // A `connected` flag that has not been refreshed is a stream of an instance that went away.
  const connected = streamAlive(facts, at);
  const presence = totemPresence(facts, at, presenceOptions);
  const state = presence === 'online' ? 'online' : 'offline';
  const current = row.current_content_version;
  const standing = revisionStanding(row.content_version, current);
  const upToDate = standing === 'current';
  const aheadOfServer = standing === 'ahead';
  // Not behind when ahead: the row's `behind_since` only says it differs from the latest.
  const behindSince = upToDate || aheadOfServer ? null : (row.behind_since ?? row.first_seen_at);
  let flag: KioskStatus['flag'] = null;
  let flagMessage: string | null = null;
  if (presence === 'silent') {
    flag = 'silent';
    flagMessage = `Aucune nouvelle de ce kiosque depuis ${durationFr(sinceSeen)}.`;
  } else if (aheadOfServer) {
    // At once, not after a delay like "behind": nothing the server publishes explains it.
    flag = 'ahead';
    flagMessage = `Révision ${row.content_version} — en avance sur le serveur (sauvegarde restaurée ?) : la dernière publiée est la ${current}.`;
  } else if (behindSince !== null && at - Date.parse(behindSince) > FLEET_BEHIND_FLAG_MS) {
    flag = 'behind';
    const has =
      row.content_version === null ? 'version inconnue' : `version ${row.content_version}`;
    flagMessage = `Contenu en retard depuis ${durationFr(at - Date.parse(behindSince))} (${has}, publiée : ${current}).`;
  }
  return {
    kioskId: row.kiosk_id,
    devid: row.devid,
    devname: row.devname,
    mode: Value.Check(KioskMode, row.mode) ? row.mode : null,
    totem: Value.Check(TotemKind, row.totem) ? row.totem : null,
    appVersion: row.app_version,
    contentVersion: row.content_version,
    currentContentVersion: current,
    lastSyncAt: row.last_sync_at,
    storageUsedBytes: row.storage_used_bytes,
    storageQuotaBytes: row.storage_quota_bytes,
    storagePersisted: row.storage_persisted === null ? null : Number(row.storage_persisted) === 1,
    watchdog: watchdogOf(row),
    lastError: row.last_error,
    media: mediaOf(row),
    connected,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    lastHeartbeatAt: row.last_heartbeat_at,
    state,
    presence,
    upToDate,
    aheadOfServer,
    behindSince,
    flag,
    flagMessage,
  };
}

/**
 * A totem that logged in but never reported (issue 48): listed with what is known of it — when it
 * logged in, no revision, no report — so that the fleet shows it as never seen rather than not at
 * all. Its first report gives it a fleet row, which replaces this entry (same key).
 */
export function neverSeenStatus(identity: UnreportedIdentity): KioskStatus {
  return {
    kioskId: identity.kioskId,
    devid: identity.devid,
    devname: identity.devname,
    mode: null,
    totem: null,
    appVersion: null,
    contentVersion: null,
    currentContentVersion: identity.currentContentVersion,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    storagePersisted: null,
    watchdog: null,
    lastError: null,
    media: null,
    connected: false,
    firstSeenAt: identity.createdAt,
    // The login is the only news the server has of it.
    lastSeenAt: identity.createdAt,
    lastHeartbeatAt: null,
    state: 'offline',
    presence: totemPresence(
      { connected: false, lastSeenAt: null, lastHeartbeatAt: null },
      Date.parse(identity.createdAt),
    ),
    upToDate: false,
    aheadOfServer: false,
    behindSince: null,
    flag: null,
    flagMessage: null,
  };
}

/** What one heartbeat writes: its kiosk row, and its alert acknowledgement if it carries one. */
export interface HeartbeatWrite {
  kiosk: KioskWrite;
  ack?: AlertAck;
}

/**
 * Where a heartbeat's writes go once it is checked; resolves when they are committed and the
 * fleet signalled. Either each alone (`unbatchedHeartbeats`) or grouped (`groupedHeartbeats`).
 */
export interface HeartbeatWriter {
  write(write: HeartbeatWrite): Promise<void>;
  close(): Promise<void>;
}

/**
 * One heartbeat's writes as they were before group commit: the kiosk row, then the
 * acknowledgement, each its own statement (and commit), then the signal. Kept as the benchmark's
 * baseline (HEARTBEAT_GROUP_COMMIT=off) and for Fleets built without a writer.
 */
export function unbatchedHeartbeats(deps: FleetDeps): HeartbeatWriter {
  return {
    async write({ kiosk, ack }) {
      await deps.repos.kiosks.record(kiosk);
      // Stored before the signal, so the back-office's live alert list, woken by it, reads it.
      if (ack) await deps.repos.alerts.recordAck(kiosk.devid, kiosk.kioskId, ack, kiosk.now);
      await deps.bus.signalFleet(kiosk.devid);
    },
    close: () => Promise.resolve(),
  };
}

/** Several heartbeats' writes in one transaction (one heartbeat: the group commit's fallback). */
async function writeHeartbeats(repos: Repositories, writes: readonly HeartbeatWrite[]) {
  // One lock order for every batch (stable: a totem's two reports keep theirs), so that two
  // instances committing batches over the same rows on PostgreSQL wait rather than deadlock.
  const ordered = [...writes].sort(
    (a, b) =>
      a.kiosk.devid - b.kiosk.devid ||
      (a.kiosk.kioskId < b.kiosk.kioskId ? -1 : a.kiosk.kioskId > b.kiosk.kioskId ? 1 : 0),
  );
  await repos.transaction(async (trx) => {
    const kiosks = new KioskRepository(trx);
    for (const { kiosk } of ordered) await kiosks.record(kiosk);
    const acks = ordered.flatMap(({ kiosk, ack }) =>
      ack ? [{ devid: kiosk.devid, kioskId: kiosk.kioskId, ack, now: kiosk.now }] : [],
    );
    if (acks.length > 0) await new AlertRepository(trx).recordAcks(acks);
  });
}

/**
 * The heartbeats' group commit (decision 045, heartbeat-batcher.ts): the writes of the heartbeats
 * gathered over a few milliseconds in one transaction, then one fleet signal per development of
 * the batch (a signal only says "re-read this development's fleet": one after the commit wakes
 * the listeners to every report of it), then each heartbeat answered.
 */
export function groupedHeartbeats(
  deps: FleetDeps,
  options: { windowMs?: number; maxBatch?: number } = {},
): HeartbeatWriter & { readonly batcher: GroupCommit<HeartbeatWrite> } {
  const batcher = new GroupCommit<HeartbeatWrite>({
    windowMs: options.windowMs ?? HEARTBEAT_BATCH_WINDOW_MS,
    maxBatch: options.maxBatch ?? HEARTBEAT_BATCH_MAX,
    writeBatch: (writes) => writeHeartbeats(deps.repos, writes),
    writeAlone: (write) => writeHeartbeats(deps.repos, [write]),
    async afterCommit(writes) {
      for (const devid of new Set(writes.map((write) => write.kiosk.devid))) {
        await deps.bus.signalFleet(devid);
      }
    },
  });
  return { batcher, write: (write) => batcher.submit(write), close: () => batcher.close() };
}

export class Fleet {
  constructor(
    private readonly deps: FleetDeps,
    /** Where heartbeats are written: each alone unless the route hands its group commit. */
    private readonly heartbeats: HeartbeatWriter = unbatchedHeartbeats(deps),
  ) {}

  /**
   * Every totem of the given developments (all when undefined): those that reported, then those
   * never seen. The live channel and the metrics read this same list.
   */
  async list(devids?: readonly number[]): Promise<KioskStatus[]> {
    const now = this.deps.now();
    const { kiosks, kioskIdentities } = this.deps.repos;
    const [rows, unreported, liveSettings] = await Promise.all([
      kiosks.list(devids),
      kioskIdentities.unreported(devids),
      // Each development's published opening hours and zone, read once for the whole list.
      this.deps.repos.settings.liveOf(devids),
    ]);
    const openNow = new Map<number, boolean>();
    const presenceOptions = (devid: number): PresenceOptions => {
      let open = openNow.get(devid);
      if (open === undefined) {
        const settings = liveSettings.get(devid) ?? DEFAULT_SETTINGS;
        open = isOpenAt(settings.openingHours, settings.timeZone, now);
        openNow.set(devid, open);
      }
      return { openNow: open };
    };
    // Two reads: a totem whose first report lands between them must not be listed twice.
    const reported = new Set(rows.map((row) => `${row.devid}:${row.kiosk_id}`));
    return [
      ...rows.map((row) => toKioskStatus(row, now, presenceOptions(row.devid))),
      ...unreported
        .filter((identity) => !reported.has(`${identity.devid}:${identity.kioskId}`))
        .map(neverSeenStatus),
    ];
  }

  /** A kiosk opened its stream, identifying itself. */
  async streamOpened(
    devid: number,
    identity: StreamIdentityInput,
    connectionId: string,
  ): Promise<void> {
    const mode = Value.Check(KioskMode, identity.mode) ? identity.mode : undefined;
    const totem = Value.Check(TotemKind, identity.totem) ? identity.totem : undefined;
    const contentVersion = streamRevision(identity.contentVersion);
    const appVersion =
      identity.appVersion && identity.appVersion.length <= 60 ? identity.appVersion : undefined;
    await this.assertRoomFor(devid, identity.kioskId);
    await this.deps.repos.kiosks.record({
      devid,
      kioskId: identity.kioskId,
      now: this.deps.now(),
      connectionId,
      currentContentVersion:
        contentVersion === undefined ? undefined : await this.currentVersion(devid),
      report: {
        mode,
        // A totem kind only goes with the totem mode.
        totem: mode === undefined ? undefined : mode === 'totem' ? (totem ?? null) : null,
        appVersion,
        contentVersion,
      },
    });
    await this.signal(devid);
  }

  async streamClosed(devid: number, kioskId: string, connectionId: string): Promise<void> {
    await this.deps.repos.kiosks.disconnect(devid, kioskId, connectionId, this.deps.now());
    await this.signal(devid);
  }

  /** Stores a heartbeat; returns the development's current content version. */
  async heartbeat(devid: number, report: KioskHeartbeat): Promise<number> {
    await this.assertRoomFor(devid, report.kioskId);
    const current = await this.currentVersion(devid);
    // Content-first sync: the fleet says which revision each totem shows, as reported, even one
    // ahead of the latest (revisionStanding: recorded and flagged, like the stream's).
    const mediaProblem = report.media ? mediaReportProblem(report.media) : null;
    if (mediaProblem !== null) throw badRequest(mediaProblem);
    const now = this.deps.now();
    await this.heartbeats.write({
      kiosk: {
        devid,
        kioskId: report.kioskId,
        now,
        heartbeat: true,
        currentContentVersion: current,
        report: {
          mode: report.mode,
          totem: report.mode === 'totem' ? report.totem : null,
          appVersion: report.appVersion,
          contentVersion: report.contentVersion,
          lastSyncAt: report.lastSyncAt,
          storageUsedBytes: report.storageUsedBytes,
          storageQuotaBytes: report.storageQuotaBytes,
          // A kiosk from before the report: unknown, not an older report's.
          storagePersisted: report.storagePersisted ?? null,
          lastError: report.lastError,
          // A heartbeat is a whole report: a kiosk that omits its media (it predates the field)
          // leaves them unknown rather than showing an older report's.
          media: report.media ?? null,
          // A kiosk from before the watchdog: unknown.
          watchdog: report.watchdog ?? null,
        },
      },
      // Red button and acknowledgements: "alerte affichée" rides on the heartbeat (decision 018),
      // stored with the report and before the fleet signal.
      ...(report.alertAck ? { ack: report.alertAck } : {}),
    });
    return current;
  }

  /** Presence refresh of the streams open on this instance. */
  async touch(connectionIds: readonly string[]): Promise<void> {
    if (connectionIds.length > 0) {
      await this.deps.repos.kiosks.touch(connectionIds, this.deps.now());
    }
  }

  async signal(devid: number): Promise<void> {
    await this.deps.bus.signalFleet(devid);
  }

  /** Known kiosks always pass; a new id only while the development is under the bound. */
  private async assertRoomFor(devid: number, kioskId: string): Promise<void> {
    const { kiosks } = this.deps.repos;
    if (await kiosks.has(devid, kioskId)) return;
    if ((await kiosks.count(devid)) >= FLEET_MAX_KIOSKS_PER_DEVELOPMENT) {
      throw new HttpError(409, ERROR_CODES.conflict, FLEET_FULL_MESSAGE);
    }
  }

  private async currentVersion(devid: number): Promise<number> {
    return (await this.deps.repos.developments.find(devid))?.content_version ?? 0;
  }
}

/**
 * Called by publishContent once the version is bumped: every kiosk of the development is behind
 * from now until it reports the new version, and the back-office hears of it.
 */
export async function fleetAfterPublish(deps: FleetDeps, devid: number): Promise<void> {
  await deps.repos.kiosks.markBehind(devid, deps.now());
  await deps.bus.signalFleet(devid);
}
