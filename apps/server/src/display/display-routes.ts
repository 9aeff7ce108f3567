/**
 * The content calls of docs/product.md#calls under /display, plus the snapshot fast path and the delta sync
 * call (delta sync: delta-cache.ts). Handlers stay thin: the schema validates the input, the item's
 * owner is checked against the token (403 for another development's data, 404 for what does not
 * exist — or has expired), then one repository call, whose serialized answer the response cache
 * keeps until the development's content changes.
 */
import {
  ALL_MODELS,
  routePatterns,
  type BatchQuery,
  type ChangesQuery,
  type ContentModel,
  type FieldsQuery,
  type FrameChecks,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { badRequest, notFound, ok } from '../lib/envelope.js';
import type { Resolved } from '../lib/response-cache.js';
import { ifNoneMatchMatches } from '../lib/snapshot-cache.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import {
  BatchQuery as BatchQuerySchema,
  ChangesQuery as ChangesQuerySchema,
  DevidParams,
  ElementidParams,
  FieldParams,
  FieldsQuery as FieldsQuerySchema,
  PopulatedParams,
  SubgroupidParams,
  ZoneNameParams,
  ZoneidParams,
} from '../routes/schemas.js';

const JSON_TYPE = 'application/json; charset=utf-8';

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** HEAD /display/ping: unauthenticated, status only (docs/product.md#states network check). */
export async function pingRoute(fastify: FastifyInstance): Promise<void> {
  fastify.head(routePatterns.ping, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.code(200).send();
  });
}

export async function displayRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { live, models } = ctx.repos;
  fastify.addHook('onRequest', tokenHook(ctx.tokens));

  /**
   * Answers from the response cache; `resolve` runs on a miss only. A hit whose version is known
   * to be current is sent synchronously (the handler then returns undefined, as Fastify expects
   * of a handler that has sent); anything else goes through the promise path.
   */
  const cached = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    resolve: () => Promise<Resolved<T>>,
  ): Promise<FastifyReply> | undefined => {
    const authorize = (devid: number, what: string | undefined) =>
      assertDevelopment(request, devid, what);
    const hit = ctx.responses.peek(key, authorize);
    if (hit) {
      reply.type(JSON_TYPE).send(hit.body);
      return undefined;
    }
    return ctx.responses
      .get(key, resolve, authorize)
      .then((entry) => reply.type(JSON_TYPE).send(entry.body));
  };
  const batchKey = (batch: BatchQuery) => `${batch.order ?? ''}:${batch.quantity ?? ''}`;

  const zoneOwner = async (zoneid: number) => {
    const zone = await live.findZone(zoneid);
    if (!zone) throw notFound(`Zone ${zoneid} not found`);
    return { devid: zone.devid, what: `zone ${zoneid}` };
  };
  const elementOwner = async (elementid: number) => {
    const element = await live.findElement(elementid);
    if (!element) throw notFound(`Element ${elementid} not found`);
    return { devid: element.devid, what: `element ${elementid}` };
  };
  const subgroupOwner = async (subgroupid: number) => {
    const subgroup = await live.findSubgroup(subgroupid, ctx.now());
    if (!subgroup) throw notFound(`Sub-group ${subgroupid} not found (or expired)`);
    return { devid: subgroup.devid, what: `sub-group ${subgroupid}`, subgroup: subgroup.item };
  };
  const modelByLabel = async (label: string): Promise<ContentModel> => {
    const model = await models.find(label);
    if (model) return model;
    const known = (await models.list()).map((item) => item.label);
    throw notFound(
      `Unknown model label ${JSON.stringify(label)}: known labels are ${[...known, ALL_MODELS]
        .map((item) => JSON.stringify(item))
        .join(', ')}`,
    );
  };

  fastify.get<{ Params: { devid: number } }>(
    routePatterns.zones,
    { schema: { params: DevidParams } },
    (request, reply) => {
      const { devid } = request.params;
      return cached(request, reply, `zones:${devid}`, async () => ({
        devid,
        load: () => live.listZones(devid),
      }));
    },
  );

  fastify.get<{ Params: ZoneNameParams }>(
    routePatterns.zone,
    { schema: { params: ZoneNameParams } },
    (request, reply) => {
      const { devid, zonename } = request.params;
      return cached(request, reply, `zone:${devid}:${zonename}`, async () => ({
        devid,
        load: async () => {
          const zone = await live.findZoneByName(devid, zonename);
          if (!zone) {
            throw notFound(`Zone ${JSON.stringify(zonename)} not found in development ${devid}`);
          }
          return zone;
        },
      }));
    },
  );

  fastify.get<{ Params: { zoneid: number }; Querystring: BatchQuery }>(
    routePatterns.elements,
    { schema: { params: ZoneidParams, querystring: BatchQuerySchema } },
    (request, reply) => {
      const { zoneid } = request.params;
      const key = `elements:${zoneid}:${batchKey(request.query)}`;
      return cached(request, reply, key, async () => ({
        ...(await zoneOwner(zoneid)),
        load: () => live.listElements(zoneid, request.query),
      }));
    },
  );

  fastify.get<{ Params: { elementid: number }; Querystring: BatchQuery }>(
    routePatterns.subelements,
    { schema: { params: ElementidParams, querystring: BatchQuerySchema } },
    (request, reply) => {
      const { elementid } = request.params;
      const key = `subelements:${elementid}:${batchKey(request.query)}`;
      return cached(request, reply, key, async () => ({
        ...(await elementOwner(elementid)),
        load: () => live.listSubelements(elementid, request.query, ctx.now()),
      }));
    },
  );

  fastify.get<{ Params: { elementid: number } }>(
    routePatterns.subgroups,
    { schema: { params: ElementidParams } },
    (request, reply) => {
      const { elementid } = request.params;
      return cached(request, reply, `subgroups:${elementid}`, async () => ({
        ...(await elementOwner(elementid)),
        load: () => live.listSubgroups(elementid, ctx.now()),
      }));
    },
  );

  fastify.get<{ Params: PopulatedParams; Querystring: FieldsQuery }>(
    routePatterns.populatedSubgroups,
    { schema: { params: PopulatedParams, querystring: FieldsQuerySchema } },
    (request, reply) => {
      const { elementid, modelLabel } = request.params;
      const fields = request.query.fields ?? [];
      const key = `populated:${elementid}:${modelLabel}:${fields.join('\u0000')}`;
      return cached(request, reply, key, async () => ({
        ...(await elementOwner(elementid)),
        load: async () => {
          const knownFields =
            modelLabel === ALL_MODELS
              ? new Set((await models.list()).flatMap((model) => model.fields))
              : new Set((await modelByLabel(modelLabel)).fields);
          const unknown = fields.filter((field) => !knownFields.has(field));
          if (unknown.length > 0) {
            throw badRequest(
              `Invalid query parameter 'fields': ${unknown.map((field) => JSON.stringify(field)).join(', ')} ` +
                `not a field of ${modelLabel === ALL_MODELS ? 'any model' : JSON.stringify(modelLabel)} ` +
                `(known fields: ${[...knownFields].map((field) => JSON.stringify(field)).join(', ')})`,
            );
          }
          return live.listPopulatedSubgroups(
            elementid,
            modelLabel === ALL_MODELS ? undefined : modelLabel,
            fields,
            ctx.now(),
          );
        },
      }));
    },
  );

  fastify.get<{ Params: { subgroupid: number } }>(
    routePatterns.subgroupSubelements,
    { schema: { params: SubgroupidParams } },
    (request, reply) => {
      const { subgroupid } = request.params;
      return cached(request, reply, `subgroup-subelements:${subgroupid}`, async () => ({
        ...(await subgroupOwner(subgroupid)),
        load: () => live.listSubgroupSubelements(subgroupid),
      }));
    },
  );

  fastify.get<{ Params: FieldParams }>(
    routePatterns.subgroupFieldSubelements,
    { schema: { params: FieldParams } },
    (request, reply) => {
      const { subgroupid, fieldlabel } = request.params;
      const key = `subgroup-field:${subgroupid}:${fieldlabel}`;
      return cached(request, reply, key, async () => {
        const owner = await subgroupOwner(subgroupid);
        return {
          ...owner,
          load: async () => {
            const model = await modelByLabel(owner.subgroup.label);
            if (!model.fields.includes(fieldlabel)) {
              throw notFound(
                `Field ${JSON.stringify(fieldlabel)} is not a field of model ${JSON.stringify(model.label)} ` +
                  `(known fields: ${model.fields.map((field) => JSON.stringify(field)).join(', ')})`,
              );
            }
            return live.listSubgroupSubelements(subgroupid, fieldlabel);
          },
        };
      });
    },
  );

  fastify.get<{ Params: { subgroupid: number } }>(
    routePatterns.populatedSubgroup,
    { schema: { params: SubgroupidParams } },
    (request, reply) => {
      const { subgroupid } = request.params;
      return cached(request, reply, `subgroup-populated:${subgroupid}`, async () => ({
        ...(await subgroupOwner(subgroupid)),
        load: async () => {
          const populated = await live.findPopulatedSubgroup(subgroupid, ctx.now());
          if (!populated) throw notFound(`Sub-group ${subgroupid} not found (or expired)`);
          return populated.item;
        },
      }));
    },
  );

  fastify.get<{ Params: { devid: number } }>(
    routePatterns.snapshot,
    { schema: { params: DevidParams } },
    async (request, reply) => {
      const { devid } = request.params;
      assertDevelopment(request, devid);
      const entry = await ctx.snapshots.get(devid);
      if (!entry) throw notFound(`Development ${devid} not found`);
      reply.header('etag', entry.etag);
      reply.header('cache-control', 'no-cache');
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (ifNoneMatchMatches(request.headers['if-none-match'], entry.etag)) {
        return reply.code(304).send();
      }
      reply.type(JSON_TYPE);
      if (acceptsGzip(request)) {
        reply.header('content-encoding', 'gzip');
        return reply.send(await entry.gzipped());
      }
      return reply.send(entry.body);
    },
  );

  // Delta sync (decision 016): the answer is built once per (development, revision
  // asked) by the delta cache; no ETag, `since` already says what the totem holds.
  fastify.get<{ Params: { devid: number }; Querystring: ChangesQuery }>(
    routePatterns.changes,
    { schema: { params: DevidParams, querystring: ChangesQuerySchema } },
    async (request, reply) => {
      const { devid } = request.params;
      assertDevelopment(request, devid);
      const entry = await ctx.deltas.get(devid, request.query.since);
      if (!entry) throw notFound(`Development ${devid} not found`);
      reply.header('cache-control', 'no-cache');
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (!entry.body) return reply.code(304).send();
      reply.type(JSON_TYPE);
      if (acceptsGzip(request)) {
        reply.header('content-encoding', 'gzip');
        return reply.send(await entry.gzipped());
      }
      return reply.send(entry.body);
    },
  );

  // Published settings: whether the published frame addresses can be framed by this kiosk
  // (settings/frame-probe.ts). The kiosk's origin is the one its calls come from (Origin in the split
  // topology).
  fastify.get<{ Params: { devid: number } }>(
    routePatterns.frameChecks,
    { schema: { params: DevidParams } },
    async (request, reply) => {
      const { devid } = request.params;
      assertDevelopment(request, devid);
      const settings = await ctx.repos.settings.live(devid);
      const kioskOrigin = request.headers.origin ?? `${request.protocol}://${request.host}`;
      const check = (url: string | null) =>
        url === null ? Promise.resolve(null) : ctx.frameProbe.check(url, kioskOrigin);
      const [suggestionFormUrl, websiteUrl] = await Promise.all([
        check(settings.suggestionFormUrl),
        check(settings.websiteUrl),
      ]);
      reply.header('cache-control', 'no-store');
      return ok<FrameChecks>({ devid, suggestionFormUrl, websiteUrl });
    },
  );
}
