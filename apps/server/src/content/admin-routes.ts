/**
 * Content editing: zones of a development, elements of a zone, plain sub-elements and sub-groups
 * of an element. Each handler finds the item (404), checks that the user may edit its development
 * (403), then hands over to the ContentEditor, which owns versions, orders, content_version and
 * the audit log.
 */
import {
  CreateElementRequest,
  CreateSubelementRequest,
  CreateSubgroupRequest,
  CreateZoneRequest,
  ExpectedVersionQuery,
  ReorderRequest,
  UpdateElementRequest,
  UpdateSubelementRequest,
  UpdateSubgroupRequest,
  UpdateZoneRequest,
  adminRoutePatterns as routes,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import {
  elementOrder,
  elements,
  subelementOrder,
  subelements,
  subgroupOrder,
  subgroups,
  zones,
} from './content-kinds.js';
import { ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

const SAVED = 'Enregistré.';
const DELETED = 'Supprimé.';

type Versioned = { Querystring: ExpectedVersionQuery };

export async function contentRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  fastify.get(routes.contentModels, { schema: routeSchema('adminContentModels') }, async () =>
    ok(await ctx.repos.models.list()),
  );

  // ---------- zones ----------

  fastify.get<{ Params: { devid: number } }>(
    routes.zones,
    { schema: routeSchema('adminZones') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await ctx.repos.draft.listZones(devid));
    },
  );

  fastify.post<{ Params: { devid: number }; Body: CreateZoneRequest }>(
    routes.zones,
    { schema: routeSchema('adminCreateZone') },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const zone = await editor.create(zones, actorOf(request), devid, request.body);
      return reply.code(201).send(ok(zone, 'Zone créée.'));
    },
  );

  fastify.get<{ Params: { zoneid: number } }>(
    routes.zone,
    { schema: routeSchema('adminZone') },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(zone);
    },
  );

  fastify.patch<{ Params: { zoneid: number }; Body: UpdateZoneRequest }>(
    routes.zone,
    { schema: routeSchema('adminUpdateZone') },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(await editor.update(zones, actorOf(request), zone, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { zoneid: number } } & Versioned>(
    routes.zone,
    { schema: routeSchema('adminDeleteZone') },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      await editor.remove(zones, actorOf(request), zone, request.query.expectedVersion);
      return ok({ deleted: zone.zoneid }, DELETED);
    },
  );

  // ---------- elements ----------

  fastify.get<{ Params: { zoneid: number } }>(
    routes.elements,
    { schema: routeSchema('adminElements') },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(await ctx.repos.draft.listElements(zone.zoneid));
    },
  );

  fastify.post<{ Params: { zoneid: number }; Body: CreateElementRequest }>(
    routes.elements,
    {
      schema: routeSchema('adminCreateElement'),
    },
    async (request, reply) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      const element = await editor.create(elements, actorOf(request), zone, request.body);
      return reply.code(201).send(ok(element, 'Élément ajouté.'));
    },
  );

  fastify.put<{ Params: { zoneid: number }; Body: ReorderRequest }>(
    routes.elementsOrder,
    {
      schema: routeSchema('adminReorderElements'),
    },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(
        await editor.reorder(elementOrder, actorOf(request), zone, request.body.ids),
        SAVED,
      );
    },
  );

  fastify.get<{ Params: { elementid: number } }>(
    routes.element,
    { schema: routeSchema('adminElement') },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(element.item);
    },
  );

  fastify.patch<{ Params: { elementid: number }; Body: UpdateElementRequest }>(
    routes.element,
    {
      schema: routeSchema('adminUpdateElement'),
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await editor.update(elements, actorOf(request), element, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { elementid: number } } & Versioned>(
    routes.element,
    { schema: routeSchema('adminDeleteElement') },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      await editor.remove(elements, actorOf(request), element, request.query.expectedVersion);
      return ok({ deleted: element.item.elementid }, DELETED);
    },
  );

  // ---------- plain sub-elements ----------

  fastify.get<{ Params: { elementid: number } }>(
    routes.subelements,
    { schema: routeSchema('adminSubelements') },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await ctx.repos.draft.listPlainSubelements(element.item.elementid));
    },
  );

  fastify.post<{ Params: { elementid: number }; Body: CreateSubelementRequest }>(
    routes.subelements,
    {
      schema: routeSchema('adminCreateSubelement'),
    },
    async (request, reply) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      const created = await editor.create(subelements, actorOf(request), element, request.body);
      return reply.code(201).send(ok(created, 'Sous-élément ajouté.'));
    },
  );

  fastify.put<{ Params: { elementid: number }; Body: ReorderRequest }>(
    routes.subelementsOrder,
    {
      schema: routeSchema('adminReorderSubelements'),
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(
        await editor.reorder(subelementOrder, actorOf(request), element, request.body.ids),
        SAVED,
      );
    },
  );

  fastify.get<{ Params: { subelementid: number } }>(
    routes.subelement,
    { schema: routeSchema('adminSubelement') },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      return ok(subelement.item);
    },
  );

  fastify.patch<{ Params: { subelementid: number }; Body: UpdateSubelementRequest }>(
    routes.subelement,
    {
      schema: routeSchema('adminUpdateSubelement'),
    },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      return ok(
        await editor.update(subelements, actorOf(request), subelement, request.body),
        SAVED,
      );
    },
  );

  fastify.delete<{ Params: { subelementid: number } } & Versioned>(
    routes.subelement,
    { schema: routeSchema('adminDeleteSubelement') },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      await editor.remove(subelements, actorOf(request), subelement, request.query.expectedVersion);
      return ok({ deleted: subelement.item.subelementid }, DELETED);
    },
  );

  // ---------- sub-groups ----------

  fastify.get<{ Params: { elementid: number } }>(
    routes.subgroups,
    { schema: routeSchema('adminSubgroups') },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await ctx.repos.draft.listSubgroups(element.item.elementid, ctx.now()));
    },
  );

  fastify.post<{ Params: { elementid: number }; Body: CreateSubgroupRequest }>(
    routes.subgroups,
    {
      schema: routeSchema('adminCreateSubgroup'),
    },
    async (request, reply) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      const subgroup = await editor.create(subgroups, actorOf(request), element, request.body);
      return reply.code(201).send(ok(subgroup, 'Sous-groupe ajouté.'));
    },
  );

  fastify.put<{ Params: { elementid: number }; Body: ReorderRequest }>(
    routes.subgroupsOrder,
    {
      schema: routeSchema('adminReorderSubgroups'),
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(
        await editor.reorder(subgroupOrder, actorOf(request), element, request.body.ids),
        SAVED,
      );
    },
  );

  fastify.get<{ Params: { subgroupid: number } }>(
    routes.subgroup,
    { schema: routeSchema('adminSubgroup') },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      return ok(subgroup.item);
    },
  );

  fastify.patch<{ Params: { subgroupid: number }; Body: UpdateSubgroupRequest }>(
    routes.subgroup,
    {
      schema: routeSchema('adminUpdateSubgroup'),
    },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      return ok(await editor.update(subgroups, actorOf(request), subgroup, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { subgroupid: number } } & Versioned>(
    routes.subgroup,
    { schema: routeSchema('adminDeleteSubgroup') },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      await editor.remove(subgroups, actorOf(request), subgroup, request.query.expectedVersion);
      return ok({ deleted: subgroup.item.subgroupid }, DELETED);
    },
  );
}
