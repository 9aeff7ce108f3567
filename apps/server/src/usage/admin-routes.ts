/**
 * `GET /api/admin/developments/:devid/usage.csv?from=…&to=…` (issue 49): the development's usage
 * events between two instants, one CSV line per event, for the plant's own tools (docs/usage.md);
 * `GET /api/admin/developments/:devid/usage?from&to&kioskId&group` (part 2): the dashboard, read
 * from the roll-ups (usage-dashboard.ts).
 * Admins and the development's editors, as the alert timeline's CSV (403 for anyone else, 404 for
 * an unknown development). Streamed page by page: a year of a large plant never sits in memory.
 */
import {
  adminUsageDashboardRoutePatterns as dashboardRoutes,
  adminUsageRoutePatterns as routes,
  ROUTE_SCHEMAS,
  type UsageCsvQuery,
  type UsageDashboardQuery,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.js';
import { requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { rangeProblem, usageDashboard } from './usage-dashboard.js';
import { parseInstant, USAGE_MESSAGES, usageCsv } from './usage-service.js';

export async function adminUsageRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  fastify.get<{ Params: { devid: number }; Querystring: UsageCsvQuery }>(
    routes.csv,
    {
      schema: {
        params: ROUTE_SCHEMAS.adminUsageCsv.params,
        querystring: ROUTE_SCHEMAS.adminUsageCsv.querystring,
      },
    },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const from = parseInstant(request.query.from);
      const to = parseInstant(request.query.to);
      if (from === null || to === null || from >= to) throw badRequest(USAGE_MESSAGES.badRange);
      const development = await ctx.repos.developments.find(devid);
      if (!development) throw notFound(`Le développement ${devid} n’existe pas.`);
      const stamp = (instant: string) => instant.slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="usage-${development.devname}-${stamp(from)}-${stamp(to)}.csv"`,
        )
        .send(usageCsv(ctx.repos, { devid, from, to }));
    },
  );

  fastify.get<{ Params: { devid: number }; Querystring: UsageDashboardQuery }>(
    dashboardRoutes.dashboard,
    {
      schema: {
        params: ROUTE_SCHEMAS.adminUsageDashboard.params,
        querystring: ROUTE_SCHEMAS.adminUsageDashboard.querystring,
      },
    },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const problem = rangeProblem(request.query.from, request.query.to);
      if (problem !== null) throw badRequest(problem);
      if (!(await ctx.repos.developments.find(devid))) {
        throw notFound(`Le développement ${devid} n’existe pas.`);
      }
      return ok(await usageDashboard(ctx.repos, devid, request.query));
    },
  );
}
