/**
 * The path of every call in spec §7 (plus our snapshot fast path), as functions, and the server's
 * route patterns (Fastify's `:param`), both derived from the route table (route-table.ts), so that
 * the server's routes and the clients' calls cannot drift apart.
 */
import type { KioskStreamIdentity } from './fleet.js';
import { fillPath, ROUTES } from './route-table.js';

type IdLike = number | string;

export interface BatchParams {
  order?: number;
  quantity?: number;
}

function withQuery(
  path: string,
  query: Record<string, string | number | readonly string[] | undefined>,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as readonly string[]) search.append(key, item);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const R = ROUTES;

function streamPath(
  devid: IdLike,
  credential: { token?: string; ticket?: string },
  identity: KioskStreamIdentity,
) {
  return withQuery(fillPath(R.stream.path, { devid }), {
    ...credential,
    kioskId: identity.kioskId,
    mode: identity.mode,
    totem: identity.totem,
    appVersion: identity.appVersion,
    contentVersion: identity.contentVersion,
  });
}

export const apiPaths = {
  login: () => R.login.path,
  ping: () => R.ping.path,
  zones: (devid: IdLike) => fillPath(R.zones.path, { devid }),
  zone: (devid: IdLike, zonename: string) => fillPath(R.zone.path, { devid, zonename }),
  elements: (zoneid: IdLike, batch: BatchParams = {}) =>
    withQuery(fillPath(R.elements.path, { zoneid }), {
      order: batch.order,
      quantity: batch.quantity,
    }),
  subelements: (elementid: IdLike, batch: BatchParams = {}) =>
    withQuery(fillPath(R.subelements.path, { elementid }), {
      order: batch.order,
      quantity: batch.quantity,
    }),
  subgroups: (elementid: IdLike) => fillPath(R.subgroups.path, { elementid }),
  populatedSubgroups: (elementid: IdLike, modelLabel: string, fields: readonly string[] = []) =>
    withQuery(fillPath(R.populatedSubgroups.path, { elementid, modelLabel }), { fields }),
  subgroupSubelements: (subgroupid: IdLike) => fillPath(R.subgroupSubelements.path, { subgroupid }),
  subgroupFieldSubelements: (subgroupid: IdLike, fieldlabel: string) =>
    fillPath(R.subgroupFieldSubelements.path, { subgroupid, fieldlabel }),
  populatedSubgroup: (subgroupid: IdLike) => fillPath(R.populatedSubgroup.path, { subgroupid }),
  snapshot: (devid: IdLike) => fillPath(R.snapshot.path, { devid }),
  changes: (devid: IdLike, since: number) =>
    withQuery(fillPath(R.changes.path, { devid }), { since }),
  frameChecks: (devid: IdLike) => fillPath(R.frameChecks.path, { devid }),
  /** POST, token header: a single-use ticket for `streamWithTicket` (decision 028). */
  streamTicket: (devid: IdLike) => fillPath(R.streamTicket.path, { devid }),
  /**
   * The kiosk's event stream opened with a ticket of `streamTicket` (decision 028): the kiosk's
   * token stays out of the URL. `identity` names the kiosk for the fleet view (fleet.ts).
   */
  streamWithTicket: (devid: IdLike, ticket: string, identity: KioskStreamIdentity = {}) =>
    streamPath(devid, { ticket }, identity),
  /**
   * The event stream with the token itself in `?token=` (or no credential, for a client that
   * sends the `token` header): the form of kiosk apps older than decision 028, still accepted by
   * the server; URLs end up in proxy logs, so new clients use `streamWithTicket`.
   */
  stream: (devid: IdLike, token?: string, identity: KioskStreamIdentity = {}) =>
    streamPath(devid, { token }, identity),
  /** POST: the kiosk's status report for the fleet view (fleet.ts KioskHeartbeat). */
  heartbeat: (devid: IdLike) => fillPath(R.heartbeat.path, { devid }),
  publish: (devid: IdLike) => fillPath(R.publish.path, { devid }),
  /** POST starts, DELETE ends, GET reads the emergency alert (alert token). */
  alerts: (devid: IdLike) => fillPath(R.alertStart.path, { devid }),
  config: () => R.config.path,
} as const;

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

/** The header that carries the kiosk token (spec §6). */
export const TOKEN_HEADER = 'token';
/** Local ports of the `local` environment (spec §7). */
export const LOCAL_PORTS = { content: 8081, auth: 8082, stream: 8085 } as const;
