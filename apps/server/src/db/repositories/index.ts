import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from '../../accounts/index.js';
import { AdminAuditRepository } from '../../audit/index.js';
import { AlertRepository, AlertTemplateRepository, CapRepository } from '../../alerts/index.js';
import {
  KioskIdentityRepository,
  KioskPlanMarkRepository,
  KioskProfileRepository,
  KioskRepository,
} from '../../fleet/index.js';
import { KioskCommandRepository, KioskThumbnailRepository } from '../../fleet/index.js';
import { HealthRepository } from '../../health/index.js';
import { MediaRepository } from '../../media/index.js';
import { NotificationRepository } from '../../notifications/index.js';
import { SsoRepository } from '../../sso/index.js';
import { DevelopmentRepository } from '../../accounts/index.js';
import { AdminUserRepository } from '../../accounts/index.js';
import {
  ContentModelRepository,
  DraftContentRepository,
  LiveContentRepository,
} from '../../content/index.js';
import { DeltaRepository } from '../../display/index.js';
import {
  ChangeSetRepository,
  PublishCheckRepository,
  RevisionRepository,
} from '../../publishing/index.js';
import { SettingsRepository } from '../../settings/index.js';
import { StreamTicketRepository } from '../../streaming/index.js';
import { UsageRepository } from '../../usage/index.js';

export {
  AccountRepository,
  AlertRepository,
  AlertTemplateRepository,
  ContentModelRepository,
  DeltaRepository,
  DevelopmentRepository,
  DraftContentRepository,
  HealthRepository,
  KioskCommandRepository,
  KioskIdentityRepository,
  KioskPlanMarkRepository,
  KioskProfileRepository,
  KioskRepository,
  KioskThumbnailRepository,
  LiveContentRepository,
  MediaRepository,
  NotificationRepository,
  RevisionRepository,
  SsoRepository,
  SettingsRepository,
  StreamTicketRepository,
  UsageRepository,
};
export { AdminAuditRepository, AdminUserRepository };
export type { AuditInput } from '../../audit/index.js';
export type { Batch, Owned } from '../../content/index.js';
export type { DeltaOutcome } from '../../display/index.js';
export type { StreamTicketRecord } from '../../streaming/index.js';

/** The one interface handlers and the seed use to reach the store, whatever the dialect. */
export interface Repositories {
  /** The developments, neither draft nor live (they own both): their rows, and the back-office's
   * view of them and of their kiosk accounts. */
  developments: DevelopmentRepository;
  /** The live content, what a publish wrote and the totems read: reads only (display, snapshot,
   * caches). */
  live: LiveContentRepository;
  /** The draft, what the back-office edits: its versioned reads and writes (the content editor)
   * and the raw creation the seed and the tests use. Reaches `live` only through a publish. */
  draft: DraftContentRepository;
  /** The sub-groups' models, shared by every development and never published. */
  models: ContentModelRepository;
  /** Publishing the draft, revisions and their change log (publishing gate, decision 010). */
  revisions: RevisionRepository;
  /** Pending changes of live content: scheduled publications (issue 45). */
  changeSets: ChangeSetRepository;
  /** Delta sync (decision 016): what changed since a revision a totem holds. */
  deltas: DeltaRepository;
  accounts: AccountRepository;
  media: MediaRepository;
  /** Back-office (back-office and fleet, decision 008): users, sessions, audit log. */
  adminUsers: AdminUserRepository;
  audit: AdminAuditRepository;
  /** Fleet (back-office and fleet, decision 008): the latest status of each kiosk. */
  kiosks: KioskRepository;
  /** Each totem's own identity (issue 47): the kiosk ids the server handed out. */
  kioskIdentities: KioskIdentityRepository;
  /** Each totem's name, location, groups and note (decision 038): not content, never published. */
  kioskProfiles: KioskProfileRepository;
  /** Each totem's « Vous êtes ici » points on the site plan (decision 038): not content either. */
  kioskPlanMarks: KioskPlanMarkRepository;
  /** Remote commands to the totems (issue 47): each totem's queue and the history. */
  kioskCommands: KioskCommandRepository;
  /** The thumbnails the totems draw of their own page (issue 48): the latest few per totem. */
  kioskThumbnails: KioskThumbnailRepository;
  /** Emergency alerts (decision 012): templates and the alert in force. */
  alerts: AlertRepository;
  /** The draft's alert templates as the back-office edits them (red button and acknowledgements,
   * decision 018). */
  alertTemplates: AlertTemplateRepository;
  /** CAP 1.2 messages received and the rules from CAP events to templates (issue 50). */
  cap: CapRepository;
  /** A development's settings (published settings, decision 017), draft and published. */
  settings: SettingsRepository;
  /** What the publish checks read (rollback and publish checks, decision 014), and the draft's
   * publish warnings (English content, decision 021). */
  publishChecks: PublishCheckRepository;
  /** Single-use tickets that open a kiosk's event stream (stream tickets, decision 028). */
  streamTickets: StreamTicketRepository;
  /** Health rules, incidents and mutes (decision 041): server-side, never published. */
  health: HealthRepository;
  /** Health notices' settings (server-wide, never published) and deliveries (decision 042). */
  notifications: NotificationRepository;
  /** The totems' usage events (issue 49), each stored once, and their dropped counters. */
  usage: UsageRepository;
  /** OpenID Connect sign-in (decision 046): settings (server-wide, never published), sign-ins
   * under way and the sessions they opened. */
  sso: SsoRepository;
  /** Runs `work` in one transaction; `createRepositories(trx)` gives the repositories bound to it.
   * (Not from inside one: a transaction's repositories cannot open another.) */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    developments: new DevelopmentRepository(db),
    live: new LiveContentRepository(db),
    draft: new DraftContentRepository(db),
    models: new ContentModelRepository(db),
    revisions: new RevisionRepository(db),
    changeSets: new ChangeSetRepository(db),
    deltas: new DeltaRepository(db),
    accounts: new AccountRepository(db),
    media: new MediaRepository(db),
    adminUsers: new AdminUserRepository(db),
    audit: new AdminAuditRepository(db),
    kiosks: new KioskRepository(db),
    kioskIdentities: new KioskIdentityRepository(db),
    kioskProfiles: new KioskProfileRepository(db),
    kioskPlanMarks: new KioskPlanMarkRepository(db),
    kioskCommands: new KioskCommandRepository(db),
    kioskThumbnails: new KioskThumbnailRepository(db),
    alerts: new AlertRepository(db),
    alertTemplates: new AlertTemplateRepository(db),
    cap: new CapRepository(db),
    settings: new SettingsRepository(db),
    publishChecks: new PublishCheckRepository(db),
    streamTickets: new StreamTicketRepository(db),
    health: new HealthRepository(db),
    notifications: new NotificationRepository(db),
    usage: new UsageRepository(db),
    sso: new SsoRepository(db),
    transaction: (work) => db.transaction().execute(work),
  };
}
