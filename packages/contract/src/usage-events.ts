/**
 * Usage analytics (issue 49, part 1): what people read on the totems, recorded by the kiosk
 * without the content team doing anything, sent in batches, stored once however many times a
 * batch is retried, and exported as CSV (docs/usage.md).
 *
 * Each event carries the kiosk's own unique id (`id`): the server stores an id once per
 * development, so a batch retried after a lost answer never counts twice. Events are filed at the
 * time they happened on the totem (`at`), however late they arrive (weeks offline included);
 * only a time ahead of the server's clock by more than USAGE_MAX_FUTURE_SKEW_SECONDS is refused.
 *
 * The batch's events are `unknown` on the wire on purpose: the server checks each one against
 * UsageEvent by itself, so that one malformed event is refused with its reason and the others of
 * the batch are kept (a schema on the whole array would refuse the whole batch).
 *
 * Nothing personal is recorded (docs/privacy.md): no free text typed by a person, no identifier
 * of a person; `session` is a random id the totem draws for one visit, from the first touch after
 * a quiet spell to the return to the idle screen.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';

export const USAGE_EVENT_KINDS = [
  'page_view',
  'tap',
  'document_open',
  'page_read',
  'language',
  'parcours',
  'idle_page',
  'alert_shown',
  'session_start',
  'session_end',
] as const;
export type UsageEventKind = (typeof USAGE_EVENT_KINDS)[number];
export const UsageEventKind = Type.Union(USAGE_EVENT_KINDS.map((kind) => Type.Literal(kind)));

/** French names of the kinds, for the back-office. */
export const USAGE_EVENT_KIND_LABELS: Record<UsageEventKind, string> = {
  page_view: 'Page vue',
  tap: 'Appui',
  document_open: 'Document ouvert',
  page_read: 'Page lue',
  language: 'Changement de langue',
  parcours: 'Choix du parcours',
  idle_page: 'Page du lecteur de veille',
  alert_shown: 'Alerte affichée',
  session_start: 'Début de visite',
  session_end: 'Fin de visite',
};

/** Most events in one batch. */
export const USAGE_BATCH_MAX_EVENTS = 500;
/** Largest batch body (413 above): the totem splits its backlog to stay under it. */
export const USAGE_BATCH_MAX_BYTES = 256 * 1024;
/** How far ahead of the server's clock an event's time may be (a totem's clock drifts a little). */
export const USAGE_MAX_FUTURE_SKEW_SECONDS = 300;
/** Batches a totem may send per minute (429 with Retry-After above: it keeps its backlog). */
export const USAGE_MAX_BATCHES_PER_MINUTE = 30;
/** How long the server keeps raw events (retention itself comes with the roll-ups, part 2). */
export const USAGE_RAW_RETENTION_DAYS = 400;

export const USAGE_EVENT_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
export const USAGE_TEXT_MAX_LENGTH = 300;
/** A zone's name, as the content names it (zones are at most 120 characters). */
export const USAGE_ZONE_MAX_LENGTH = 120;
/** RFC 3339 with seconds and an offset (Z or ±hh:mm): an instant, never a local time. */
export const RFC3339_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|z|[+-]\\d{2}:\\d{2})$';
/** One line of text, no control character (what the kiosk's routes and ids are). */
const ONE_LINE = '^[^\\u0000-\\u001F\\u007F]*$';

const EventId = Type.String({ pattern: USAGE_EVENT_ID_PATTERN });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/** One thing that happened on a totem. */
export const UsageEvent = Type.Object(
  {
    /** The kiosk's unique id for this event (a retry sends the same): stored once. */
    id: EventId,
    kind: UsageEventKind,
    /** When it happened, by the totem's clock. */
    at: Type.String({ pattern: RFC3339_PATTERN, maxLength: 40 }),
    /** The hash path of the page it happened on (`/accueil/projets`). */
    route: Type.String({
      minLength: 1,
      maxLength: USAGE_TEXT_MAX_LENGTH,
      pattern: '^/[^\\u0000-\\u001F\\u007F]*$',
    }),
    /** The zone the page shows, by its name (null: a page of no zone). */
    zone: nullable(Type.String({ maxLength: USAGE_ZONE_MAX_LENGTH, pattern: ONE_LINE })),
    /**
     * A tap's destination (a route), a document's id, the language or parcours chosen: what the
     * kiosk itself names, never text typed by a person.
     */
    target: nullable(Type.String({ maxLength: USAGE_TEXT_MAX_LENGTH, pattern: ONE_LINE })),
    /** The language the totem showed. */
    language: nullable(Type.Union([Type.Literal('fr'), Type.Literal('en')])),
    /** The visit's random id, drawn by the totem at the visit's first touch. */
    session: nullable(EventId),
    /** `page_read`: the page of the document (from 1). */
    page: nullable(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);
export type UsageEvent = Static<typeof UsageEvent>;

/** `POST /display/usage/:devid`: a batch of events of the token's totem. */
export const UsageBatch = Type.Object(
  {
    /** Each checked on its own against UsageEvent (one malformed event does not refuse the rest). */
    events: Type.Array(Type.Unknown(), { minItems: 1, maxItems: USAGE_BATCH_MAX_EVENTS }),
    /**
     * The totem the kiosk believes it is (its login's `kioskId`): another than the token's is a
     * 403 — a totem reports for itself only. The events are filed under the token's totem.
     */
    kioskId: Type.Optional(KioskId),
    /** Events the totem had to drop since its last batch (its local bound was hit). */
    dropped: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type UsageBatch = Static<typeof UsageBatch>;

/** One refused event: its place in the batch, its id when it had a readable one, why (French). */
export const UsageRefusal = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  id: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
});
export type UsageRefusal = Static<typeof UsageRefusal>;

/**
 * What the server did with a batch. `accepted`: stored now; `duplicates`: already stored (a
 * retry; also an id stored before with other content: the first is kept, the conflict logged);
 * `refused`: never stored — the totem drops them (sending them again changes nothing).
 */
export const UsageBatchResult = Type.Object({
  accepted: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  refused: Type.Array(UsageRefusal),
});
export type UsageBatchResult = Static<typeof UsageBatchResult>;

/** Query of the CSV export: `from` inclusive, `to` exclusive, RFC 3339, on the events' time. */
export const UsageCsvQuery = Type.Object(
  {
    from: Type.String({ minLength: 1, maxLength: 40 }),
    to: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type UsageCsvQuery = Static<typeof UsageCsvQuery>;

export const UsageCsvParams = Type.Object({ devid: Id }, { additionalProperties: false });

export const USAGE_CSV_HEADER = [
  'time',
  'totem',
  'totem_name',
  'kind',
  'route',
  'zone',
  'target',
  'language',
  'session',
] as const;

/** Paths relative to the admin plugin's prefix. */
export const adminUsageRoutePatterns = {
  csv: adminRelative('adminUsageCsv'),
} as const;
