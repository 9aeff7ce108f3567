/**
 * Emergency alerts (decision 012): the trigger calls, the active alert the server keeps
 * per development, and the stream message that carries it. A trigger names a template that every
 * totem already holds (it travels in the snapshot, `Snapshot.alertTemplates`), so the message
 * carries only a reference plus what a totem lacking the template needs for its generic screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AlertKind, AlertTemplate, Id, IsoDate } from './entities.js';
import { StreamMessage } from './messages.js';
import { CommandMessage } from './kiosk-commands.js';
import { adminRelative } from './route-table.js';

/**
 * Texts that stand in for the template's (issue 50): a CAP message shown on the free-message
 * template carries its own headline and instructions, in French and English. A field left out keeps
 * the template's.
 */
export const AlertText = Type.Object(
  {
    titleFr: Type.Optional(Type.String({ maxLength: 200 })),
    titleEn: Type.Optional(Type.String({ maxLength: 200 })),
    instructionsFr: Type.Optional(Type.String({ maxLength: 4000 })),
    instructionsEn: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type AlertText = Static<typeof AlertText>;

/** One alert at a time per development. */
export const ActiveAlert = Type.Object({
  /**
   * The alert's number in the development's alert history (migration 008): what a totem's
   * acknowledgement names. Absent on an alert latched from a server that predates it.
   */
  alertid: Type.Optional(Id),
  templateid: Id,
  /** The template's name at the start: the generic screen of a totem lacking the template. */
  templateName: Type.String(),
  kind: AlertKind,
  drill: Type.Boolean(),
  startedAt: IsoDate,
  /** "api", "cli" — who started it (the audit log has the details). */
  startedBy: Type.String(),
  /** A totem that never hears the end ends the alert by itself this long after `startedAt`. */
  maxDurationMinutes: Type.Integer({ minimum: 1 }),
  /** Its own texts over the template's (a CAP free message); absent: the template's. */
  text: Type.Optional(AlertText),
});
export type ActiveAlert = Static<typeof ActiveAlert>;

/**
 * The stream message of an alert: its own kind (not a `sync`). `alert` null means "no alert": the
 * end, or the state a totem gets on connecting when none is active.
 */
export const AlertMessage = Type.Object({
  type: Type.Literal('alert'),
  devid: Id,
  alert: Type.Union([ActiveAlert, Type.Null()]),
});
export type AlertMessage = Static<typeof AlertMessage>;

export const StartAlertRequest = Type.Object(
  {
    /** The template's id, or its name (exact, case-insensitive). */
    template: Type.Union([Id, Type.String({ minLength: 1, maxLength: 80 })]),
    /** An exercise: the totems say "EXERCICE / DRILL". */
    drill: Type.Optional(Type.Boolean()),
    /**
     * Replace an alert of the same kind already in force (another template). Without it that is a
     * 409 naming the alert in force. A real alert always replaces a drill; a drill never replaces
     * a real alert, whatever this says (decision 027).
     */
    replace: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StartAlertRequest = Static<typeof StartAlertRequest>;

/** The answer of every alert call: the alert active after the call (null: none). */
export const AlertState = Type.Object({
  alert: Type.Union([ActiveAlert, Type.Null()]),
  /** False when the call changed nothing (the same alert started again, no alert to end). */
  changed: Type.Boolean(),
  /** Stream clients of this instance the message reached (0 when nothing was sent). */
  delivered: Type.Integer({ minimum: 0 }),
});
export type AlertState = Static<typeof AlertState>;

/**
 * Everything the stream and the event bus carry: content messages (`sync`, `zone`, `element`) and
 * alert messages, and remote commands to one totem (kiosk-commands.ts, issue 47). Kiosks that
 * predate alerts ignore a type they do not know.
 */
export const StreamEvent = Type.Union([StreamMessage, AlertMessage, CommandMessage]);
export type StreamEvent = StreamMessage | AlertMessage | CommandMessage;

export const isAlertMessage = (message: StreamEvent): message is AlertMessage =>
  message.type === 'alert';

// ---------- acknowledgements and the back-office (red button and acknowledgements, decision 018)
// ----------

/**
 * A totem's "alerte affichée", carried by its heartbeat (`KioskHeartbeat.alertAck`) while the
 * alert shows: every heartbeat repeats it, the server keeps the first (a totem counts once).
 */
export const AlertAck = Type.Object(
  {
    alertid: Id,
    /** When the takeover was painted, by the totem's clock. */
    displayedAt: IsoDate,
    /** From the alert's arrival on the totem (stream message, or the reload that restored it) to the takeover painted. */
    takeoverMs: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
  },
  { additionalProperties: false },
);
export type AlertAck = Static<typeof AlertAck>;

/** A totem without an acknowledgement this long after the start is listed as late. */
export const ALERT_ACK_DEADLINE_MS = 5_000;

/**
 * Where a totem stands during an alert: it said it shows it (`displayed`), it is online and the
 * 5 s have not passed (`waiting`), online and silent past them (`late`), or offline.
 */
export const AlertKioskState = Type.Union([
  Type.Literal('displayed'),
  Type.Literal('waiting'),
  Type.Literal('late'),
  Type.Literal('offline'),
  /**
   * Not expected to be on (issue 47): offline and silent for longer than FLEET_SILENT_FLAG_MS — a
   * totem switched off, unplugged or gone. Listed apart and left out of the counts that ask for
   * action; one that acknowledges is `displayed` like any other.
   */
  Type.Literal('silent'),
]);
export type AlertKioskState = Static<typeof AlertKioskState>;

export const AlertKiosk = Type.Object({
  kioskId: Type.String(),
  mode: Type.Union([Type.Literal('totem'), Type.Literal('parcours'), Type.Null()]),
  totem: Type.Union([Type.String(), Type.Null()]),
  state: AlertKioskState,
  /** Online for the fleet (stream open, or a recent heartbeat). */
  online: Type.Boolean(),
  /** The totem's own time of the takeover painted (null: no acknowledgement). */
  displayedAt: Type.Union([IsoDate, Type.Null()]),
  /** The server's time of the first acknowledgement. */
  ackedAt: Type.Union([IsoDate, Type.Null()]),
  /** Arrival on the totem to takeover painted, as the totem measured it. */
  takeoverMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  lastSeenAt: IsoDate,
  /** Its name and place in the fleet (kiosk-profile.ts; null when not set). */
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  location: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type AlertKiosk = Static<typeof AlertKiosk>;

export const AlertCounts = Type.Object({
  displayed: Type.Integer({ minimum: 0 }),
  waiting: Type.Integer({ minimum: 0 }),
  late: Type.Integer({ minimum: 0 }),
  offline: Type.Integer({ minimum: 0 }),
  /** Totems not expected to be on (state `silent`), apart from the others. */
  silent: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type AlertCounts = Static<typeof AlertCounts>;

/** What the back-office sees of a development's alert: the red button's choices, the banner, the live list. */
export const AdminAlertView = Type.Object({
  devid: Id,
  /** The alert in force (null: none). */
  alert: Type.Union([ActiveAlert, Type.Null()]),
  /** The published templates, the red button's choices. */
  templates: Type.Array(AlertTemplate),
  /** Whether this user may trigger and end (admins, and users an admin allowed). */
  canTrigger: Type.Boolean(),
  /** The development's totems during the alert (empty without one). */
  kiosks: Type.Array(AlertKiosk),
  counts: AlertCounts,
  /** The latest alert of the development's history, in force or ended (its timeline's number). */
  lastAlertid: Type.Union([Id, Type.Null()]),
  /** The server's clock when the view was made. */
  at: IsoDate,
});
export type AdminAlertView = Static<typeof AdminAlertView>;

export const AdminStartAlertRequest = Type.Object(
  {
    templateid: Id,
    /** An exercise: the totems say "EXERCICE / DRILL". */
    drill: Type.Boolean(),
    /** Replace an alert of the same kind in force (the replacement rule, decision 027). */
    replace: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdminStartAlertRequest = Static<typeof AdminStartAlertRequest>;

/** Names of the server-sent events of the back-office's alert channel. */
export const ALERT_EVENTS = { view: 'alert' } as const;

export const adminAlertRoutePatterns = {
  alert: adminRelative('adminAlert'),
  stream: adminRelative('adminAlertStream'),
  timeline: adminRelative('adminAlertTimeline'),
} as const;
