/**
 * A development's settings in the back-office (published settings, decision 017): read and save the
 * draft's. A save is a draft edit like any content edit — the development's draft lock first, then
 * the write, then the audit entry, in one transaction — and reaches no totem until a publish
 * carries it (revision kind `setting`). Who may edit a development's content may edit its settings.
 * The body is checked by the contract's schema (French message per field, the URL pattern's
 * meaning included); the rules between fields are checked here.
 */
import {
  SETTINGS_AUDIT_ACTION,
  SETTINGS_LABELS,
  adminSettingsRoutePatterns as routes,
  normalizeOpeningHours,
  settingsConsistencyErrors,
  type AdminSettings,
  type DevelopmentSettings,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories/index.js';
import { badRequest, ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

export async function settingsRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const answer = async (devid: number): Promise<AdminSettings> => {
    // Addresses saved before today's rules (issue 40): the page says they are ignored.
    const ignoredAddresses = await ctx.repos.settings.ignoredAddresses(devid);
    return {
      devid,
      settings: await ctx.repos.settings.draft(devid),
      unpublished: await ctx.repos.settings.unpublished(devid),
      ...(ignoredAddresses.length > 0 ? { ignoredAddresses } : {}),
    };
  };

  fastify.get<{ Params: { devid: number } }>(
    routes.settings,
    { schema: routeSchema('adminSettings') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await answer(devid));
    },
  );

  fastify.put<{ Params: { devid: number }; Body: DevelopmentSettings }>(
    routes.settings,
    { schema: routeSchema('adminUpdateSettings') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const [field, message] = Object.entries(settingsConsistencyErrors(request.body))[0] ?? [];
      if (field && message) {
        throw badRequest(
          `${SETTINGS_LABELS[field as keyof DevelopmentSettings]} : ${message.charAt(0).toLowerCase()}${message.slice(1)}`,
        );
      }
      // Checked: the opening hours as the contract reads them back (their fields alone).
      const wanted: DevelopmentSettings = {
        ...request.body,
        openingHours: normalizeOpeningHours(request.body.openingHours),
      };
      const actor = actorOf(request);
      const changed = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        // First, as for every draft edit (content-editor.ts): the development's row lock.
        await tx.draft.bumpDraftVersion(devid);
        const before = await tx.settings.draft(devid);
        const fields = (Object.keys(wanted) as Array<keyof DevelopmentSettings>).filter(
          // By value: the opening hours are an object, equal when their JSON is.
          (key) => JSON.stringify(before[key]) !== JSON.stringify(wanted[key]),
        );
        await tx.settings.saveDraft(devid, wanted);
        if (fields.length === 0) return false;
        await tx.audit.insert({
          at: ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid,
          action: SETTINGS_AUDIT_ACTION,
          targetType: 'setting',
          targetId: devid,
          summary: Object.fromEntries(
            fields.map((key) => [key, { before: before[key], after: wanted[key] }]),
          ),
        });
        return true;
      });
      return ok(
        await answer(devid),
        changed
          ? 'Réglages enregistrés. Publiez pour les envoyer aux totems.'
          : 'Aucun réglage n’a changé.',
      );
    },
  );
}
