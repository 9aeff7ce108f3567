/**
 * Wire format of the back-office API under `/api/admin` (back-office and fleet, decision 008):
 * sessions, roles, management of developments, kiosk accounts and back-office users, content
 * editing with optimistic concurrency, publishing and the audit log. The server validates with
 * these schemas; the back-office SPA types its calls and validates its forms with them.
 *
 * Conventions:
 * - Every response is the envelope of messages.ts. A 409 (version conflict) carries the CURRENT
 *   item (or list, for a reorder) in `data`, so the SPA can show what changed without a reload.
 * - Updates and deletes of zones, elements, sub-elements and sub-groups send the `version` they
 *   edited (`expectedVersion`; in the query string for DELETE).
 * - State-changing calls send the session's CSRF token in the `x-csrf-token` header.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_PREFIX, adminRelative } from './route-table.js';
import {
  ContentLanguage,
  ContentModel,
  AltText,
  Element,
  Id,
  IsoDate,
  ItemType,
  Subelement,
  Subgroup,
  Zone,
  ZoneType,
} from './entities.js';
import { RevisionCounts } from './messages.js';
import { PlainName } from './text.js';

export const ADMIN_API_PREFIX = ADMIN_PREFIX;
/** HttpOnly cookie holding the session token (Path=/api/admin, SameSite=Strict). */
export const ADMIN_SESSION_COOKIE = 'admin_session';
/** Header carrying the session's CSRF token on every state-changing call. */
export const ADMIN_CSRF_HEADER = 'x-csrf-token';
/** Sliding lifetime of a session: each use pushes its end this far ahead. */
export const ADMIN_SESSION_TTL_SECONDS = 12 * 3600;

// ---------- shared pieces ----------

export const AdminRole = Type.Union([Type.Literal('admin'), Type.Literal('editor')]);
export type AdminRole = Static<typeof AdminRole>;

/** Row version of an editable item; starts at 1 and grows with every change. */
export const ItemVersion = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** Back-office user names: lowercase, so that logins are case-insensitive. */
export const AdminUsername = Type.String({
  minLength: 3,
  maxLength: 60,
  pattern: '^[a-z0-9][a-z0-9._@-]*$',
});
export const AdminPassword = Type.String({ minLength: 10, maxLength: 200 });
/** A kiosk account's password as typed by the admin (the server derives the client hash). */
export const KioskPassword = Type.String({ minLength: 8, maxLength: 200 });
/** Development names end up in kiosk URLs, storage keys and database names: keep them plain. */
export const Devname = Type.String({
  minLength: 1,
  maxLength: 60,
  pattern: '^[a-z0-9][a-z0-9_-]*$',
});
export const KioskLogin = PlainName({ minLength: 1, maxLength: 120 });

const strict = { additionalProperties: false } as const;

// ---------- sessions ----------

export const AdminUser = Type.Object({
  userid: Id,
  username: Type.String(),
  role: AdminRole,
  disabled: Type.Boolean(),
  createdAt: IsoDate,
  /** Developments an editor may edit; empty for admins, who may edit every development. */
  devids: Type.Array(Id),
  /** May publish, roll back and discard (rollback and publish checks, decision 014): always for
   * admins, for editors if allowed. */
  canPublish: Type.Boolean(),
  /** May trigger and end emergency alerts (red button and acknowledgements, decision 018): always
   * for admins, for editors if allowed. */
  canAlert: Type.Boolean(),
});
export type AdminUser = Static<typeof AdminUser>;

export const AdminLoginRequest = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 60 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  strict,
);
export type AdminLoginRequest = Static<typeof AdminLoginRequest>;

/** Answer of login and of `GET /me` (which lets the SPA recover its CSRF token after a reload). */
export const AdminSession = Type.Object({
  user: AdminUser,
  csrfToken: Type.String(),
  expiresAt: IsoDate,
});
export type AdminSession = Static<typeof AdminSession>;

// ---------- developments, kiosk accounts, users (admin only, except listing developments) ----------

export const AdminDevelopment = Type.Object({
  devid: Id,
  devname: Type.String(),
  contentVersion: Type.Integer({ minimum: 0 }),
  tokenVersion: Type.Integer({ minimum: 0 }),
  createdAt: IsoDate,
});
export type AdminDevelopment = Static<typeof AdminDevelopment>;

export const CreateDevelopmentRequest = Type.Object({ devname: Devname }, strict);
export type CreateDevelopmentRequest = Static<typeof CreateDevelopmentRequest>;

export const KioskAccount = Type.Object({
  accountid: Id,
  devid: Id,
  login: Type.String(),
  createdAt: IsoDate,
});
export type KioskAccount = Static<typeof KioskAccount>;

export const CreateKioskAccountRequest = Type.Object(
  { login: KioskLogin, password: KioskPassword },
  strict,
);
export type CreateKioskAccountRequest = Static<typeof CreateKioskAccountRequest>;

export const ResetKioskPasswordRequest = Type.Object({ password: KioskPassword }, strict);
export type ResetKioskPasswordRequest = Static<typeof ResetKioskPasswordRequest>;

export const RevokeTokensResponse = Type.Object({
  devid: Id,
  /** Tokens carrying an older version are refused from now on (within a couple of seconds). */
  tokenVersion: Type.Integer({ minimum: 0 }),
});
export type RevokeTokensResponse = Static<typeof RevokeTokensResponse>;

const Devids = Type.Array(Id, { maxItems: 500, uniqueItems: true });

export const CreateAdminUserRequest = Type.Object(
  {
    username: AdminUsername,
    password: AdminPassword,
    /** Default: editor. */
    role: Type.Optional(AdminRole),
    /** Developments an editor may edit (ignored for admins). */
    devids: Type.Optional(Devids),
    /** Whether an editor may publish, roll back and discard (default: no; admins always may). */
    canPublish: Type.Optional(Type.Boolean()),
    /** Whether an editor may trigger and end emergency alerts (default: no; admins always may). */
    canAlert: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type CreateAdminUserRequest = Static<typeof CreateAdminUserRequest>;

export const UpdateAdminUserRequest = Type.Object(
  {
    /** Disabling also ends the user's open sessions. */
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(AdminPassword),
    /** Replaces the editor's developments. */
    devids: Type.Optional(Devids),
    /** Allows an editor to publish, roll back and discard, or takes it back. */
    canPublish: Type.Optional(Type.Boolean()),
    /** Allows an editor to trigger and end emergency alerts, or takes it back. */
    canAlert: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type UpdateAdminUserRequest = Static<typeof UpdateAdminUserRequest>;

// ---------- content ----------

export const AdminZone = Type.Composite([Zone, Type.Object({ version: ItemVersion })]);
export type AdminZone = Static<typeof AdminZone>;

export const AdminElement = Type.Composite([Element, Type.Object({ version: ItemVersion })]);
export type AdminElement = Static<typeof AdminElement>;

export const AdminSubelement = Type.Composite([Subelement, Type.Object({ version: ItemVersion })]);
export type AdminSubelement = Static<typeof AdminSubelement>;

/** A sub-group as the back-office sees it: expired ones included (flagged), fields filled in. */
export const AdminSubgroup = Type.Composite([
  Subgroup,
  Type.Object({
    version: ItemVersion,
    /** Past its expiration date: kiosks no longer get it. */
    expired: Type.Boolean(),
    /** Values of each field, sorted by order. */
    fields: Type.Record(Type.String(), Type.Array(AdminSubelement)),
  }),
]);
export type AdminSubgroup = Static<typeof AdminSubgroup>;

const ZoneName = PlainName({ minLength: 1, maxLength: 120 });
const ItemValue = Type.String({ maxLength: 4000 });

export const CreateZoneRequest = Type.Object(
  { zonename: ZoneName, type: ZoneType, checkList: Type.Optional(Type.Boolean()) },
  strict,
);
export type CreateZoneRequest = Static<typeof CreateZoneRequest>;

export const UpdateZoneRequest = Type.Object(
  {
    expectedVersion: ItemVersion,
    zonename: Type.Optional(ZoneName),
    type: Type.Optional(ZoneType),
    checkList: Type.Optional(Type.Boolean()),
  },
  strict,
);
export type UpdateZoneRequest = Static<typeof UpdateZoneRequest>;

/** New elements go last; reorder them with the order call. */
export const CreateElementRequest = Type.Object(
  {
    value: ItemValue,
    type: ItemType,
    addingdate: Type.Optional(IsoDate),
    /** English content: `en` adds the element to the zone's English version; French by default. */
    lang: Type.Optional(ContentLanguage),
    /** An image's text alternative (decision 050); only images take one. */
    alt: Type.Optional(AltText),
  },
  strict,
);
export type CreateElementRequest = Static<typeof CreateElementRequest>;

export const UpdateElementRequest = Type.Object(
  {
    expectedVersion: ItemVersion,
    value: Type.Optional(ItemValue),
    type: Type.Optional(ItemType),
    addingdate: Type.Optional(IsoDate),
    /** An empty string removes the text alternative. */
    alt: Type.Optional(AltText),
  },
  strict,
);
export type UpdateElementRequest = Static<typeof UpdateElementRequest>;

/** Plain sub-elements of an element (a sub-group's values are edited through the sub-group). */
export const CreateSubelementRequest = Type.Object(
  { value: ItemValue, type: ItemType, alt: Type.Optional(AltText) },
  strict,
);
export type CreateSubelementRequest = Static<typeof CreateSubelementRequest>;

export const UpdateSubelementRequest = Type.Object(
  {
    expectedVersion: ItemVersion,
    value: Type.Optional(ItemValue),
    type: Type.Optional(ItemType),
    alt: Type.Optional(AltText),
  },
  strict,
);
export type UpdateSubelementRequest = Static<typeof UpdateSubelementRequest>;

/** The full list of a collection's ids in their new order (every id, each once). */
export const ReorderRequest = Type.Object(
  { ids: Type.Array(Id, { maxItems: 5000, uniqueItems: true }) },
  strict,
);
export type ReorderRequest = Static<typeof ReorderRequest>;

export const FieldValue = Type.Object(
  { value: ItemValue, type: ItemType, alt: Type.Optional(AltText) },
  strict,
);
export type FieldValue = Static<typeof FieldValue>;

/** Values by field label; labels must be fields of the sub-group's model. */
export const SubgroupFieldValues = Type.Record(
  Type.String({ minLength: 1, maxLength: 60 }),
  Type.Array(FieldValue, { maxItems: 500 }),
  { maxProperties: 40 },
);
export type SubgroupFieldValues = Static<typeof SubgroupFieldValues>;

export const CreateSubgroupRequest = Type.Object(
  {
    /** Content model label, e.g. "Produit". */
    model: Type.String({ minLength: 1, maxLength: 60 }),
    addingdate: Type.Optional(IsoDate),
    expirationdate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    fields: Type.Optional(SubgroupFieldValues),
  },
  strict,
);
export type CreateSubgroupRequest = Static<typeof CreateSubgroupRequest>;

export const UpdateSubgroupRequest = Type.Object(
  {
    expectedVersion: ItemVersion,
    addingdate: Type.Optional(IsoDate),
    expirationdate: Type.Optional(Type.Union([IsoDate, Type.Null()])),
    /** Each field given replaces that field's values; fields left out are kept. */
    fields: Type.Optional(SubgroupFieldValues),
  },
  strict,
);
export type UpdateSubgroupRequest = Static<typeof UpdateSubgroupRequest>;

/** Query of every DELETE of a versioned item. */
export const ExpectedVersionQuery = Type.Object({ expectedVersion: ItemVersion }, strict);
export type ExpectedVersionQuery = Static<typeof ExpectedVersionQuery>;

export const DeletedResponse = Type.Object({ deleted: Id });
export type DeletedResponse = Static<typeof DeletedResponse>;

export const ContentModelList = Type.Array(ContentModel);

// ---------- audit ----------

export const AuditQuery = Type.Object(
  {
    devid: Type.Optional(Id),
    /** Default 50. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    /** Paging: entries older than this id. */
    before: Type.Optional(Id),
  },
  strict,
);
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({
  id: Id,
  at: IsoDate,
  userid: Type.Union([Id, Type.Null()]),
  username: Type.Union([Type.String(), Type.Null()]),
  devid: Type.Union([Id, Type.Null()]),
  /** e.g. "zone.update", "elements.reorder", "publish", "user.create". */
  action: Type.String(),
  targetType: Type.Union([Type.String(), Type.Null()]),
  targetId: Type.Union([Type.Integer(), Type.Null()]),
  /** What changed: `after` for a creation, `before`/`after` for an edit, `deleted`, `ids`… */
  summary: Type.Unknown(),
  /**
   * Events the entry stands for: above 1 for refused calls from one address folded into one entry
   * (the summary describes the first; `lastAt` is when the latest happened).
   */
  count: Type.Integer({ minimum: 1 }),
  lastAt: Type.Union([IsoDate, Type.Null()]),
});
export type AuditEntry = Static<typeof AuditEntry>;

// ---------- revisions (publishing gate and revision history) ----------

export const RevisionAuthor = Type.Object({
  /** user: a back-office user; cli / api: the publish token; system: seed, creation, upgrade. */
  kind: Type.Union([
    Type.Literal('user'),
    Type.Literal('cli'),
    Type.Literal('api'),
    Type.Literal('system'),
  ]),
  name: Type.Union([Type.String(), Type.Null()]),
  userid: Type.Union([Id, Type.Null()]),
});
export type RevisionAuthor = Static<typeof RevisionAuthor>;

/** One published revision of a development, as the history lists it. */
export const RevisionEntry = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  publishedAt: IsoDate,
  author: RevisionAuthor,
  note: Type.Union([Type.String(), Type.Null()]),
  /** publish, seed, creation, migration. */
  source: Type.String(),
  counts: RevisionCounts,
  /** In French, one line: "2 éléments modifiés, 1 zone ajoutée". */
  summary: Type.String(),
});
export type RevisionEntry = Static<typeof RevisionEntry>;

export const RevisionListQuery = Type.Object(
  {
    /** Default 50. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    /** Paging: revisions older than this one. */
    before: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  strict,
);
export type RevisionListQuery = Static<typeof RevisionListQuery>;

/** What a revision changed (or the draft would), per item: the row before and after. */
export const ContentChangeEntry = Type.Object({
  /** The revision that made the change (for the draft: the one a publish would make). */
  revision: Type.Integer({ minimum: 1 }),
  kind: Type.Union([
    Type.Literal('zone'),
    Type.Literal('element'),
    Type.Literal('subgroup'),
    Type.Literal('subelement'),
    Type.Literal('alert_template'),
    // Published settings: the development's settings, one item whose id is the devid.
    Type.Literal('setting'),
  ]),
  itemId: Id,
  /** The zone the item is in (or was in), when it can still be found; null otherwise. */
  zoneid: Type.Optional(Type.Union([Id, Type.Null()])),
  zonename: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** For an unpublished change: the latest back-office write that touched the item (audit log). */
  lastEdit: Type.Optional(
    Type.Union([
      Type.Object({ username: Type.Union([Type.String(), Type.Null()]), at: IsoDate }),
      Type.Null(),
    ]),
  ),
  /**
   * For an unpublished change: the waiting scheduled publication that brings it (issue 45), which
   * a publish now leaves out unless told to include it; null when none.
   */
  scheduled: Type.Optional(Type.Union([Type.Object({ id: Id, at: IsoDate }), Type.Null()])),
  /** The published row before; null when the change adds the item. */
  before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  /** The row after; null when the change removes the item. */
  after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type ContentChangeEntry = Static<typeof ContentChangeEntry>;

export const RevisionChanges = Type.Object({
  revision: RevisionEntry,
  changes: Type.Array(ContentChangeEntry),
});
export type RevisionChanges = Static<typeof RevisionChanges>;

/**
 * One reason a publish (or a rollback) was refused, with the item it is about; or, with code
 * `missing-translation` or `missing-alt-text`, a warning that does not refuse it
 * (DraftChanges.warnings).
 */
export const PublishProblem = Type.Object({
  code: Type.Union([
    Type.Literal('missing-media'),
    /**
     * A library file the publish would send is missing or damaged on the server's disk (media
     * integrity, decision 029): the totems could not get it.
     */
    Type.Literal('damaged-media'),
    Type.Literal('missing-field'),
    Type.Literal('expires-before-added'),
    Type.Literal('empty-emergency-zone'),
    /** A warning, never a refusal: a visitor zone with French content and no English version. */
    Type.Literal('missing-translation'),
    /**
     * A warning, never a refusal (decision 050): a zone with images that have no text alternative
     * — read aloud and screen readers can only say the zone's name for them.
     */
    Type.Literal('missing-alt-text'),
  ]),
  /** In French, one line. */
  message: Type.String(),
  zoneid: Type.Union([Id, Type.Null()]),
  zonename: Type.Union([Type.String(), Type.Null()]),
  elementid: Type.Union([Id, Type.Null()]),
  subgroupid: Type.Union([Id, Type.Null()]),
  subelementid: Type.Union([Id, Type.Null()]),
});
export type PublishProblem = Static<typeof PublishProblem>;

/** The draft's differences with the published revision: what the next publish would send. */
export const DraftChanges = Type.Object({
  /** The published revision the draft is compared with. */
  publishedRevision: Type.Integer({ minimum: 0 }),
  counts: RevisionCounts,
  summary: Type.String(),
  changes: Type.Array(ContentChangeEntry),
  /**
   * What the next publish would warn about without refusing it (English content, decision 021): the
   * visitor zones with French content and no English version (`missing-translation`), in
   * VISITOR_ZONES order; then the zones with images lacking a text alternative
   * (`missing-alt-text`, decision 050), by zone name.
   */
  warnings: Type.Array(PublishProblem),
  /**
   * What would refuse a publish of the whole draft now (the publish checks, decision 014, on the
   * items it changes less those a waiting schedule holds): the preview's band lists them (issue 46).
   * A glance, read without the publish's lock. Absent when not computed.
   */
  problems: Type.Optional(Type.Array(PublishProblem)),
});
export type DraftChanges = Static<typeof DraftChanges>;

/** Discard: `{}` returns the whole draft to the published revision, `{ zoneid }` one zone. */
export const DiscardDraftRequest = Type.Object({ zoneid: Type.Optional(Id) }, strict);
export type DiscardDraftRequest = Static<typeof DiscardDraftRequest>;

export const DiscardDraftResponse = Type.Object({
  /** False when the draft (or the zone) had nothing unpublished: nothing was touched. */
  discarded: Type.Boolean(),
  /** The published revision the draft now equals (in the scope asked). */
  publishedRevision: Type.Integer({ minimum: 0 }),
  zoneid: Type.Union([Id, Type.Null()]),
  /** What was undone. */
  counts: RevisionCounts,
  summary: Type.String(),
});
export type DiscardDraftResponse = Static<typeof DiscardDraftResponse>;

// ---------- rollback and publish checks (decision 014) ----------

/** What a rollback did: revision K's content published as a new revision (or nothing). */
export const RollbackResponse = Type.Object({
  /** The revision whose content is now live. */
  rolledBackTo: Type.Integer({ minimum: 1 }),
  /** The live revision: the new one, or the current one when nothing changed. */
  revision: Type.Integer({ minimum: 1 }),
  /** False when the live content already was revision K's: nothing written, nothing sent. */
  created: Type.Boolean(),
  counts: RevisionCounts,
  summary: Type.String(),
  /** Kiosks connected to this server process that were told. */
  delivered: Type.Integer({ minimum: 0 }),
});
export type RollbackResponse = Static<typeof RollbackResponse>;

/** Query of the rollback preview: how many changes to list (the counts always cover them all). */
export const RollbackPreviewQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
  strict,
);
export type RollbackPreviewQuery = Static<typeof RollbackPreviewQuery>;

/**
 * What returning to revision K would change on the totems now: the difference between the live
 * content (the latest revision) and revision K's, item by item as the draft's changes are listed
 * (`before` what the totems show now, `after` what they will show), counted in full and listed up
 * to a limit (a return across a large plant can touch thousands of items).
 */
export const RollbackPreview = Type.Object({
  /** The revision whose content would go live again. */
  target: Type.Integer({ minimum: 1 }),
  /** The revision the totems have now. */
  publishedRevision: Type.Integer({ minimum: 1 }),
  counts: RevisionCounts,
  /** In French, one line: "1 élément modifié"; "Aucune modification" when K's content is live. */
  summary: Type.String(),
  /** Every changed item, including those past the limit. */
  total: Type.Integer({ minimum: 0 }),
  /** The first changes, by zone name, then zone, elements, sub-groups…, then position. */
  changes: Type.Array(ContentChangeEntry),
  /** The most changes `changes` lists: the query's `limit`, or 50. */
  limit: Type.Integer({ minimum: 1 }),
});
export type RollbackPreview = Static<typeof RollbackPreview>;

/** A revision's content, read-only: rows by kind (zone, element, subgroup, subelement…). */
export const RevisionContent = Type.Object({
  revision: RevisionEntry,
  content: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown()))),
});
export type RevisionContent = Static<typeof RevisionContent>;

/** `data` of a refused publish or rollback (409 `conflict`): nothing was written. */
export const PublishRefusal = Type.Object({ problems: Type.Array(PublishProblem) });
export type PublishRefusal = Static<typeof PublishRefusal>;

// ---------- paths ----------

/** Fastify route patterns of the same calls, relative to ADMIN_API_PREFIX (from the route table). */
export const adminRoutePatterns = {
  login: adminRelative('adminLogin'),
  logout: adminRelative('adminLogout'),
  me: adminRelative('adminMe'),
  session: adminRelative('adminSessionProbe'),
  contentModels: adminRelative('adminContentModels'),
  developments: adminRelative('adminDevelopments'),
  accounts: adminRelative('adminAccounts'),
  accountPassword: adminRelative('adminAccountPassword'),
  revokeTokens: adminRelative('adminRevokeTokens'),
  users: adminRelative('adminUsers'),
  user: adminRelative('adminUpdateUser'),
  zones: adminRelative('adminZones'),
  zone: adminRelative('adminZone'),
  elements: adminRelative('adminElements'),
  elementsOrder: adminRelative('adminReorderElements'),
  element: adminRelative('adminElement'),
  subelements: adminRelative('adminSubelements'),
  subelementsOrder: adminRelative('adminReorderSubelements'),
  subelement: adminRelative('adminSubelement'),
  subgroups: adminRelative('adminSubgroups'),
  subgroupsOrder: adminRelative('adminReorderSubgroups'),
  subgroup: adminRelative('adminSubgroup'),
  publish: adminRelative('adminPublish'),
  revisions: adminRelative('adminRevisions'),
  revisionChanges: adminRelative('adminRevisionChanges'),
  draftChanges: adminRelative('adminDraftChanges'),
  discardDraft: adminRelative('adminDiscardDraft'),
  rollback: adminRelative('adminRollback'),
  rollbackPreview: adminRelative('adminRollbackPreview'),
  revisionContent: adminRelative('adminRevisionContent'),
  audit: adminRelative('adminAudit'),
} as const;
