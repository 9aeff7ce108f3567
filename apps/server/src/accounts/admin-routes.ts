/**
 * Developments, kiosk accounts and back-office users. All admin-only, except the list of
 * developments, which shows an editor the developments assigned to them.
 */
import {
  CreateAdminUserRequest,
  CreateDevelopmentRequest,
  CreateKioskAccountRequest,
  ResetKioskPasswordRequest,
  UpdateAdminUserRequest,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { actorOf, authOf, requireAdmin } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

export async function managementRoutes(
  fastify: FastifyInstance,
  { ctx, management }: AdminServices,
): Promise<void> {
  fastify.get(
    adminRoutePatterns.developments,
    { schema: routeSchema('adminDevelopments') },
    async (request) => {
      const { user } = authOf(request);
      return ok(
        await ctx.repos.developments.listForAdmin(user.role === 'admin' ? undefined : user.devids),
      );
    },
  );

  fastify.post<{ Body: CreateDevelopmentRequest }>(
    adminRoutePatterns.developments,
    {
      schema: routeSchema('adminCreateDevelopment'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request, reply) => {
      const development = await management.createDevelopment(
        actorOf(request),
        request.body.devname,
      );
      return reply.code(201).send(ok(development, 'Développement créé.'));
    },
  );

  // ---------- kiosk accounts ----------

  fastify.get<{ Params: { devid: number } }>(
    adminRoutePatterns.accounts,
    {
      schema: routeSchema('adminAccounts'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request) => ok(await management.listKioskAccounts(request.params.devid)),
  );

  fastify.post<{ Params: { devid: number }; Body: CreateKioskAccountRequest }>(
    adminRoutePatterns.accounts,
    {
      schema: routeSchema('adminCreateAccount'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request, reply) => {
      const account = await management.createKioskAccount(
        actorOf(request),
        request.params.devid,
        request.body.login,
        request.body.password,
      );
      return reply.code(201).send(ok(account, 'Compte kiosque créé.'));
    },
  );

  fastify.put<{ Params: { devid: number; accountid: number }; Body: ResetKioskPasswordRequest }>(
    adminRoutePatterns.accountPassword,
    {
      schema: routeSchema('adminAccountPassword'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request) =>
      ok(
        await management.resetKioskPassword(
          actorOf(request),
          request.params.devid,
          request.params.accountid,
          request.body.password,
        ),
        'Mot de passe changé. Les kiosques déjà connectés le restent : révoquez leurs jetons si besoin.',
      ),
  );

  fastify.post<{ Params: { devid: number } }>(
    adminRoutePatterns.revokeTokens,
    {
      schema: routeSchema('adminRevokeTokens'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request) =>
      ok(
        await management.revokeTokens(actorOf(request), request.params.devid),
        'Jetons révoqués : chaque kiosque de ce développement doit se reconnecter.',
      ),
  );

  // ---------- back-office users ----------

  fastify.get(
    adminRoutePatterns.users,
    {
      schema: routeSchema('adminUsers'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async () => ok(await ctx.repos.adminUsers.list()),
  );

  fastify.post<{ Body: CreateAdminUserRequest }>(
    adminRoutePatterns.users,
    {
      schema: routeSchema('adminCreateUser'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request, reply) => {
      const user = await management.createUser(actorOf(request), request.body);
      return reply.code(201).send(ok(user, 'Utilisateur créé.'));
    },
  );

  fastify.patch<{ Params: { userid: number }; Body: UpdateAdminUserRequest }>(
    adminRoutePatterns.user,
    {
      schema: routeSchema('adminUpdateUser'),
      onRequest: async (request) => void requireAdmin(request),
    },
    async (request) =>
      ok(await management.updateUser(actorOf(request), request.params.userid, request.body)),
  );
}
