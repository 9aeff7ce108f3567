/**
 * Publishing from the back-office: publish, discard the draft's unpublished changes (revision
 * history, decision 011) and roll back to an earlier revision (rollback and publish checks,
 * decision 014). The doors only: each asks the publishing service (publish-service.ts, the same
 * as the token-protected endpoint's and the CLI's, which writes the revision and its audit entry
 * in one transaction, then tells the kiosks) and shapes the answer. Who may publish — admins, and
 * editors an admin allowed (decision 014) — may discard and roll back. A publish or rollback
 * refused by the publish checks answers 409 with the problems in `data`.
 */
import {
  type DiscardDraftRequest,
  type DiscardDraftResponse,
  PublishAnswer,
  PublishRequest,
  type PublishResponse,
  type RescheduleRequest,
  type RollbackRequest,
  type RollbackResponse,
  adminRelative,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyCounts, totalChanges } from './change-kinds.js';
import { ConflictError } from '../lib/admin/errors.js';
import { summarizeCounts } from './revision-summary.js';
import { notFound, ok } from '../lib/envelope.js';
import { discard, publish, rollback, type Publisher } from './publish-service.js';
import {
  cancelScheduled,
  listScheduled,
  reschedule,
  schedulePublish,
} from './scheduled-publish.js';
import { actorOf, requirePublishRight } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { DevidParams, answers, routeSchema } from '../routes/admin/schemas.js';

/** The back-office user asking. */
const userOf = (request: FastifyRequest): Publisher => {
  const { userid, username } = actorOf(request);
  return { kind: 'user', userid, username, admin: request.adminAuth?.user.role === 'admin' };
};

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
      schema: {
        params: DevidParams,
        body: PublishRequest,
        response: { ...answers(PublishAnswer), 202: answers(PublishAnswer)[200] },
      },
      // No body at all means the default, a full `sync`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { devid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const { at } = request.body;
      if (at !== undefined) {
        const answer = await schedulePublish(ctx, devid, { ...request.body, at }, userOf(request));
        return reply
          .code(202)
          .send(ok(answer, `Publication programmée pour ${answer.scheduled.at} (heure UTC).`));
      }
      const result = await publish(ctx, devid, request.body, userOf(request));
      return ok(result, publishedMessage(result));
    },
  );

  // Scheduled publications (issue 45): the list, reschedule and cancel, for who may publish.
  fastify.get<{ Params: { devid: number } }>(
    adminRelative('adminScheduledPublications'),
    { schema: routeSchema('adminScheduledPublications') },
    async (request) => {
      const { devid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      return ok({ items: await listScheduled(ctx, devid) });
    },
  );

  fastify.patch<{ Params: { devid: number; setid: number }; Body: RescheduleRequest }>(
    adminRelative('adminReschedule'),
    { schema: routeSchema('adminReschedule') },
    async (request) => {
      const { devid, setid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const moved = await reschedule(ctx, devid, setid, request.body.at, userOf(request));
      return ok(moved, `Publication programmée déplacée au ${moved.at} (heure UTC).`);
    },
  );

  fastify.delete<{ Params: { devid: number; setid: number } }>(
    adminRelative('adminCancelScheduled'),
    { schema: routeSchema('adminCancelScheduled') },
    async (request) => {
      const { devid, setid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const cancelled = await cancelScheduled(ctx, devid, setid, userOf(request));
      return ok(
        cancelled,
        'Publication programmée annulée : ses modifications restent dans le brouillon.',
      );
    },
  );

  fastify.post<{ Params: { devid: number }; Body: DiscardDraftRequest }>(
    adminRoutePatterns.discardDraft,
    {
      schema: routeSchema('adminDiscardDraft'),
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { devid } = request.params;
      const { zoneid } = request.body;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const outcome = await discard(ctx, devid, zoneid, userOf(request));
      if (!outcome) throw notFound(`Le développement ${devid} n’existe pas.`);
      const total = totalChanges(outcome.counts);
      const answer: DiscardDraftResponse = {
        discarded: total > 0,
        publishedRevision: outcome.revision,
        zoneid: zoneid ?? null,
        counts: outcome.counts,
        summary: summarizeCounts(outcome.counts, 'Rien à annuler'),
      };
      if (total === 0) {
        return ok(
          answer,
          zoneid === undefined
            ? 'Rien à annuler : le brouillon est identique à la version publiée.'
            : 'Rien à annuler dans cette zone : elle est identique à la version publiée.',
        );
      }
      return ok(
        answer,
        `Modifications non publiées annulées (${answer.summary}) : le brouillon est revenu à la révision ${outcome.revision}.`,
      );
    },
  );

  fastify.post<{ Params: { devid: number; revision: number }; Body: RollbackRequest }>(
    adminRoutePatterns.rollback,
    {
      schema: routeSchema('adminRollback'),
      // No body: a plain rollback; `bypassReason` only under four-eyes (issue 51).
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { devid, revision } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const result = await rollback(ctx, devid, revision, userOf(request), {
        bypassReason: request.body.bypassReason,
      });
      if (!result) {
        throw notFound(
          `La révision ${revision} n’existe pas dans ce développement (ou ne peut plus être reconstruite).`,
        );
      }
      if (result.status === 'draft-changed') {
        throw new ConflictError(
          { reason: 'draft-changed', counts: result.counts ?? null },
          `Le brouillon a des modifications non publiées (${summarizeCounts(result.counts!)}) : annulez-les d’abord, ou annulez le retour à la révision ${revision}.`,
        );
      }
      const counts = result.counts ?? emptyCounts();
      const answer: RollbackResponse = {
        rolledBackTo: revision,
        revision: result.revision,
        created: result.status === 'created',
        counts,
        summary: summarizeCounts(counts, 'Aucun changement'),
        delivered: result.delivered,
      };
      if (!answer.created) {
        return ok(
          answer,
          `Rien à faire : les totems ont déjà le contenu de la révision ${revision} (révision ${result.revision}).`,
        );
      }
      return ok(
        answer,
        `Retour à la révision ${revision} publié : révision ${result.revision} (${answer.summary}).`,
      );
    },
  );
}
