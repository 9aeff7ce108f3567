/**
 * Publishing from the back-office (the same publishContent as the CLI and the token-protected
 * endpoint: it copies the draft's differences into the live content as a new revision, builds the
 * snapshot, then tells the kiosks) and the audit log, which an editor sees for their own
 * developments only.
 */
import {
  AuditEntry,
  AuditQuery,
  PublishRequest,
  PublishResponse,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { publishContent } from '../../lib/publisher.js';
import { actorOf, authOf, requireDevelopment } from './guards.js';
import type { AdminServices } from './index.js';
import { DevidParams, answers } from './schemas.js';

const DEFAULT_AUDIT_LIMIT = 50;

/** `delivered` counts the kiosks connected to this server process. */
export function publishedMessage(result: PublishResponse): string {
  const { delivered, revision, created } = result;
  const head = created
    ? `Révision ${revision} publiée`
    : `Rien de nouveau à publier : les totems ont déjà la révision ${revision}`;
  if (delivered === 0) {
    return `${head}. Aucun kiosque n’est connecté en ce moment : chacun se synchronisera à sa prochaine connexion.`;
  }
  return delivered === 1
    ? `${head} : 1 kiosque connecté a été prévenu.`
    : `${head} : ${delivered} kiosques connectés ont été prévenus.`;
}

export async function publishRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  fastify.post<{ Params: { devid: number }; Body: PublishRequest }>(
    adminRoutePatterns.publish,
    {
      schema: { params: DevidParams, body: PublishRequest, response: answers(PublishResponse) },
      // No body at all means the default, a full `sync`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const actor = actorOf(request);
      const result = await publishContent(ctx, devid, request.body, {
        kind: 'user',
        name: actor.username,
        userid: actor.userid,
      });
      const { message } = result;
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid,
        action: 'publish',
        targetType: message.type === 'sync' ? 'development' : message.type,
        targetId:
          message.type === 'element'
            ? (message.elementid ?? null)
            : message.type === 'zone'
              ? (message.zoneid ?? null)
              : devid,
        summary: {
          message,
          delivered: result.delivered,
          revision: result.revision,
          created: result.created,
          counts: result.counts,
        },
      });
      return ok(result, publishedMessage(result));
    },
  );

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
