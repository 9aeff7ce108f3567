/**
 * The alerts domain (emergency alerts, decisions 012, 018, 022, 026, 027): what the rest of the
 * server may use of it. Everything else in this folder — its routes' internals, its service, its
 * SQL — is private, and the lint refuses an import past this file (decision 030).
 */
export { alertApiRoutes } from './api-routes.js';
export { adminAlertRoutes } from './admin-routes.js';
export { adminAlertTemplateRoutes } from './admin-template-routes.js';
export { adminAlertTokenRoutes } from './admin-token-routes.js';
export { adminCapMappingRoutes } from './cap-mapping-routes.js';
export { alertMessage } from './alert-service.js';
// What the back-office sees of a development's alert (its totems and their acknowledgements): the
// metrics read it too.
export { alertView } from './alert-view.js';
export { fileAlertToken, fixedAlertToken, type AlertToken } from './alert-token.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts), the live content
// and delta reads that carry the published templates, and the seed.
export { AlertRepository, toAlertTemplate, type NewAlertTemplate } from './alert-repository.js';
export { AlertTemplateRepository } from './alert-template-repository.js';
export { CapRepository } from './cap-repository.js';
