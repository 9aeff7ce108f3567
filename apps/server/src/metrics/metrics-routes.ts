/**
 * GET /metrics (issue 48, decision 040): the Prometheus text exposition, behind the server's own
 * metrics token (METRICS_TOKEN, or DATA_DIR/secrets/metrics-token) as a bearer token. Its own
 * token, not the publish or alert one: a monitoring server that holds it may read the figures,
 * never publish nor sound an alarm. Missing or wrong, the answer is the same 401 envelope; the
 * comparison is in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ROUTES } from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { unauthorized } from '../lib/envelope.js';
import { MetricsService } from './metrics-service.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export const METRICS_TOKEN_MESSAGE =
  'Missing or wrong metrics token: send "Authorization: Bearer <METRICS_TOKEN>"';

export async function metricsRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const expected = digest(ctx.secrets.metricsToken);
  const metrics = new MetricsService(ctx);
  fastify.addHook('onClose', async () => metrics.close());

  const authorize = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = header ? /^Bearer +(\S+)\s*$/i.exec(header) : null;
    // Hashing first gives equal lengths, which timingSafeEqual needs, without leaking the length.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw unauthorized(METRICS_TOKEN_MESSAGE);
    }
  };

  fastify.get(ROUTES.metrics.path, { onRequest: authorize }, async (_request, reply) => {
    const body = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
  });
}
