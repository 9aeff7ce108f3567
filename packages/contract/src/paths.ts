/**
 * The server's route patterns (Fastify's `:param`) of the kiosk's calls, derived from the route
 * table (route-table.ts). Clients build no path by hand: they call `call(name, …)` or
 * `pathOf(name, { params, query })` of route-client.ts (decision 031).
 */
import { ROUTES } from './route-table.js';

const R = ROUTES;

/** Fastify route patterns of the same calls (from the route table). */
export const routePatterns = {
  login: R.login.path,
  ping: R.ping.path,
  zones: R.zones.path,
  zone: R.zone.path,
  elements: R.elements.path,
  subelements: R.subelements.path,
  subgroups: R.subgroups.path,
  populatedSubgroups: R.populatedSubgroups.path,
  subgroupSubelements: R.subgroupSubelements.path,
  subgroupFieldSubelements: R.subgroupFieldSubelements.path,
  populatedSubgroup: R.populatedSubgroup.path,
  snapshot: R.snapshot.path,
  changes: R.changes.path,
  frameChecks: R.frameChecks.path,
  stream: R.stream.path,
  streamTicket: R.streamTicket.path,
  heartbeat: R.heartbeat.path,
  publish: R.publish.path,
  alertStart: R.alertStart.path,
  alertEnd: R.alertEnd.path,
  alertGet: R.alertGet.path,
  config: R.config.path,
} as const;

/** The header that carries the kiosk token (docs/product.md#roles). */
export const TOKEN_HEADER = 'token';
/** Local ports of the `local` environment (docs/product.md#calls). */
export const LOCAL_PORTS = { content: 8081, auth: 8082, stream: 8085 } as const;
