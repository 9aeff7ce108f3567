/**
 * The OpenAPI 3.1 document of the whole API, generated from the contract's route table (method,
 * path, auth, summary) and its route schemas (params, query, body, response `data`). TypeBox
 * schemas are JSON Schema already (OpenAPI 3.1 takes JSON Schema 2020-12 as is), so the work is
 * only the OpenAPI frame around them: `:name` → `{name}`, parameters, the envelope, the auth
 * schemes, tags and examples. Served at GET /api/openapi.json and rendered by /api/docs.
 */
import {
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  ROUTE_SCHEMAS,
  ROUTES,
  TOKEN_HEADER,
  type RouteDefinition,
  type RouteName,
  type RouteSchema,
} from '@plant-kiosk/contract';
import type { TSchema } from '@sinclair/typebox';

type Json = Record<string, unknown>;

export const OPENAPI_TAGS = [
  {
    name: 'kiosk',
    description: 'The kiosk’s calls (docs/product.md#calls): login, content, event stream.',
  },
  {
    name: 'back-office',
    description:
      'The back-office API under /api/admin: session, developments, accounts, users, content.',
  },
  { name: 'publish', description: 'Publishing the draft to the kiosks, revisions, audit log.' },
  { name: 'fleet', description: 'The kiosks’ status reports and the fleet view.' },
  { name: 'media', description: 'The media library of a development.' },
  {
    name: 'service',
    description: 'Liveness, the Prometheus metrics, configuration and this documentation.',
  },
] as const;
export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

const PUBLISH_ROUTES = new Set<RouteName>([
  'publish',
  'adminPublish',
  'adminRevisions',
  'adminRevisionChanges',
  'adminDraftChanges',
  'adminAudit',
]);
const SERVICE_ROUTES = new Set<RouteName>([
  'health',
  'metrics',
  'config',
  'openapi',
  'docs',
  'ping',
]);

/** The tag a route is listed under. */
/** The totems' own settings and identities (issue 47), beside the fleet's list. */
const FLEET_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'adminKioskProfile',
  'adminForgetKiosk',
  'adminPurgeKiosks',
  // Remote commands (issue 47): sent and listed by the back-office, acknowledged by the totem.
  'adminSendKioskCommand',
  'adminKioskCommands',
  'kioskCommandAck',
  // « Vous êtes ici » (issue 47): placed by the back-office, read by the totem with its profile.
  'adminKioskPlanMarks',
  'adminSetKioskPlanMarks',
  'kioskOwnSettings',
  // Health rules (issue 48): what the server watches on the totems, its incidents, the mutes.
  'adminHealthRules',
  'adminSaveHealthRules',
  'adminHealthIncidents',
  'adminMuteKiosk',
  'adminUnmuteKiosk',
]);

export function tagOf(name: RouteName): OpenApiTag {
  if (PUBLISH_ROUTES.has(name) || /^admin(Discard|Revision|Draft)/.test(name)) return 'publish';
  if (SERVICE_ROUTES.has(name)) return 'service';
  if (name === 'heartbeat' || name.startsWith('adminFleet') || FLEET_ROUTES.has(name))
    return 'fleet';
  if (/^admin\w*Media$/.test(name)) return 'media';
  return name.startsWith('admin') ? 'back-office' : 'kiosk';
}

/** A TypeBox schema as plain JSON Schema (its symbol-keyed markers dropped). */
const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema)) as Json;

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

const SAFE = new Set(['GET', 'HEAD']);

function security(route: RouteDefinition, name: RouteName): Json[] | undefined {
  switch (route.auth) {
    case 'kiosk-token':
      // EventSource cannot set headers: the stream takes a single-use ticket in the query
      // (decision 028), and still the token there from kiosk apps older than the tickets.
      return name === 'stream'
        ? [{ streamTicket: [] }, { kioskToken: [] }, { kioskTokenQuery: [] }]
        : [{ kioskToken: [] }];
    case 'admin-session':
      return SAFE.has(route.method) ? [{ adminSession: [] }] : [{ adminSession: [], csrf: [] }];
    case 'publish-token':
      return [{ publishToken: [] }];
    case 'alert-token':
      return [{ alertToken: [] }];
    case 'metrics-token':
      return [{ metricsToken: [] }];
    case 'none':
      return undefined;
  }
}

function parameters(entry: RouteSchema): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [
    ['path', entry.params],
    ['query', entry.querystring],
  ] as const) {
    if (!schema) continue;
    const json = plain(schema);
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...rest } = property;
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  return list;
}

function requestBody(entry: RouteSchema): Json | undefined {
  if (entry.bodyType === 'multipart/form-data') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      },
    };
  }
  if (entry.bodyType === 'application/cap+xml') {
    return {
      required: true,
      content: { 'application/cap+xml': { schema: { type: 'string' } } },
    };
  }
  if (entry.bodyType === 'image/webp') {
    return {
      required: true,
      content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (!entry.body) return undefined;
  const schema = plain(entry.body);
  const required = Array.isArray(schema.required) && schema.required.length > 0;
  return { required, content: { 'application/json': { schema } } };
}

/** The success envelope around a route's `data`. */
function envelopeOf(data: Json): Json {
  return {
    type: 'object',
    required: ['data', 'message', 'error'],
    properties: { data, message: { type: 'string' }, error: { type: 'null' } },
  };
}

function successResponse(entry: RouteSchema): Json {
  const answer = entry.answer ?? 'envelope';
  switch (answer) {
    case 'envelope': {
      const example =
        entry.example === undefined
          ? undefined
          : { data: entry.example, message: 'OK', error: null };
      return {
        description: 'Success: the envelope with the answer in `data`.',
        content: {
          'application/json': {
            schema: envelopeOf(entry.response ? plain(entry.response) : {}),
            ...(example ? { example } : {}),
          },
        },
      };
    }
    case 'json':
      return {
        description: 'Success: the JSON body as is (no envelope).',
        content: { 'application/json': { schema: entry.response ? plain(entry.response) : {} } },
      };
    case 'event-stream':
      return {
        description: 'An open stream of server-sent events (text/event-stream).',
        content: {
          'text/event-stream': {
            schema: { type: 'string' },
            // Each event's `data` line is this JSON (OpenAPI 3.1 has no field for it).
            ...(entry.events ? { 'x-event-data': plain(entry.events) } : {}),
          },
        },
      };
    case 'empty':
      return { description: 'Success, no body.' };
    case 'html':
      return {
        description: 'An HTML page.',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    case 'csv':
      return {
        description: 'A CSV file, as a download.',
        content: { 'text/csv': { schema: { type: 'string' } } },
      };
    case 'zip':
      return {
        description: 'A zip file, as a download.',
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      };
    case 'prometheus':
      return {
        description: 'The Prometheus text exposition format.',
        content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
      };
    case 'webp':
      return {
        description: 'A WebP picture.',
        content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
      };
    case 'cap-xml':
      return {
        description: 'A CAP 1.2 `Ack` message referencing the message received.',
        content: { 'application/cap+xml': { schema: { type: 'string' } } },
      };
  }
}

function operation(name: RouteName): Json {
  const route: RouteDefinition = ROUTES[name];
  const entry: RouteSchema = ROUTE_SCHEMAS[name];
  const params = parameters(entry);
  const body = requestBody(entry);
  const auth = security(route, name);
  const responses: Json = { [String(entry.status ?? 200)]: successResponse(entry) };
  if (name === 'adminUploadMedia') {
    responses['200'] = {
      ...successResponse(entry),
      description: 'The same file was already there.',
    };
  }
  if (name === 'snapshot') responses['304'] = { description: 'Not modified (If-None-Match).' };
  if (entry.answer !== 'empty') {
    responses['4XX'] = { $ref: '#/components/responses/Error' };
    responses['5XX'] = { $ref: '#/components/responses/Error' };
  }
  return {
    operationId: name,
    summary: route.summary,
    ...(entry.note ? { description: entry.note } : {}),
    tags: [tagOf(name)],
    'x-auth': route.auth,
    ...(auth ? { security: auth } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export interface OpenApiOptions {
  version: string;
}

/** The whole document; every route of the table appears once, under its path and method. */
export function buildOpenApiDocument(options: OpenApiOptions): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const route = ROUTES[name];
    const item = (paths[openApiPath(route.path)] ??= {});
    item[route.method.toLowerCase()] = operation(name);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Plant kiosk API',
      version: options.version,
      description:
        'Every call of the plant kiosk server: the kiosks’ content calls (docs/product.md#calls), the back-office API, ' +
        'publishing, the fleet view and the media library. Every JSON answer, errors included, is the ' +
        'envelope `{ data, message, error }`: `data` on success, `message` for a person, `error` a stable ' +
        'code (or null). Back-office messages are in French.',
    },
    tags: OPENAPI_TAGS,
    paths,
    components: {
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['data', 'message', 'error'],
          properties: {
            data: { description: 'null; for a 409 version conflict, the item as it is now.' },
            message: { type: 'string' },
            error: {
              type: 'string',
              description: 'bad_request, unauthorized, forbidden, not_found, conflict, …',
            },
          },
        },
      },
      responses: {
        Error: {
          description: 'Refused: the envelope with `data` null (or the current item for a 409).',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/ErrorEnvelope' },
              example: { data: null, message: 'Zone 42 not found', error: 'not_found' },
            },
          },
        },
      },
      securitySchemes: {
        kioskToken: {
          type: 'apiKey',
          in: 'header',
          name: TOKEN_HEADER,
          description: 'The token POST /clientauth answers (docs/product.md#roles).',
        },
        streamTicket: {
          type: 'apiKey',
          in: 'query',
          name: 'ticket',
          description:
            'A single-use ticket of POST /display/stream-ticket/{devid} (60 s), for the event ' +
            'stream only: the kiosk token stays out of URLs (decision 028).',
        },
        kioskTokenQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description:
            'Deprecated: the kiosk token itself in the query, for the event stream only, as ' +
            'kiosk apps older than the stream tickets send it (URLs end up in proxy logs).',
        },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: ADMIN_SESSION_COOKIE,
          description: 'HttpOnly session cookie set by POST /api/admin/login.',
        },
        csrf: {
          type: 'apiKey',
          in: 'header',
          name: ADMIN_CSRF_HEADER,
          description:
            'The session’s CSRF token (`csrfToken` of the login and /me answers), on every ' +
            'state-changing back-office call.',
        },
        publishToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The server’s publish token (PUBLISH_TOKEN), for POST /api/publish/{devid}.',
        },
        alertToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The server’s alert token (ALERT_TOKEN), for /api/alerts/{devid}.',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The server’s metrics token (METRICS_TOKEN), for GET /metrics.',
        },
      },
    },
  };
}
