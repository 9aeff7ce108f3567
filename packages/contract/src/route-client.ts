/**
 * One typed way to call a route of the table, for every client (decision 031): a call names its
 * route once — `call('adminCreateZone', { params: { devid }, body })` — and its path, method, the
 * types of its parameters, query and body and the type of its answer all come from the contract
 * (route-table.ts and route-schemas.ts). Nothing here is per route.
 *
 * Only the typing and the request's shape live here; how a request travels (cookies and CSRF in
 * the back-office; ETag, time-outs and split ports in the kiosk) is each app's transport, handed
 * to `createRouteClient`. The schemas are imported as types only: this module weighs nothing more
 * than the route table in a bundle (no TypeBox, no schema).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorCode } from './messages.js';
import type { BodyOf, JsonRouteName, ResponseOf, ROUTE_SCHEMAS } from './route-schemas.js';
import { fillPath, ROUTES, type RouteMethod, type RouteName } from './route-table.js';

type Schemas = typeof ROUTE_SCHEMAS;

type SchemaPart<N extends RouteName, K extends 'params' | 'querystring'> = Schemas[N] extends {
  readonly [P in K]: infer S extends TSchema;
}
  ? Static<S>
  : never;

/** A route's path parameters (`:devid` → `{ devid: number }`), or never when its path has none. */
export type ParamsOf<N extends RouteName> = SchemaPart<N, 'params'>;
/** A route's query, or never when it takes none. */
export type QueryOf<N extends RouteName> = SchemaPart<N, 'querystring'>;

/**
 * One member of a call's arguments: refused when the route takes none (`never`), optional when
 * nothing in it is required (a query of optional filters), required otherwise.
 */
type Slot<K extends string, T> = [T] extends [never]
  ? { readonly [P in K]?: undefined }
  : Record<string, never> extends T
    ? { readonly [P in K]?: T }
    : { readonly [P in K]: T };

/** What fills a route's path: its parameters and query. */
export type PathArgs<N extends RouteName> = Slot<'params', ParamsOf<N>> & Slot<'query', QueryOf<N>>;

/** A call's arguments: its path parameters, query and JSON body, each typed by its schema. */
export type CallArgs<N extends RouteName> = PathArgs<N> & Slot<'body', BodyOf<N>>;

/** The arguments may be left out when nothing in them is required (`call('adminUsers')`). */
type Optional<A, Rest extends unknown[] = []> =
  Record<string, never> extends A ? [args?: A, ...Rest] : [args: A, ...Rest];

/** The query string of a call (`?a=1&b=x`, arrays as repeated keys, undefined left out), or ''. */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as unknown[]) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The shape every typed argument has at run time. */
interface LooseArgs {
  params?: object;
  query?: object;
  body?: unknown;
}

function filledPath(name: RouteName, args: LooseArgs | undefined): string {
  const params = (args?.params ?? {}) as Record<string, number | string>;
  return fillPath(ROUTES[name].path, params) + queryString(args?.query);
}

/**
 * A route's path filled from its parameters and query, e.g.
 * `pathOf('adminRevisions', { params: { devid: 1 }, query: { limit: 20 } })`.
 */
export function pathOf<N extends RouteName>(name: N, ...[args]: Optional<PathArgs<N>>): string {
  return filledPath(name, args as LooseArgs | undefined);
}

/** What a transport is asked to send: the route (for its checks, port or cache), method and path. */
export interface RouteRequest {
  name: JsonRouteName;
  method: RouteMethod;
  path: string;
  /** The JSON body, or undefined when the call has none. */
  body: unknown;
}

/** A success answer: the envelope's `data` and its (French) `message`. */
export interface CallAnswer<T> {
  data: T;
  message: string;
}

/**
 * Sends one request and answers the envelope's data and message, or throws the app's error (which
 * carries the status, the `CallErrorCode` and the envelope's message). The transport vouches for
 * the answer's type: in development builds it checks it against the route's schema.
 */
export type Transport<O> = (
  request: RouteRequest,
  options: O | undefined,
) => Promise<CallAnswer<unknown>>;

/** A failure's code: the server's (`error` of the envelope) or the client's own. */
export type CallErrorCode = ErrorCode | 'network' | 'aborted' | 'timeout' | 'bad_response';

/** The arguments of a call of route N: its typed arguments, then the transport's options. */
export type CallParameters<N extends RouteName, O> = Optional<CallArgs<N>, [options?: O]>;

/** A client of every JSON route of the table over `transport` (decision 031). */
export function createRouteClient<O>(transport: Transport<O>) {
  const callWithMessage = async <N extends JsonRouteName>(
    name: N,
    ...rest: CallParameters<N, O>
  ): Promise<CallAnswer<ResponseOf<N>>> => {
    const [args, options] = rest as unknown as [LooseArgs | undefined, O | undefined];
    const answer = await transport(
      { name, method: ROUTES[name].method, path: filledPath(name, args), body: args?.body },
      options,
    );
    // The one place where the JSON becomes the route's type, which its schema describes.
    return answer as CallAnswer<ResponseOf<N>>;
  };
  return {
    /** A call of the route table: its answer's `data`. */
    call: async <N extends JsonRouteName>(
      name: N,
      ...rest: CallParameters<N, O>
    ): Promise<ResponseOf<N>> => (await callWithMessage(name, ...rest)).data,
    /** The same, with the envelope's message too (for a screen that shows the server's words). */
    callWithMessage,
  };
}
