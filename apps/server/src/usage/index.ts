/**
 * The usage domain (issue 49: what people read on the totems): the totems' batches of usage
 * events, stored once each, and the back-office's CSV export. What the rest of the server may use
 * of it; the rest of this folder, its SQL included, is private (decision 030).
 */
export { kioskUsageRoutes } from './kiosk-usage-routes.js';
export { adminUsageRoutes } from './admin-routes.js';
// The raw events' retention sweep (app.ts runs one per instance).
export { UsageRetention, USAGE_RETENTION_SWEEP_MS } from './usage-retention.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { UsageRepository } from './usage-repository.js';
