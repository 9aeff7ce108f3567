/**
 * The publishing domain (publishing gate, decision 010; rollback and publish checks, decision 014;
 * delta sync's change log, decision 016): the publish doors (the token-protected API and the
 * back-office), revisions, history and rollback, the publish checks, the publisher and their SQL
 * (the revision and publish-check repositories). What the rest of the server may use of it; the
 * rest of this folder, its SQL included, is private (decision 030). Moved as it was (issue 42,
 * part 1); part 2 rewrites the publish into one service that owns its transaction.
 */
export { publishRoutes as publishApiRoutes } from './api-routes.js';
export { publishRoutes as adminPublishRoutes } from './admin-routes.js';
export { revisionRoutes as adminRevisionRoutes } from './admin-revision-routes.js';
// The app's error handler answers a publish that would drop the template of the alert in force.
export { ActiveAlertTemplateError } from './revision-repository.js';
// The delta reads the change log from a revision a totem holds.
export { logStartingAt, type ChangeKind } from './revision-repository.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts) and the migration
// tests that publish through it.
export { RevisionRepository } from './revision-repository.js';
export { PublishCheckRepository } from './publish-check-repository.js';
