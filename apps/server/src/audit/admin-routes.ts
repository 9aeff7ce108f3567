/**
 * The audit log as the back-office reads it: admins see every development's, an editor only the
 * developments assigned to them (a `devid` outside them is refused by the guard).
 */
import { AuditEntry, AuditQuery, adminRoutePatterns } from '@plant-kiosk/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { authOf, requireDevelopment } from '../routes/admin/guards.js';
import { answers } from '../routes/admin/schemas.js';

const DEFAULT_AUDIT_LIMIT = 50;

export async function auditRoutes(fastify: FastifyInstance, { ctx }: AdminServices): Promise<void> {
  fastify.get<{ Querystring: AuditQuery }>(
    adminRoutePatterns.audit,
    { schema: { querystring: AuditQuery, response: answers(Type.Array(AuditEntry)) } },
    async (request) => {
      const { devid, limit = DEFAULT_AUDIT_LIMIT, before } = request.query;
      const { user } = authOf(request);
      if (devid !== undefined) requireDevelopment(request, devid);
      const devids = user.role === 'admin' || devid !== undefined ? undefined : user.devids;
      return ok(await ctx.repos.audit.list({ devid, devids, limit, before }));
    },
  );
}
