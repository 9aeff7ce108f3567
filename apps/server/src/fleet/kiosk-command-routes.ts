/**
 * Remote commands, the back-office's side (issue 47; the contract's kiosk-commands.ts):
 * - `POST /api/admin/developments/:devid/commands`: one command per totem aimed (one totem, a
 *   group, or all), sent at once or queued; admins and editors of the development; audited.
 * - `GET …/commands`: the history, newest first (one totem's with `kioskId`).
 * There is no read-only role: whoever may see the development's fleet may read its history, and
 * whoever may edit it may command its totems (requireDevelopment: 403 for another development's
 * editor). The work is in kiosk-commands.ts.
 */
import {
  adminKioskCommandRoutePatterns as routes,
  type KioskCommandListQuery,
  type KioskCommandRequest,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/envelope.js';
import { actorOf, requireDevelopment } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KIOSK_COMMAND_MESSAGES, KioskCommands } from './kiosk-commands.js';

export async function adminKioskCommandRoutes(
  fastify: FastifyInstance,
  { ctx }: AdminServices,
): Promise<void> {
  const commands = new KioskCommands(ctx);

  fastify.post<{ Params: { devid: number }; Body: KioskCommandRequest }>(
    routes.send,
    { schema: routeSchema('adminSendKioskCommand') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      const { batch, reached } = await commands.send(devid, request.body, actorOf(request));
      return ok(batch, KIOSK_COMMAND_MESSAGES.sent(batch.commands.length, reached));
    },
  );

  fastify.get<{ Params: { devid: number }; Querystring: KioskCommandListQuery }>(
    routes.list,
    { schema: routeSchema('adminKioskCommands') },
    async (request) => {
      const { devid } = request.params;
      requireDevelopment(request, devid);
      return ok(await commands.list(devid, request.query));
    },
  );
}
