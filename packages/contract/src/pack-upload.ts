/**
 * The back-office's import of a content pack (issue 44, part 2; docs/content-packs.md): two steps,
 * so that nobody replaces a draft without first seeing what the pack holds and what it changes.
 *
 * 1. `POST /api/admin/packs?into=DEVID` (or `?as=DEVNAME`, a new development, admins only) with the
 *    zip as the multipart part `file`: the server keeps the pack in a private temporary folder,
 *    checks it whole and answers a `PackUploadSummary` with a `token`. A refused pack answers 422
 *    with every reason in `data` (`PackRefusal`), and nothing is kept.
 * 2. `POST /api/admin/packs/:token/import` with the same target: the pack is written into the
 *    development's draft (never to the totems) and the temporary file removed. An upload not
 *    confirmed within `PACK_UPLOAD_TTL_MINUTES` expires.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Devname, KioskLogin, KioskPassword } from './admin.js';
import { Id, IsoDate } from './entities.js';

/** The multipart part carrying the pack. */
export const PACK_UPLOAD_FIELD = 'file';
/** How long an upload waits for its confirmation before it is removed. */
export const PACK_UPLOAD_TTL_MINUTES = 60;

const strict = { additionalProperties: false } as const;
const Count = Type.Integer({ minimum: 0 });

/** An upload's token: 32 lowercase hex characters. */
export const PackUploadToken = Type.String({ pattern: '^[0-9a-f]{32}$' });
export const PackUploadParams = Type.Object({ token: PackUploadToken }, strict);
export type PackUploadParams = Static<typeof PackUploadParams>;

/**
 * Where the pack is meant to go, asked at the upload (the summary depends on it): `into`, the id
 * of a development whose draft the pack replaces, or `as`, the name of a new development. One of
 * the two.
 */
export const PackUploadQuery = Type.Object(
  { into: Type.Optional(Id), as: Type.Optional(Devname) },
  strict,
);
export type PackUploadQuery = Static<typeof PackUploadQuery>;

/**
 * The confirmation: the same target as the upload's, and for a new development its kiosk account
 * if wanted (login and password together; packs never carry accounts).
 */
export const ImportPackRequest = Type.Object(
  {
    into: Type.Optional(Id),
    as: Type.Optional(Devname),
    login: Type.Optional(KioskLogin),
    password: Type.Optional(KioskPassword),
  },
  strict,
);
export type ImportPackRequest = Static<typeof ImportPackRequest>;

/** What happens to a zone of the draft: the pack brings it, replaces it, or it goes. */
export const PackZoneChangeKind = Type.Union([
  Type.Literal('added'),
  Type.Literal('replaced'),
  Type.Literal('removed'),
]);
export type PackZoneChangeKind = Static<typeof PackZoneChangeKind>;

export const PackZoneChange = Type.Object({
  zonename: Type.String(),
  change: PackZoneChangeKind,
  /** Elements of the zone in the draft now (0 for an added zone). */
  elementsBefore: Count,
  /** Elements of the zone in the pack (0 for a removed zone). */
  elementsAfter: Count,
});
export type PackZoneChange = Static<typeof PackZoneChange>;

export const PackUploadSummary = Type.Object({
  token: PackUploadToken,
  /** When the upload is removed if not confirmed. */
  expiresAt: IsoDate,
  fileName: Type.String(),
  bytes: Count,
  /** What the pack holds, from its manifest. */
  pack: Type.Object({
    formatVersion: Type.Integer({ minimum: 1 }),
    product: Type.Object({ name: Type.String(), version: Type.String() }),
    source: Type.Object({
      devname: Type.String(),
      revision: Type.Integer({ minimum: 0 }),
      zones: Type.Union([Type.Array(Type.String()), Type.Null()]),
    }),
    referenceTime: Type.String(),
    counts: Type.Object({
      zone: Count,
      element: Count,
      subgroup: Count,
      subelement: Count,
      alert_template: Count,
      setting: Count,
    }),
    media: Type.Object({ files: Count, bytes: Count }),
  }),
  target: Type.Object({
    kind: Type.Union([Type.Literal('into'), Type.Literal('as')]),
    /** null for a development still to create. */
    devid: Type.Union([Id, Type.Null()]),
    devname: Type.String(),
  }),
  /** What the import will change in the target's draft (everything is new for `as`). */
  changes: Type.Object({
    zones: Type.Array(PackZoneChange),
    alertTemplates: Type.Object({ before: Count, after: Count }),
    /** `replaced` by the pack's; `default` when the pack has none (a pack of some zones). */
    settings: Type.Union([Type.Literal('replaced'), Type.Literal('default')]),
    /** Of the pack's files, those the development's library already holds (reused, not copied). */
    mediaInLibrary: Count,
  }),
});
export type PackUploadSummary = Static<typeof PackUploadSummary>;

export const PackImportResult = Type.Object({
  devid: Id,
  devname: Type.String(),
  /** A new development. */
  created: Type.Boolean(),
  counts: Type.Record(Type.String(), Count),
  mediaAdded: Count,
  mediaReused: Count,
});
export type PackImportResult = Static<typeof PackImportResult>;

/** `data` of a refused pack's answer (422, or 409 when the target refuses it): every reason. */
export const PackRefusal = Type.Object({ reasons: Type.Array(Type.String()) });
export type PackRefusal = Static<typeof PackRefusal>;

export const PackUploadDiscarded = Type.Object({ token: PackUploadToken });
export type PackUploadDiscarded = Static<typeof PackUploadDiscarded>;
