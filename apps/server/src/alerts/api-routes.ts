/**
 * /api/alerts/:devid (emergency alerts, decision 012): start (POST), end (DELETE) and read (GET)
 * the emergency alert of a development, for a fire-alarm panel, a building system or the CLI.
 * Authorised by the alert token (its own secret, not the publish token) as a bearer token, compared
 * in constant time; a missing or wrong token is a 401 and is audited (someone is trying to trigger
 * or end an alert), one audit row per address and window however many calls it refuses, and an
 * address past its allowance of refusals gets 429 instead (audit/refused-calls.ts); the right token
 * always gets through. The token is asked for at each call: an admin may regenerate it, and the old
 * one is refused at once, by every instance (decision 026).
 *
 * /api/alerts/:devid/cap (issue 50, decision 044) is the same door in CAP 1.2: an XML body (its own
 * parser, in this encapsulated plugin only, at most CAP_MAX_BYTES), a CAP answer (`Ack`, or `Error`
 * for a refused CAP document); a body that is no CAP document gets the JSON envelope.
 */
import {
  CAP_MAX_BYTES,
  CAP_MEDIA_TYPES,
  ERROR_CODES,
  ROUTE_SCHEMAS,
  routePatterns,
  ROUTES,
  type CapAcksQuery,
  type StartAlertRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeSchema } from '../routes/admin/schemas.js';
import { currentAlert, endAlert, startAlert, type AlertCaller } from './alert-service.js';
import type { AppContext } from '../lib/context.js';
import { badRequest, ok, tooManyRequests, unauthorized } from '../lib/envelope.js';
import { acceptRawBody } from '../lib/raw-body.js';
import { CapRefusal } from './cap-document.js';
import { CapService } from './cap-service.js';
import { RefusedCalls } from '../audit/index.js';

/** Set by the CLI, so that the audit log says "cli". */
export const ALERT_CLIENT_HEADER = 'x-alert-client';

/**
 * Refused calls per client address: 10 in a window of 10 minutes, then 429 until it ends. The
 * window is also what one audit row gathers: a steady flood shows as a new row every 10 minutes,
 * at the top of the log, rather than one row that stays where it began.
 */
export const ALERT_REFUSAL_LIMIT = { max: 10, windowMs: 10 * 60_000 };

export const alertRefusalsThrottled = (seconds: number) =>
  `Trop d’appels refusés depuis cette adresse (jeton d’alerte absent ou faux) : réessayez dans ${seconds} secondes. Un appel avec le bon jeton passe toujours.`;

export async function alertApiRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const caller = (request: FastifyRequest): AlertCaller =>
    request.headers[ALERT_CLIENT_HEADER] === 'cli' ? 'cli' : 'api';

  const refusals = new RefusedCalls({
    audit: ctx.repos.audit,
    now: ctx.now,
    ...ALERT_REFUSAL_LIMIT,
  });
  const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
    // The right token first, and whatever the address's refusals: it is never throttled.
    if (match?.[1] && ctx.secrets.alertToken.accepts(match[1])) return;
    const devid = Number((request.params as { devid?: string }).devid);
    const retryAfter = await refusals.refuse(request.ip, {
      userid: null,
      username: null,
      devid: Number.isSafeInteger(devid) && devid > 0 && devid <= 2_147_483_647 ? devid : null,
      action: 'alert.unauthorized',
      summary: { method: request.method, ip: request.ip, token: match?.[1] ? 'wrong' : 'missing' },
    });
    if (retryAfter > 0)
      throw tooManyRequests(reply, retryAfter, alertRefusalsThrottled(retryAfter));
    throw unauthorized(
      match?.[1]
        ? 'Wrong alert token'
        : 'Missing alert token: send "Authorization: Bearer <ALERT_TOKEN>"',
    );
  };
  const deps = { repos: ctx.repos, bus: ctx.bus, now: ctx.now };
  const cap = new CapService(deps);

  // CAP's XML as a string, at most CAP_MAX_BYTES; read by cap-document.ts, never here.
  const requireCapType = acceptRawBody(fastify, {
    mediaTypes: CAP_MEDIA_TYPES,
    parseAs: 'string',
    bodyLimit: CAP_MAX_BYTES,
    wrongType: `Unsupported Content-Type: send a CAP 1.2 document as ${CAP_MEDIA_TYPES.join(', ')}`,
    tooLarge: `CAP document too large: the limit is ${CAP_MAX_BYTES / 1024} KiB`,
  });

  fastify.post<{ Params: { devid: number } }>(
    ROUTES.alertCap.path,
    {
      // XML in, XML out: no body or response schema (the contract's entry says so).
      schema: { params: ROUTE_SCHEMAS.alertCap.params },
      bodyLimit: CAP_MAX_BYTES,
      onRequest: [authorize, requireCapType],
    },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      try {
        const answer = await cap.receive(request.params.devid, body);
        return reply
          .code(answer.status)
          .header('content-type', 'application/cap+xml; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(answer.xml);
      } catch (error) {
        // Not a CAP document at all: the JSON envelope says why.
        if (error instanceof CapRefusal) throw badRequest(error.message);
        throw error;
      }
    },
  );

  fastify.get<{ Params: { devid: number }; Querystring: CapAcksQuery }>(
    ROUTES.alertCapAcks.path,
    { schema: routeSchema('alertCapAcks'), onRequest: authorize },
    async (request) => {
      const { sender, identifier } = request.query;
      return ok(await cap.acks(request.params.devid, sender, identifier));
    },
  );

  fastify.post<{ Params: { devid: number }; Body: StartAlertRequest }>(
    routePatterns.alertStart,
    { schema: routeSchema('alertStart'), onRequest: authorize },
    async (request, reply) => {
      const { message, refused, ...state } = await startAlert(
        deps,
        request.params.devid,
        request.body,
        caller(request),
      );
      // The replacement rule said no (decision 027): a 409 naming the alert in force, which a
      // panel must not take for a started alert.
      if (refused)
        return reply.code(409).send({ data: state, message, error: ERROR_CODES.conflict });
      return ok(state, message);
    },
  );

  fastify.delete<{ Params: { devid: number } }>(
    routePatterns.alertEnd,
    { schema: routeSchema('alertEnd'), onRequest: authorize },
    async (request) => {
      const { message, ...state } = await endAlert(deps, request.params.devid, caller(request));
      return ok(state, message);
    },
  );

  fastify.get<{ Params: { devid: number } }>(
    routePatterns.alertGet,
    { schema: routeSchema('alertGet'), onRequest: authorize },
    async (request) => {
      const { message, ...state } = await currentAlert(deps, request.params.devid);
      return ok(state, message);
    },
  );
}
