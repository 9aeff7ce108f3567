/**
 * `PUT /api/admin/developments/:devid/kiosks/:kioskId/profile` (decision 038): a totem's name,
 * location, groups and note. Who may edit the development may name its totems. Not content: no
 * draft lock, no revision — the write and its audit entry in one transaction, then a fleet signal
 * so that every open fleet page shows it. The body is bounded by the contract's schema (French 400
 * per field); texts are trimmed here (cleanProfile).
 */
import {
  KIOSK_PROFILE_AUDIT_ACTION,
  adminKioskProfileRoutePatterns as routes,
  type KioskProfile,
  type KioskProfileParams,
  type KioskProfileRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories/index.js';
import { ConflictError } from '../lib/admin/errors.js';
import { notFound, ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { emptyProfile } from './kiosk-profile-repository.js';
import { cleanProfile } from './kiosk-profiles.js';

export const KIOSK_PROFILE_MESSAGES = {
  unknownKiosk:
    'Ce totem n’existe pas dans ce développement (il a peut-être été oublié) : rechargez la liste des totems.',
  neverSeen:
    'Ce totem ne s’est encore jamais signalé : il pourra être nommé dès son premier rapport.',
  conflict:
    'Quelqu’un d’autre a modifié ce totem entre-temps : voici sa fiche actuelle, reprenez vos changements.',
  saved: 'Totem enregistré : il porte ce nom dès maintenant, sans publication.',
  unchanged: 'Rien n’a changé.',
} as const;

const FIELDS = ['name', 'location', 'groups', 'note', 'screenBottomMm', 'screenTopMm'] as const;

export async function adminKioskProfileRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  fastify.put<{ Params: KioskProfileParams; Body: KioskProfileRequest }>(
    routes.profile,
    { schema: routeSchema('adminKioskProfile') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      const actor = actorOf(request);
      const { profile, changed } = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        if (!(await tx.kiosks.has(devid, kioskId))) {
          // Listed as never seen (issue 48), but a profile hangs on the fleet row its first
          // report creates (decision 038): say so rather than « n’existe pas ».
          const neverSeen = (await tx.kioskIdentities.find(devid, kioskId)) !== undefined;
          throw notFound(
            neverSeen ? KIOSK_PROFILE_MESSAGES.neverSeen : KIOSK_PROFILE_MESSAGES.unknownKiosk,
          );
        }
        const before =
          (await tx.kioskProfiles.find(devid, kioskId)) ?? emptyProfile(devid, kioskId);
        // Cleaned against what is stored: heights left out of the request are kept.
        const wanted = cleanProfile(request.body, before);
        const expected = request.body.version;
        if (expected !== undefined && expected !== before.version) {
          throw new ConflictError(before, KIOSK_PROFILE_MESSAGES.conflict);
        }
        const fields = FIELDS.filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(wanted[key]),
        );
        if (fields.length === 0) return { profile: before, changed: false };
        const now = ctx.now();
        if (!(await tx.kioskProfiles.save(devid, kioskId, wanted, before.version + 1, now))) {
          // Another save of the same version committed first (only without `version`: with it,
          // the check above would have seen it once that save committed).
          const current = (await tx.kioskProfiles.find(devid, kioskId)) ?? before;
          throw new ConflictError(current, KIOSK_PROFILE_MESSAGES.conflict);
        }
        await tx.audit.insert({
          at: now,
          userid: actor.userid,
          username: actor.username,
          devid,
          action: KIOSK_PROFILE_AUDIT_ACTION,
          targetType: 'kiosk',
          summary: {
            kioskId,
            ...Object.fromEntries(
              fields.map((key) => [key, { before: before[key], after: wanted[key] }]),
            ),
          },
        });
        const saved: KioskProfile = {
          ...before,
          ...wanted,
          version: before.version + 1,
          updatedAt: now.toISOString(),
        };
        return { profile: saved, changed: true };
      });
      // After the commit: the live channels re-read the fleet, profile included.
      if (changed) await ctx.bus.signalFleet(devid);
      // …and the totem itself reads its own settings again (its name for « Identifier »).
      if (changed) await ctx.bus.publish({ devid, type: 'profile', kioskId });
      return ok(profile, changed ? KIOSK_PROFILE_MESSAGES.saved : KIOSK_PROFILE_MESSAGES.unchanged);
    },
  );
}
