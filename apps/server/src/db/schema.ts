/**
 * Table types for Kysely. Column names follow the wire format where they map to it one-to-one
 * (zoneid, zonename…), so repositories stay a thin projection. Booleans are stored as 0/1 integers
 * and dates as ISO strings so that the same migrations run on SQLite and PostgreSQL.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface DevelopmentTable {
  devid: Generated<number>;
  devname: string;
  /**
   * The latest published revision (migration 004): what kiosks hold, what the snapshot's version
   * and ETag and the fleet compare. Only a publish changes it.
   */
  content_version: ColumnType<number, number | undefined, number>;
  /** Bumped by every edit of the draft (migration 004); the editor's write lock. */
  draft_version: ColumnType<number, number | undefined, number>;
  /** Bumped to revoke every kiosk token of the development at once. */
  token_version: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** Migration 027: four-eyes publishing (1 = on): every publish needs a second person's approval. */
  four_eyes: ColumnType<number, number | undefined, number>;
  /** Migration 027: the publish token (and the CLI) may still publish while four-eyes is on. */
  four_eyes_token: ColumnType<number, number | undefined, number>;
  four_eyes_at: ColumnType<string | null, string | null | undefined, string | null>;
  four_eyes_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface KioskAccountTable {
  accountid: Generated<number>;
  devid: number;
  login: string;
  /** scrypt(client hash, salt) as hex. */
  password_hash: string;
  password_salt: string;
  created_at: string;
}

export interface ZoneTable {
  zoneid: Generated<number>;
  devid: number;
  zonename: string;
  type: string;
  checklist: number;
  version: ColumnType<number, number | undefined, number>;
}

export interface ElementTable {
  elementid: Generated<number>;
  zoneid: number;
  order: number;
  value: string;
  type: string;
  addingdate: string;
  version: ColumnType<number, number | undefined, number>;
  /** Migration 009 (English content, decision 021): 'fr' or 'en', the zone version the element
   * belongs to. */
  lang: ColumnType<string, string | undefined, string>;
  /** Migration 028 (text alternatives, decision 050): an image's words, '' when none. */
  alt: ColumnType<string, string | undefined, string>;
}

export interface ContentModelTable {
  modelid: Generated<number>;
  label: string;
  /** JSON array of field labels. */
  fields: string;
}

export interface SubgroupTable {
  subgroupid: Generated<number>;
  elementid: number;
  modelid: number;
  order: number;
  addingdate: string;
  expirationdate: string | null;
  version: ColumnType<number, number | undefined, number>;
}

export interface SubelementTable {
  subelementid: Generated<number>;
  elementid: number;
  order: number;
  value: string;
  type: string;
  subgroupid: number | null;
  fieldlabel: string | null;
  /** Added by migration 002: the back-office's edit-conflict check. */
  version: ColumnType<number, number | undefined, number>;
  /** Migration 028 (text alternatives, decision 050): an image's words, '' when none. */
  alt: ColumnType<string, string | undefined, string>;
}

export interface MediaTable {
  mediaid: Generated<number>;
  devid: number | null;
  /** Path under the media root, e.g. "images/plan-du-site.svg" — also its URL under /media/. */
  path: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: string;
  /** Migration 003 (media library): null on rows seeded before it, derived from content_type. */
  kind: ColumnType<string | null, string | null | undefined, string | null>;
  /** File name as uploaded (display only). */
  original_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kiosk-size dimensions of an uploaded image. */
  width: ColumnType<number | null, number | null | undefined, number | null>;
  height: ColumnType<number | null, number | null | undefined, number | null>;
  /** Path under the media root of the back-office thumbnail (uploaded images). */
  thumbnail_path: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Migration 014 (media integrity): SHA-256 of the file as stored (`sha256` is that of the bytes
   * received, which names the file; an uploaded image is stored as WebP). Null until computed.
   */
  file_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  /** The thumbnail's size and SHA-256 (uploaded images); null until computed. */
  thumbnail_size: ColumnType<number | null, number | null | undefined, number | null>;
  thumbnail_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The latest status of each kiosk (migration 003), one row per (development, kiosk id). */
export interface KioskTable {
  devid: number;
  kiosk_id: string;
  mode: string | null;
  totem: string | null;
  app_version: string | null;
  content_version: number | null;
  last_sync_at: string | null;
  storage_used_bytes: number | null;
  storage_quota_bytes: number | null;
  /** Migration 030 (issue 53): navigator.storage.persisted() as 1 / 0; null, unknown. */
  storage_persisted: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 031 (issue 53): a watchdog polled the page at the last heartbeat, 1 / 0; null, unknown. */
  watchdog_attached: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 031: the last rung the watchdog took (ISO time, action, reason); null, none. */
  watchdog_event_at: ColumnType<string | null, string | null | undefined, string | null>;
  watchdog_event_action: ColumnType<string | null, string | null | undefined, string | null>;
  watchdog_event_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 032: the screen as the watchdog left it (on, off, refused) and why; null, never said. */
  watchdog_screen: ColumnType<string | null, string | null | undefined, string | null>;
  watchdog_screen_reason: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: string | null;
  /** 1 while a stream is open; `connection_id` names that stream. */
  connected: ColumnType<number, number | undefined, number>;
  connection_id: string | null;
  connected_at: string | null;
  first_seen_at: string;
  last_seen_at: string;
  last_heartbeat_at: string | null;
  /** When its content first fell behind the published version; null while up to date. */
  behind_since: string | null;
  /** Content-first sync (migration 011): its media as last reported; all null while unknown. */
  media_phase: string | null;
  media_cached: number | null;
  media_total: number | null;
}

/**
 * The live content (migration 004): what the kiosks read, written only by a publish. The draft's
 * columns less the editor's `version`, plus the owning development on every table.
 */
export interface LiveZoneTable {
  devid: number;
  zoneid: number;
  zonename: string;
  type: string;
  checklist: number;
}

export interface LiveElementTable {
  devid: number;
  elementid: number;
  zoneid: number;
  order: number;
  value: string;
  type: string;
  addingdate: string;
  /** Migration 009: as the draft's (decision 021). */
  lang: ColumnType<string, string | undefined, string>;
  /** Migration 028 (text alternatives, decision 050): an image's words, '' when none. */
  alt: ColumnType<string, string | undefined, string>;
}

export interface LiveSubgroupTable {
  devid: number;
  subgroupid: number;
  elementid: number;
  modelid: number;
  order: number;
  addingdate: string;
  expirationdate: string | null;
}

export interface LiveSubelementTable {
  devid: number;
  subelementid: number;
  elementid: number;
  order: number;
  value: string;
  type: string;
  subgroupid: number | null;
  fieldlabel: string | null;
  /** Migration 028 (text alternatives, decision 050): an image's words, '' when none. */
  alt: ColumnType<string, string | undefined, string>;
}

/** One publish of a development (migration 004). */
export interface ContentRevisionTable {
  devid: number;
  revision: number;
  created_at: string;
  author_kind: string;
  author_name: string | null;
  userid: number | null;
  note: string | null;
  source: string;
  /** JSON: RevisionCounts. */
  summary: string;
}

/** What a publish changed, one row per item (migration 004). */
export interface ContentChangeTable {
  changeid: Generated<number>;
  devid: number;
  revision: number;
  kind: string;
  item_id: number;
  /** JSON of the live row before the publish; null when it added the item. */
  before: string | null;
  /** JSON of the live row after the publish; null when it removed the item. */
  after: string | null;
}

/** An alert template, draft (`alert_templates`) and published (`pub_alert_templates`); migration 005. */
export interface AlertTemplateTable {
  templateid: Generated<number>;
  devid: number;
  name: string;
  kind: string;
  title_fr: string;
  title_en: string;
  instructions_fr: string;
  instructions_en: string;
  pictogram: string;
  colour: string;
  image: string | null;
  end_text_fr: string | null;
  end_text_en: string | null;
  max_duration_minutes: number;
  /** Draft only (migration 010): optimistic concurrency of the back-office's editor. */
  version: Generated<number>;
}
export interface LiveAlertTemplateTable extends Omit<AlertTemplateTable, 'templateid' | 'version'> {
  templateid: number;
}

/** The alert in force per development (migration 005). */
export interface ActiveAlertTable {
  devid: number;
  templateid: number;
  template_name: string;
  kind: string;
  /** 0 or 1. */
  drill: number;
  started_at: string;
  started_by: string;
  max_duration_minutes: number;
  /** Migration 008: its row of `alert_history` (null only for a row written before 008 ran). */
  alertid: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 025: a free message's own texts (JSON `AlertText`), null for the template's. */
  alert_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every alert started (migration 008), numbered; how it ended. */
export interface AlertHistoryTable {
  alertid: Generated<number>;
  devid: number;
  templateid: number;
  template_name: string;
  kind: string;
  drill: number;
  started_at: string;
  started_by: string;
  max_duration_minutes: number;
  ended_at: string | null;
  ended_by: string | null;
  /** 'ended' | 'replaced' | 'expired'. */
  end_reason: string | null;
  /** Migration 025: as `active_alerts.alert_text`. */
  alert_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A CAP message a development accepted (migration 025). */
export interface CapMessageTable {
  devid: number;
  sender: string;
  identifier: string;
  sent: string;
  status: string;
  msg_type: string;
  /** CapOutcome. */
  outcome: string;
  alertid: number | null;
  note: string;
  received_at: string;
}

/** A development's rules from CAP events to templates (migration 025): JSON `CapMappingRule[]`. */
export interface CapMappingTable {
  devid: number;
  rules: string;
  updated_at: string;
  updated_by: string;
}

/** A totem's first "alerte affichée" for an alert (migration 008). */
export interface AlertAckTable {
  alertid: number;
  kiosk_id: string;
  devid: number;
  displayed_at: string;
  takeover_ms: number;
  acked_at: string;
  /** 1 when it arrived after the alert's end. */
  after_end: ColumnType<number, number | undefined, number>;
}

/**
 * A development's settings (migration 007), draft (`development_settings`) and published
 * (`pub_development_settings`): one row per development, no row meaning the defaults.
 */
export interface SettingsTable {
  devid: number;
  /** = devid: the change log's item id (decision 017). */
  settingid: number;
  /** JSON of the contract's DevelopmentSettings, as `serializeSettings` writes it. */
  settings: string;
}

/** Back-office users (migration 002). Usernames are stored lowercase. */
export interface AdminUserTable {
  userid: Generated<number>;
  username: string;
  /** scrypt of the client hash of the password, as for kiosk accounts (lib/passwords.ts). */
  password_hash: string;
  password_salt: string;
  role: string;
  created_at: string;
  disabled: ColumnType<number, number | undefined, number>;
  /** Migration 006: an editor may publish, roll back and discard (admins always may). */
  can_publish: ColumnType<number, number | undefined, number>;
  /** Migration 008: an editor may trigger and end emergency alerts (admins always may). */
  can_alert: ColumnType<number, number | undefined, number>;
  /** Migration 026: who the user is at the OpenID provider; null for a local account. */
  sso_issuer: ColumnType<string | null, string | null | undefined, string | null>;
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The developments an editor may edit. */
export interface AdminUserDevelopmentTable {
  userid: number;
  devid: number;
}

export interface AdminSessionTable {
  /** SHA-256 (hex) of the session token; the token itself is only in the user's cookie. */
  session_id: string;
  userid: number;
  csrf_token: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface AuditLogTable {
  auditid: Generated<number>;
  at: string;
  userid: number | null;
  /** Kept with the entry so that it stays readable whatever happens to the user. */
  username: string | null;
  devid: number | null;
  action: string;
  target_type: string | null;
  target_id: number | null;
  /** JSON. */
  summary: string;
  /** Events the row stands for: more than 1 for refused calls folded together (migration 012). */
  repeat_count: Generated<number>;
  /** When the latest of them happened; null for a row of one event. */
  last_at: string | null;
}

/** Pending changes of live content: scheduled publications (migration 015, issue 45). */
export interface ChangeSetTable {
  setid: Generated<number>;
  devid: number;
  /** 'schedule' (a scheduled publication). */
  purpose: string;
  /** 'scheduled' | 'published' | 'held' | 'cancelled'. */
  status: string;
  /** The zone a one-zone set was taken from; null for the whole draft. */
  zoneid: number | null;
  note: string | null;
  author_kind: string;
  author_name: string | null;
  userid: number | null;
  created_at: string;
  /** ISO instant in UTC. */
  due_at: string | null;
  /** JSON: the item changes, `{ kind, id, before?, after? }`. */
  changes: string;
  /** JSON: the revision counts of those changes. */
  counts: string;
  revision: number | null;
  published_at: string | null;
  late_ms: number | null;
  held_reason: string | null;
  updated_at: string;
  /**
   * Migration 027, a publication request (purpose `request` / `rollback-request`): `requested`,
   * `approved`, `refused`, `superseded`, `withdrawn`; null for a plain scheduled publication.
   */
  review: ColumnType<string | null, string | null | undefined, string | null>;
  reviewer_id: ColumnType<number | null, number | null | undefined, number | null>;
  reviewer_name: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<string | null, string | null | undefined, string | null>;
  review_comment: ColumnType<string | null, string | null | undefined, string | null>;
  /** A rollback request: the revision it brings back. */
  rollback_to: ColumnType<number | null, number | null | undefined, number | null>;
  /** The live revision the request was made on. */
  base_revision: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Single-use tickets that open a kiosk's event stream (migration 013, decision 028). */
export interface StreamTicketTable {
  /** SHA-256 (hex) of the ticket; the ticket itself is only in the kiosk's hands. */
  ticket_hash: string;
  devid: number;
  accountid: number;
  /** The development's token version when the ticket was issued (a revocation refuses it). */
  token_version: number;
  expires_at: string;
  /** Migration 016: the totem the ticket's token was bound to; null for an id-less token. */
  kiosk_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A totem's identity (migration 016, issue 47): the kiosk id the server handed out at login (or
 * bound an older, id-less token to), and when its token was first used to report.
 */
export interface KioskIdentityTable {
  devid: number;
  kiosk_id: string;
  origin: 'login' | 'upgrade';
  created_at: string;
  seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A totem's profile (migration 017, decision 038): set in the back-office, in force at once.
 * `groups` is a JSON text list of strings.
 */
export interface KioskProfileTable {
  devid: number;
  kiosk_id: string;
  name: string | null;
  location: string | null;
  groups: string;
  note: string | null;
  updated_at: string;
  version: number;
  /** Migration 029 (issue 52): the screen's edges above the floor in mm; null, the default mount. */
  screen_bottom_mm: ColumnType<number | null, number | null | undefined, number | null>;
  screen_top_mm: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A remote command to one totem (migration 018, contract kiosk-commands.ts). */
export interface KioskCommandTable {
  command_id: Generated<number>;
  batch_id: string;
  devid: number;
  kiosk_id: string;
  kind: string;
  mode: string | null;
  state: 'pending' | 'sent' | 'done' | 'failed' | 'expired';
  reason: string | null;
  created_at: string;
  expires_at: string;
  sent_at: string | null;
  acked_at: string | null;
  created_by: string | null;
}

/**
 * A thumbnail a totem drew of its own page (migration 022, contract kiosk-thumbnails.ts): the WebP
 * bytes in `image` (a blob on SQLite, bytea on PostgreSQL; both drivers read it as a Buffer).
 */
export interface KioskThumbnailTable {
  thumbnail_id: Generated<number>;
  devid: number;
  kiosk_id: string;
  route: string;
  revision: number | null;
  taken_at: string;
  received_at: string;
  bytes: number;
  placeholders: number;
  command_id: number | null;
  image: Buffer;
}

/**
 * « Vous êtes ici » (migration 019): one point per totem and image of the « Plan du site » zone,
 * relative to the image (0–1); `image` is the element's image it was placed on.
 */
export interface KioskPlanMarkTable {
  devid: number;
  kiosk_id: string;
  elementid: number;
  x: number;
  y: number;
  image: string;
  updated_at: string;
}

/**
 * Where health messages go (migration 021, decision 042): one row (id 1) for the whole server.
 * Booleans 0/1; `email_to` a JSON text list; the secrets as given, never answered.
 */
export interface NotificationSettingsTable {
  id: number;
  webhook_enabled: number;
  webhook_url: string;
  webhook_secret: string;
  email_enabled: number;
  email_host: string;
  email_port: number;
  email_security: string;
  email_user: string;
  email_password: string;
  email_from: string;
  email_to: string;
  version: number;
  updated_at: string | null;
}

/** OpenID Connect sign-in (migration 026, decision 046): one row (id 1), the secret never answered. */
export interface SsoSettingsTable {
  id: number;
  enabled: ColumnType<number, number | undefined, number>;
  issuer: ColumnType<string, string | undefined, string>;
  client_id: ColumnType<string, string | undefined, string>;
  client_secret: ColumnType<string, string | undefined, string>;
  display_name: ColumnType<string, string | undefined, string>;
  groups_claim: ColumnType<string, string | undefined, string>;
  scopes: ColumnType<string, string | undefined, string>;
  public_base_url: ColumnType<string, string | undefined, string>;
  /** JSON list of the contract's SsoGroupRule. */
  group_rights: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sign-in under way (migration 026): single use, bound to the browser's cookie. */
export interface SsoLoginTable {
  state_hash: string;
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
}

/** A back-office session opened by the provider (migration 026): what re-checks it. */
export interface SsoSessionTable {
  session_id: string;
  userid: number;
  subject: string;
  refresh_token: string | null;
  access_token: string | null;
  checked_at: string;
}

/** One health notice to one channel (migration 021): the queue and the history at once. */
export interface NotificationDeliveryTable {
  delivery_id: string;
  /** The notice as JSON (a HealthNotice, or a PublicationNotice: decision 048). */
  notice: string;
  channel: string;
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  last_result: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A development's health rules (migration 020): HealthRulesRequest as JSON. */
export interface HealthRulesTable {
  devid: number;
  rules: string;
  updated_at: string;
}

/** One health incident (migration 020): `open_key` set while open, null once cleared. */
export interface HealthIncidentTable {
  incident_id: Generated<number>;
  devid: number;
  kiosk_id: string | null;
  rule: string;
  state: 'pending' | 'raised' | 'clearing' | 'cleared';
  open_key: string | null;
  first_seen_at: string;
  raised_at: string | null;
  clear_pending_since: string | null;
  cleared_at: string | null;
}

/** A totem muted for planned work (migration 020). */
export interface KioskMuteTable {
  devid: number;
  kiosk_id: string;
  until: string;
}

/**
 * One usage event of a totem (migration 023, contract usage-events.ts), stored once per
 * (devid, event_id). `at` and `received_at` are `toISOString()` text: compared as text, in order.
 */
export interface UsageEventTable {
  devid: number;
  event_id: string;
  kiosk_id: string;
  kind: string;
  at: string;
  route: string;
  zone: string | null;
  target: string | null;
  language: string | null;
  session: string | null;
  page: number | null;
  received_at: string;
  /** sha256 (hex) of the event's content: tells a retry from an id reused with other content. */
  fingerprint: string;
}

/** How many events a totem said it had to drop (migration 023): a running total per totem. */
export interface UsageDroppedTable {
  devid: number;
  kiosk_id: string;
  dropped: number;
  updated_at: string;
}

/** Visits and page views per totem and UTC hour (migration 024): the dashboard's heat map. */
export interface UsageHourlyTable {
  devid: number;
  /** `toISOString()` of the hour's start (UTC). */
  hour_start: string;
  kiosk_id: string;
  sessions: number;
  page_views: number;
}

/** Per totem and plant day (migration 024): the dashboard's days, totals, languages, totems. */
export interface UsageDailyTable {
  devid: number;
  /** `YYYY-MM-DD` on the plant's calendar when the events were filed. */
  day: string;
  kiosk_id: string;
  sessions: number;
  engaged_sessions: number;
  page_views: number;
  taps: number;
  documents_opened: number;
  pages_read: number;
  alerts_shown: number;
  views_fr: number;
  views_en: number;
  views_unknown: number;
}

/** One item's count per totem (or `*`: the whole development) and plant day (migration 024). */
export interface UsageDailyItemTable {
  devid: number;
  kiosk_id: string;
  day: string;
  /** `page`, `document`, `read` or `parcours`. */
  item: string;
  name: string;
  count: number;
}

/** The same per plant month, `YYYY-MM` (migration 024): long ranges' « top » lists. */
export interface UsageMonthlyItemTable {
  devid: number;
  kiosk_id: string;
  month: string;
  item: string;
  name: string;
  count: number;
}

export interface Database {
  developments: DevelopmentTable;
  kiosk_accounts: KioskAccountTable;
  zones: ZoneTable;
  elements: ElementTable;
  content_models: ContentModelTable;
  subgroups: SubgroupTable;
  subelements: SubelementTable;
  media: MediaTable;
  admin_users: AdminUserTable;
  admin_user_developments: AdminUserDevelopmentTable;
  admin_sessions: AdminSessionTable;
  audit_log: AuditLogTable;
  kiosks: KioskTable;
  pub_zones: LiveZoneTable;
  pub_elements: LiveElementTable;
  pub_subgroups: LiveSubgroupTable;
  pub_subelements: LiveSubelementTable;
  content_revisions: ContentRevisionTable;
  content_changes: ContentChangeTable;
  alert_templates: AlertTemplateTable;
  pub_alert_templates: LiveAlertTemplateTable;
  active_alerts: ActiveAlertTable;
  alert_history: AlertHistoryTable;
  alert_acks: AlertAckTable;
  cap_messages: CapMessageTable;
  cap_mappings: CapMappingTable;
  development_settings: SettingsTable;
  pub_development_settings: SettingsTable;
  stream_tickets: StreamTicketTable;
  change_sets: ChangeSetTable;
  kiosk_profiles: KioskProfileTable;
  kiosk_identities: KioskIdentityTable;
  kiosk_commands: KioskCommandTable;
  kiosk_thumbnails: KioskThumbnailTable;
  kiosk_plan_marks: KioskPlanMarkTable;
  health_rules: HealthRulesTable;
  health_incidents: HealthIncidentTable;
  kiosk_mutes: KioskMuteTable;
  notification_settings: NotificationSettingsTable;
  sso_settings: SsoSettingsTable;
  sso_logins: SsoLoginTable;
  sso_sessions: SsoSessionTable;
  notification_deliveries: NotificationDeliveryTable;
  usage_events: UsageEventTable;
  usage_dropped: UsageDroppedTable;
  usage_hourly: UsageHourlyTable;
  usage_daily: UsageDailyTable;
  usage_daily_items: UsageDailyItemTable;
  usage_monthly_items: UsageMonthlyItemTable;
}

export type DevelopmentRow = Selectable<DevelopmentTable>;
export type KioskAccountRow = Selectable<KioskAccountTable>;
export type ZoneRow = Selectable<ZoneTable>;
export type ElementRow = Selectable<ElementTable>;
export type SubgroupRow = Selectable<SubgroupTable>;
export type SubelementRow = Selectable<SubelementTable>;
export type ContentModelRow = Selectable<ContentModelTable>;
export type MediaRow = Selectable<MediaTable>;
export type AdminUserRow = Selectable<AdminUserTable>;
export type AdminSessionRow = Selectable<AdminSessionTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type KioskRow = Selectable<KioskTable>;
export type LiveZoneRow = Selectable<LiveZoneTable>;
export type LiveElementRow = Selectable<LiveElementTable>;
export type LiveSubgroupRow = Selectable<LiveSubgroupTable>;
export type LiveSubelementRow = Selectable<LiveSubelementTable>;
export type ContentRevisionRow = Selectable<ContentRevisionTable>;
export type LiveAlertTemplateRow = Selectable<LiveAlertTemplateTable>;
export type ActiveAlertRow = Selectable<ActiveAlertTable>;
export type SettingsRow = Selectable<SettingsTable>;
export type NewZone = Insertable<ZoneTable>;
export type ZoneUpdate = Updateable<ZoneTable>;
