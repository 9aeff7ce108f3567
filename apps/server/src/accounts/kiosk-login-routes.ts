/**
 * POST /clientauth (docs/product.md#calls): a kiosk logs in with its development name, login and the client hash
 * of its password, and gets a long-lived token. Wrong development, login or password all get the
 * same 401 after the same time (an unknown development or login waits as long as a verification
 * takes, without running scrypt: see passwords.ts), so the answer reveals nothing about which of
 * them exist, and a flood of made-up names never reaches the scrypt queue.
 *
 * Failed attempts are limited per client address whatever the name (outside-probe hardening);
 * successes are not counted (a plant's totems behind one NAT address all log in again after a
 * revocation). A full scrypt queue answers 429 at once rather than making every login wait.
 *
 * Each totem's own identity (issue 47, decision 015): the token is bound to a totem id the server
 * chooses (`kioskId` in the answer). A totem that logs in again sends its previous token in the
 * `token` header, as on every other call; it keeps its id when that token's signature holds for
 * this development (expired or revoked alike) and the id was not forgotten. The body is the spec's,
 * unchanged. A new id beyond the development's bound → 409 with what to do (French).
 */
import { routePatterns, TOKEN_HEADER, type LoginResponse } from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { ok, tooManyRequests, unauthorized } from '../lib/envelope.js';
import { FailureLimiter, type LimitedAttempt } from '../lib/failure-limiter.js';
import { KioskIdentities } from '../fleet/index.js';
import {
  PasswordQueueFullError,
  verifyAgainstNothing,
  verifyClientPassword,
} from '../lib/passwords.js';
import { LoginRequest } from '../routes/schemas.js';

export const LOGIN_FAILED_MESSAGE = 'Identifiant ou mot de passe incorrect.';
/** Failed attempts per client address and window. */
export const LOGIN_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };
/** Retry-After of a 429 for a full scrypt queue: the queue holds a few seconds of work. */
export const LOGIN_BUSY_RETRY_SECONDS = 5;
export const LOGIN_BUSY_MESSAGE =
  'Trop de connexions en cours sur le serveur. Réessayez dans quelques secondes.';

export const loginRateLimited = (seconds: number) =>
  `Trop de tentatives de connexion. Réessayez dans ${seconds} secondes.`;

/**
 * Route hooks that limit one login route's failed attempts per client address: a locked-out
 * address is refused before its body is parsed; `failed(request)` counts the request's attempt
 * as a failure; any other end (success, 400, 429, abort) just ends it.
 */
export function failedLoginLimit(limiter: FailureLimiter, message: (seconds: number) => string) {
  const attempts = new WeakMap<FastifyRequest, LimitedAttempt>();
  const end = async (request: FastifyRequest) => {
    attempts.get(request)?.end();
  };
  return {
    hooks: {
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        const { attempt, retryAfter } = limiter.begin(request.ip);
        if (!attempt) throw tooManyRequests(reply, retryAfter, message(retryAfter));
        attempts.set(request, attempt);
      },
      onResponse: end,
      onRequestAbort: end,
    },
    failed: (request: FastifyRequest) => attempts.get(request)?.fail(),
  };
}

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const limit = failedLoginLimit(
    new FailureLimiter({ max: LOGIN_RATE_LIMIT.max, windowMs: LOGIN_RATE_LIMIT.timeWindowMs }),
    loginRateLimited,
  );
  const identities = new KioskIdentities(ctx);

  fastify.post<{ Body: LoginRequest }>(
    routePatterns.login,
    {
      schema: { body: LoginRequest },
      ...limit.hooks,
    },
    async (request, reply) => {
      const { devname, loginRequest } = request.body;
      const failed = () => {
        limit.failed(request);
        return unauthorized(LOGIN_FAILED_MESSAGE);
      };
      try {
        const development = await ctx.repos.developments.findByName(devname);
        const account =
          development &&
          (await ctx.repos.accounts.findKioskAccount(development.devid, loginRequest.login));
        if (!development || !account) {
          await verifyAgainstNothing(loginRequest.password, ctx.passwordCost);
          throw failed();
        }
        const valid = await verifyClientPassword(
          loginRequest.password,
          account.password_hash,
          account.password_salt,
        );
        if (!valid) throw failed();
        const previous = request.headers[TOKEN_HEADER];
        const kioskId = await identities.forLogin(
          development.devid,
          Array.isArray(previous) ? previous[0] : previous,
        );
        const token = await ctx.tokens.issue({
          devid: development.devid,
          accountid: account.accountid,
          tokenVersion: development.token_version,
          kioskId,
        });
        const response: LoginResponse = {
          token,
          development: { devid: development.devid, devname: development.devname },
          kioskId,
        };
        return ok(response);
      } catch (error) {
        if (error instanceof PasswordQueueFullError) {
          throw tooManyRequests(reply, LOGIN_BUSY_RETRY_SECONDS, LOGIN_BUSY_MESSAGE);
        }
        throw error;
      }
    },
  );
}
