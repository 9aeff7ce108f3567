/**
 * The metrics domain (issue 48, decision 040): GET /metrics for Prometheus. What the rest of the
 * server may use of it; the rest of this folder is private (decision 030).
 */
export { metricsRoutes } from './metrics-routes.js';
