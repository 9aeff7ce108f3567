/**
 * Four-eyes publishing in the back-office (issue 51, part 2; decision 048): the setting (admins),
 * and the requests — made by who may edit, approved or refused by someone else who may publish,
 * withdrawn by their author or by who may publish. The doors only: publication-requests.ts and
 * four-eyes.ts hold the rules and write the audit in their transactions.
 */
import {
  adminRelative,
  type CreatePublicationRequest,
  type FourEyesSettingsRequest,
  type RefuseRequest,
  type ReviewRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../lib/envelope.js';
import {
  actorOf,
  requireAdmin,
  requireDevelopment,
  requirePublishRight,
} from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { saveFourEyes } from './four-eyes.js';
import {
  approveRequest,
  closeRequest,
  createRequest,
  listRequests,
  requestDetail,
  type Reviewer,
} from './publication-requests.js';

const reviewerOf = (request: FastifyRequest): Reviewer => {
  const { userid, username } = actorOf(request);
  return { userid, username };
};

type Params = { devid: number; setid: number };

export async function publicationRequestRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const now = () => ctx.now();

  fastify.get<{ Params: { devid: number } }>(
    adminRelative('adminFourEyes'),
    { schema: routeSchema('adminFourEyes') },
    async (request) => {
      requireDevelopment(request, request.params.devid);
      await editor.development(request.params.devid);
      return ok(await ctx.repos.changeSets.fourEyes(request.params.devid));
    },
  );

  fastify.put<{ Params: { devid: number }; Body: FourEyesSettingsRequest }>(
    adminRelative('adminSaveFourEyes'),
    { schema: routeSchema('adminSaveFourEyes') },
    async (request) => {
      requireAdmin(request);
      const { devid } = request.params;
      await editor.development(devid);
      const saved = await ctx.repos.revisions.transaction((trx) =>
        saveFourEyes(trx, devid, request.body, reviewerOf(request), now()),
      );
      return ok(
        saved,
        saved.enabled
          ? 'Double validation activée : chaque publication de ce développement devra être approuvée par une autre personne.'
          : 'Double validation désactivée : qui peut publier publie seul.',
      );
    },
  );

  fastify.get<{ Params: { devid: number } }>(
    adminRelative('adminPublicationRequests'),
    { schema: routeSchema('adminPublicationRequests') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok({
        fourEyes: await ctx.repos.changeSets.fourEyes(devid),
        items: await listRequests(ctx, devid),
      });
    },
  );

  fastify.post<{ Params: { devid: number }; Body: CreatePublicationRequest }>(
    adminRelative('adminCreatePublicationRequest'),
    { schema: routeSchema('adminCreatePublicationRequest') },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const made = await createRequest(ctx, devid, request.body, reviewerOf(request));
      return reply
        .code(201)
        .send(
          ok(
            made,
            `Demande ${made.id} envoyée : une autre personne qui peut publier doit l’approuver.`,
          ),
        );
    },
  );

  fastify.get<{ Params: Params }>(
    adminRelative('adminPublicationRequest'),
    { schema: routeSchema('adminPublicationRequest') },
    async (request) => {
      const { devid, setid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await requestDetail(ctx, devid, setid));
    },
  );

  fastify.post<{ Params: Params; Body: ReviewRequest }>(
    adminRelative('adminApprovePublicationRequest'),
    {
      schema: routeSchema('adminApprovePublicationRequest'),
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { devid, setid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const approved = await approveRequest(
        ctx,
        devid,
        setid,
        reviewerOf(request),
        request.body.comment,
      );
      const outcome = approved.outcome;
      return ok(
        approved,
        outcome?.status === 'scheduled'
          ? `Demande ${setid} approuvée : publication programmée pour ${outcome.at} (heure UTC).`
          : outcome?.revision
            ? `Demande ${setid} approuvée et publiée : révision ${outcome.revision}.`
            : `Demande ${setid} approuvée : tout ce qu’elle apportait était déjà en ligne.`,
      );
    },
  );

  fastify.post<{ Params: Params; Body: RefuseRequest }>(
    adminRelative('adminRefusePublicationRequest'),
    { schema: routeSchema('adminRefusePublicationRequest') },
    async (request) => {
      const { devid, setid } = request.params;
      requirePublishRight(request, devid);
      await editor.development(devid);
      const refused = await closeRequest(ctx, devid, setid, reviewerOf(request), {
        refuse: true,
        comment: request.body.comment,
      });
      return ok(refused, `Demande ${setid} refusée : ses modifications restent dans le brouillon.`);
    },
  );

  fastify.delete<{ Params: Params }>(
    adminRelative('adminWithdrawPublicationRequest'),
    { schema: routeSchema('adminWithdrawPublicationRequest') },
    async (request) => {
      const { devid, setid } = request.params;
      const auth = requireDevelopment(request, devid);
      await editor.development(devid);
      const withdrawn = await closeRequest(ctx, devid, setid, reviewerOf(request), {
        refuse: false,
        mayPublish: auth.user.role === 'admin' || auth.user.canPublish,
      });
      return ok(
        withdrawn,
        `Demande ${setid} retirée : ses modifications restent dans le brouillon.`,
      );
    },
  );
}
