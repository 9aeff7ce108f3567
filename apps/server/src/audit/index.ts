/**
 * The audit domain: the back-office's audit log (who changed or published what, and when), its
 * route, its SQL, what an entry says of a change (`Actor`, `changes`, `brief`), and the refused
 * calls that fold into one row per address and window (issue 40, item 5). What the rest of the
 * server may use of it; the rest of this folder is private (decision 030).
 */
export { auditRoutes as adminAuditRoutes } from './admin-routes.js';
export { brief, changes, type Actor } from './audit-details.js';
export { RefusedCalls } from './refused-calls.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { AdminAuditRepository, type AuditInput } from './audit-repository.js';
