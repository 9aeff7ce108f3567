/**
 * The red button (red button and acknowledgements, decision 018): the back-office reads a
 * development's alert and the totems' acknowledgements (GET, and live as server-sent events),
 * triggers an alert from a published template (POST) and ends it (DELETE). Anyone who may see the
 * development sees its alert; admins, and the users an admin allowed (`canAlert`), trigger and end
 * it.
 *
 * The same start and end as the alert token's calls (alert-service.ts) — the state in the store, the
 * `alert` message on the bus, the audit — with one difference: the back-office never replaces an
 * alert in force. Two people pressing the button at once get one alert: the first wins, the second
 * gets it back (the same template and drill: 200, nothing changed; another: 409 saying which).
 */
import {
  adminAlertRoutePatterns as routes,
  ERROR_CODES,
  ROUTE_SCHEMAS,
  type AdminStartAlertRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AlertLive } from './alert-live.js';
import { alertTimelineCsv } from './alert-timeline.js';
import { alertView } from './alert-view.js';
import { endAlert, startAlert } from './alert-service.js';
import { notFound, ok } from '../lib/envelope.js';
import {
  actorOf,
  canAlert,
  requireAlertRight,
  requireDevelopment,
} from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

export async function adminAlertRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const live = new AlertLive(ctx.bus, (error) =>
    fastify.log.error({ err: error }, 'alert live channel'),
  );
  // Open event streams would keep the server from closing.
  fastify.addHook('preClose', async () => live.closeAll());
  const deps = { repos: ctx.repos, bus: ctx.bus, now: ctx.now };

  const existing = async (devid: number) => {
    if (!(await ctx.repos.developments.find(devid)))
      throw notFound(`Le développement ${devid} n’existe pas.`);
  };
  const view = async (request: FastifyRequest, devid: number) => {
    const auth = requireDevelopment(request, devid);
    await existing(devid);
    return alertView(deps, devid, canAlert(auth, devid));
  };

  fastify.get<{ Params: { devid: number } }>(
    routes.alert,
    { schema: routeSchema('adminAlert') },
    async (request) => ok(await view(request, request.params.devid)),
  );

  fastify.post<{ Params: { devid: number }; Body: AdminStartAlertRequest }>(
    routes.alert,
    { schema: routeSchema('adminStartAlert') },
    async (request, reply) => {
      const { devid } = request.params;
      requireAlertRight(request, devid);
      const { userid, username } = actorOf(request);
      const outcome = await startAlert(
        deps,
        devid,
        {
          template: request.body.templateid,
          drill: request.body.drill,
          replace: request.body.replace ?? false,
        },
        { userid, username },
      );
      const data = await view(request, devid);
      if (outcome.refused) {
        return reply
          .code(409)
          .send({ data, message: outcome.message, error: ERROR_CODES.conflict });
      }
      return ok(data, outcome.message);
    },
  );

  fastify.delete<{ Params: { devid: number } }>(
    routes.alert,
    { schema: routeSchema('adminEndAlert') },
    async (request) => {
      const { devid } = request.params;
      requireAlertRight(request, devid);
      const { userid, username } = actorOf(request);
      const outcome = await endAlert(deps, devid, { userid, username });
      return ok(await view(request, devid), outcome.message);
    },
  );

  fastify.get<{ Params: { devid: number; alertid: number } }>(
    routes.timeline,
    { schema: { params: ROUTE_SCHEMAS.adminAlertTimeline.params } },
    async (request, reply) => {
      const { devid, alertid } = request.params;
      requireDevelopment(request, devid);
      const development = await ctx.repos.developments.find(devid);
      const alert = development && (await ctx.repos.alerts.historyEntry(devid, alertid));
      if (!development || !alert)
        throw notFound(`L’alerte ${alertid} n’existe pas pour ce développement.`);
      const csv = alertTimelineCsv(alert, await ctx.repos.alerts.acks(alertid));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="alerte-${development.devname}-${alertid}.csv"`,
        )
        .send(csv);
    },
  );

  fastify.get<{ Params: { devid: number } }>(
    routes.stream,
    { schema: { params: routeSchema('adminAlert').params } },
    async (request, reply) => {
      const { devid } = request.params;
      const auth = requireDevelopment(request, devid);
      // Before the stream opens, so that an unknown development is a plain 404.
      await existing(devid);
      reply.hijack();
      await live.open(
        request.raw,
        reply.raw,
        devid,
        () => alertView(deps, devid, canAlert(auth, devid)),
        reply.getHeaders(),
      );
    },
  );
}
