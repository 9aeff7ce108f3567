/**
 * The week ahead (issue 46): what changes on the totems, plant-local day by plant-local day, from
 * an instant (default now) to the end of the seventh day — scheduled publications (held ones
 * marked), sub-groups whose window starts or ends, « nouveau » badges that go — each with the
 * instant to pass to the preview's `?at=` to see the totems then.
 */
import { Type, type Static } from '@sinclair/typebox';
import { RevisionCounts } from './messages.js';

const Id = Type.Integer({ minimum: 1 });

/**
 * How long an item counts as new and shows its « Nouveau » badge (docs/product.md: 1440 minutes).
 * The kiosk's `NEW_ITEM_WINDOW_MINUTES` (apps/kiosk/src/features/content/is-new.ts) is this value.
 */
export const NEW_BADGE_MINUTES = 1440;

/** Plant-local days listed, the first being the day `from` falls on. */
export const WEEK_AHEAD_DAYS = 7;

export const WeekAheadQuery = Type.Object(
  { from: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) },
  { additionalProperties: false },
);
export type WeekAheadQuery = Static<typeof WeekAheadQuery>;

export const WeekAheadKind = Type.Union([
  Type.Literal('scheduled-publication'),
  Type.Literal('subgroup-starts'),
  Type.Literal('subgroup-ends'),
  Type.Literal('new-badge-ends'),
]);
export type WeekAheadKind = Static<typeof WeekAheadKind>;

export const WeekAheadEvent = Type.Object({
  /** The instant, in UTC (`…Z`). */
  at: Type.String(),
  kind: WeekAheadKind,
  /** Publications only: waiting, or held for someone's decision. */
  status: Type.Optional(Type.Union([Type.Literal('scheduled'), Type.Literal('held')])),
  heldReason: Type.Optional(Type.String()),
  setid: Type.Optional(Id),
  subgroupid: Type.Optional(Id),
  elementid: Type.Optional(Id),
  /** A publication of one zone, or the zone of a sub-group's element. */
  zoneid: Type.Optional(Id),
  zonename: Type.Optional(Type.String()),
  /** French, short: « Publication programmée : Menu S49 », « Fin de “Catalogue” ». */
  title: Type.String(),
  /**
   * What the event is about, alone, for a page that words its own sentence: a publication's note
   * (else « tout le brouillon » or its zone), a sub-group's « titre » (else its model), « élément N
   * de « zone » » for an element's badge.
   */
  name: Type.String(),
  /** Publications only: what the set adds, changes and removes, by kind. */
  counts: Type.Optional(RevisionCounts),
  /** The instant to pass to the preview's `?at=` to see the totems once it happened. */
  previewAt: Type.String(),
});
export type WeekAheadEvent = Static<typeof WeekAheadEvent>;

export const WeekAheadDay = Type.Object({
  /** The plant-local date, `YYYY-MM-DD`. */
  date: Type.String(),
  /** « lundi 30 novembre », « mardi 1er décembre ». */
  label: Type.String(),
  events: Type.Array(WeekAheadEvent),
});
export type WeekAheadDay = Static<typeof WeekAheadDay>;

export const WeekAheadResponse = Type.Object({
  timeZone: Type.String(),
  /** The instants the window runs over, `from` included, `to` (the eighth day's start) excluded. */
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(WeekAheadDay),
});
export type WeekAheadResponse = Static<typeof WeekAheadResponse>;
