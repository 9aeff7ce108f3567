/**
 * Wire format of the fleet view (back-office and fleet, "Fleet"): what each kiosk reports about
 * itself, and what the back-office sees of every kiosk.
 *
 * Kiosk side (token header, like every /display call):
 * - it identifies itself on its event stream with the query parameters of KioskStreamIdentity
 *   (`GET /stream/{devid}?token=…&kioskId=…&mode=…`): opening marks it connected, closing marks it
 *   disconnected;
 * - it POSTs a KioskHeartbeat to `apiPaths.heartbeat(devid)` every KIOSK_HEARTBEAT_INTERVAL_MS and
 *   right after each sync, only while online.
 * The server keeps the latest status per (development, kiosk id) in its database, so every
 * instance behind a load balancer sees the same fleet.
 *
 * Back-office side (admin session cookie): `GET adminFleetPaths.list()` (admins: every
 * development, editors: theirs; `?devid=` narrows) and the live channel
 * `GET adminFleetPaths.stream()`, a server-sent event stream: first one `fleet` event (the whole
 * list, as `GET list` answers it), then a `kiosk` event with a fresh KioskStatus each time a kiosk
 * connects, disconnects, sends a heartbeat, changes state with time (goes offline, gets flagged),
 * or content is published. The stream ends now and then (session check); EventSource reconnects.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AlertAck } from './alerts.js';
import { Id, IsoDate, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';
import { TotemPresence } from './totem-presence.js';
import { KioskLatestThumbnail } from './kiosk-thumbnails.js';
import { WatchdogReport, WatchdogStatus } from './totem-watchdog.js';

// The constants live in fleet-constants.ts, free of TypeBox, so the kiosk can import them without
// pulling schemas into its initial bundle.

// The kiosk id lives in entities.ts, so that schemas the fleet's own imports use (the alerts' stream
// events carry remote commands) can name it without an import cycle.
export { KioskId } from './entities.js';

/** What the totem shows: a staff totem of one kind (spec's `totem`), or the visitor journey. */
export const KioskMode = Type.Union([Type.Literal('totem'), Type.Literal('parcours')]);
export type KioskMode = Static<typeof KioskMode>;

/** The staff totem kinds of docs/product.md#screens (same values as TOTEM_TYPES). */
export const TotemKind = Type.Union([Type.Literal('Moulage'), Type.Literal('Assemblage')]);
export type TotemKind = Static<typeof TotemKind>;

const AppVersion = Type.String({ minLength: 1, maxLength: 60 });
const ContentVersion = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });
/** Up to 1 PB: plain numbers (well below 2^53). */
const Bytes = Type.Integer({ minimum: 0, maximum: 1e15 });

/**
 * Query parameters a kiosk adds to its stream URL (besides `token`). Only `kioskId` is needed to
 * appear in the fleet; the others let the entry be complete before the first heartbeat.
 */
export const KioskStreamIdentity = Type.Object({
  kioskId: Type.Optional(KioskId),
  mode: Type.Optional(KioskMode),
  totem: Type.Optional(TotemKind),
  appVersion: Type.Optional(AppVersion),
  contentVersion: Type.Optional(ContentVersion),
});
export type KioskStreamIdentity = Static<typeof KioskStreamIdentity>;

/** A count of media files (what a totem's media cache holds of what its revision references). */
const FileCount = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/**
 * Content-first sync: whether a totem holds every media file of the revision it shows. `cached`
 * files of the `total` the revision references; `phase` as its banner says it: still downloading,
 * every file cached, or some given up until the next sync. `cached` is at most `total`, and equal
 * to it when complete (the server refuses other reports with a 400).
 */
export const KioskMediaReport = Type.Object(
  {
    phase: Type.Union([
      Type.Literal('downloading'),
      Type.Literal('complete'),
      Type.Literal('incomplete'),
    ]),
    cached: FileCount,
    total: FileCount,
  },
  { additionalProperties: false },
);
export type KioskMediaReport = Static<typeof KioskMediaReport>;

/** Body of `POST /display/heartbeat/{devid}`. Null means "unknown" or "none". */
export const KioskHeartbeat = Type.Object(
  {
    kioskId: KioskId,
    /** Null while neither a totem kind nor the visitor journey has been chosen. */
    mode: Type.Union([KioskMode, Type.Null()]),
    /** Set when mode is "totem". */
    totem: Type.Union([TotemKind, Type.Null()]),
    /** The kiosk build's version (a build-time constant). */
    appVersion: AppVersion,
    /** Content version of the last successful sync; null before the first one. */
    contentVersion: Type.Union([ContentVersion, Type.Null()]),
    lastSyncAt: Type.Union([IsoDate, Type.Null()]),
    /** From navigator.storage.estimate(), when the browser has it. */
    storageUsedBytes: Type.Union([Bytes, Type.Null()]),
    storageQuotaBytes: Type.Union([Bytes, Type.Null()]),
    /**
     * navigator.storage.persisted() (issue 53): whether the browser keeps the offline content
     * under storage pressure. Null when the browser cannot tell; absent from older kiosks.
     */
    storagePersisted: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
    /** Reason of the last failed sync; null after a success. */
    lastError: Type.Union([Type.String({ maxLength: 500 }), Type.Null()]),
    /**
     * Red button and acknowledgements: "alerte affichée" while the takeover of an alert shows
     * (absent or null otherwise). A server that predates it drops the field.
     */
    alertAck: Type.Optional(Type.Union([AlertAck, Type.Null()])),
    /**
     * Content-first sync: the media of its revision (null before its first media step since it
     * started). Absent from kiosks that predate it: unknown, like null.
     */
    media: Type.Optional(Type.Union([KioskMediaReport, Type.Null()])),
    /**
     * Its watchdog (issue 53, totem-watchdog.ts): attached or not, and what it did since the last
     * heartbeat that reached the server. Absent from older kiosks.
     */
    watchdog: Type.Optional(WatchdogReport),
  },
  { additionalProperties: false },
);
export type KioskHeartbeat = Static<typeof KioskHeartbeat>;

/**
 * `data` of the heartbeat answer: the development's current content version, and — for a token
 * issued before totems had their own identity (issue 47) — `token`, a token bound to the id the
 * heartbeat reported, which the kiosk stores in place of its own.
 */
export const KioskHeartbeatResponse = Type.Object({
  contentVersion: ContentVersion,
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
});
export type KioskHeartbeatResponse = Static<typeof KioskHeartbeatResponse>;

export const KioskState = Type.Union([Type.Literal('online'), Type.Literal('offline')]);
export type KioskState = Static<typeof KioskState>;

/**
 * Why a kiosk needs attention: content behind for too long, not seen for too long, or a revision
 * ahead of the server's latest (see `aheadOfServer`).
 */
export const KioskFlag = Type.Union([
  Type.Literal('behind'),
  Type.Literal('silent'),
  Type.Literal('ahead'),
]);
export type KioskFlag = Static<typeof KioskFlag>;

/** One kiosk as the back-office sees it. */
export const KioskStatus = Type.Object({
  kioskId: Type.String(),
  devid: Id,
  devname: Type.String(),
  mode: Type.Union([KioskMode, Type.Null()]),
  totem: Type.Union([TotemKind, Type.Null()]),
  appVersion: Type.Union([Type.String(), Type.Null()]),
  /** The kiosk's content version (null: never synced, or not reported yet). */
  contentVersion: Type.Union([ContentVersion, Type.Null()]),
  /** The development's current (published) content version. */
  currentContentVersion: ContentVersion,
  lastSyncAt: Type.Union([IsoDate, Type.Null()]),
  storageUsedBytes: Type.Union([Bytes, Type.Null()]),
  storageQuotaBytes: Type.Union([Bytes, Type.Null()]),
  /**
   * Whether its browser keeps the offline content under storage pressure (issue 53): false is a
   * totem that may lose its content when the disk fills; null: unknown (an older kiosk).
   */
  storagePersisted: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  /**
   * Its watchdog (issue 53): whether one looked after it at its last heartbeat, and the last rung
   * it took (reload, browser restart, reboot) with why. Null: an older kiosk, or never reported.
   */
  watchdog: Type.Optional(Type.Union([WatchdogStatus, Type.Null()])),
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** Content-first sync: its media as it last reported them (null: unknown, an older kiosk, or not
   * yet). */
  media: Type.Union([KioskMediaReport, Type.Null()]),
  /** Its event stream is open (to any server instance). */
  connected: Type.Boolean(),
  firstSeenAt: IsoDate,
  /** Last stream open/close, heartbeat or presence refresh. */
  lastSeenAt: IsoDate,
  lastHeartbeatAt: Type.Union([IsoDate, Type.Null()]),
  /**
   * online: the online rule of totem-presence.ts (isOnline). Kept beside `presence` for the views
   * that read it (the alert page).
   */
  state: KioskState,
  /**
   * Its presence in one word (totem-presence.ts, issue 48): online, offline, silent, outside
   * opening hours, or never seen (logged in, never reported). The server always fills it; optional
   * so that a view reading an older server's entry falls back on `state` and `flag` (presenceOf).
   */
  presence: Type.Optional(TotemPresence),
  /** contentVersion equals currentContentVersion. */
  upToDate: Type.Boolean(),
  /**
   * contentVersion is above currentContentVersion: a revision this server does not have (the
   * totem synced from this server before it was restored from an older backup, or from another
   * one). Recorded and flagged, never refused: the totem's next sync brings it back.
   */
  aheadOfServer: Type.Boolean(),
  /**
   * Since when the kiosk's content has been older than the published one (null when up to date,
   * or ahead of the server).
   */
  behindSince: Type.Union([IsoDate, Type.Null()]),
  /** "silent" wins over "ahead", which wins over "behind": a silent kiosk cannot catch up anyway. */
  flag: Type.Union([KioskFlag, Type.Null()]),
  /** The flag in French, for a tooltip (null without a flag). */
  flagMessage: Type.Union([Type.String(), Type.Null()]),
  /**
   * Its profile (kiosk-profile.ts, decision 038): the fleet list and its live channel always carry
   * it (null and [] when not set); absent where a view reads the status alone.
   */
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  location: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  groups: Type.Optional(Type.Array(Type.String())),
  note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Where its screen sits above the floor, in mm (null: the default mount; issue 52). */
  screenBottomMm: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  screenTopMm: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** The profile's version (0: never saved), sent back by the form to detect a concurrent save. */
  profileVersion: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * The last remote command sent to it (kiosk-commands.ts, issue 47), so the fleet page shows its
   * state live (null: none yet); absent where a view reads the status alone.
   */
  lastCommand: Type.Optional(
    Type.Union([
      Type.Object({
        commandId: Type.Integer({ minimum: 1 }),
        kind: Type.String(),
        mode: Type.Union([Type.String(), Type.Null()]),
        state: Type.String(),
        reason: Type.Union([Type.String(), Type.Null()]),
        createdAt: IsoDate,
        ackedAt: Type.Union([IsoDate, Type.Null()]),
      }),
      Type.Null(),
    ]),
  ),
  /**
   * Its latest thumbnail (kiosk-thumbnails.ts, issue 48; null: none yet); absent where a view reads
   * the status alone.
   */
  thumbnail: Type.Optional(Type.Union([KioskLatestThumbnail, Type.Null()])),
});
export type KioskStatus = Static<typeof KioskStatus>;

export const FleetList = Type.Array(KioskStatus);
export type FleetList = Static<typeof FleetList>;

/** Query of the fleet list and of its live channel. */
export const FleetQuery = Type.Object(
  { devid: Type.Optional(Id) },
  { additionalProperties: false },
);
export type FleetQuery = Static<typeof FleetQuery>;

// ---------- paths ----------

/** Fastify route patterns of the same calls, relative to ADMIN_API_PREFIX. */
export const adminFleetRoutePatterns = {
  list: adminRelative('adminFleet'),
  stream: adminRelative('adminFleetStream'),
} as const;
