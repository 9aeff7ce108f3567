/**
 * The publishing domain (publishing gate, decision 010; rollback and publish checks, decision 014;
 * delta sync's change log, decision 016; the publishing service, decision 032): the publish doors
 * (the token-protected API and the back-office), the publishing service that owns a publish's
 * transaction (publish-service.ts), revisions, history and rollback, the publish checks and their
 * SQL (the revision store split by job, the six kinds in one table: change-kinds.ts). What the
 * rest of the server may use of it; the rest of this folder, its SQL included, is private
 * (decision 030).
 */
export { publishRoutes as publishApiRoutes } from './api-routes.js';
export { publishRoutes as adminPublishRoutes } from './admin-routes.js';
export { revisionRoutes as adminRevisionRoutes } from './admin-revision-routes.js';
// Four-eyes publishing (issue 51): the setting and the publication requests.
export { publicationRequestRoutes as adminPublicationRequestRoutes } from './publication-request-routes.js';
// The back-office's preview snapshot (issue 46): the draft, a date, a change set.
export { previewRoutes as adminPreviewRoutes } from './preview-routes.js';
// The week ahead (issue 46): what changes on the totems, day by plant-local day.
export { weekAheadRoutes as adminWeekAheadRoutes } from './week-ahead-routes.js';
// The app's error handler answers a publish that would drop the template of the alert in force.
export { ActiveAlertTemplateError } from './live-apply.js';
// The delta reads the change log from a revision a totem holds.
export { logStartingAt } from './revision-history-repository.js';
export type { ChangeKind } from './change-kinds.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts) and the migration
// tests that publish through it.
export { RevisionRepository } from './revision-repository.js';
export { PublishCheckRepository } from './publish-check-repository.js';
export { ChangeSetRepository } from './change-set-repository.js';
// Scheduled publishing's clock, started by the app where publishing is served (issue 45).
export { ScheduledPublisher } from './scheduled-publisher.js';
