/**
 * The back-office's preview snapshot (issue 46): GET /api/admin/developments/:devid/preview with
 * exactly one of `source=draft`, `at=<instant>` or `set=<setid>` (preview-snapshot.ts builds it).
 * For whoever may edit the development (admins, and editors assigned to it): looking at what one
 * prepares needs no publish right. Never cached by anyone: the admin plugin's hook already sends
 * `no-store` on every answer, errors included; the route says it again so the guarantee does not
 * hang on a hook a refactoring could move.
 */
import { adminRelative, type PreviewQuery } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, ok } from '../lib/envelope.js';
import { requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { previewInstant, previewSnapshot, type PreviewInput } from './preview-snapshot.js';

const ONE_OF =
  'Dites quoi prévisualiser, une seule chose : « source=draft » (le brouillon), « at=<instant> » (ce que les totems montreront à cet instant) ou « set=<numéro> » (une modification programmée).';

function inputOf(query: PreviewQuery): PreviewInput {
  const given = [query.source, query.at, query.set].filter((value) => value !== undefined);
  if (given.length !== 1) throw badRequest(ONE_OF);
  if (query.source !== undefined) return { source: query.source };
  if (query.at !== undefined) return { at: previewInstant(query.at) };
  return { setid: query.set! };
}

export async function previewRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  fastify.get<{ Params: { devid: number }; Querystring: PreviewQuery }>(
    adminRelative('adminPreview'),
    {
      schema: routeSchema('adminPreview'),
      // Before the session check and validation, so a 401 or 400 carries it too.
      onRequest: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      },
    },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const input = inputOf(request.query);
      const now = ctx.now();
      const snapshot = await ctx.repos.transaction((trx) =>
        previewSnapshot(trx, devid, input, now),
      );
      if (!snapshot) throw notFound(`Le développement ${devid} n’existe pas.`);
      return ok(snapshot);
    },
  );
}
