/**
 * Emergency alerts (issue 23, decision 012): the trigger calls, the active alert the server keeps
 * per development, and the stream message that carries it. A trigger names a template that every
 * totem already holds (it travels in the snapshot, `Snapshot.alertTemplates`), so the message
 * carries only a reference plus what a totem lacking the template needs for its generic screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { AlertKind, Id, IsoDate } from './entities.js';
import { StreamMessage } from './messages.js';

/** One alert at a time per development. */
export const ActiveAlert = Type.Object({
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
 * alert messages. Kiosks that predate alerts ignore a type they do not know.
 */
export const StreamEvent = Type.Union([StreamMessage, AlertMessage]);
export type StreamEvent = StreamMessage | AlertMessage;

export const isAlertMessage = (message: StreamEvent): message is AlertMessage =>
  message.type === 'alert';
