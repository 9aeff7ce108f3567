/**
 * Four-eyes publishing (issue 51, part 2; decision 048): a setting per development under which
 * nothing is published by one person alone. A user who may edit « demande une publication » — the
 * whole draft or one zone's changes, or a return to an earlier revision — with a note; someone
 * *else* who may publish sees the request with its changes and its preview, and approves it (it
 * publishes at once, or at the requested time) or refuses it with a comment.
 *
 * A request is a change set (decision 036), fixed when it is made: what was approved is exactly
 * what goes live. Approving a request whose items the draft changed since is refused, naming them;
 * a new request over the same items replaces (« remplace ») the older one. While four-eyes is on,
 * the back-office's publish and rollback and the publish token (integrations, the CLI) are refused
 * — the token unless the setting allows it; an admin may « publier sans approbation » with a
 * mandatory reason, audited. Emergency alerts are never subject to approval.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ContentChangeEntry, RevisionAuthor } from './admin.js';
import { Id, IsoDate } from './entities.js';
import { RevisionCounts } from './messages.js';

const strict = { additionalProperties: false } as const;
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** The reason an admin gives to publish without approval: a sentence, not a click. */
export const BYPASS_REASON_MIN = 10;
export const BypassReason = Type.String({ minLength: BYPASS_REASON_MIN, maxLength: 500 });

export const FourEyesSettings = Type.Object({
  devid: Id,
  /** Every publish and rollback of the development needs a second person's approval. */
  enabled: Type.Boolean(),
  /** The publish token and the CLI may still publish while four-eyes is on (default: no). */
  allowToken: Type.Boolean(),
  updatedAt: Type.Union([IsoDate, Type.Null()]),
  updatedBy: NullableString,
});
export type FourEyesSettings = Static<typeof FourEyesSettings>;

export const FourEyesSettingsRequest = Type.Object(
  { enabled: Type.Boolean(), allowToken: Type.Optional(Type.Boolean()) },
  strict,
);
export type FourEyesSettingsRequest = Static<typeof FourEyesSettingsRequest>;

/** Where a request stands. `approved` says nothing of what followed: see `outcome`. */
export const REQUEST_STATES = [
  'requested',
  'approved',
  'refused',
  'superseded',
  'withdrawn',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const RequestState = Type.Union(REQUEST_STATES.map((state) => Type.Literal(state)));

/** French labels of the states, for the back-office. */
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  requested: 'En attente d’approbation',
  approved: 'Approuvée',
  refused: 'Refusée',
  superseded: 'Remplacée par une demande plus récente',
  withdrawn: 'Retirée',
};

export const PublicationRequest = Type.Object({
  id: Id,
  devid: Id,
  /** A publication of the draft's changes, or a return to an earlier revision. */
  kind: Type.Union([Type.Literal('publish'), Type.Literal('rollback')]),
  /** The zone a one-zone request was taken from; null for the whole draft (and a rollback). */
  zoneid: Type.Union([Id, Type.Null()]),
  /** For a rollback request: the revision whose content would go live again. */
  rollbackTo: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** The live revision when the request was made. */
  baseRevision: Type.Integer({ minimum: 0 }),
  note: Type.String(),
  /** The instant asked for (UTC, `…Z`); null: as soon as approved. */
  at: NullableString,
  author: RevisionAuthor,
  createdAt: IsoDate,
  counts: RevisionCounts,
  /** In French, one line: « 2 éléments modifiés, 1 zone ajoutée ». */
  summary: Type.String(),
  state: RequestState,
  /** Who approved, refused or withdrew it, when, and what they said. */
  reviewer: Type.Union([
    Type.Object({ userid: Type.Union([Id, Type.Null()]), name: NullableString }),
    Type.Null(),
  ]),
  reviewedAt: Type.Union([IsoDate, Type.Null()]),
  comment: NullableString,
  /**
   * Once approved: published (with its revision), scheduled for `at`, held at its time (the
   * scheduled publication's reason), or cancelled afterwards.
   */
  outcome: Type.Union([
    Type.Object({
      status: Type.Union([
        Type.Literal('published'),
        Type.Literal('scheduled'),
        Type.Literal('held'),
        Type.Literal('cancelled'),
      ]),
      revision: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
      at: NullableString,
      heldReason: NullableString,
    }),
    Type.Null(),
  ]),
});
export type PublicationRequest = Static<typeof PublicationRequest>;

export const PublicationRequestList = Type.Object({
  /** Four-eyes as it is now, so that the page knows whether to offer « Demander ». */
  fourEyes: FourEyesSettings,
  /** The requests waiting, oldest first, then the last ones decided, newest first. */
  items: Type.Array(PublicationRequest),
});
export type PublicationRequestList = Static<typeof PublicationRequestList>;

/** One request with its changes, each placed in its zone, for the reviewer. */
export const PublicationRequestDetail = Type.Object({
  request: PublicationRequest,
  changes: Type.Array(ContentChangeEntry),
  /**
   * The items the draft (or live) changed since the request was made: approving it would be
   * refused. Empty when it can be approved as it is; only computed while it waits.
   */
  changedSince: Type.Array(Type.String()),
});
export type PublicationRequestDetail = Static<typeof PublicationRequestDetail>;

export const CreatePublicationRequest = Type.Object(
  {
    /** What it is for, for the reviewer and the revision history. */
    note: Type.String({ minLength: 1, maxLength: 500 }),
    /** One zone's changes only (not with `rollbackTo`). */
    zoneid: Type.Optional(Id),
    /** Publish at this instant once approved (RFC 3339 with its zone; same rules as a schedule). */
    at: Type.Optional(Type.String({ maxLength: 40 })),
    /** Ask for a return to this revision instead of publishing the draft. */
    rollbackTo: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  strict,
);
export type CreatePublicationRequest = Static<typeof CreatePublicationRequest>;

export const ReviewRequest = Type.Object(
  { comment: Type.Optional(Type.String({ maxLength: 500 })) },
  strict,
);
export type ReviewRequest = Static<typeof ReviewRequest>;

/** A refusal says why: the comment is mandatory. */
export const RefuseRequest = Type.Object(
  { comment: Type.String({ minLength: 1, maxLength: 500 }) },
  strict,
);
export type RefuseRequest = Static<typeof RefuseRequest>;

export const PublicationRequestParams = Type.Object({ devid: Id, setid: Id }, strict);

/** A rollback an admin makes without approval while four-eyes is on. */
export const RollbackRequest = Type.Object({ bypassReason: Type.Optional(BypassReason) }, strict);
export type RollbackRequest = Static<typeof RollbackRequest>;
