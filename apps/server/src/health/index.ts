/**
 * The health domain (issue 48, part 2; decision 041): the rules per development, the incidents
 * they raise and clear, the mutes, and the monitor that checks them and hands each raise and
 * clear to the notifications. What the rest of the server may use of it; the rest of this folder,
 * its SQL included, is private (decision 030).
 */
export { adminHealthRoutes } from './health-routes.js';
export { HealthMonitor, HEALTH_CHECK_MS, type HealthMonitorDeps } from './health-monitor.js';
// The store's side, for the repositories' aggregate (db/repositories/index.ts).
export { HealthRepository } from './health-repository.js';
