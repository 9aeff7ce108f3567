/**
 * `GET` / `PUT /api/admin/developments/:devid/kiosks/:kioskId/plan-marks` (« Vous êtes ici »,
 * issue 47, decision 038): a totem's points on the « Plan du site » images. Who may edit the
 * development may place them. Not content: no draft, no revision — checked against the published
 * images, written whole with its audit entry in one transaction, then a `profile` stream message
 * naming the totem so that it reads its settings again at once.
 */
import {
  KIOSK_PLAN_MARKS_AUDIT_ACTION,
  adminKioskPlanMarkRoutePatterns as routes,
  type KioskPlanMarksParams,
  type KioskPlanMarksRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories/index.js';
import { notFound, ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KIOSK_PROFILE_MESSAGES } from './kiosk-profile-routes.js';
import {
  KIOSK_PLAN_MARK_MESSAGES,
  marksToStore,
  publishedPlanImages,
  planMarksAnswer,
  sameMarks,
} from './kiosk-plan-marks.js';

export async function adminKioskPlanMarkRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  fastify.get<{ Params: KioskPlanMarksParams }>(
    routes.marks,
    { schema: routeSchema('adminKioskPlanMarks') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      if (!(await ctx.repos.kiosks.has(devid, kioskId)))
        throw notFound(KIOSK_PROFILE_MESSAGES.unknownKiosk);
      const [marks, images] = await Promise.all([
        ctx.repos.kioskPlanMarks.list(devid, kioskId),
        publishedPlanImages(ctx.repos, devid),
      ]);
      return ok(planMarksAnswer(devid, kioskId, marks, images));
    },
  );

  fastify.put<{ Params: KioskPlanMarksParams; Body: KioskPlanMarksRequest }>(
    routes.save,
    { schema: routeSchema('adminSetKioskPlanMarks') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      const actor = actorOf(request);
      const { marks, images, changed } = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        if (!(await tx.kiosks.has(devid, kioskId)))
          throw notFound(KIOSK_PROFILE_MESSAGES.unknownKiosk);
        const images = await publishedPlanImages(tx, devid);
        const wanted = marksToStore(request.body, images);
        const before = await tx.kioskPlanMarks.list(devid, kioskId);
        if (sameMarks(before, wanted)) return { marks: before, images, changed: false };
        const now = ctx.now();
        await tx.kioskPlanMarks.replace(devid, kioskId, wanted, now);
        await tx.audit.insert({
          at: now,
          userid: actor.userid,
          username: actor.username,
          devid,
          action: KIOSK_PLAN_MARKS_AUDIT_ACTION,
          targetType: 'kiosk',
          summary: { kioskId, before, after: wanted },
        });
        return { marks: wanted, images, changed: true };
      });
      // After the commit: the totem named reads its own settings again (every instance's streams
      // of the development hear it; the other totems ignore it).
      if (changed) await ctx.bus.publish({ devid, type: 'profile', kioskId });
      return ok(
        planMarksAnswer(devid, kioskId, marks, images),
        changed ? KIOSK_PLAN_MARK_MESSAGES.saved : KIOSK_PLAN_MARK_MESSAGES.unchanged,
      );
    },
  );
}
