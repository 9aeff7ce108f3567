/**
 * Alert templates in the back-office (red button and acknowledgements, decision 022): list, create,
 * change and delete a development's templates in the draft. Thin: the rights (who may edit the
 * development's content), then the AlertTemplateEditor, which owns the checks, versions,
 * draft_version and audit entries.
 */
import {
  adminAlertTemplateRoutePatterns as routes,
  type AlertTemplateInput,
  type ExpectedVersionQuery,
  type UpdateAlertTemplateRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { AlertTemplateEditor } from './alert-template-editor.js';
import { ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

type DevParams = { Params: { devid: number } };
type ItemParams = { Params: { devid: number; templateid: number } };

export async function adminAlertTemplateRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const templates = new AlertTemplateEditor(ctx);

  fastify.get<DevParams>(
    routes.list,
    { schema: routeSchema('adminAlertTemplates') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await templates.list(devid));
    },
  );

  fastify.post<DevParams & { Body: AlertTemplateInput }>(
    routes.list,
    { schema: routeSchema('adminCreateAlertTemplate') },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const created = await templates.create(actorOf(request), devid, request.body);
      return reply
        .code(201)
        .send(ok(created, 'Modèle d’alerte créé. Publiez pour l’envoyer aux totems.'));
    },
  );

  fastify.put<ItemParams & { Body: UpdateAlertTemplateRequest }>(
    routes.item,
    { schema: routeSchema('adminUpdateAlertTemplate') },
    async (request) => {
      const { devid, templateid } = request.params;
      requireDevelopment(request, devid);
      const template = await templates.find(devid, templateid);
      const updated = await templates.update(actorOf(request), devid, template, request.body);
      return ok(updated, 'Modèle d’alerte enregistré. Publiez pour l’envoyer aux totems.');
    },
  );

  fastify.delete<ItemParams & { Querystring: ExpectedVersionQuery }>(
    routes.item,
    { schema: routeSchema('adminDeleteAlertTemplate') },
    async (request) => {
      const { devid, templateid } = request.params;
      requireDevelopment(request, devid);
      const template = await templates.find(devid, templateid);
      await templates.remove(actorOf(request), devid, template, request.query.expectedVersion);
      return ok(
        { deleted: templateid },
        'Modèle d’alerte supprimé du brouillon. Publiez pour le retirer des totems.',
      );
    },
  );
}
