/**
 * The health rules' back-office routes (issue 48, part 2; decision 041): the rules (read by
 * admins and the development's editors, saved by admins only), the incidents, and « Mettre en
 * sourdine » (admins and editors). Server-side settings: nothing here is published.
 */
import {
  adminHealthRoutePatterns as routes,
  type HealthRulesRequest,
  type KioskMuteParams,
  type KioskMuteRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { actorOf, requireAdmin, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { HEALTH_MESSAGES, HealthService } from './health-service.js';

interface DevidParams {
  devid: number;
}

export async function adminHealthRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const service = new HealthService(ctx);

  fastify.get<{ Params: DevidParams }>(
    routes.rules,
    { schema: routeSchema('adminHealthRules') },
    async (request) => {
      const auth = requireDevelopment(request, request.params.devid);
      return ok(await service.rules(request.params.devid, auth.user.role === 'admin'));
    },
  );

  fastify.put<{ Params: DevidParams; Body: HealthRulesRequest }>(
    routes.saveRules,
    { schema: routeSchema('adminSaveHealthRules') },
    async (request) => {
      requireAdmin(request);
      const saved = await service.saveRules(request.params.devid, request.body, actorOf(request));
      return ok(saved, HEALTH_MESSAGES.saved);
    },
  );

  fastify.get<{ Params: DevidParams }>(
    routes.incidents,
    { schema: routeSchema('adminHealthIncidents') },
    async (request) => {
      requireDevelopment(request, request.params.devid);
      return ok(await service.incidents(request.params.devid));
    },
  );

  fastify.post<{ Params: KioskMuteParams; Body: KioskMuteRequest }>(
    routes.mute,
    { schema: routeSchema('adminMuteKiosk') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      const mute = await service.mute(devid, kioskId, request.body.hours, actorOf(request));
      return ok(mute, HEALTH_MESSAGES.muted(request.body.hours));
    },
  );

  fastify.delete<{ Params: KioskMuteParams }>(
    routes.unmute,
    { schema: routeSchema('adminUnmuteKiosk') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      const ended = await service.unmute(devid, kioskId, actorOf(request));
      return ok(
        { devid, kioskId, until: null },
        ended ? HEALTH_MESSAGES.unmuted : HEALTH_MESSAGES.notMuted,
      );
    },
  );
}
