/**
 * GET /stream/:devid (spec §7): the server-sent events a kiosk listens to while online. EventSource
 * cannot set headers, so the token may also come as `?token=`. Authorisation failures are answered
 * as ordinary JSON envelopes before the stream starts; after that the response belongs to the
 * stream hub.
 */
import { routePatterns } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { DevidParams, StreamQuery } from './schemas.js';

export async function streamRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  fastify.get<{ Params: { devid: number }; Querystring: StreamQuery }>(
    routePatterns.stream,
    {
      schema: { params: DevidParams, querystring: StreamQuery },
      onRequest: tokenHook(ctx.tokens, { allowQuery: true }),
    },
    async (request, reply) => {
      const { devid } = request.params;
      assertDevelopment(request, devid);
      reply.hijack();
      ctx.streams.open(request.raw, reply.raw, {
        devid,
        kioskId: request.query.kioskId,
        // Headers set by hooks (nosniff, CORS) would be lost with the hijacked reply.
        headers: reply.getHeaders(),
      });
    },
  );
}
