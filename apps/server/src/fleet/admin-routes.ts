/**
 * The fleet view: the list of kiosks and its live channel (server-sent events, authenticated by
 * the session cookie like every admin GET). Admins see every development, editors theirs;
 * `?devid=` narrows to one (403 for an editor on someone else's).
 */
import {
  ROUTE_SCHEMAS,
  adminFleetRoutePatterns as routes,
  type FleetQuery,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../lib/envelope.js';
import { FleetLive } from './fleet-live.js';
import { ProfiledFleet } from './kiosk-profiles.js';
import { authOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

export async function adminFleetRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  // Each entry with its totem's name, place and groups (decision 038), in the list and live.
  const fleet = new ProfiledFleet(ctx);
  const live = new FleetLive(fleet, ctx.bus, (error) =>
    fastify.log.error({ err: error }, 'fleet live channel'),
  );
  // Open event streams would keep the server from closing.
  fastify.addHook('preClose', async () => live.closeAll());

  /** The developments the request may watch: undefined means all (an admin without `devid`). */
  const scope = (request: FastifyRequest, devid: number | undefined): number[] | undefined => {
    if (devid !== undefined) {
      requireDevelopment(request, devid);
      return [devid];
    }
    const { user } = authOf(request);
    return user.role === 'admin' ? undefined : user.devids;
  };

  fastify.get<{ Querystring: FleetQuery }>(
    routes.list,
    { schema: routeSchema('adminFleet') },
    async (request) => ok(await fleet.list(scope(request, request.query.devid))),
  );

  fastify.get<{ Querystring: FleetQuery }>(
    routes.stream,
    { schema: { querystring: ROUTE_SCHEMAS.adminFleetStream.querystring } },
    async (request, reply) => {
      const devids =
        scope(request, request.query.devid) ??
        (await ctx.repos.developments.listForAdmin()).map((development) => development.devid);
      reply.hijack();
      // Headers set by hooks (no-store, the sliding session cookie, nosniff) would be lost otherwise.
      // EventSource sends back the last `id:` it got when it reconnects (see FleetLive's cursor).
      const lastEventId = request.headers['last-event-id'];
      await live.open(
        request.raw,
        reply.raw,
        devids,
        reply.getHeaders(),
        typeof lastEventId === 'string' ? lastEventId : undefined,
      );
    },
  );
}
