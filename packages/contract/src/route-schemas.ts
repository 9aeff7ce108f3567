/**
 * The request and response schemas of every call of the route table (route-table.ts), by route
 * name: path parameters, query, body, and the `data` of the success envelope. The server validates
 * with them, the OpenAPI document (/api/openapi.json) is generated from them and the clients take
 * their response types from them (`ResponseOf<'zones'>`), so each call is written once.
 *
 * The map is typed so that a route of the table without an entry is a type error; a test checks
 * it at run time too (route-schemas.test.ts). Answers that are not a JSON envelope say so
 * (`answer`): the event streams, the HEAD network check, /config.json (the configuration as is).
 * The media upload's body is multipart (`bodyType`), described here rather than validated by a
 * schema.
 *
 * Kept apart from route-table.ts so that the table stays free of TypeBox: the clients' path
 * builders import the table, and this module only weighs on a bundle that really uses schemas.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  AdminDevelopment,
  AdminElement,
  AdminLoginRequest,
  AdminSession,
  AdminSubelement,
  AdminSubgroup,
  AdminUser,
  AdminZone,
  AuditEntry,
  AuditQuery,
  ContentModelList,
  CreateAdminUserRequest,
  CreateDevelopmentRequest,
  CreateElementRequest,
  CreateKioskAccountRequest,
  CreateSubelementRequest,
  CreateSubgroupRequest,
  CreateZoneRequest,
  DeletedResponse,
  DiscardDraftRequest,
  DiscardDraftResponse,
  DraftChanges,
  ExpectedVersionQuery,
  KioskAccount,
  ReorderRequest,
  ResetKioskPasswordRequest,
  RevisionChanges,
  RevisionContent,
  RevisionEntry,
  RollbackPreview,
  RollbackPreviewQuery,
  RevisionListQuery,
  RevokeTokensResponse,
  RollbackResponse,
  UpdateAdminUserRequest,
  UpdateElementRequest,
  UpdateSubelementRequest,
  UpdateSubgroupRequest,
  UpdateZoneRequest,
} from './admin.js';
import {
  Element,
  Id,
  PopulatedSubgroup,
  Snapshot,
  Subelement,
  Subgroup,
  Zone,
} from './entities.js';
import { ChangesQuery, ContentChanges } from './changes.js';
import { FrameChecks } from './frame-check.js';
import {
  AdminAlertView,
  AdminStartAlertRequest,
  AlertState,
  StartAlertRequest,
  StreamEvent,
} from './alerts.js';
import { AdminAlertToken } from './alert-token.js';
import { CapAcks, CapAcksQuery, CapMapping, CapMappingUpdate } from './cap-alerts.js';
import {
  AdminAlertTemplate,
  AdminAlertTemplateList,
  AlertTemplateInput,
  UpdateAlertTemplateRequest,
} from './alert-templates.js';
import { FleetList, FleetQuery, KioskHeartbeat, KioskHeartbeatResponse, KioskId } from './fleet.js';
import { ForgetKioskParams, ForgottenKiosks, PurgeKiosksRequest } from './kiosk-identity.js';
import {
  NotificationDeliveryList,
  NotificationDeliveryQuery,
  NotificationSettings,
  NotificationSettingsRequest,
  NotificationTestRequest,
  NotificationTestResult,
} from './notifications.js';
import {
  SsoGroupRights,
  SsoSettings,
  SsoSettingsRequest,
  SsoStatus,
  SsoTestResult,
} from './sso.js';
import { KioskProfile, KioskProfileParams, KioskProfileRequest } from './kiosk-profile.js';
import {
  HealthIncidentList,
  HealthRules,
  HealthRulesRequest,
  KioskMute,
  KioskMuteParams,
  KioskMuteRequest,
} from './health.js';
import {
  KioskOwnSettings,
  KioskPlanMarks,
  KioskPlanMarksParams,
  KioskPlanMarksRequest,
} from './kiosk-plan-marks.js';
import {
  KioskCommandAck,
  KioskCommandAckParams,
  KioskCommandBatch,
  KioskCommandList,
  KioskCommandListQuery,
  KioskCommandRequest,
} from './kiosk-commands.js';
import {
  MediaDeletedResponse,
  MediaHealth,
  MediaItem,
  MediaList,
  MediaListQuery,
} from './media.js';
import { AdminSettings, DevelopmentSettings } from './settings.js';
import {
  BatchQuery,
  FieldsQuery,
  KioskConfig,
  LoginRequest,
  LoginResponse,
  PublishRequest,
  StreamTicket,
} from './messages.js';
import {
  ImportPackRequest,
  PackImportResult,
  PackUploadDiscarded,
  PackUploadParams,
  PackUploadQuery,
  PackUploadSummary,
} from './pack-upload.js';
import type { RouteName } from './route-table.js';
import {
  PublishAnswer,
  RescheduleRequest,
  ScheduledParams,
  ScheduledPublication,
  ScheduledPublicationList,
} from './scheduled-publishing.js';
import { WeekAheadQuery, WeekAheadResponse } from './week-ahead.js';
import {
  CreatePublicationRequest,
  FourEyesSettings,
  FourEyesSettingsRequest,
  PublicationRequest,
  PublicationRequestDetail,
  PublicationRequestList,
  PublicationRequestParams,
  RefuseRequest,
  ReviewRequest,
  RollbackRequest,
} from './publication-requests.js';
import { UsageBatch, UsageBatchResult, UsageCsvParams, UsageCsvQuery } from './usage-events.js';
import { UsageDashboard, UsageDashboardParams, UsageDashboardQuery } from './usage-dashboard.js';
import {
  KioskThumbnail,
  KioskThumbnailImageParams,
  KioskThumbnailList,
  KioskThumbnailsParams,
  KioskThumbnailUploadQuery,
} from './kiosk-thumbnails.js';

// The back-office's import of a content pack: its schemas live in their own module, exported from
// here (the package's index re-exports this module).
export * from './pack-upload.js';
// Scheduled publishing (issue 45), likewise.
export * from './scheduled-publishing.js';
// The week ahead (issue 46), likewise.
export * from './week-ahead.js';
// Four-eyes publishing (issue 51), likewise.
export * from './publication-requests.js';

// ---------- path parameters (Fastify's `:name`, arriving as strings, coerced and checked) ----------

const idParams = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((name) => [name, Id])) as { [P in K]: typeof Id }, {
    additionalProperties: false,
  });

export const DevidParams = idParams('devid');

/** Query of a content pack's export: an earlier revision, some zones by name (comma-separated). */
export const ExportPackQuery = Type.Object(
  {
    revision: Type.Optional(Type.Integer({ minimum: 1 })),
    zones: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  },
  { additionalProperties: false },
);
export type ExportPackQuery = Static<typeof ExportPackQuery>;
export const AccountParams = idParams('devid', 'accountid');
export const UseridParams = idParams('userid');
export const ZoneidParams = idParams('zoneid');
export const ElementidParams = idParams('elementid');
export const SubelementidParams = idParams('subelementid');
export const SubgroupidParams = idParams('subgroupid');
export const MediaidParams = idParams('mediaid');
export const AlertTimelineParams = idParams('devid', 'alertid');
export const AlertTemplateParams = idParams('devid', 'templateid');
export const RevisionParams = Type.Object(
  { devid: Id, revision: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const ZoneNameParams = Type.Object({
  devid: Id,
  zonename: Type.String({ minLength: 1, maxLength: 120 }),
});
export type ZoneNameParams = Static<typeof ZoneNameParams>;

export const PopulatedParams = Type.Object({
  elementid: Id,
  modelLabel: Type.String({ minLength: 1, maxLength: 60 }),
});
export type PopulatedParams = Static<typeof PopulatedParams>;

export const FieldParams = Type.Object({
  subgroupid: Id,
  fieldlabel: Type.String({ minLength: 1, maxLength: 60 }),
});
export type FieldParams = Static<typeof FieldParams>;

/**
 * Query of the kiosk's event stream: its credential (EventSource cannot set headers) — a
 * single-use `ticket` of POST /display/stream-ticket/{devid}, or the `token` itself from kiosk
 * apps older than decision 028 — and its identity for the fleet (KioskStreamIdentity), checked
 * leniently: a stream must never fail over a malformed report, so the fleet ignores values it
 * does not accept.
 */
export const StreamQuery = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 200 })),
  token: Type.Optional(Type.String({ maxLength: 4096 })),
  kioskId: Type.Optional(KioskId),
  mode: Type.Optional(Type.String({ maxLength: 20 })),
  totem: Type.Optional(Type.String({ maxLength: 20 })),
  appVersion: Type.Optional(Type.String({ maxLength: 100 })),
  contentVersion: Type.Optional(Type.String({ maxLength: 12 })),
});
export type StreamQuery = Static<typeof StreamQuery>;

/**
 * Query of the back-office's preview snapshot (issue 46): exactly one of the three (the server
 * answers 400 otherwise — not expressible here without a union the OpenAPI readers handle badly).
 */
export const PreviewQuery = Type.Object(
  {
    source: Type.Optional(Type.Literal('draft')),
    at: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    set: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type PreviewQuery = Static<typeof PreviewQuery>;

/** `data` of GET /healthz: always `ok` (200); `media` says what this instance finds of its files. */
export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  media: Type.Optional(MediaHealth),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** The OpenAPI document, as far as a client relies on it (the rest is OpenAPI 3.1). */
export const OpenApiDocument = Type.Object({
  openapi: Type.String(),
  info: Type.Object({ title: Type.String(), version: Type.String() }),
  paths: Type.Record(Type.String(), Type.Unknown()),
});
export type OpenApiDocument = Static<typeof OpenApiDocument>;

// ---------- the map ----------

/** What a route's success answer is, when it is not the JSON envelope. */
export type RouteAnswer =
  /** The JSON envelope `{ data, message, error }` (the default). */
  | 'envelope'
  /** The response schema as is, without an envelope (/config.json). */
  | 'json'
  /** Server-sent events; `events` is the `data` of each event. */
  | 'event-stream'
  /** No body (HEAD). */
  | 'empty'
  /** An HTML page. */
  | 'html'
  /** A CSV file (a download: Content-Disposition attachment). */
  | 'csv'
  /** A zip file (a download: a content pack). */
  | 'zip'
  /** Plain text: the Prometheus text exposition format (GET /metrics). */
  | 'prometheus'
  /** A WebP picture (a totem's thumbnail). */
  | 'webp'
  /** A CAP 1.2 XML document (the CAP call's `Ack`, or its `Error` on a refusal). */
  | 'cap-xml';

export interface RouteSchema {
  params?: TSchema;
  querystring?: TSchema;
  /** A JSON body (absent: no body, or a multipart one, see `bodyType`). */
  body?: TSchema;
  /** Set when the body is not JSON. */
  bodyType?: 'multipart/form-data' | 'image/webp' | 'application/cap+xml';
  /** The success answer's `data` (or the whole body for `answer: 'json'`). */
  response?: TSchema;
  /** Default 'envelope'. */
  answer?: RouteAnswer;
  /** Success status when not 200 (creations). */
  status?: 201;
  /** The `data` of each event of an event stream. */
  events?: TSchema;
  /** What the document should add for a person (non-JSON answers, special statuses). */
  note?: string;
  /** An example of the success `data`, for the document. */
  example?: unknown;
}

const list = <T extends TSchema>(item: T) => Type.Array(item);

const kioskExampleZone = {
  zoneid: 3,
  zonename: 'Consignes de sécurité',
  devid: 1,
  type: 'images',
  checkList: false,
} satisfies Zone;

/**
 * Every call's schemas, by route name. `satisfies` keeps each entry's own schema types (for
 * `ResponseOf`) while refusing a missing or unknown route name.
 */
export const ROUTE_SCHEMAS = {
  // ---------- kiosk (docs/product.md#calls) ----------
  login: {
    body: LoginRequest,
    response: LoginResponse,
    note: '`password` is the client hash of the password (64 hex characters), never the password itself. 401 for any wrong development, login or password; 429 after too many attempts.',
    example: {
      token: 'eyJhbGciOiJIUzI1NiJ9…',
      development: { devid: 1, devname: 'demo' },
    } satisfies LoginResponse,
  },
  ping: { answer: 'empty', note: '200 with no body when the content service is reachable.' },
  zones: { params: DevidParams, response: list(Zone), example: [kioskExampleZone] },
  zone: { params: ZoneNameParams, response: Zone, example: kioskExampleZone },
  elements: { params: ZoneidParams, querystring: BatchQuery, response: list(Element) },
  subelements: { params: ElementidParams, querystring: BatchQuery, response: list(Subelement) },
  subgroups: { params: ElementidParams, response: list(Subgroup) },
  populatedSubgroups: {
    params: PopulatedParams,
    querystring: FieldsQuery,
    response: list(PopulatedSubgroup),
    note: '`modelLabel` "all" lists the sub-groups of every model.',
  },
  subgroupSubelements: { params: SubgroupidParams, response: list(Subelement) },
  subgroupFieldSubelements: { params: FieldParams, response: list(Subelement) },
  populatedSubgroup: { params: SubgroupidParams, response: PopulatedSubgroup },
  snapshot: {
    params: DevidParams,
    response: Snapshot,
    note: 'Carries an ETag; with a matching If-None-Match the answer is 304 with no body. Gzipped when the client accepts it.',
  },
  changes: {
    params: DevidParams,
    querystring: ChangesQuery,
    response: ContentChanges,
    note: 'Delta sync: 304 with no body when `since` is the latest revision and nothing expired since; `full: true` when the kiosk must fetch the snapshot instead. Gzipped when the client accepts it.',
  },
  frameChecks: {
    params: DevidParams,
    response: FrameChecks,
    note: 'The service asks each published address (5 s at most, the answer kept 10 minutes per address, 30 outbound requests a minute in all; never a loopback, link-local or unspecified address; redirects followed within the address’s origin only) and reads its X-Frame-Options and frame-ancestors against the calling kiosk’s origin. Only the verdict is answered; `unknown` when the service cannot say now.',
  },
  heartbeat: {
    params: DevidParams,
    body: KioskHeartbeat,
    response: KioskHeartbeatResponse,
    example: { contentVersion: 12 } satisfies KioskHeartbeatResponse,
  },
  kioskOwnSettings: {
    params: DevidParams,
    response: KioskOwnSettings,
    note: 'The totem of the token (a token bound to no totem yet: 403). Per-totem settings, not content: read again when a `profile` stream message names the totem, kept for offline use.',
  },
  kioskCommandAck: {
    params: KioskCommandAckParams,
    body: KioskCommandAck,
    response: KioskCommandAck,
    note: 'The totem of the token only (403 for another totem’s command, nothing recorded; 404 for an unknown one). The first acknowledgement is kept; a repeat answers 200 with it.',
  },
  kioskThumbnailUpload: {
    params: DevidParams,
    querystring: KioskThumbnailUploadQuery,
    bodyType: 'image/webp',
    response: KioskThumbnail,
    status: 201,
    note: 'The body is the WebP picture (Content-Type image/webp), at most 64 KiB. The totem of the token only. 403 for a token bound to no totem; 415 for a body that is not WebP (read from its bytes); 413 above 64 KiB; 429 for a second thumbnail within 60 s, unless `commandId` names an open `thumbnail` command of this totem (it is then acknowledged as done). The latest 5 per totem are kept; never backed up.',
  },
  kioskUsage: {
    params: DevidParams,
    body: UsageBatch,
    response: UsageBatchResult,
    note: 'The totem of the token only (403 for another development, a token bound to no totem, or a `kioskId` other than the token’s). Each event is checked on its own: a malformed one, an unknown kind or a time more than 300 s ahead of the server is refused with its reason in `refused`, the others are kept. An id already stored counts in `duplicates` (a retry; with other content the first is kept and the conflict logged). Late events (weeks old) are filed at their time. 413 above 256 KiB; 429 with Retry-After past 30 batches a minute per totem (keep the backlog and send it later).',
    example: { accepted: 2, duplicates: 1, refused: [] } satisfies UsageBatchResult,
  },
  streamTicket: {
    params: DevidParams,
    response: StreamTicket,
    note: 'With the kiosk token in the `token` header. The ticket opens `/stream/{devid}?ticket=…` once, within 60 s, on any instance sharing the database; it is refused (401) when used again, expired, unknown or after the development’s tokens were revoked, and (403) for another development. So the long-lived token never travels in a URL (proxy logs).',
  },
  stream: {
    params: DevidParams,
    querystring: StreamQuery,
    answer: 'event-stream',
    events: StreamEvent,
    note: "Server-sent events; each event's data is a StreamMessage or an AlertMessage (`type: 'alert'`, sent on connecting and on every change). EventSource cannot set headers, so the credential comes in the query: `?ticket=` from POST /display/stream-ticket/{devid} (single use, 60 s). The `token` header, or the token itself as `?token=` (what kiosk apps older than the tickets send), is still accepted; it is deprecated in URLs, which end up in proxy logs.",
  },
  publish: {
    params: DevidParams,
    body: PublishRequest,
    response: PublishAnswer,
    note: 'No body means a full `sync`. The header `x-publish-client: cli` labels the revision as made by the CLI. With `at` (an RFC 3339 instant with its zone, ahead): 202 and `{ scheduled }`, nothing goes live now.',
  },
  alertStart: {
    params: DevidParams,
    body: StartAlertRequest,
    response: AlertState,
    note: '`template` is the id or the name of a published template (404 when unknown). Starting the alert in force again changes nothing (`changed: false`); another template replaces it. Wrong or missing token: 401, audited.',
  },
  alertEnd: {
    params: DevidParams,
    response: AlertState,
    example: { alert: null, changed: true, delivered: 12 } satisfies AlertState,
    note: 'With no alert in force: 200, `changed: false`, and a message saying so.',
  },
  alertGet: { params: DevidParams, response: AlertState },
  alertCap: {
    params: DevidParams,
    bodyType: 'application/cap+xml',
    answer: 'cap-xml',
    note: 'The body is a CAP 1.2 `alert` document (Content-Type application/cap+xml, application/xml or text/xml; at most 256 KiB; no DTD). Alerts are keyed by (`sender`, `identifier`); a duplicate is answered as the first time. `status` Actual: a real alert; Exercise: a drill; Test and System: recorded, nothing shown; Draft: refused. `msgType` Alert starts (a real alert over a drill escalates; a drill over a real alert, or another alert while one is in force and not named by `references`, is refused: 409); Update replaces the alert it `references`; Cancel ends the alert in force only if it `references` it; Ack and Error are recorded. The template is the one mapped to the CAP `eventCode` or `event` in the back-office, else the one named as the `event`, else the free message showing the `headline`, `description` and `instruction` of the `fr-*` and `en-*` `info` blocks. `expires` bounds the takeover. Success: 200 and a CAP `Ack` whose `references` names the message; a refused CAP document: 4xx and a CAP `Error` whose `note` says why; anything else (no token, not XML): the JSON envelope.',
  },
  alertCapAcks: {
    params: DevidParams,
    querystring: CapAcksQuery,
    response: CapAcks,
    note: '404 when no CAP message of this `sender` and `identifier` reached this development.',
  },
  config: { response: KioskConfig, answer: 'json' },
  health: {
    response: HealthResponse,
    example: {
      status: 'ok',
      media: { files: 312, checked: 312, missing: 1, damaged: 0, pending: 0 },
    } satisfies HealthResponse,
  },
  openapi: {
    response: OpenApiDocument,
    answer: 'json',
    note: 'Generated from the route table and these schemas; the page /api/docs renders it.',
  },
  docs: { answer: 'html' },
  metrics: {
    answer: 'prometheus',
    note: 'The Prometheus text exposition format (text/plain; version=0.0.4), with the server’s metrics token (METRICS_TOKEN) as a bearer token; 401 without it or with another. Per totem (labels `devid`, `devname`, `totem` — its kiosk id — and `name`, its profile’s name or empty): `plant_kiosk_totem_online`, `plant_kiosk_totem_presence` (label `presence`: 1 for its own presence — online, offline, silent, outside-hours, never-seen — 0 for the others), `plant_kiosk_totem_seconds_since_heartbeat`, `plant_kiosk_totem_revisions_behind` (0 when up to date or ahead), `plant_kiosk_totem_media_cached` and `plant_kiosk_totem_media_total` — a figure the totem never reported (no heartbeat, no sync, no media report) has no sample rather than a made-up one; per development (`devid`): `plant_kiosk_alert_active` (label `drill`, "false" without an alert), `plant_kiosk_alert_totems`, `plant_kiosk_alert_acknowledged_totems` and `plant_kiosk_alert_late_totems`; then the process’s own (prom-client’s standard names). The fleet and alert figures are read from the database at each scrape, so every instance sharing one database answers the same ones: scrape one instance, or aggregate with `max`.',
  },

  // ---------- back-office: sessions, developments, accounts, users ----------
  adminLogin: {
    body: AdminLoginRequest,
    response: AdminSession,
    note: 'Sets the HttpOnly session cookie; `csrfToken` goes in the x-csrf-token header of every state-changing call.',
  },
  adminLogout: { response: Type.Null() },
  adminMe: { response: AdminSession },
  adminSessionProbe: {
    response: Type.Union([AdminSession, Type.Null()]),
    note: 'What the back-office asks on load: 200 with `null` outside a session (a 401 would be a console error before every login); a dead session cookie is cleared.',
  },
  adminContentModels: { response: ContentModelList },
  adminDevelopments: { response: list(AdminDevelopment) },
  adminCreateDevelopment: {
    body: CreateDevelopmentRequest,
    response: AdminDevelopment,
    status: 201,
  },
  adminAccounts: { params: DevidParams, response: list(KioskAccount) },
  adminCreateAccount: {
    params: DevidParams,
    body: CreateKioskAccountRequest,
    response: KioskAccount,
    status: 201,
  },
  adminAccountPassword: {
    params: AccountParams,
    body: ResetKioskPasswordRequest,
    response: KioskAccount,
  },
  adminRevokeTokens: { params: DevidParams, response: RevokeTokensResponse },
  adminUsers: { response: list(AdminUser) },
  adminCreateUser: { body: CreateAdminUserRequest, response: AdminUser, status: 201 },
  adminUpdateUser: { params: UseridParams, body: UpdateAdminUserRequest, response: AdminUser },

  // ---------- back-office: content (409 carries the current item in `data`) ----------
  adminZones: { params: DevidParams, response: list(AdminZone) },
  adminCreateZone: {
    params: DevidParams,
    body: CreateZoneRequest,
    response: AdminZone,
    status: 201,
  },
  adminZone: { params: ZoneidParams, response: AdminZone },
  adminUpdateZone: { params: ZoneidParams, body: UpdateZoneRequest, response: AdminZone },
  adminDeleteZone: {
    params: ZoneidParams,
    querystring: ExpectedVersionQuery,
    response: DeletedResponse,
  },
  adminElements: { params: ZoneidParams, response: list(AdminElement) },
  adminCreateElement: {
    params: ZoneidParams,
    body: CreateElementRequest,
    response: AdminElement,
    status: 201,
  },
  adminReorderElements: {
    params: ZoneidParams,
    body: ReorderRequest,
    response: list(AdminElement),
  },
  adminElement: { params: ElementidParams, response: AdminElement },
  adminUpdateElement: {
    params: ElementidParams,
    body: UpdateElementRequest,
    response: AdminElement,
  },
  adminDeleteElement: {
    params: ElementidParams,
    querystring: ExpectedVersionQuery,
    response: DeletedResponse,
  },
  adminSubelements: { params: ElementidParams, response: list(AdminSubelement) },
  adminCreateSubelement: {
    params: ElementidParams,
    body: CreateSubelementRequest,
    response: AdminSubelement,
    status: 201,
  },
  adminReorderSubelements: {
    params: ElementidParams,
    body: ReorderRequest,
    response: list(AdminSubelement),
  },
  adminSubelement: { params: SubelementidParams, response: AdminSubelement },
  adminUpdateSubelement: {
    params: SubelementidParams,
    body: UpdateSubelementRequest,
    response: AdminSubelement,
  },
  adminDeleteSubelement: {
    params: SubelementidParams,
    querystring: ExpectedVersionQuery,
    response: DeletedResponse,
  },
  adminSubgroups: { params: ElementidParams, response: list(AdminSubgroup) },
  adminCreateSubgroup: {
    params: ElementidParams,
    body: CreateSubgroupRequest,
    response: AdminSubgroup,
    status: 201,
  },
  adminReorderSubgroups: {
    params: ElementidParams,
    body: ReorderRequest,
    response: list(AdminSubgroup),
  },
  adminSubgroup: { params: SubgroupidParams, response: AdminSubgroup },
  adminUpdateSubgroup: {
    params: SubgroupidParams,
    body: UpdateSubgroupRequest,
    response: AdminSubgroup,
  },
  adminDeleteSubgroup: {
    params: SubgroupidParams,
    querystring: ExpectedVersionQuery,
    response: DeletedResponse,
  },

  // ---------- back-office: publishing, history, audit ----------
  adminPublish: {
    params: DevidParams,
    body: PublishRequest,
    response: PublishAnswer,
    note: 'With `at` (an RFC 3339 instant with its zone, ahead): 202 and `{ scheduled }`, nothing goes live now.',
  },
  adminScheduledPublications: { params: DevidParams, response: ScheduledPublicationList },
  adminReschedule: {
    params: ScheduledParams,
    body: RescheduleRequest,
    response: ScheduledPublication,
  },
  adminCancelScheduled: { params: ScheduledParams, response: ScheduledPublication },
  adminFourEyes: { params: DevidParams, response: FourEyesSettings },
  adminSaveFourEyes: {
    params: DevidParams,
    body: FourEyesSettingsRequest,
    response: FourEyesSettings,
    note: 'Admins only (403 for an editor). Server-side, never published to the totems; audited.',
  },
  adminPublicationRequests: { params: DevidParams, response: PublicationRequestList },
  adminCreatePublicationRequest: {
    params: DevidParams,
    body: CreatePublicationRequest,
    response: PublicationRequest,
    status: 201,
    note: 'Anyone who may edit the development. The changes are fixed now (a change set); a waiting request of the same author over the same items is superseded. 409 when there is nothing to publish; 400 for a bad `at` or `zoneid` with `rollbackTo`.',
  },
  adminPublicationRequest: { params: PublicationRequestParams, response: PublicationRequestDetail },
  adminApprovePublicationRequest: {
    params: PublicationRequestParams,
    body: ReviewRequest,
    response: PublicationRequest,
    note: 'Someone with the publishing right other than the author (403 for the author). 409 when the request is no longer waiting, or when the draft or live changed since in its items (named in the message and in `data.changedSince`).',
  },
  adminRefusePublicationRequest: {
    params: PublicationRequestParams,
    body: RefuseRequest,
    response: PublicationRequest,
  },
  adminWithdrawPublicationRequest: {
    params: PublicationRequestParams,
    response: PublicationRequest,
  },
  adminPreview: {
    params: DevidParams,
    querystring: PreviewQuery,
    response: Snapshot,
    note: 'Exactly one of `source=draft`, `at` (an RFC 3339 instant with its zone: live plus the waiting scheduled publications due by then, in their order, sub-group windows evaluated then) and `set` (live plus that change set). `Cache-Control: no-store`. `version` is the live revision the preview starts from, not one of its own: a previewing kiosk never stores it nor sends it as an ETag.',
  },
  adminWeekAhead: {
    params: DevidParams,
    querystring: WeekAheadQuery,
    response: WeekAheadResponse,
    note: '`from`: an RFC 3339 instant with its zone (default now). Seven plant-local days (the development’s live `timeZone`), the first being the day `from` falls on, each listed even when empty; `to` is the start of the eighth. Events sorted by `at`: waiting and held scheduled publications, live sub-groups whose `addingdate` or `expirationdate` falls in the window, « nouveau » badges ending (`addingdate` + NEW_BADGE_MINUTES).',
  },
  adminRevisions: {
    params: DevidParams,
    querystring: RevisionListQuery,
    response: list(RevisionEntry),
  },
  adminRevisionChanges: { params: RevisionParams, response: RevisionChanges },
  adminDraftChanges: { params: DevidParams, response: DraftChanges },
  adminDiscardDraft: {
    params: DevidParams,
    body: DiscardDraftRequest,
    response: DiscardDraftResponse,
  },
  adminRollback: { params: RevisionParams, body: RollbackRequest, response: RollbackResponse },
  adminRollbackPreview: {
    params: RevisionParams,
    querystring: RollbackPreviewQuery,
    response: RollbackPreview,
    note: 'Read only: the difference between the live content and the revision’s, as the rollback would publish it (`before` what the totems show now, `after` what they would show). `total` and `counts` cover every change; `changes` lists the first `limit` (default 50).',
  },
  adminRevisionContent: { params: RevisionParams, response: RevisionContent },
  adminAudit: { querystring: AuditQuery, response: list(AuditEntry) },

  // ---------- back-office: fleet, media ----------
  adminFleet: { querystring: FleetQuery, response: FleetList },
  adminFleetStream: {
    querystring: FleetQuery,
    answer: 'event-stream',
    events: FleetList,
    note: 'Server-sent events: first a `fleet` event (the whole list), then a `kiosk` event (one KioskStatus) at each change (the presence times lastSeenAt and lastHeartbeatAt alone are no change). Every event carries an `id:` (a cursor of this server process); a reconnecting EventSource sends it back as `Last-Event-ID` and gets only the `kiosk` events of the entries changed since (or a bare `id:` when none), or the whole `fleet` list when the cursor is unknown, from another process or instance, for other developments, when the page’s last whole list is over 30 minutes old, or when a totem left the list meanwhile.',
  },
  adminKioskProfile: {
    params: KioskProfileParams,
    body: KioskProfileRequest,
    response: KioskProfile,
    note: 'Admins and editors of the development. In force at once: a totem’s profile is not content (decision 038). Texts are trimmed, empty ones cleared, groups without empties or repeats. 404 for a totem the development does not have; 409 with the profile as it is now when `version` is not the stored one.',
  },
  adminForgetKiosk: {
    params: ForgetKioskParams,
    response: ForgottenKiosks,
    note: 'Admins and editors of the development. « Oublier ce totem »: its token is refused from now on (401), an online totem is told over its stream and returns to the login screen, its fleet entry is removed; audited. 404 for a totem the development does not have (unknown, already forgotten, or another development’s).',
  },
  adminPurgeKiosks: {
    params: DevidParams,
    body: PurgeKiosksRequest,
    response: ForgottenKiosks,
    note: 'Admins and editors of the development. Forgets every totem not seen for longer than `silentForHours` (at least 1), as « Oublier ce totem » does for one; audited once with their ids.',
  },
  adminKioskPlanMarks: {
    params: KioskPlanMarksParams,
    response: KioskPlanMarks,
    note: 'Admins, editors and viewers of the development. `stale`: the published image is no longer the one the point was placed on (the totem hides it). 404 for a totem the development does not have.',
  },
  adminSetKioskPlanMarks: {
    params: KioskPlanMarksParams,
    body: KioskPlanMarksRequest,
    response: KioskPlanMarks,
    note: 'Admins and editors of the development. The points, whole; each remembers the published image it is placed on. In force at once (a `profile` stream message tells the totem); audited. 400 for an element that is not a published image of « Plan du site » or two points on one image; 404 for a totem the development does not have.',
  },
  adminSendKioskCommand: {
    params: DevidParams,
    body: KioskCommandRequest,
    response: KioskCommandBatch,
    note: 'Admins and editors of the development. One command per totem aimed, each sent over its stream at once or queued until its totem connects, never after `expiresInMinutes` (default 60); audited. 404 for an unknown or forgotten totem, or a group aiming none; 403 for a totem of another development; 400 when `mode` is missing with `set-mode` or given with another kind.',
  },
  adminKioskCommands: {
    params: DevidParams,
    querystring: KioskCommandListQuery,
    response: KioskCommandList,
    note: 'Admins, editors and viewers of the development. Newest first (`limit`, default 100); one totem’s with `kioskId`.',
  },
  adminKioskThumbnails: {
    params: KioskThumbnailsParams,
    response: KioskThumbnailList,
    note: 'Admins, editors and viewers of the development. The totem’s latest thumbnails (5 at most), newest first; [] when it has sent none. 404 for a totem the development does not have.',
  },
  adminKioskThumbnailImage: {
    params: KioskThumbnailImageParams,
    answer: 'webp',
    note: 'Admins, editors and viewers of the development. The picture (image/webp, private, never cached by a proxy). 404 when the thumbnail is gone (only the latest 5 are kept).',
  },
  adminHealthRules: {
    params: DevidParams,
    response: HealthRules,
    note: 'Admins and editors of the development (`canEdit`: admins only). The defaults until an admin saves: every rule on; silent 15 min, behind 30 min after a publish, media incomplete 60 min, storage 90 %, alert unacknowledged 30 s; a quiet period of 5 min before raising and before clearing. Server-side settings, never published to the totems.',
  },
  adminSaveHealthRules: {
    params: DevidParams,
    body: HealthRulesRequest,
    response: HealthRules,
    note: 'Admins only; audited. 400 in French for a threshold outside its rule’s bounds (HEALTH_RULE_THRESHOLDS). In force at the next check of every instance.',
  },
  adminHealthIncidents: {
    params: DevidParams,
    response: HealthIncidentList,
    note: 'Admins and editors of the development. Open incidents (pending, raised, clearing) and the last 50 cleared, newest first; the totems muted now.',
  },
  adminMuteKiosk: {
    params: KioskMuteParams,
    body: KioskMuteRequest,
    response: KioskMute,
    note: 'Admins and editors of the development. « Mettre ce totem en sourdine pendant N heures » (1–168): it raises no incident until then; an incident already open stays open and clears as usual. Audited. 404 for a totem the development does not have.',
  },
  adminUnmuteKiosk: {
    params: KioskMuteParams,
    response: KioskMute,
    note: 'Admins and editors of the development. Ends the mute (`until` null); audited. 404 for a totem the development does not have.',
  },
  adminNotificationSettings: {
    response: NotificationSettings,
    note: 'Admins only (403 for an editor). One set for the whole server; never published to the totems. The webhook secret and the SMTP password are never answered: `hasSecret`, `hasPassword`.',
  },
  adminSaveNotificationSettings: {
    body: NotificationSettingsRequest,
    response: NotificationSettings,
    note: 'Admins only; audited (never the secrets’ values). A secret absent is kept, "" clears it. 400 in French for a webhook address that is not http(s), an invalid address in `from` or `to`, an enabled channel missing what it sends with.',
  },
  adminTestNotification: {
    body: NotificationTestRequest,
    response: NotificationTestResult,
    note: 'Admins only; audited. Sends a test notice now with the saved settings (whether the channel is enabled or not), once, no retry; answers 200 with `ok` and the result in French (« Connexion refusée par … », « Identifiants refusés … », « HTTP 500 — refusé par … »). The webhook’s `x-plant-kiosk-event` is `test`.',
  },
  adminNotificationDeliveries: {
    querystring: NotificationDeliveryQuery,
    response: NotificationDeliveryList,
    note: 'Admins only. Newest first (`limit`, default 50): channel, subject, attempts, state (pending, delivered, retrying, failed), the last HTTP status or SMTP answer, the next attempt’s time. Retries after 30 s, 2 min, 10 min, 1 h, 6 h, then failed.',
  },
  adminSsoSettings: {
    response: SsoSettings,
    note: 'Admins only (403 for an editor). One provider for the whole server; never published to the totems. The client secret is never answered: `hasSecret`. `redirectUri` is built from `publicBaseUrl`, never from the request’s Host.',
  },
  adminSaveSsoSettings: {
    body: SsoSettingsRequest,
    response: SsoSettings,
    note: 'Admins only; audited (never the secret’s value). A secret absent is kept, "" clears it. 400 in French for an issuer or public address that is not https (http only on a loopback address), scopes without `openid`, enabled settings missing what a sign-in needs.',
  },
  adminTestSso: {
    response: SsoTestResult,
    note: 'Admins only; audited. Reads the saved issuer’s discovery document (`/.well-known/openid-configuration`) now; answers 200 with `ok` and the result in French (« injoignable », « l’émetteur annoncé n’est pas celui configuré », « pas de point d’autorisation »…).',
  },
  adminSsoGroupRights: {
    response: SsoGroupRights,
    note: 'Admins only. Each rule: a group name as the provider sends it, the role, the developments (`all` or a list), whether it may publish and trigger alerts.',
  },
  adminSaveSsoGroupRights: {
    body: SsoGroupRights,
    response: SsoGroupRights,
    note: 'Admins only; audited. Rights are recomputed at each sign-in (and at each check with the provider, every 15 minutes at most). 400 in French for a group named twice or an editor rule without developments.',
  },
  adminSsoStatus: {
    response: SsoStatus,
    note: 'No session needed: what the login page shows.',
  },
  adminSsoLogin: {
    answer: 'empty',
    note: 'A 302 redirect to the provider’s authorization endpoint (code flow, PKCE S256, state and nonce kept server-side for 10 minutes, bound to this browser by a short-lived HttpOnly SameSite=Lax cookie). When the sign-in is off or the provider cannot be reached: a 302 to the login page with `?sso_error=<code>`.',
  },
  adminSsoCallback: {
    answer: 'empty',
    note: 'A 302 redirect: to the back-office with the session cookie set (the same as a local login), or to the login page with `?sso_error=<code>` (state forged, replayed or expired; token refused — issuer, audience, nonce, expiry; no group with rights; account disabled; provider unreachable).',
  },
  adminMedia: { params: DevidParams, querystring: MediaListQuery, response: MediaList },
  adminUploadMedia: {
    params: DevidParams,
    bodyType: 'multipart/form-data',
    response: MediaItem,
    status: 201,
    note: 'One file part named `file`. 201 for a new file, 200 when the same file is already in the library; 413 too large, 415 type not accepted (decided from the content).',
  },
  adminDeleteMedia: {
    params: MediaidParams,
    response: MediaDeletedResponse,
    note: '409 while content or an alert template still uses the file, with the item and its `usedBy` and `usedByTemplates` in `data`.',
  },

  // ---------- back-office: settings (published settings, decision 017) ----------
  adminSettings: { params: DevidParams, response: AdminSettings },
  adminUpdateSettings: {
    params: DevidParams,
    body: DevelopmentSettings,
    response: AdminSettings,
    note: 'Saved to the draft: the totems get them with the next publish. 400 with the field’s French message for a malformed or non-http(s) address or a timing out of its bounds.',
  },

  // ---------- back-office: emergency alerts (red button and acknowledgements, decision 018)
  // ----------
  adminAlert: { params: DevidParams, response: AdminAlertView },
  adminStartAlert: {
    params: DevidParams,
    body: AdminStartAlertRequest,
    response: AdminAlertView,
    note: 'Admins, and users an admin allowed (`canAlert`). The same alert already in force: 200, nothing changes. Another alert in force: 409 with the view in `data` (one alert at a time; the back-office never replaces one).',
  },
  adminEndAlert: {
    params: DevidParams,
    response: AdminAlertView,
    note: 'With no alert in force: 200 and a message saying so.',
  },
  adminAlertToken: {
    response: AdminAlertToken,
    note: 'Admins only (403 otherwise). The token itself: the answer is never cached.',
  },
  adminRegenerateAlertToken: {
    response: AdminAlertToken,
    note: 'Admins only. 409 when ALERT_TOKEN sets the token. The old token is refused by every instance from the next call on; audited without the token.',
  },
  adminAlertStream: {
    params: DevidParams,
    answer: 'event-stream',
    events: AdminAlertView,
    note: 'Server-sent events: an `alert` event (the whole view) at once, then at each change (start, end, acknowledgement, a totem going offline, the 5 s deadline passing).',
  },
  adminAlertTimeline: {
    params: AlertTimelineParams,
    answer: 'csv',
    note: 'UTF-8 with a byte order mark, `;`-separated, French column headers: the start, each totem’s first acknowledgement (its takeover time; those after the end say so), the end. 404 for an alert of another development.',
  },
  adminCapMapping: {
    params: DevidParams,
    response: CapMapping,
    note: 'Admins and the development’s editors (403 otherwise). `published` false: the template is only in the draft (or was deleted, `templateName` null) and the rule matches nothing until it is published.',
  },
  adminUpdateCapMapping: {
    params: DevidParams,
    body: CapMappingUpdate,
    response: CapMapping,
    note: 'Admins only (403 otherwise). The whole list of rules, in order: `eventCode` rules are tried first, then `event` rules, then the template named as the event, then the free message. Each `templateid` must be a template of the development’s draft (published or not); `valueName` only for `eventCode` (absent: any valueName); no two rules of the same key (an event compared as template names are) — 400 with a French message otherwise. With `expectedUpdatedAt`: 409 and the mapping as now saved when someone saved since. In effect for the next CAP message; audited (`cap.mapping.update`, the rules before and after).',
  },
  adminUsageCsv: {
    params: UsageCsvParams,
    querystring: UsageCsvQuery,
    answer: 'csv',
    note: 'Admins and the development’s editors (403 otherwise). `from` inclusive, `to` exclusive, RFC 3339 instants, on when the events happened (400 when missing, malformed or `from` ≥ `to`). UTF-8, `,`-separated, header `time,totem,totem_name,kind,route,zone,target,language,session`, one line per event ordered by time then id, `time` in RFC 3339 UTC; cells starting with = + - @ get an apostrophe before them (spreadsheet formulas). Streamed.',
  },
  adminUsageDashboard: {
    params: UsageDashboardParams,
    querystring: UsageDashboardQuery,
    response: UsageDashboard,
    note: 'Admins and the development’s editors (403 otherwise). `from` and `to` are days on the plant’s calendar, both inclusive, 400 days at most (400 otherwise, or when `from` is after `to`); `kioskId` or `group` narrow it. Read from the hourly and daily roll-ups, never from the raw events.',
  },

  // ---------- back-office: content packs (issue 44, docs/content-packs.md) ----------
  adminExportPack: {
    params: DevidParams,
    querystring: ExportPackQuery,
    answer: 'zip',
    note: 'The published content (the live revision, or `revision`; only the `zones` named, comma-separated, when given) with every media file it names, as a content pack. 404 for an unknown revision or zone; 409 when a file the content names is missing from the disk.',
  },
  adminUploadPack: {
    querystring: PackUploadQuery,
    bodyType: 'multipart/form-data',
    response: PackUploadSummary,
    status: 201,
    note: 'One file part named `file`, and one target: `into` (a development’s id: its draft is replaced; admins and its editors) or `as` (the name of a new development; admins only). The pack is checked whole and kept an hour for its confirmation (`token`). 422 for a refused pack, with every reason in `data.reasons`, nothing kept; 409 when `as` names an existing development; 413 over the pack size bound.',
  },
  adminImportPack: {
    params: PackUploadParams,
    body: ImportPackRequest,
    response: PackImportResult,
    note: 'The upload’s target again (`into` or `as`, with `login` and `password` together for a new development’s kiosk account). The pack goes into the draft; the team publishes it. 404 for an unknown, used or expired token (an hour); 409 when the target differs from the upload’s or refuses the pack (with `data.reasons`).',
  },
  adminDiscardPackUpload: {
    params: PackUploadParams,
    response: PackUploadDiscarded,
    note: '404 for an unknown, used or expired token.',
  },

  // ---------- back-office: alert templates (red button and acknowledgements, decision 022)
  // ----------
  adminAlertTemplates: { params: DevidParams, response: AdminAlertTemplateList },
  adminCreateAlertTemplate: {
    params: DevidParams,
    body: AlertTemplateInput,
    response: AdminAlertTemplate,
    status: 201,
    note: 'Saved to the draft (the totems get it with the next publish). 400 with a French message for an unknown pictogram or colour, an empty French title, a duration out of 1–10080 minutes or an image that is not in the development’s media library; 409 when the name is taken.',
  },
  adminUpdateAlertTemplate: {
    params: AlertTemplateParams,
    body: UpdateAlertTemplateRequest,
    response: AdminAlertTemplate,
    note: 'The whole template, with the version it was edited from: 409 with the current template in `data` when someone changed it since.',
  },
  adminDeleteAlertTemplate: {
    params: AlertTemplateParams,
    querystring: ExpectedVersionQuery,
    response: DeletedResponse,
    note: '409 naming the alert when the template is the one of the alert in force (end the alert first); 409 with the current template when it changed since `expectedVersion`.',
  },
} as const satisfies { readonly [N in RouteName]: RouteSchema };

type RouteSchemas = typeof ROUTE_SCHEMAS;

/** The `data` of a route's success answer, from its response schema (never for non-JSON answers). */
export type ResponseOf<N extends RouteName> = RouteSchemas[N] extends {
  readonly response: infer S extends TSchema;
}
  ? Static<S>
  : never;

/** A route's JSON body, or never when it takes none. */
export type BodyOf<N extends RouteName> = RouteSchemas[N] extends {
  readonly body: infer S extends TSchema;
}
  ? Static<S>
  : never;

/** Routes whose success answer is a JSON envelope with a `data` schema. */
export type JsonRouteName = {
  [N in RouteName]: RouteSchemas[N] extends { readonly response: TSchema }
    ? RouteSchemas[N] extends {
        readonly answer:
          'json' | 'event-stream' | 'empty' | 'html' | 'csv' | 'zip' | 'prometheus' | 'webp';
      }
      ? never
      : N
    : never;
}[RouteName];
