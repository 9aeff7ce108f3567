/**
 * Thumbnails, the back-office's side (issue 48, decision 043; the contract's kiosk-thumbnails.ts):
 * - `GET /api/admin/developments/:devid/kiosks/:kioskId/thumbnails`: the totem's latest pictures
 *   (what each shows, not the bytes), newest first;
 * - `GET …/thumbnails/:thumbnailId`: one picture, image/webp.
 * Whoever may see the development's fleet may see its pictures (requireDevelopment: 403 for
 * another development's editor). 404 for a totem the development does not know, or a picture no
 * longer kept.
 *
 * Caching: `private, no-cache` with an ETag, and 304 when the browser already holds the picture.
 * A picture's bytes never change, but its id is not unique for ever: a restored backup (or a
 * pg_dump) carries the id sequence of its day and no picture, so after a restore the next pictures
 * take ids that pictures received after that backup had — for a plant with one totem, exactly the
 * same URLs. `immutable` would then show a browser's old picture as the totem's screen. The ETag
 * names the id and the time it was received, so a reused id is another picture; revalidation costs
 * a request per picture and page load, no bytes. `private`: never a shared proxy's copy (the
 * picture may show what a session wrote on a PDF, docs/privacy.md). The list stays no-store, like
 * every back-office answer.
 */
import {
  ROUTE_SCHEMAS,
  THUMBNAIL_MEDIA_TYPE,
  adminKioskThumbnailRoutePatterns as routes,
  type KioskThumbnailImageParams,
  type KioskThumbnailsParams,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KioskThumbnails } from './kiosk-thumbnails.js';

export const THUMBNAIL_IMAGE_CACHE_CONTROL = 'private, no-cache';

/** Strong validator: the id and the time the picture was received (see the header). */
const etagOf = (thumbnailId: number, receivedAt: string): string =>
  `"t${thumbnailId}-${Date.parse(receivedAt)}"`;

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export async function adminKioskThumbnailRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const thumbnails = new KioskThumbnails(ctx);

  fastify.get<{ Params: KioskThumbnailsParams }>(
    routes.list,
    { schema: routeSchema('adminKioskThumbnails') },
    async (request) => {
      const { devid, kioskId } = request.params;
      requireDevelopment(request, devid);
      return ok(await thumbnails.list(devid, kioskId));
    },
  );

  fastify.get<{ Params: KioskThumbnailImageParams }>(
    routes.image,
    // Not JSON: no response schema (the contract's entry says `answer: 'webp'`).
    { schema: { params: ROUTE_SCHEMAS.adminKioskThumbnailImage.params } },
    async (request, reply) => {
      const { devid, kioskId, thumbnailId } = request.params;
      requireDevelopment(request, devid);
      const { image, receivedAt } = await thumbnails.image(devid, kioskId, thumbnailId);
      const etag = etagOf(thumbnailId, receivedAt);
      reply.header('cache-control', THUMBNAIL_IMAGE_CACHE_CONTROL).header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('content-type', THUMBNAIL_MEDIA_TYPE).send(image);
    },
  );
}
