/**
 * The back-office's mapping from CAP messages to alert templates (issue 50, decision 044): which
 * template a CAP `eventCode` or `event` shows. The CAP call reads it for every message
 * (cap-service.ts, `capTemplate`), so a saved mapping is in effect for the next message — no
 * publish: it is no content the totems hold, only the server's choice of which published template
 * to start.
 *
 * - Reading: admins and the development's editors (what a panel shows concerns them); each rule
 *   says whether its template is published. Writing: admins only, like the alert token — the
 *   mapping is the building systems' integration, set up with the safety engineer.
 * - A rule may name a template of the draft that is not published yet: the admin prepares the
 *   template and its rule together, and the rule simply matches nothing until the publish (the CAP
 *   call only ever starts published templates). A template of another development, or none, is
 *   refused.
 * - Two rules of one key (`capRuleKey`: an event compared as template names are) are refused: the
 *   second would never apply, while the table would say it does.
 * - `expectedUpdatedAt` guards against two admins overwriting each other (409 with the mapping as
 *   saved). The check and the write share one transaction: serialised on SQLite (write
 *   transactions are IMMEDIATE); on PostgreSQL two saves in the same instant could still both
 *   pass, and the later one wins — both are audited.
 * - Each save is audited (`cap.mapping.update`) with the rules before and after, templates named.
 */
import {
  adminCapMappingRoutePatterns as routes,
  CAP_MAPPING_AUDIT_ACTION,
  capRuleKey,
  capRuleLabel,
  type CapMapping,
  type CapMappingRule,
  type CapMappingUpdate,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { StoredCapMapping } from './cap-repository.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { ConflictError } from '../lib/admin/errors.js';
import { badRequest, ok } from '../lib/envelope.js';
import { actorOf, requireAdmin, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

type DevParams = { Params: { devid: number } };

/** The draft's templates (id → name) and the published ones (id → name). */
async function templatesOf(
  repos: Repositories,
  devid: number,
): Promise<{ drafts: Map<number, string>; live: Map<number, string> }> {
  const [drafts, live] = await Promise.all([
    repos.alertTemplates.list(devid),
    repos.alertTemplates.published(devid),
  ]);
  return {
    drafts: new Map(drafts.map((template) => [template.templateid, template.name])),
    live: new Map(live.map((template) => [template.templateid, template.name])),
  };
}

async function viewOf(
  repos: Repositories,
  devid: number,
  stored: StoredCapMapping,
): Promise<CapMapping> {
  const { drafts, live } = await templatesOf(repos, devid);
  return {
    rules: stored.rules.map((rule) => ({
      ...rule,
      // A template deleted from the draft stays on the totems, and startable by the CAP call,
      // until the next publish: named and "published" as long as it is.
      templateName: drafts.get(rule.templateid) ?? live.get(rule.templateid) ?? null,
      published: live.has(rule.templateid),
    })),
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
  };
}

/**
 * The rules as they will be kept (texts trimmed: the CAP reader trims what it reads), or a 400
 * naming the first rule at fault, by its position and its match.
 */
function checkedRules(rules: readonly CapMappingRule[], names: Map<number, string>) {
  const seen = new Map<string, number>();
  return rules.map((rule, index) => {
    const position = `Règle ${index + 1}`;
    const value = rule.value.trim();
    const valueName = rule.valueName?.trim();
    if (value === '')
      throw badRequest(
        `${position} : ${rule.match === 'event' ? 'l’événement' : 'la valeur du code'} est vide.`,
      );
    if (rule.match === 'event' && rule.valueName !== undefined)
      throw badRequest(
        `${position} : un « valueName » ne s’applique qu’à un code d’événement (eventCode), pas à un événement.`,
      );
    if (valueName === '')
      throw badRequest(
        `${position} : le « valueName » est vide — laissez-le absent pour accepter tout valueName.`,
      );
    const kept: CapMappingRule = {
      match: rule.match,
      ...(valueName === undefined ? {} : { valueName }),
      value,
      templateid: rule.templateid,
    };
    if (!names.has(rule.templateid))
      throw badRequest(
        `${position} (${capRuleLabel(kept)}) : le modèle d’alerte n° ${rule.templateid} n’existe pas dans ce développement.`,
      );
    const key = capRuleKey(kept);
    const twin = seen.get(key);
    if (twin !== undefined)
      throw badRequest(
        `${position} : ${capRuleLabel(kept)} a déjà une règle (règle ${twin + 1}). Une seule règle par événement ou par code : supprimez l’une des deux.`,
      );
    seen.set(key, index);
    return kept;
  });
}

/** A rule as the audit log keeps it: readable without the templates, which may change later. */
const auditRule = (rule: CapMappingRule, names: Map<number, string>) => ({
  ...rule,
  template: names.get(rule.templateid) ?? null,
});

export async function adminCapMappingRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  fastify.get<DevParams>(
    routes.mapping,
    { schema: routeSchema('adminCapMapping') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await viewOf(ctx.repos, devid, await ctx.repos.cap.mapping(devid)));
    },
  );

  fastify.put<DevParams & { Body: CapMappingUpdate }>(
    routes.mapping,
    { schema: routeSchema('adminUpdateCapMapping') },
    async (request) => {
      const { devid } = request.params;
      requireAdmin(request);
      await editor.development(devid);
      const actor = actorOf(request);
      const now = ctx.now();
      const { expectedUpdatedAt } = request.body;
      const saved = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        const before = await tx.cap.mapping(devid);
        if (expectedUpdatedAt !== undefined && expectedUpdatedAt !== before.updatedAt)
          throw new ConflictError(
            await viewOf(tx, devid, before),
            'Les règles CAP ont été modifiées par quelqu’un d’autre entre-temps : les vôtres n’ont pas été enregistrées. Voici les règles actuelles ; vérifiez-les puis refaites votre modification.',
          );
        const { drafts, live } = await templatesOf(tx, devid);
        const rules = checkedRules(request.body.rules, drafts);
        const names = new Map([...live, ...drafts]);
        await tx.cap.saveMapping(devid, rules, now.toISOString(), actor.username);
        await tx.audit.insert({
          at: now,
          userid: actor.userid,
          username: actor.username,
          devid,
          action: CAP_MAPPING_AUDIT_ACTION,
          targetType: null,
          targetId: null,
          summary: {
            before: before.rules.map((rule) => auditRule(rule, names)),
            after: rules.map((rule) => auditRule(rule, names)),
          },
        });
        return viewOf(tx, devid, await tx.cap.mapping(devid));
      });
      const waiting = saved.rules.filter((rule) => !rule.published).length;
      return ok(
        saved,
        `Règles CAP enregistrées : elles s’appliquent dès le prochain message CAP.${
          waiting > 0
            ? ` ${waiting} règle${waiting > 1 ? 's visent' : ' vise'} un modèle pas encore publié : elle${waiting > 1 ? 's ne s’appliqueront' : ' ne s’appliquera'} qu’après la publication.`
            : ''
        }`,
      );
    },
  );
}
