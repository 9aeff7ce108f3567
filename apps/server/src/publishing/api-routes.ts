/**
 * POST /api/publish/:devid: publishes the development's draft to its kiosks (the CLI's `publish`
 * calls it; the back-office publishes through the same service, publish-service.ts). Authorised
 * by the server's publish token as a bearer token, compared in constant time. The revision's
 * author is "api", or "cli" when the CLI says so in its `x-publish-client` header (the token is
 * the same: this only labels the history). Audited like a back-office publish (issue 42), by
 * "api" or "cli", in the publish's transaction. Given `at`, the publish is scheduled (issue 45):
 * 202 and `{ scheduled }`, nothing goes live now.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { routePatterns, type PublishRequest } from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { badRequest, forbidden, ok, unauthorized } from '../lib/envelope.js';
import { publish } from './publish-service.js';
import { schedulePublish } from './scheduled-publish.js';
import { DevidParams, PublishRequest as PublishRequestSchema } from '../routes/schemas.js';

/** Set by the CLI, so that its publishes say "CLI" in the revision history. */
export const PUBLISH_CLIENT_HEADER = 'x-publish-client';

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function publishRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const expected = digest(ctx.secrets.publishToken);

  const authorize = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
    if (!match?.[1]) {
      throw unauthorized('Missing publish token: send "Authorization: Bearer <PUBLISH_TOKEN>"');
    }
    // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
    if (!timingSafeEqual(digest(match[1]), expected)) throw forbidden('Wrong publish token');
  };

  fastify.post<{ Params: { devid: number }; Body: PublishRequest }>(
    routePatterns.publish,
    {
      schema: { params: DevidParams, body: PublishRequestSchema },
      onRequest: authorize,
      // No body at all means the default, a full `sync`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { devid } = request.params;
      const client = request.headers[PUBLISH_CLIENT_HEADER] === 'cli' ? 'cli' : 'api';
      if (request.body.bypassReason !== undefined) {
        throw badRequest(
          '« bypassReason » is for an admin in the back-office: the publish token cannot publish without approval (four-eyes publishing).',
        );
      }
      const { at } = request.body;
      if (at !== undefined) {
        // Scheduled (issue 45): accepted, nothing live yet.
        const scheduled = await schedulePublish(
          ctx,
          devid,
          { ...request.body, at },
          { kind: client },
        );
        return reply.code(202).send(ok(scheduled));
      }
      const result = await publish(ctx, devid, request.body, { kind: client });
      return ok(result);
    },
  );
}
