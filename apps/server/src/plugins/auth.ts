/**
 * Token checks of the content calls (docs/product.md#roles "sent in a header named token"): a hook that verifies
 * the token and records who is calling, and the ownership check each handler makes once it knows
 * which development the requested item belongs to.
 */
import { TOKEN_HEADER } from '@plant-kiosk/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden } from '../lib/envelope.js';
import type { StreamTickets } from '../streaming/index.js';
import type { TokenIdentity, TokenService } from '../lib/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the token hook on authenticated routes. */
    kioskAuth: TokenIdentity | null;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * onRequest hook: 401 unless the `token` header (or `?token=` when allowed) holds a valid token.
 * Callback style, not async: a kiosk's known token is accepted without a single promise, which
 * matters on the calls every kiosk of a fleet makes all day.
 */
export function tokenHook(
  tokens: TokenService,
  options: { allowQuery?: boolean } = {},
): onRequestHookHandler {
  return (request, _reply, done) => {
    let token = headerValue(request.headers[TOKEN_HEADER]);
    if (!token && options.allowQuery) {
      const query = request.query as Record<string, unknown> | undefined;
      const fromQuery = query?.[TOKEN_HEADER];
      if (typeof fromQuery === 'string') token = fromQuery;
    }
    const known = tokens.verifyCached(token);
    if (known) {
      request.kioskAuth = known;
      done();
      return;
    }
    tokens.verify(token).then(
      (identity) => {
        request.kioskAuth = identity;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  };
}

/**
 * onRequest hook of the kiosk's event stream: a single-use `?ticket=` (decision 028), used up
 * here; without one, the token as every other kiosk call takes it, or as `?token=` — the form
 * of kiosk apps older than the tickets, still accepted so that a totem that has not reloaded its
 * app yet keeps receiving alerts.
 */
export function streamAuthHook(
  tokens: TokenService,
  tickets: Pick<StreamTickets, 'redeem'>,
): onRequestHookHandler {
  const byToken = tokenHook(tokens, { allowQuery: true });
  return function (request, reply, done) {
    const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
    if (typeof ticket !== 'string') {
      byToken.call(this, request, reply, done);
      return;
    }
    tickets.redeem(ticket).then(
      (identity) => {
        request.kioskAuth = identity;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  };
}

/**
 * 403 unless the authenticated kiosk belongs to `devid`; its identity otherwise. `what` names the
 * requested item when it is not the development itself ("zone 12").
 */
export function assertDevelopment(
  request: FastifyRequest,
  devid: number,
  what?: string,
): TokenIdentity {
  const auth = request.kioskAuth;
  if (!auth || auth.devid !== devid) {
    throw forbidden(
      what
        ? `Forbidden: ${what} belongs to another development than this token's`
        : `Forbidden: this token is not valid for development ${devid}`,
    );
  }
  return auth;
}
