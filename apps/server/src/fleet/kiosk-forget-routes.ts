/**
 * « Oublier ce totem » and the purge of silent totems (issue 47, part 1):
 * - `DELETE /api/admin/developments/:devid/kiosks/:kioskId`: the totem's identity goes, so its
 *   token is refused from its next call (401; the token cache of another instance holds it for at
 *   most its version-cache time, 2 s by default); an online totem is told at once over its stream
 *   (a `forgotten` message naming it: it logs out and shows the login screen); its fleet entry
 *   goes, and its remote commands and thumbnails with it. A totem that logs in again afterwards
 *   is a new totem.
 * - `POST …/kiosks/purge`: the same for every totem of the development not seen for longer than
 *   `silentForHours`, and for every one that logged in before then and never reported (issue 48).
 * Admins and editors of the development (requireDevelopment: 403 for another development's
 * editor); an id the development does not have → 404 (an id of another development is unknown
 * here). Each is audited with the ids forgotten.
 */
import {
  KIOSK_FORGET_AUDIT_ACTION,
  KIOSK_PURGE_AUDIT_ACTION,
  adminKioskIdentityRoutePatterns as routes,
  type ForgetKioskParams,
  type ForgottenKiosks,
  type PurgeKiosksRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../audit/index.js';
import type { AppContext } from '../lib/context.js';
import { notFound, ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KioskIdentities } from './kiosk-identities.js';

export const KIOSK_FORGET_MESSAGES = {
  unknownDevelopment: 'Ce développement n’existe pas.',
  unknownKiosk:
    'Ce totem n’existe pas dans ce développement (il a peut-être déjà été oublié) : rechargez la liste des totems.',
  forgotten: 'Totem oublié : il revient à l’écran de connexion et devra se reconnecter.',
  purged: (count: number) =>
    count === 0
      ? 'Aucun totem silencieux à purger.'
      : count === 1
        ? '1 totem silencieux oublié.'
        : `${count} totems silencieux oubliés.`,
} as const;

type Ctx = Pick<AppContext, 'repos' | 'tokens' | 'bus' | 'now'>;

/** Forgets one totem (identity, token, fleet entry); whether the development had it. */
async function forgetOne(ctx: Ctx, devid: number, kioskId: string): Promise<boolean> {
  const hadIdentity = await ctx.repos.kioskIdentities.delete(devid, kioskId);
  const hadEntry = await ctx.repos.kiosks.delete(devid, kioskId);
  if (!hadIdentity && !hadEntry) return false;
  // Its remote commands too (issue 47): queue and history belong to the totem that goes.
  await ctx.repos.kioskCommands.deleteForKiosk(devid, kioskId);
  // And its thumbnails (issue 48): pictures of a totem that is no longer there.
  await ctx.repos.kioskThumbnails.deleteForKiosk(devid, kioskId);
  ctx.tokens.forgetKiosk(devid, kioskId);
  KioskIdentities.forgetSeen(devid, kioskId);
  // Every instance's streams of the development hear it; only the totem it names acts on it.
  await ctx.bus.publish({ devid, type: 'forgotten', kioskId });
  return true;
}

async function audit(ctx: Ctx, actor: Actor, devid: number, action: string, summary: unknown) {
  await ctx.repos.audit.insert({
    at: ctx.now(),
    userid: actor.userid,
    username: actor.username,
    devid,
    action,
    targetType: 'development',
    targetId: devid,
    summary,
  });
}

export async function adminKioskForgetRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const requireKnownDevelopment = async (devid: number) => {
    if (!(await ctx.repos.developments.find(devid))) {
      throw notFound(KIOSK_FORGET_MESSAGES.unknownDevelopment);
    }
  };

  fastify.delete<{ Params: ForgetKioskParams }>(
    routes.forget,
    { schema: routeSchema('adminForgetKiosk') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      await requireKnownDevelopment(devid);
      if (!(await forgetOne(ctx, devid, kioskId)))
        throw notFound(KIOSK_FORGET_MESSAGES.unknownKiosk);
      await audit(ctx, actorOf(request), devid, KIOSK_FORGET_AUDIT_ACTION, { kioskId });
      await ctx.bus.signalFleet(devid);
      const answer: ForgottenKiosks = { devid, kioskIds: [kioskId] };
      return ok(answer, KIOSK_FORGET_MESSAGES.forgotten);
    },
  );

  fastify.post<{ Params: { devid: number }; Body: PurgeKiosksRequest }>(
    routes.purge,
    { schema: routeSchema('adminPurgeKiosks') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await requireKnownDevelopment(devid);
      const { silentForHours } = request.body;
      const before = new Date(ctx.now().getTime() - silentForHours * 3_600_000);
      const kioskIds: string[] = [];
      // The never seen too (issue 48: the fleet lists them): logged in before then, no report since.
      const neverSeen = (await ctx.repos.kioskIdentities.unreported([devid]))
        .filter((identity) => Date.parse(identity.createdAt) < before.getTime())
        .map((identity) => identity.kioskId);
      const silent = await ctx.repos.kiosks.silentSince(devid, before);
      for (const kioskId of [...silent, ...neverSeen]) {
        if (await forgetOne(ctx, devid, kioskId)) kioskIds.push(kioskId);
      }
      await audit(ctx, actorOf(request), devid, KIOSK_PURGE_AUDIT_ACTION, {
        silentForHours,
        kioskIds,
      });
      if (kioskIds.length > 0) await ctx.bus.signalFleet(devid);
      const answer: ForgottenKiosks = { devid, kioskIds };
      return ok(answer, KIOSK_FORGET_MESSAGES.purged(kioskIds.length));
    },
  );
}
