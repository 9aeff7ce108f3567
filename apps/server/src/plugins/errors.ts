/**
 * Makes every response that is not a success an envelope `{ data: null, message, error }` with a
 * meaningful status: validation failures, malformed or oversized bodies, unknown routes (404) and
 * known paths called with the wrong method (405), rate limiting, and unexpected failures (500,
 * logged, with no internals in the message).
 *
 * Ids and batch numbers are also checked here, before schema validation, as plain decimal digits:
 * Ajv's coercion alone would accept "0x10", "1e3" or " 7" as numbers.
 */
import { ERROR_CODES } from '@plant-kiosk/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import { ActiveAlertTemplateError } from '../publishing/index.js';
import { HttpError, badRequest, errorCodeForStatus, failure } from '../lib/envelope.js';
import { API_CSP, COMMON_SECURITY_HEADERS } from './security.js';

/** Integer path and query parameters, with their ranges (contract `Id` and `BatchQuery`). */
const ID_RANGE = { min: 1, max: 2_147_483_647 };
export const INTEGER_PARAMETERS: Record<string, { min: number; max: number }> = {
  devid: ID_RANGE,
  zoneid: ID_RANGE,
  elementid: ID_RANGE,
  subgroupid: ID_RANGE,
};
export const INTEGER_QUERY: Record<string, { min: number; max: number }> = {
  order: { min: 0, max: 1_000_000 },
  quantity: { min: 1, max: 1000 },
  // GET /display/changes (delta sync, decision 016): a revision number.
  since: { min: 0, max: 2_147_483_647 },
};

const PART_NAMES: Record<string, string> = {
  params: 'path parameter',
  querystring: 'query parameter',
  body: 'body field',
  headers: 'header',
};

function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function checkIntegers(
  values: unknown,
  ranges: Record<string, { min: number; max: number }>,
  part: string,
): void {
  if (!values || typeof values !== 'object') return;
  for (const [name, range] of Object.entries(ranges)) {
    const value = (values as Record<string, unknown>)[name];
    if (typeof value !== 'string') continue;
    if (!/^\d{1,10}$/.test(value) || Number(value) < range.min || Number(value) > range.max) {
      throw badRequest(
        `Invalid ${part} '${name}': must be an integer from ${range.min} to ${range.max} (got ${quote(value)})`,
      );
    }
  }
}

/** Turns Ajv errors into one sentence naming the parameter and what is wrong with it. */
export function formatSchemaErrors(
  errors: FastifySchemaValidationError[],
  dataVar: string,
): string {
  const part = PART_NAMES[dataVar] ?? dataVar;
  const first = errors[0];
  if (!first) return `Invalid ${part}`;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  // An empty body with a JSON Content-Type is no body (json-body.ts), which Fastify validates as
  // null: say so rather than "must be object" when the route needs one (Ajv runs verbose).
  if (dataVar === 'body' && !path && (first as { data?: unknown }).data === null) {
    return 'Missing JSON body: this call takes a JSON object';
  }
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string }).missingProperty ?? '?';
    return `Missing ${part} '${path ? `${path}.${missing}` : missing}'`;
  }
  const name = path || (dataVar === 'body' ? 'body' : part);
  // A union of literals fails on every branch; name the allowed values instead.
  const allowed = errors
    .filter((error) => error.keyword === 'const' && error.instancePath === first.instancePath)
    .map((error) => (error.params as { allowedValue?: unknown }).allowedValue);
  if (allowed.length > 0) {
    return `Invalid ${part} '${name}': must be one of ${allowed.map((value) => JSON.stringify(value)).join(', ')}`;
  }
  // A union of types (an id or a name) fails on every branch too; name every type it takes.
  const types = errors
    .filter((error) => error.keyword === 'type' && error.instancePath === first.instancePath)
    .map((error) => String((error.params as { type?: unknown }).type));
  if (types.length > 1) {
    return `Invalid ${part} '${name}': must be ${[...new Set(types)].join(' or ')}`;
  }
  return path
    ? `Invalid ${part} '${name}': ${first.message ?? 'is invalid'}`
    : `Invalid ${dataVar === 'body' ? 'body' : part}: ${first.message ?? 'is invalid'}`;
}

interface RouteShape {
  method: string;
  pattern: RegExp;
}

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

function errorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body too large: the limit is 64 KiB';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON body';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type: send application/json`;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body';
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL';
    default:
      // Fastify's own 4xx messages are about the request; anything else stays generic.
      return status < 500 && error.message ? error.message : 'Request failed';
  }
}

async function errorsPlugin(fastify: FastifyInstance): Promise<void> {
  const routes: RouteShape[] = [];
  fastify.addHook('onRoute', (route) => {
    // Wildcards (static files, CORS preflight) match everything, so they say nothing about 405.
    if (route.url.includes('*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'OPTIONS') continue;
      routes.push({ method, pattern: patternOf(route.url) });
    }
  });

  fastify.setSchemaErrorFormatter(
    (errors, dataVar) => new Error(formatSchemaErrors(errors, dataVar)),
  );

  // Callback style: it runs on every call, and a throw-free check needs no promise.
  fastify.addHook('preValidation', (request, _reply, done) => {
    try {
      checkIntegers(request.params, INTEGER_PARAMETERS, 'path parameter');
      checkIntegers(request.query, INTEGER_QUERY, 'query parameter');
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429) {
        request.log.warn({ ip: request.ip, url: request.routeOptions.url }, 'rate limit reached');
      }
      return reply.code(error.statusCode).send(failure(error.message, error.code));
    }
    // The db layer's own refusal (it knows no HTTP): the same 409 as any conflict.
    if (error instanceof ActiveAlertTemplateError) {
      return reply.code(409).send(failure(error.message, ERROR_CODES.conflict));
    }
    if (error.validation) {
      return reply.code(400).send(failure(error.message, ERROR_CODES.badRequest));
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(failure('Internal server error', ERROR_CODES.internal));
    }
    return reply
      .code(status)
      .send(failure(errorMessage(error, status), errorCodeForStatus(status)));
  });

  fastify.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (request.method !== 'OPTIONS') {
      const allowed = new Set(
        routes.filter((route) => route.pattern.test(path)).map((route) => route.method),
      );
      if (allowed.size > 0 && !allowed.has(request.method)) {
        return reply
          .code(405)
          .header('allow', [...allowed].sort().join(', '))
          .send(
            failure(
              `Method ${request.method} not allowed on ${path}: use ${[...allowed].sort().join(' or ')}`,
              ERROR_CODES.badRequest,
            ),
          );
      }
    }
    return reply
      .code(404)
      .send(failure(`Not found: ${request.method} ${path}`, ERROR_CODES.notFound));
  });
}

export const errorsPluginFp = fp(errorsPlugin, { name: 'kiosk-errors', fastify: '5.x' });

/** For the Fastify constructor's `frameworkErrors` (malformed URLs, over-long parameters). */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : errorMessage(error, 400);
  // Sent before any hook runs, so the security plugin's headers must be set here.
  void reply
    .code(status)
    .headers({ ...COMMON_SECURITY_HEADERS, 'content-security-policy': API_CSP })
    .send(failure(message, ERROR_CODES.badRequest));
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive in time' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/**
 * For the Fastify constructor's `clientErrorHandler`: what Node's HTTP parser refuses before
 * Fastify sees a request (a malformed request line or header, conflicting Content-Length and
 * Transfer-Encoding, headers too large, a request that did not arrive within the time-out) is
 * answered as an envelope too (outside-probe hardening), then the connection is closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection, or one already closed: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = CLIENT_ERRORS[error.code ?? ''];
  const status = known?.status ?? 400;
  const body = JSON.stringify(
    failure(known?.message ?? 'Malformed HTTP request', errorCodeForStatus(status)),
  );
  // Node's own rule: never write into a response that has already started on this socket.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) {
    const headers = { ...COMMON_SECURITY_HEADERS, 'content-security-policy': API_CSP };
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${String(value)}\r\n`)
          .join('') +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
