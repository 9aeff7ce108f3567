/**
 * `GET /display/kiosk-settings/:devid` (issue 47, decision 038): what a totem needs of its own
 * per-totem settings — its name and place, its « Vous êtes ici » points. The totem of the token
 * only: a token bound to no totem yet (issued before identities, not yet upgraded by a heartbeat)
 * gets a 403. Not content: read at start and again on a `profile` stream message naming the totem.
 */
import { Envelope, KioskOwnSettings, ROUTES } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { forbidden, ok } from '../lib/envelope.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { DevidParams } from '../routes/schemas.js';

export const KIOSK_OWN_SETTINGS_UNBOUND_MESSAGE =
  'This token names no totem yet: send a heartbeat to get a token of your own, then ask again.';

export async function kioskOwnSettingsRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  fastify.get<{ Params: { devid: number } }>(
    ROUTES.kioskOwnSettings.path,
    {
      schema: { params: DevidParams, response: { 200: Envelope(KioskOwnSettings) } },
      onRequest: tokenHook(ctx.tokens),
    },
    async (request, reply) => {
      const { devid } = request.params;
      const { kioskId } = assertDevelopment(request, devid);
      if (kioskId === undefined) throw forbidden(KIOSK_OWN_SETTINGS_UNBOUND_MESSAGE);
      const [profile, marks] = await Promise.all([
        ctx.repos.kioskProfiles.find(devid, kioskId),
        ctx.repos.kioskPlanMarks.list(devid, kioskId),
      ]);
      reply.header('cache-control', 'no-store');
      return ok<KioskOwnSettings>({
        kioskId,
        name: profile?.name ?? null,
        location: profile?.location ?? null,
        marks,
        screenBottomMm: profile?.screenBottomMm ?? null,
        screenTopMm: profile?.screenTopMm ?? null,
      });
    },
  );
}
