/**
 * `POST /display/thumbnails/:devid` (issue 48, decision 043): a totem sends the thumbnail it drew
 * of its own page. The body is the WebP bytes themselves (Content-Type image/webp), what the
 * picture shows is in the query (route, revision, time, placeholders, the command it answers).
 * Token header like every /display call, for its own development (403 otherwise) and its own totem
 * (a token bound to no totem: 403). The work is in kiosk-thumbnails.ts.
 *
 * This plugin is encapsulated (registered with `register`, no fastify-plugin): the raw-body parser
 * and the French 413 below apply to this route alone. Refusals, in the order a request meets them:
 * 401 no token; 415 a Content-Type other than image/webp (before any body is read: a JSON body is
 * never parsed here); 413 above THUMBNAIL_MAX_BYTES (Content-Length or bytes read); 400 a bad
 * query; 403 another development's token or one bound to no totem; 415 bytes that are not WebP;
 * 429 too soon (Retry-After).
 */
import {
  ROUTES,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_MEDIA_TYPE,
  type KioskThumbnailUploadQuery,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { ok, tooManyRequests } from '../lib/envelope.js';
import { acceptRawBody } from '../lib/raw-body.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KIOSK_THUMBNAIL_MESSAGES, KioskThumbnails } from './kiosk-thumbnails.js';

export async function kioskThumbnailRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const thumbnails = new KioskThumbnails(ctx);

  // The body as bytes, at most THUMBNAIL_MAX_BYTES: the picture is checked by its bytes, not
  // parsed; a totem's log says what the limit is, in French like the rest of the answers here.
  const requireWebpType = acceptRawBody(fastify, {
    mediaTypes: [THUMBNAIL_MEDIA_TYPE],
    parseAs: 'buffer',
    bodyLimit: THUMBNAIL_MAX_BYTES,
    wrongType: KIOSK_THUMBNAIL_MESSAGES.wrongType,
    tooLarge: KIOSK_THUMBNAIL_MESSAGES.tooLarge,
  });

  fastify.post<{ Params: { devid: number }; Querystring: KioskThumbnailUploadQuery }>(
    ROUTES.kioskThumbnailUpload.path,
    {
      schema: routeSchema('kioskThumbnailUpload'),
      bodyLimit: THUMBNAIL_MAX_BYTES,
      onRequest: [tokenHook(ctx.tokens), requireWebpType],
    },
    async (request, reply) => {
      const auth = assertDevelopment(request, request.params.devid);
      reply.header('cache-control', 'no-store');
      const body = request.body;
      const image = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const outcome = await thumbnails.upload(auth, request.query, image);
      if (outcome.kind === 'too-soon') {
        throw tooManyRequests(
          reply,
          outcome.retryAfterSeconds,
          KIOSK_THUMBNAIL_MESSAGES.tooOften(outcome.retryAfterSeconds),
        );
      }
      return reply
        .code(201)
        .send(
          ok(
            outcome.thumbnail,
            outcome.answered ? KIOSK_THUMBNAIL_MESSAGES.answered : KIOSK_THUMBNAIL_MESSAGES.stored,
          ),
        );
    },
  );
}
