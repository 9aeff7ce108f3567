/**
 * Path parameters of the admin routes (from the contract's route schemas, the one definition the
 * OpenAPI document uses too) and the envelope of their answers.
 */
import { Envelope, ROUTE_SCHEMAS, type RouteName, type RouteSchema } from '@plant-kiosk/contract';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifySchema } from 'fastify';

export {
  AccountParams,
  DevidParams,
  ElementidParams,
  MediaidParams,
  SubelementidParams,
  SubgroupidParams,
  UseridParams,
  ZoneidParams,
} from '@plant-kiosk/contract';

/** Response schemas: the envelope around `data`, for the given success status. */
export const answers = <T extends TSchema>(data: T, status: 200 | 201 = 200) => ({
  [status]: Envelope(data),
});

/** `data: null` answers (logout). */
export const emptyAnswer = { 200: Envelope(Type.Null()) };

/**
 * The Fastify schema of a back-office route, from the contract's map: its params, query and body,
 * and its answer's envelope for the route's success status.
 */
export function routeSchema(name: RouteName): FastifySchema {
  const entry: RouteSchema = ROUTE_SCHEMAS[name];
  if (!entry.response) throw new Error(`${name}: no response schema in the contract`);
  return {
    ...(entry.params ? { params: entry.params } : {}),
    ...(entry.querystring ? { querystring: entry.querystring } : {}),
    ...(entry.body ? { body: entry.body } : {}),
    response: answers(entry.response, entry.status ?? 200),
  };
}
