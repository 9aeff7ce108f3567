import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { AccountRepository } from './account-repository.js';
import { AdminAuditRepository } from './admin-audit-repository.js';
import { AlertRepository } from './alert-repository.js';
import { AdminContentRepository } from './admin-content-repository.js';
import { AdminDevelopmentRepository } from './admin-development-repository.js';
import { AdminUserRepository } from './admin-user-repository.js';
import { ContentRepository } from './content-repository.js';
import { DeltaRepository } from './delta-repository.js';
import { KioskRepository } from './kiosk-repository.js';
import { MediaRepository } from './media-repository.js';
import { RevisionRepository } from './revision-repository.js';
import { SettingsRepository } from './settings-repository.js';

export {
  AccountRepository,
  AlertRepository,
  ContentRepository,
  DeltaRepository,
  KioskRepository,
  MediaRepository,
  RevisionRepository,
  SettingsRepository,
};
export {
  AdminAuditRepository,
  AdminContentRepository,
  AdminDevelopmentRepository,
  AdminUserRepository,
};
export type { AuditInput } from './admin-audit-repository.js';
export type { Batch, Owned } from './content-repository.js';
export type { DeltaOutcome } from './delta-repository.js';

/** The one interface handlers and the seed use to reach the store, whatever the dialect. */
export interface Repositories {
  /** The kiosk's reads (live content) and the draft's raw writes (seed, tests). */
  content: ContentRepository;
  /** Publishing the draft, revisions and their change log (issue 19). */
  revisions: RevisionRepository;
  /** Delta sync (issue 26): what changed since a revision a totem holds. */
  deltas: DeltaRepository;
  accounts: AccountRepository;
  media: MediaRepository;
  /** Back-office (issue 7): users, sessions, content edits with version checks, audit log. */
  adminUsers: AdminUserRepository;
  adminContent: AdminContentRepository;
  adminDevelopments: AdminDevelopmentRepository;
  audit: AdminAuditRepository;
  /** Fleet (issue 7): the latest status of each kiosk. */
  kiosks: KioskRepository;
  /** Emergency alerts (issue 23): templates and the alert in force. */
  alerts: AlertRepository;
  /** A development's settings (issue 27), draft and published. */
  settings: SettingsRepository;
}

export function createRepositories(db: Kysely<Database>): Repositories {
  return {
    content: new ContentRepository(db),
    revisions: new RevisionRepository(db),
    deltas: new DeltaRepository(db),
    accounts: new AccountRepository(db),
    media: new MediaRepository(db),
    adminUsers: new AdminUserRepository(db),
    adminContent: new AdminContentRepository(db),
    adminDevelopments: new AdminDevelopmentRepository(db),
    audit: new AdminAuditRepository(db),
    kiosks: new KioskRepository(db),
    alerts: new AlertRepository(db),
    settings: new SettingsRepository(db),
  };
}
