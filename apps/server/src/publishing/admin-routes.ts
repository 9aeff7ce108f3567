/**
 * Publishing from the back-office (the same publishContent as the CLI and the token-protected
 * endpoint: it copies the draft's differences into the live content as a new revision, builds the
 * snapshot, then tells the kiosks). Discarding the draft's unpublished changes (revision history,
 * decision 011) and rolling back to an earlier revision (rollback and publish checks, decision 014) live here
 * too: who may publish — admins, and editors an admin allowed (decision 014) — may discard and roll
 * back. A publish or rollback refused by the publish checks answers 409 with the problems in
 * `data`.
 */
import {
  type DiscardDraftRequest,
  type DiscardDraftResponse,
  PublishRequest,
  PublishResponse,
  type RollbackResponse,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { emptyCounts, totalChanges, type DiscardOutcome } from './revision-repository.js';
import { ConflictError, conflict, isUniqueViolation } from '../lib/admin/errors.js';
import { summarizeCounts } from './revision-summary.js';
import { notFound, ok } from '../lib/envelope.js';
import { publishAuditEntry, publishContent, rollbackContent } from './publisher.js';
import { actorOf, requirePublishRight } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { DevidParams, answers, routeSchema } from '../routes/admin/schemas.js';

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
      requirePublishRight(request, devid);
      await editor.development(devid);
      const actor = actorOf(request);
      const result = await publishContent(ctx, devid, request.body, {
        kind: 'user',
        name: actor.username,
        userid: actor.userid,
      });
      await ctx.repos.audit.insert(
        publishAuditEntry(ctx.now(), devid, request.body, result, {
          userid: actor.userid,
          username: actor.username,
        }),
      );
      return ok(result, publishedMessage(result));
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
      if (zoneid !== undefined && !(await ctx.repos.revisions.zoneBelongs(devid, zoneid))) {
        throw notFound(`La zone ${zoneid} n’existe pas dans ce développement.`);
      }
      let outcome: DiscardOutcome | undefined;
      try {
        outcome = await ctx.repos.revisions.discardDraft(devid, zoneid);
      } catch (error) {
        // Only a zone's discard can meet this: another zone of the draft took its published name.
        if (isUniqueViolation(error)) {
          throw conflict(
            'Impossible d’annuler : une autre zone porte maintenant le nom publié de celle-ci. Renommez-la d’abord.',
          );
        }
        throw error;
      }
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
      const actor = actorOf(request);
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid,
        action: 'draft.discard',
        targetType: zoneid === undefined ? 'development' : 'zone',
        targetId: zoneid ?? devid,
        summary: { revision: outcome.revision, counts: outcome.counts },
      });
      return ok(
        answer,
        `Modifications non publiées annulées (${answer.summary}) : le brouillon est revenu à la révision ${outcome.revision}.`,
      );
    },
  );

  fastify.post<{ Params: { devid: number; revision: number } }>(
    adminRoutePatterns.rollback,
    { schema: routeSchema('adminRollback') },
    async (request) => {
      const { devid, revision } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const actor = actorOf(request);
      const result = await rollbackContent(ctx, devid, revision, {
        kind: 'user',
        name: actor.username,
        userid: actor.userid,
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
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid,
        action: 'revision.rollback',
        targetType: 'development',
        targetId: devid,
        summary: { rolledBackTo: revision, revision: result.revision, counts },
      });
      return ok(
        answer,
        `Retour à la révision ${revision} publié : révision ${result.revision} (${answer.summary}).`,
      );
    },
  );
}
