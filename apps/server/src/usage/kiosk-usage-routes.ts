/**
 * `POST /display/usage/:devid` (issue 49): a totem sends a batch of the usage events it recorded.
 * Token header like every /display call, for its own development (403 otherwise) and bound to its
 * totem (a token bound to no totem: 403; a batch naming another totem than the token's: 403). The
 * events are filed under the token's totem, never under an id the body names. 413 above USAGE_BATCH_MAX_BYTES, 429 with Retry-After past
 * USAGE_MAX_BATCHES_PER_MINUTE batches a minute for one totem: the totem keeps its backlog and
 * sends it later, nothing is lost.
 */
import { ERROR_CODES, ROUTES, USAGE_BATCH_MAX_BYTES, type UsageBatch } from '@plant-kiosk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { KIOSK_NOT_YOURS_MESSAGE } from '../fleet/index.js';
import type { AppContext } from '../lib/context.js';
import { forbidden, HttpError, ok, tooManyRequests } from '../lib/envelope.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { ingestBatch, USAGE_MESSAGES, UsageRateLimiter } from './usage-service.js';

export async function kioskUsageRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const limiter = new UsageRateLimiter(ctx.now);

  // This plugin's routes only: the size refusal in French, like the rest of the call's answers;
  // everything else goes on to the app's envelope handler.
  fastify.setErrorHandler((error: FastifyError, _request, _reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new HttpError(
        413,
        ERROR_CODES.payloadTooLarge,
        USAGE_MESSAGES.tooLarge(USAGE_BATCH_MAX_BYTES),
      );
    }
    throw error;
  });

  fastify.post<{ Params: { devid: number }; Body: UsageBatch }>(
    ROUTES.kioskUsage.path,
    {
      schema: routeSchema('kioskUsage'),
      bodyLimit: USAGE_BATCH_MAX_BYTES,
      onRequest: tokenHook(ctx.tokens),
    },
    async (request, reply) => {
      const { devid } = request.params;
      const { kioskId } = assertDevelopment(request, devid);
      if (kioskId === undefined) throw forbidden(USAGE_MESSAGES.unbound);
      if (request.body.kioskId !== undefined && request.body.kioskId !== kioskId) {
        throw forbidden(KIOSK_NOT_YOURS_MESSAGE);
      }
      reply.header('cache-control', 'no-store');
      const wait = limiter.take(`${devid}/${kioskId}`);
      if (wait > 0) throw tooManyRequests(reply, wait, USAGE_MESSAGES.tooMany(wait));

      const { result, conflicts } = await ingestBatch(ctx.repos, {
        devid,
        kioskId,
        batch: request.body,
        now: ctx.now(),
      });
      for (const conflict of conflicts) {
        request.log.warn(
          { devid, kioskId, eventId: conflict.id, index: conflict.index },
          'usage event id already stored with other content: the first is kept',
        );
      }
      const dropped = request.body.dropped ?? 0;
      if (dropped > 0) {
        request.log.warn({ devid, kioskId, dropped }, 'totem dropped usage events (local bound)');
      }
      return ok(result, USAGE_MESSAGES.stored(result));
    },
  );
}
