import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Development, Id, IsoDate } from './entities.js';

/**
 * Every response, errors included, is this envelope (docs/product.md#calls): `data` on success, `message` for a
 * person to read (the kiosk shows it in its login alert), `error` a stable machine code or null.
 */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    data: Type.Union([data, Type.Null()]),
    message: Type.String(),
    error: Type.Union([Type.String(), Type.Null()]),
  });
export interface Envelope<T> {
  data: T | null;
  message: string;
  error: string | null;
}

/** Stable error codes carried in `error`. */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
  unavailable: 'unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const LoginRequest = Type.Object(
  {
    loginRequest: Type.Object(
      {
        login: Type.String({ minLength: 1, maxLength: 120 }),
        /** The client hash of the password: 64 lowercase hex characters (see password-hash.ts). */
        password: Type.String({ minLength: 1, maxLength: 200 }),
      },
      { additionalProperties: false },
    ),
    devname: Type.String({ minLength: 1, maxLength: 60 }),
  },
  { additionalProperties: false },
);
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResponse = Type.Object({
  token: Type.String(),
  development: Development,
  /**
   * The totem's own id (issue 47, decision 015), chosen by the server and bound to `token`: the
   * kiosk reports (heartbeat, stream) under it and no other. Kept when the login presents the
   * totem's previous token in the `token` header. Absent from servers that predate it.
   */
  kioskId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type LoginResponse = Static<typeof LoginResponse>;

/**
 * `data` of POST /display/stream-ticket/{devid}: a single-use ticket that opens the kiosk's event
 * stream (`/stream/{devid}?ticket=…`) within `expiresAt` (about 60 s), so that the long-lived
 * token never travels in a URL (EventSource cannot set headers; decision 028).
 */
export const StreamTicket = Type.Object({
  ticket: Type.String({ minLength: 1, maxLength: 200 }),
  expiresAt: IsoDate,
});
export type StreamTicket = Static<typeof StreamTicket>;

export const StreamMessageType = Type.Union([
  Type.Literal('sync'),
  Type.Literal('zone'),
  Type.Literal('element'),
  // Issue 47: the totem `kioskId` was forgotten in the back-office; it returns to the login screen.
  Type.Literal('forgotten'),
  // Issue 47: the per-totem settings of `kioskId` changed (name, place, « Vous êtes ici » points):
  // that totem reads them again (kioskOwnSettings); the others ignore the message.
  Type.Literal('profile'),
]);
export type StreamMessageType = Static<typeof StreamMessageType>;

/** One server-sent message (docs/product.md#content-model): resynchronise everything, or reload one zone or element. */
export const StreamMessage = Type.Object({
  devid: Id,
  type: StreamMessageType,
  zoneid: Type.Optional(Id),
  elementid: Type.Optional(Id),
  /**
   * The published revision the kiosk should hold (the content version of the snapshot); lets a
   * kiosk skip a sync it already has.
   */
  version: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The same number under its name since publishing made revisions (publishing gate, decision
   * 010). */
  revision: Type.Optional(Type.Integer({ minimum: 0 })),
  /** `forgotten`, `profile`: which totem (the others of the development ignore the message). */
  kioskId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type StreamMessage = Static<typeof StreamMessage>;

/** Query of the batched list calls: "from order N, Q items" (docs/product.md#states even/uneven loading modes). */
export const BatchQuery = Type.Object(
  {
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type BatchQuery = Static<typeof BatchQuery>;

/** Query of the populated sub-group list: which fields to include (all when absent). */
export const FieldsQuery = Type.Object(
  {
    fields: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 40 }),
    ),
  },
  { additionalProperties: false },
);
export type FieldsQuery = Static<typeof FieldsQuery>;

export const PublishRequest = Type.Object(
  {
    type: Type.Optional(StreamMessageType),
    zoneid: Type.Optional(Id),
    elementid: Type.Optional(Id),
    /** Why this publish, shown in the revision history ("menu de la semaine 48"). */
    note: Type.Optional(Type.String({ maxLength: 500 })),
    /**
     * When to go live: an RFC 3339 instant with `Z` or an offset (scheduled publishing, issue 45).
     * Absent: now. Its form and that it lies ahead are checked by the server (a French 400).
     */
    at: Type.Optional(Type.String({ maxLength: 40 })),
    /**
     * A publish now leaves out the items a waiting scheduled publication captured (the draft still
     * holds what it will bring at its time); true publishes them now too (issue 45).
     */
    includeScheduled: Type.Optional(Type.Boolean()),
    /**
     * Four-eyes publishing (issue 51): an admin publishing without the second person's approval
     * says why (at least 10 characters; audited). The back-office only: the publish token's door
     * refuses it.
     */
    bypassReason: Type.Optional(Type.String({ minLength: 10, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;

const Count = Type.Integer({ minimum: 0 });
/** How many items of one kind a publish added, changed and removed. */
export const KindCounts = Type.Object({ added: Count, changed: Count, removed: Count });
export type KindCounts = Static<typeof KindCounts>;
export const RevisionCounts = Type.Object({
  zone: KindCounts,
  element: KindCounts,
  subgroup: KindCounts,
  subelement: KindCounts,
  /** Alert templates (emergency alerts, decision 012); absent from revisions made before them. */
  alert_template: Type.Optional(KindCounts),
  /** The development's settings (published settings, decision 017); absent from revisions made
   * before them. */
  setting: Type.Optional(KindCounts),
});
export type RevisionCounts = Static<typeof RevisionCounts>;

/**
 * A publish takes the whole draft of the development. `created` is false when the draft had no
 * difference with the published content: no revision was made, and the current one was announced
 * again (kiosks that missed a message catch up).
 */
export const PublishResponse = Type.Object({
  delivered: Type.Integer({ minimum: 0 }),
  message: StreamMessage,
  revision: Type.Integer({ minimum: 0 }),
  created: Type.Boolean(),
  counts: RevisionCounts,
  /** Items left out because a waiting scheduled publication brings them (issue 45). */
  scheduledLeftOut: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type PublishResponse = Static<typeof PublishResponse>;

/** Runtime configuration the kiosk fetches at start (`/config.json`) and caches for offline use. */
export const KioskEnvironment = Type.Union([
  Type.Literal('prod'),
  Type.Literal('dev'),
  Type.Literal('local'),
]);
export type KioskEnvironment = Static<typeof KioskEnvironment>;

export const KioskConfig = Type.Object({
  environment: KioskEnvironment,
  devname: Type.String(),
  /** Base URLs; empty string means same origin. */
  contentBaseUrl: Type.String(),
  authBaseUrl: Type.String(),
  streamBaseUrl: Type.String(),
  appVersion: Type.String(),
});
export type KioskConfig = Static<typeof KioskConfig>;
