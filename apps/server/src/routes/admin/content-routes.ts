/**
 * Content editing: zones of a development, elements of a zone, plain sub-elements and sub-groups
 * of an element. Each handler finds the item (404), checks that the user may edit its development
 * (403), then hands over to the ContentEditor, which owns versions, orders, content_version and
 * the audit log.
 */
import {
  AdminElement,
  AdminSubelement,
  AdminSubgroup,
  AdminZone,
  ContentModelList,
  CreateElementRequest,
  CreateSubelementRequest,
  CreateSubgroupRequest,
  CreateZoneRequest,
  DeletedResponse,
  ExpectedVersionQuery,
  ReorderRequest,
  UpdateElementRequest,
  UpdateSubelementRequest,
  UpdateSubgroupRequest,
  UpdateZoneRequest,
  adminRoutePatterns as routes,
} from '@plant-kiosk/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.js';
import { actorOf, requireDevelopment } from './guards.js';
import type { AdminServices } from './index.js';
import {
  DevidParams,
  ElementidParams,
  SubelementidParams,
  SubgroupidParams,
  ZoneidParams,
  answers,
} from './schemas.js';

const SAVED = 'Enregistré.';
const DELETED = 'Supprimé.';

type Versioned = { Querystring: ExpectedVersionQuery };

export async function contentRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const deleteSchema = <P>(params: P) => ({
    params,
    querystring: ExpectedVersionQuery,
    response: answers(DeletedResponse),
  });

  fastify.get(routes.contentModels, { schema: { response: answers(ContentModelList) } }, async () =>
    ok(await ctx.repos.content.listContentModels()),
  );

  // ---------- zones ----------

  fastify.get<{ Params: { devid: number } }>(
    routes.zones,
    { schema: { params: DevidParams, response: answers(Type.Array(AdminZone)) } },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await ctx.repos.adminContent.listZones(devid));
    },
  );

  fastify.post<{ Params: { devid: number }; Body: CreateZoneRequest }>(
    routes.zones,
    { schema: { params: DevidParams, body: CreateZoneRequest, response: answers(AdminZone, 201) } },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      const zone = await editor.createZone(actorOf(request), devid, request.body);
      return reply.code(201).send(ok(zone, 'Zone créée.'));
    },
  );

  fastify.get<{ Params: { zoneid: number } }>(
    routes.zone,
    { schema: { params: ZoneidParams, response: answers(AdminZone) } },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(zone);
    },
  );

  fastify.patch<{ Params: { zoneid: number }; Body: UpdateZoneRequest }>(
    routes.zone,
    { schema: { params: ZoneidParams, body: UpdateZoneRequest, response: answers(AdminZone) } },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(await editor.updateZone(actorOf(request), zone, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { zoneid: number } } & Versioned>(
    routes.zone,
    { schema: deleteSchema(ZoneidParams) },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      await editor.deleteZone(actorOf(request), zone, request.query.expectedVersion);
      return ok({ deleted: zone.zoneid }, DELETED);
    },
  );

  // ---------- elements ----------

  fastify.get<{ Params: { zoneid: number } }>(
    routes.elements,
    { schema: { params: ZoneidParams, response: answers(Type.Array(AdminElement)) } },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(await ctx.repos.adminContent.listElements(zone.zoneid));
    },
  );

  fastify.post<{ Params: { zoneid: number }; Body: CreateElementRequest }>(
    routes.elements,
    {
      schema: {
        params: ZoneidParams,
        body: CreateElementRequest,
        response: answers(AdminElement, 201),
      },
    },
    async (request, reply) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      const element = await editor.createElement(actorOf(request), zone, request.body);
      return reply.code(201).send(ok(element, 'Élément ajouté.'));
    },
  );

  fastify.put<{ Params: { zoneid: number }; Body: ReorderRequest }>(
    routes.elementsOrder,
    {
      schema: {
        params: ZoneidParams,
        body: ReorderRequest,
        response: answers(Type.Array(AdminElement)),
      },
    },
    async (request) => {
      const zone = await editor.zone(request.params.zoneid);
      requireDevelopment(request, zone.devid);
      return ok(await editor.reorderElements(actorOf(request), zone, request.body.ids), SAVED);
    },
  );

  fastify.get<{ Params: { elementid: number } }>(
    routes.element,
    { schema: { params: ElementidParams, response: answers(AdminElement) } },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(element.item);
    },
  );

  fastify.patch<{ Params: { elementid: number }; Body: UpdateElementRequest }>(
    routes.element,
    {
      schema: {
        params: ElementidParams,
        body: UpdateElementRequest,
        response: answers(AdminElement),
      },
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await editor.updateElement(actorOf(request), element, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { elementid: number } } & Versioned>(
    routes.element,
    { schema: deleteSchema(ElementidParams) },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      await editor.deleteElement(actorOf(request), element, request.query.expectedVersion);
      return ok({ deleted: element.item.elementid }, DELETED);
    },
  );

  // ---------- plain sub-elements ----------

  fastify.get<{ Params: { elementid: number } }>(
    routes.subelements,
    { schema: { params: ElementidParams, response: answers(Type.Array(AdminSubelement)) } },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await ctx.repos.adminContent.listPlainSubelements(element.item.elementid));
    },
  );

  fastify.post<{ Params: { elementid: number }; Body: CreateSubelementRequest }>(
    routes.subelements,
    {
      schema: {
        params: ElementidParams,
        body: CreateSubelementRequest,
        response: answers(AdminSubelement, 201),
      },
    },
    async (request, reply) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      const created = await editor.createSubelement(actorOf(request), element, request.body);
      return reply.code(201).send(ok(created, 'Sous-élément ajouté.'));
    },
  );

  fastify.put<{ Params: { elementid: number }; Body: ReorderRequest }>(
    routes.subelementsOrder,
    {
      schema: {
        params: ElementidParams,
        body: ReorderRequest,
        response: answers(Type.Array(AdminSubelement)),
      },
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(
        await editor.reorderSubelements(actorOf(request), element, request.body.ids),
        SAVED,
      );
    },
  );

  fastify.get<{ Params: { subelementid: number } }>(
    routes.subelement,
    { schema: { params: SubelementidParams, response: answers(AdminSubelement) } },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      return ok(subelement.item);
    },
  );

  fastify.patch<{ Params: { subelementid: number }; Body: UpdateSubelementRequest }>(
    routes.subelement,
    {
      schema: {
        params: SubelementidParams,
        body: UpdateSubelementRequest,
        response: answers(AdminSubelement),
      },
    },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      return ok(await editor.updateSubelement(actorOf(request), subelement, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { subelementid: number } } & Versioned>(
    routes.subelement,
    { schema: deleteSchema(SubelementidParams) },
    async (request) => {
      const subelement = await editor.subelement(request.params.subelementid);
      requireDevelopment(request, subelement.devid);
      await editor.deleteSubelement(actorOf(request), subelement, request.query.expectedVersion);
      return ok({ deleted: subelement.item.subelementid }, DELETED);
    },
  );

  // ---------- sub-groups ----------

  fastify.get<{ Params: { elementid: number } }>(
    routes.subgroups,
    { schema: { params: ElementidParams, response: answers(Type.Array(AdminSubgroup)) } },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await ctx.repos.adminContent.listSubgroups(element.item.elementid, ctx.now()));
    },
  );

  fastify.post<{ Params: { elementid: number }; Body: CreateSubgroupRequest }>(
    routes.subgroups,
    {
      schema: {
        params: ElementidParams,
        body: CreateSubgroupRequest,
        response: answers(AdminSubgroup, 201),
      },
    },
    async (request, reply) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      const subgroup = await editor.createSubgroup(actorOf(request), element, request.body);
      return reply.code(201).send(ok(subgroup, 'Sous-groupe ajouté.'));
    },
  );

  fastify.put<{ Params: { elementid: number }; Body: ReorderRequest }>(
    routes.subgroupsOrder,
    {
      schema: {
        params: ElementidParams,
        body: ReorderRequest,
        response: answers(Type.Array(AdminSubgroup)),
      },
    },
    async (request) => {
      const element = await editor.element(request.params.elementid);
      requireDevelopment(request, element.devid);
      return ok(await editor.reorderSubgroups(actorOf(request), element, request.body.ids), SAVED);
    },
  );

  fastify.get<{ Params: { subgroupid: number } }>(
    routes.subgroup,
    { schema: { params: SubgroupidParams, response: answers(AdminSubgroup) } },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      return ok(subgroup.item);
    },
  );

  fastify.patch<{ Params: { subgroupid: number }; Body: UpdateSubgroupRequest }>(
    routes.subgroup,
    {
      schema: {
        params: SubgroupidParams,
        body: UpdateSubgroupRequest,
        response: answers(AdminSubgroup),
      },
    },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      return ok(await editor.updateSubgroup(actorOf(request), subgroup, request.body), SAVED);
    },
  );

  fastify.delete<{ Params: { subgroupid: number } } & Versioned>(
    routes.subgroup,
    { schema: deleteSchema(SubgroupidParams) },
    async (request) => {
      const subgroup = await editor.subgroup(request.params.subgroupid);
      requireDevelopment(request, subgroup.devid);
      await editor.deleteSubgroup(actorOf(request), subgroup, request.query.expectedVersion);
      return ok({ deleted: subgroup.item.subgroupid }, DELETED);
    },
  );
}
