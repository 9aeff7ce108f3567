/**
 * The path of every call in spec §7 (plus our snapshot fast path), as functions, so that the
 * server's routes and the clients' calls cannot drift apart. Route patterns use Fastify's `:param`.
 */
import type { KioskStreamIdentity } from './fleet.js';

type IdLike = number | string;
const seg = (value: IdLike) => encodeURIComponent(String(value));

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

export const apiPaths = {
  login: () => '/clientauth',
  ping: () => '/display/ping',
  zones: (devid: IdLike) => `/display/zones/${seg(devid)}`,
  zone: (devid: IdLike, zonename: string) => `/display/zone/${seg(devid)}/${seg(zonename)}`,
  elements: (zoneid: IdLike, batch: BatchParams = {}) =>
    withQuery(`/display/elements/${seg(zoneid)}`, { order: batch.order, quantity: batch.quantity }),
  subelements: (elementid: IdLike, batch: BatchParams = {}) =>
    withQuery(`/display/subelements/${seg(elementid)}`, {
      order: batch.order,
      quantity: batch.quantity,
    }),
  subgroups: (elementid: IdLike) => `/display/${seg(elementid)}/subgroups`,
  populatedSubgroups: (elementid: IdLike, modelLabel: string, fields: readonly string[] = []) =>
    withQuery(`/display/subgroups/${seg(elementid)}/populated/${seg(modelLabel)}`, { fields }),
  subgroupSubelements: (subgroupid: IdLike) => `/display/subgroup/${seg(subgroupid)}/subelements`,
  subgroupFieldSubelements: (subgroupid: IdLike, fieldlabel: string) =>
    `/display/subgroup/${seg(subgroupid)}/field/${seg(fieldlabel)}/subelements`,
  populatedSubgroup: (subgroupid: IdLike) => `/display/subgroup/${seg(subgroupid)}/populated`,
  snapshot: (devid: IdLike) => `/display/snapshot/${seg(devid)}`,
  /** The kiosk's event stream; `identity` names the kiosk for the fleet view (fleet.ts). */
  stream: (devid: IdLike, token?: string, identity: KioskStreamIdentity = {}) =>
    withQuery(`/stream/${seg(devid)}`, {
      token,
      kioskId: identity.kioskId,
      mode: identity.mode,
      totem: identity.totem,
      appVersion: identity.appVersion,
      contentVersion: identity.contentVersion,
    }),
  /** POST: the kiosk's status report for the fleet view (fleet.ts KioskHeartbeat). */
  heartbeat: (devid: IdLike) => `/display/heartbeat/${seg(devid)}`,
  publish: (devid: IdLike) => `/api/publish/${seg(devid)}`,
  config: () => '/config.json',
} as const;

/** Fastify route patterns of the same calls. */
export const routePatterns = {
  login: '/clientauth',
  ping: '/display/ping',
  zones: '/display/zones/:devid',
  zone: '/display/zone/:devid/:zonename',
  elements: '/display/elements/:zoneid',
  subelements: '/display/subelements/:elementid',
  subgroups: '/display/:elementid/subgroups',
  populatedSubgroups: '/display/subgroups/:elementid/populated/:modelLabel',
  subgroupSubelements: '/display/subgroup/:subgroupid/subelements',
  subgroupFieldSubelements: '/display/subgroup/:subgroupid/field/:fieldlabel/subelements',
  populatedSubgroup: '/display/subgroup/:subgroupid/populated',
  snapshot: '/display/snapshot/:devid',
  stream: '/stream/:devid',
  heartbeat: '/display/heartbeat/:devid',
  publish: '/api/publish/:devid',
  config: '/config.json',
} as const;

/** The header that carries the kiosk token (spec §6). */
export const TOKEN_HEADER = 'token';
/** Local ports of the `local` environment (spec §7). */
export const LOCAL_PORTS = { content: 8081, auth: 8082, stream: 8085 } as const;
