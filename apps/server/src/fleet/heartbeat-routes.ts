/**
 * POST /display/heartbeat/:devid: a kiosk's status report for the fleet view (back-office and
 * fleet, decision 008). Token header like every /display call; a kiosk reports for its own
 * development only (403 otherwise), and — since issue 47 — for the totem of its token only (403,
 * nothing recorded: its alert acknowledgement rides on the heartbeat). A token issued before
 * identities is bound here to the id it reports, and the answer hands it its new token.
 *
 * The body is checked with TypeBox rather than the app's Ajv: Ajv's type coercion (needed for
 * path and query strings) would turn the report's many `null`s into "" or 0 (the first branch of
 * each `X | null` union), and a kiosk that reported content version 0 would look like one that
 * reported none. Unknown properties are dropped, so a newer kiosk can report more than this
 * server knows.
 *
 * The writes of heartbeats arriving together are committed in one transaction (group commit,
 * decision 045); each is answered once its batch committed.
 */
import {
  Envelope,
  KioskHeartbeat,
  KioskHeartbeatResponse,
  routePatterns,
} from '@plant-kiosk/contract';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { badRequest, ok } from '../lib/envelope.js';
import { Fleet, groupedHeartbeats, unbatchedHeartbeats } from './fleet.js';
import { heartbeatGroupCommitEnabled } from './heartbeat-batcher.js';
import { KioskIdentities } from './kiosk-identities.js';
import { assertDevelopment, tokenHook } from '../plugins/auth.js';
import { DevidParams } from '../routes/schemas.js';

// TypeBox knows no format by itself; the contract's dates are ISO-8601 date-times.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set(
    'date-time',
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
  );
}

const checker = TypeCompiler.Compile(KioskHeartbeat);

function parseHeartbeat(body: unknown): KioskHeartbeat {
  const cleaned = Value.Clean(KioskHeartbeat, structuredClone(body ?? null));
  if (checker.Check(cleaned)) return cleaned;
  const first = checker.Errors(cleaned).First();
  const where = first?.path ? `body${first.path.replaceAll('/', '.')}` : 'body';
  throw badRequest(`Invalid heartbeat: ${where} ${first?.message ?? 'is not valid'}`);
}

export async function heartbeatRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  // Group commit of the heartbeats' writes (decision 045); HEARTBEAT_GROUP_COMMIT=off is the
  // benchmark's baseline only. Drained when the server closes: an accepted report is committed.
  const heartbeats = heartbeatGroupCommitEnabled(process.env.HEARTBEAT_GROUP_COMMIT)
    ? groupedHeartbeats(ctx)
    : unbatchedHeartbeats(ctx);
  fastify.addHook('onClose', () => heartbeats.close());
  const fleet = new Fleet(ctx, heartbeats);
  const identities = new KioskIdentities(ctx);
  fastify.post<{ Params: { devid: number } }>(
    routePatterns.heartbeat,
    {
      schema: { params: DevidParams, response: { 200: Envelope(KioskHeartbeatResponse) } },
      onRequest: tokenHook(ctx.tokens),
    },
    async (request, reply) => {
      const { devid } = request.params;
      const auth = assertDevelopment(request, devid);
      const report = parseHeartbeat(request.body);
      const claim = await identities.claim(auth, report.kioskId);
      reply.header('cache-control', 'no-store');
      const contentVersion = await fleet.heartbeat(devid, report);
      return ok(claim.token ? { contentVersion, token: claim.token } : { contentVersion });
    },
  );
}
