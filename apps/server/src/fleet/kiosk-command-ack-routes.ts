/**
 * `POST /display/commands/:devid/:commandId/ack` (issue 47): a totem acknowledges a remote command
 * it ran — done, or failed with a reason. Token header like every /display call, for its own
 * development (403 otherwise) and its own totem: the command must be for the token's totem id
 * (403, nothing recorded). The first acknowledgement is kept; a repeat answers 200 with it. The
 * fleet hears of it, so open fleet pages show the state at once.
 */
import { ROUTES, type KioskCommandAck, type KioskCommandAckParams } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { ok } from '../lib/envelope.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { KIOSK_COMMAND_MESSAGES, KioskCommands } from './kiosk-commands.js';

export async function kioskCommandAckRoutes(
  fastify: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  const commands = new KioskCommands(ctx);
  fastify.post<{ Params: KioskCommandAckParams; Body: KioskCommandAck }>(
    ROUTES.kioskCommandAck.path,
    { schema: routeSchema('kioskCommandAck'), onRequest: tokenHook(ctx.tokens) },
    async (request, reply) => {
      const { devid, commandId } = request.params;
      const auth = assertDevelopment(request, devid);
      reply.header('cache-control', 'no-store');
      const { ack, recorded } = await commands.ack(auth, commandId, request.body);
      return ok(ack, recorded ? KIOSK_COMMAND_MESSAGES.acked : KIOSK_COMMAND_MESSAGES.alreadyAcked);
    },
  );
}
