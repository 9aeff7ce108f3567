/**
 * The week ahead (issue 46): GET /api/admin/developments/:devid/week-ahead[?from=<instant>]
 * (week-ahead.ts builds it). For whoever may edit the development, as the preview it links to.
 */
import { adminRelative, PUBLISH_AT_PATTERN, type WeekAheadQuery } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.js';
import { requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { weekAhead } from './week-ahead.js';

/** `from`: an RFC 3339 instant with its zone (past or future, as the preview's `at`), or a French 400. */
function fromInstant(from: string): Date {
  if (!new RegExp(PUBLISH_AT_PATTERN).test(from) || Number.isNaN(Date.parse(from))) {
    throw badRequest(
      `« from » doit être un instant RFC 3339 avec son fuseau, « Z » ou un décalage (par exemple 2026-11-30T05:00:00+01:00) ; reçu « ${from} ».`,
    );
  }
  return new Date(Date.parse(from));
}

export async function weekAheadRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  fastify.get<{ Params: { devid: number }; Querystring: WeekAheadQuery }>(
    adminRelative('adminWeekAhead'),
    { schema: routeSchema('adminWeekAhead') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const from = request.query.from === undefined ? ctx.now() : fromInstant(request.query.from);
      const answer = await ctx.repos.transaction(async (trx) => {
        const development = await trx
          .selectFrom('developments')
          .select('devid')
          .where('devid', '=', devid)
          .executeTakeFirst();
        return development ? weekAhead(trx, devid, from) : undefined;
      });
      if (!answer) throw notFound(`Le développement ${devid} n’existe pas.`);
      return ok(answer);
    },
  );
}
