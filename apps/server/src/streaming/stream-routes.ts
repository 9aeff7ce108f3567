/**
 * GET /stream/:devid (docs/product.md#calls): the server-sent events a kiosk listens to while online, and
 * POST /display/stream-ticket/:devid, the single-use ticket that opens it (decision 028).
 * EventSource cannot set headers, so the stream's credential travels in its URL: a ticket the
 * kiosk asked for with its token in the header, good once, for 60 s — not the long-lived token,
 * which proxies would log. `?token=` (and the `token` header) are still accepted, for kiosk apps
 * older than the tickets. Authorisation failures are answered as ordinary JSON envelopes before
 * the stream starts; after that the response belongs to the stream hub.
 *
 * A kiosk that names itself (`?kioskId=…`, plus the other KioskStreamIdentity parameters) is
 * recorded in the fleet: connected on open, disconnected on close, and its `last_seen_at`
 * refreshed every PRESENCE_REFRESH_MS while the stream stays open on this instance. Fleet writes
 * never hold up or break the stream: their failures are logged only.
 *
 * Issue 47: a stream speaks for its token's totem only. A token (or ticket) bound to a totem id
 * names that totem when the URL names none, and a URL naming another id is refused (403, before
 * the stream starts, nothing recorded). An id-less (older) token is bound to the id it names,
 * like its heartbeat.
 *
 * Remote commands (issue 47): a totem's stream, once open, is sent the commands queued for it
 * (fleet/kiosk-commands.ts).
 */
import { randomUUID } from 'node:crypto';
import { routePatterns } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { alertMessage } from '../alerts/index.js';
import { ok } from '../lib/envelope.js';
import type { AppContext } from '../lib/context.js';
import { Fleet, KioskCommands, KioskIdentities } from '../fleet/index.js';
import { StreamTickets } from './stream-tickets.js';
import { assertDevelopment, streamAuthHook, tokenHook } from '../plugins/auth.js';
import { DevidParams, StreamQuery } from '../routes/schemas.js';

/**
 * POST /display/stream-ticket/:devid: a ticket for the stream, with the token in the header like
 * every /display call (the content service's, so that the split topology serves it with them).
 */
export async function streamTicketRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const tickets = new StreamTickets(ctx);
  fastify.post<{ Params: { devid: number } }>(
    routePatterns.streamTicket,
    { schema: { params: DevidParams }, onRequest: tokenHook(ctx.tokens) },
    async (request, reply) => {
      const identity = assertDevelopment(request, request.params.devid);
      reply.header('cache-control', 'no-store');
      return ok(await tickets.issue(identity));
    },
  );
}

/** Well inside FLEET_ONLINE_WINDOW_MS, so that a connected kiosk never looks offline. */
export const PRESENCE_REFRESH_MS = 60_000;

export async function streamRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const fleet = new Fleet(ctx);
  const identities = new KioskIdentities(ctx);
  const commands = new KioskCommands(ctx);
  /** Fleet connection ids of the identified streams open here. */
  const present = new Set<string>();
  const logFleetError = (error: unknown) =>
    fastify.log.warn({ err: error }, 'fleet: could not record the kiosk’s presence');
  const refresh = setInterval(() => {
    fleet.touch([...present]).catch(logFleetError);
  }, PRESENCE_REFRESH_MS);
  refresh.unref();
  fastify.addHook('onClose', async () => clearInterval(refresh));
  // A command sent through another instance and written here to its totem's stream: this
  // instance marks it sent (the sender marks those its own instance wrote).
  const stopDeliveries = ctx.bus.onRemoteDelivery((message) => {
    if (message.type !== 'command') return;
    commands
      .markSent(message.devid, [message.command.commandId])
      .catch((error: unknown) =>
        fastify.log.warn({ err: error }, 'commands: could not mark a command sent'),
      );
  });
  fastify.addHook('onClose', async () => stopDeliveries());

  fastify.get<{ Params: { devid: number }; Querystring: StreamQuery }>(
    routePatterns.stream,
    {
      schema: { params: DevidParams, querystring: StreamQuery },
      onRequest: streamAuthHook(ctx.tokens, new StreamTickets(ctx)),
    },
    async (request, reply) => {
      const { devid } = request.params;
      const auth = assertDevelopment(request, devid);
      const { mode, totem, appVersion, contentVersion } = request.query;
      const kioskId = request.query.kioskId ?? auth.kioskId;
      if (kioskId !== undefined) await identities.claim(auth, kioskId);
      // Emergency alerts: a totem that connects learns the alert in force (or that there is none,
      // which ends one it latched) at once. Read before the stream opens and written right after
      // it, in the same turn, so no bus message can come between; a failed read must not cost the
      // totem its stream (it latched any alert it had).
      const alert = await ctx.repos.alerts.active(devid, ctx.now()).then(
        (active) => alertMessage(devid, active),
        (error: unknown) => {
          fastify.log.warn({ err: error }, 'alerts: could not read the alert in force');
          return undefined;
        },
      );
      reply.hijack();
      const connection = ctx.streams.open(request.raw, reply.raw, {
        devid,
        kioskId,
        // Headers set by hooks (nosniff, CORS) would be lost with the hijacked reply.
        headers: reply.getHeaders(),
      });
      if (alert) reply.raw.write(`data: ${JSON.stringify(alert)}\n\n`);
      if (kioskId === undefined) return;
      // Remote commands (issue 47): the totem's queue, oldest first, after the alert (a command
      // never comes before the takeover it must not interrupt). Read after the stream opened, so
      // that a command sent meanwhile is not missed (it may come twice: the totem runs it once).
      void commands
        .queueFor(devid, kioskId)
        .then(async (queued) => {
          if (queued.length === 0 || !ctx.streams.send(connection, queued)) return;
          await commands.markSent(
            devid,
            queued.map((message) => message.command.commandId),
          );
        })
        .catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'commands: could not send the totem its queue'),
        );
      const connectionId = randomUUID();
      present.add(connectionId);
      const opened = fleet
        .streamOpened(devid, { kioskId, mode, totem, appVersion, contentVersion }, connectionId)
        .catch(logFleetError);
      request.raw.once('close', () => {
        present.delete(connectionId);
        // After the open is written, or a quick close could be overwritten by it.
        void opened.then(() =>
          fleet.streamClosed(devid, kioskId, connectionId).catch(logFleetError),
        );
      });
    },
  );
}
