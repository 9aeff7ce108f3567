/**
 * The SSO settings in the back-office (decision 046): admins only — they are the server's and hold
 * the client secret, never answered (`hasSecret`); the audit log names a changed secret, never its
 * value. « Tester la connexion » reads the saved issuer's discovery document now and answers its
 * result in French, 200 whether it worked or not (the failure is the answer asked for).
 */
import {
  SSO_AUDIT_ACTIONS,
  adminSsoRoutePatterns as routes,
  validateSsoGroupRights,
  validateSsoSettings,
  type SsoGroupRights,
  type SsoSettingsRequest,
  type SsoTestResult,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { createRepositories } from '../db/repositories/index.js';
import { badRequest, ok } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { actorOf, requireAdmin } from '../routes/admin/guards.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { discoveryProblem, type SsoService } from './sso-service.js';
import { mergeSettings, settingsChanges, settingsView, trimmedRequest } from './sso-settings.js';

export async function adminSsoRoutes(
  fastify: FastifyInstance,
  { ctx, sso }: AdminServices & { sso: SsoService },
): Promise<void> {
  fastify.get(routes.settings, { schema: routeSchema('adminSsoSettings') }, async (request) => {
    requireAdmin(request);
    return ok(settingsView(await ctx.repos.sso.settings()));
  });

  fastify.put<{ Body: SsoSettingsRequest }>(
    routes.settings,
    { schema: routeSchema('adminSaveSsoSettings') },
    async (request) => {
      requireAdmin(request);
      const wanted = trimmedRequest(request.body);
      const actor = actorOf(request);
      const changed = await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        const before = await tx.sso.settings();
        const after = mergeSettings(before, wanted);
        const problem = validateSsoSettings(wanted, after.clientSecret !== '');
        if (problem) throw badRequest(problem);
        const changes = settingsChanges(before, after);
        if (Object.keys(changes).length === 0) return false;
        await tx.sso.saveSettings(after, ctx.now());
        await tx.audit.insert({
          at: ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid: null,
          action: SSO_AUDIT_ACTIONS.update,
          targetType: 'sso',
          summary: changes,
        });
        return true;
      });
      return ok(
        settingsView(await ctx.repos.sso.settings()),
        changed ? 'Connexion par le compte du groupe enregistrée.' : 'Aucun réglage n’a changé.',
      );
    },
  );

  fastify.post(routes.test, { schema: routeSchema('adminTestSso') }, async (request) => {
    requireAdmin(request);
    const settings = await ctx.repos.sso.settings();
    if (settings.issuer === '') throw badRequest('Enregistrez d’abord l’adresse de l’émetteur.');
    let result: SsoTestResult;
    try {
      const metadata = (await sso.discover(settings)).serverMetadata();
      if (!metadata.authorization_endpoint) {
        throw Object.assign(new Error('pas de point d’autorisation (authorization_endpoint)'), {
          code: 'OAUTH_MISSING_SERVER_METADATA',
        });
      }
      if (!metadata.token_endpoint) {
        throw Object.assign(new Error('pas de point de jeton (token_endpoint)'), {
          code: 'OAUTH_MISSING_SERVER_METADATA',
        });
      }
      result = {
        ok: true,
        result: `Fournisseur joint : ${metadata.issuer}. Point d’autorisation ${metadata.authorization_endpoint}.`,
        authorizationEndpoint: metadata.authorization_endpoint,
        endSessionEndpoint: metadata.end_session_endpoint ?? null,
      };
    } catch (error) {
      result = {
        ok: false,
        result: discoveryProblem(error, settings.issuer),
        authorizationEndpoint: null,
        endSessionEndpoint: null,
      };
    }
    const actor = actorOf(request);
    await ctx.repos.audit.insert({
      at: ctx.now(),
      userid: actor.userid,
      username: actor.username,
      devid: null,
      action: SSO_AUDIT_ACTIONS.test,
      targetType: 'sso',
      summary: { ok: result.ok, result: result.result.slice(0, 300) },
    });
    return ok(result, result.result);
  });

  fastify.get(
    routes.groupRights,
    { schema: routeSchema('adminSsoGroupRights') },
    async (request) => {
      requireAdmin(request);
      const rights: SsoGroupRights = { rules: await ctx.repos.sso.groupRights() };
      return ok(rights);
    },
  );

  fastify.put<{ Body: SsoGroupRights }>(
    routes.groupRights,
    { schema: routeSchema('adminSaveSsoGroupRights') },
    async (request) => {
      requireAdmin(request);
      const rules = request.body.rules.map((rule) => ({
        ...rule,
        group: rule.group.trim(),
        developments: rule.role === 'admin' ? ('all' as const) : rule.developments,
      }));
      const problem = validateSsoGroupRights({ rules });
      if (problem) throw badRequest(problem);
      const known = new Set((await ctx.repos.developments.list()).map((row) => row.devid));
      for (const rule of rules) {
        if (rule.developments === 'all') continue;
        const unknown = rule.developments.find((devid) => !known.has(devid));
        if (unknown !== undefined) {
          throw badRequest(`Le développement ${unknown} du groupe « ${rule.group} » n’existe pas.`);
        }
      }
      const actor = actorOf(request);
      await ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        const before = await tx.sso.groupRights();
        await tx.sso.saveGroupRights(rules, ctx.now());
        await tx.audit.insert({
          at: ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid: null,
          action: SSO_AUDIT_ACTIONS.groupRights,
          targetType: 'sso',
          summary: {
            before: before.map((rule) => rule.group),
            after: rules.map((rule) => rule.group),
          },
        });
      });
      const rights: SsoGroupRights = { rules: await ctx.repos.sso.groupRights() };
      return ok(rights, 'Correspondance des groupes enregistrée.');
    },
  );
}
