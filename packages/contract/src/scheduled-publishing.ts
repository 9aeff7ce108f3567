/**
 * Scheduled publishing (issue 45): a publication made now that goes live at a given instant by
 * itself. Both publish calls take an optional `at` — an RFC 3339 instant with `Z` or an offset
 * (`2026-11-30T05:00:00+01:00`): never a local time without one, which would mean a different
 * instant on every server. With it the answer is `202 { scheduled }` and nothing goes live now.
 *
 * What is scheduled is a change set, fixed when it is made: the draft's changes (all, or one
 * zone's) at that moment. At its time it is applied on top of what live is then; an item something
 * else changed since (a publish in between, a rollback) holds it instead of being overwritten.
 */
import { Type, type Static } from '@sinclair/typebox';
import { RevisionAuthor } from './admin.js';
import { PublishResponse, RevisionCounts } from './messages.js';

const Id = Type.Integer({ minimum: 1 });

/** An RFC 3339 instant with a zone: `Z` or `±hh:mm` (seconds and fractions optional). */
export const PUBLISH_AT_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|z|[+-]\\d{2}:\\d{2})$';

/** Why an `at` is refused, in French (the server's 400 and the back-office say it), or null. */
export function publishAtProblem(at: string, now: Date): string | null {
  if (!new RegExp(PUBLISH_AT_PATTERN).test(at) || Number.isNaN(Date.parse(at))) {
    return `« at » doit être un instant RFC 3339 avec son fuseau, « Z » ou un décalage (par exemple 2026-11-30T05:00:00+01:00) ; reçu « ${at} ».`;
  }
  if (Date.parse(at) <= now.getTime()) {
    return `« at » (${at}) est dans le passé : programmez une publication pour plus tard, ou publiez maintenant.`;
  }
  return null;
}

/** How long past its time a scheduled publication may still go live (a server down at its time). */
export const SCHEDULE_MAX_LATENESS_DEFAULT_HOURS = 12;

export const ScheduleStatus = Type.Union([
  Type.Literal('scheduled'),
  Type.Literal('published'),
  Type.Literal('held'),
  Type.Literal('cancelled'),
]);
export type ScheduleStatus = Static<typeof ScheduleStatus>;

/** What a scheduled publication takes: the whole draft, or one zone's changes. */
export const ScheduleScope = Type.Object({ zoneid: Type.Union([Id, Type.Null()]) });
export type ScheduleScope = Static<typeof ScheduleScope>;

/** The answer of a publish given `at` (HTTP 202): nothing went live yet. */
export const PublishScheduledResponse = Type.Object({
  scheduled: Type.Object({
    id: Id,
    /** The instant, normalised to UTC (`…Z`). */
    at: Type.String(),
    scope: ScheduleScope,
    note: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type PublishScheduledResponse = Static<typeof PublishScheduledResponse>;

/** A publish's answer: published now (200), or scheduled (202, when the request had `at`). */
export const PublishAnswer = Type.Union([PublishResponse, PublishScheduledResponse]);
export type PublishAnswer = Static<typeof PublishAnswer>;

export const isScheduledAnswer = (answer: PublishAnswer): answer is PublishScheduledResponse =>
  'scheduled' in answer;

/** One scheduled publication, as « Modifications programmées » lists it. */
export const ScheduledPublication = Type.Object({
  id: Id,
  devid: Id,
  status: ScheduleStatus,
  at: Type.String(),
  scope: ScheduleScope,
  note: Type.Union([Type.String(), Type.Null()]),
  author: RevisionAuthor,
  createdAt: Type.String(),
  counts: RevisionCounts,
  /** The revision it made, once published. */
  revision: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  publishedAt: Type.Union([Type.String(), Type.Null()]),
  /** How late it went live (a server down at its time), in milliseconds. */
  lateMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Why it is held, in French: someone decides (publish now, reschedule or cancel). */
  heldReason: Type.Union([Type.String(), Type.Null()]),
});
export type ScheduledPublication = Static<typeof ScheduledPublication>;

export const ScheduledPublicationList = Type.Object({
  items: Type.Array(ScheduledPublication),
});
export type ScheduledPublicationList = Static<typeof ScheduledPublicationList>;

export const ScheduledParams = Type.Object(
  { devid: Id, setid: Id },
  { additionalProperties: false },
);

export const RescheduleRequest = Type.Object(
  { at: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export type RescheduleRequest = Static<typeof RescheduleRequest>;
