/**
 * The media library of a development: list, upload (multipart), delete. Editors act on the
 * developments assigned to them only; the MediaLibrary owns the checks on the file itself, the
 * storage and the audit log.
 */
import multipart from '@fastify/multipart';
import {
  ERROR_CODES,
  MEDIA_UPLOAD_FIELD,
  MediaItem,
  ROUTE_SCHEMAS,
  type MediaListQuery,
  adminMediaRoutePatterns as routes,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, ok } from '../lib/envelope.js';
import { MediaLibrary } from './media-library.js';
import { largestOf, MEDIA_MESSAGES } from './media-messages.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { answers, routeSchema } from '../routes/admin/schemas.js';

export async function adminMediaRoutes(
  fastify: FastifyInstance,
  { ctx, editor }: AdminServices,
): Promise<void> {
  const library = new MediaLibrary(ctx);
  // Here only (this plugin is encapsulated): the rest of the API keeps its small JSON body limit.
  await fastify.register(multipart, {
    limits: {
      // The largest kind's (the kind is known from the first bytes only). The parser cuts a file
      // there and ends its stream; the library sees `truncated` and refuses it (413).
      fileSize: largestOf(ctx.mediaMaxBytes),
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: 1024,
      headerPairs: 50,
    },
  });

  fastify.get<{ Params: { devid: number }; Querystring: MediaListQuery }>(
    routes.list,
    { schema: routeSchema('adminMedia') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      return ok(await library.list(devid, request.query.kind));
    },
  );

  fastify.post<{ Params: { devid: number } }>(
    routes.list,
    {
      schema: {
        params: ROUTE_SCHEMAS.adminUploadMedia.params,
        // 200: the same file was already in the library.
        response: { ...answers(MediaItem), ...answers(MediaItem, 201) },
      },
    },
    async (request, reply) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      await editor.development(devid);
      if (!request.isMultipart()) {
        throw new HttpError(415, ERROR_CODES.unsupportedMediaType, MEDIA_MESSAGES.notMultipart);
      }
      const file = await request.file();
      if (!file || file.fieldname !== MEDIA_UPLOAD_FIELD) {
        file?.file.resume();
        throw badRequest(MEDIA_MESSAGES.noFile);
      }
      const { item, created, repaired } = await library.upload(actorOf(request), {
        devid,
        filename: file.filename,
        stream: file.file,
      });
      return created
        ? reply.code(201).send(ok(item, MEDIA_MESSAGES.uploaded))
        : reply
            .code(200)
            .send(ok(item, repaired ? MEDIA_MESSAGES.repaired : MEDIA_MESSAGES.alreadyThere));
    },
  );

  fastify.delete<{ Params: { mediaid: number } }>(
    routes.item,
    { schema: routeSchema('adminDeleteMedia') },
    async (request) => {
      const row = await library.find(request.params.mediaid);
      requireDevelopment(request, row.devid!);
      await library.delete(actorOf(request), row);
      return ok({ deleted: row.mediaid }, MEDIA_MESSAGES.deleted);
    },
  );
}
