/**
 * Delta sync (decision 016): what changed in a development's published content between the revision
 * a totem holds and the latest one, so a one-line publish costs a totem a few records rather than
 * the whole snapshot.
 *
 * `GET /display/changes/:devid?since=N` answers one of:
 * - 304 (no body): N is the latest revision and no sub-group expired since it was published;
 * - `{ full: false, … }`: apply `deletes`, then `puts`, in one transaction; afterwards the local
 *   stores must hold exactly `counts` records (a mismatch means the totem's copy had drifted: it
 *   fetches the snapshot instead);
 * - `{ full: true, reason }`: fetch the snapshot (N unknown, newer than the latest, older than the
 *   change log, or the changes weigh more than a share of the whole).
 *
 * Applying the delta from N to M to the snapshot of N taken at any time since N was published
 * gives the snapshot of M now: sub-groups that expired since N was published are in `deletes`
 * with their sub-elements (the server's clock decides, as for the snapshot; decision 016).
 */
import { Type, type Static } from '@sinclair/typebox';
import { AlertTemplate, Element, Id, Subelement, Subgroup, Zone } from './entities.js';
import { DevelopmentSettings } from './settings.js';

export const ChangesQuery = Type.Object(
  {
    /** The revision the totem holds (its snapshot's `version`). */
    since: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  },
  { additionalProperties: false },
);
export type ChangesQuery = Static<typeof ChangesQuery>;

const ids = Type.Array(Id);

/** Record counts of the latest snapshot, now: what the local stores hold after the delta. */
export const ChangeCounts = Type.Object({
  zones: Type.Integer({ minimum: 0 }),
  elements: Type.Integer({ minimum: 0 }),
  subelements: Type.Integer({ minimum: 0 }),
  subgroups: Type.Integer({ minimum: 0 }),
  alertTemplates: Type.Integer({ minimum: 0 }),
});
export type ChangeCounts = Static<typeof ChangeCounts>;

export const ContentDelta = Type.Object({
  devid: Id,
  full: Type.Literal(false),
  /** The revision the delta starts from (the `since` asked). */
  from: Type.Integer({ minimum: 0 }),
  /** The latest revision: what the totem holds once the delta is applied. */
  to: Type.Integer({ minimum: 0 }),
  generatedAt: Type.String({ format: 'date-time', maxLength: 40 }),
  /** Records added or changed since `from`, as the snapshot of `to` has them now. */
  puts: Type.Object({
    zones: Type.Array(Zone),
    elements: Type.Array(Element),
    subelements: Type.Array(Subelement),
    subgroups: Type.Array(Subgroup),
    alertTemplates: Type.Array(AlertTemplate),
  }),
  /** Ids removed since `from` (or expired since it was published); unknown ids are no-ops. */
  deletes: Type.Object({
    zones: ids,
    elements: ids,
    subelements: ids,
    subgroups: ids,
    alertTemplates: ids,
  }),
  counts: ChangeCounts,
  /**
   * The development's settings as published in `to`, present only when a revision in
   * (`from`, `to`] changed them (published settings, decision 017): the totem replaces its copy
   * whole.
   */
  settings: Type.Optional(DevelopmentSettings),
});
export type ContentDelta = Static<typeof ContentDelta>;

export const FULL_SYNC_REASONS = ['unknown-revision', 'ahead', 'too-large'] as const;
export type FullSyncReason = (typeof FULL_SYNC_REASONS)[number];

export const FullSyncNeeded = Type.Object({
  devid: Id,
  full: Type.Literal(true),
  /** Why the snapshot is needed instead: `since` is not a revision the log can start from,
   *  is newer than the latest, or the changes are larger than the share worth a delta. */
  reason: Type.Union(FULL_SYNC_REASONS.map((reason) => Type.Literal(reason))),
  /** The latest revision. */
  to: Type.Integer({ minimum: 0 }),
});
export type FullSyncNeeded = Static<typeof FullSyncNeeded>;

export const ContentChanges = Type.Union([ContentDelta, FullSyncNeeded]);
export type ContentChanges = Static<typeof ContentChanges>;
