/**
 * POST /clientauth (spec §7): a kiosk logs in with its development name, login and the client hash
 * of its password, and gets a long-lived token. Wrong development, login or password all get the
 * same 401 and take the same time (scrypt runs even when the account does not exist), so the
 * answer reveals nothing about which of them exist. Attempts are rate-limited per IP and
 * development name.
 */
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES, routePatterns, type LoginResponse } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/context.js';
import { HttpError, ok, unauthorized } from '../lib/envelope.js';
import { verifyAgainstNothing, verifyClientPassword } from '../lib/passwords.js';
import { LoginRequest } from './schemas.js';

export const LOGIN_FAILED_MESSAGE = 'Identifiant ou mot de passe incorrect.';
export const LOGIN_RATE_LIMIT = { max: 10, timeWindowMs: 60_000 };

export async function authRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        ERROR_CODES.tooManyRequests,
        `Trop de tentatives de connexion. Réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} secondes.`,
      ),
  });

  fastify.post<{ Body: LoginRequest }>(
    routePatterns.login,
    {
      schema: { body: LoginRequest },
      config: {
        rateLimit: {
          max: LOGIN_RATE_LIMIT.max,
          timeWindow: LOGIN_RATE_LIMIT.timeWindowMs,
          // After validation, so the key can include the development name from the body.
          hook: 'preHandler',
          keyGenerator: (request) =>
            `${request.ip}|${(request.body as Partial<LoginRequest> | undefined)?.devname ?? ''}`,
        },
      },
    },
    async (request) => {
      const { devname, loginRequest } = request.body;
      const development = await ctx.repos.content.findDevelopmentByName(devname);
      const account =
        development &&
        (await ctx.repos.accounts.findKioskAccount(development.devid, loginRequest.login));
      if (!development || !account) {
        await verifyAgainstNothing(loginRequest.password, ctx.passwordCost);
        throw unauthorized(LOGIN_FAILED_MESSAGE);
      }
      const valid = await verifyClientPassword(
        loginRequest.password,
        account.password_hash,
        account.password_salt,
      );
      if (!valid) throw unauthorized(LOGIN_FAILED_MESSAGE);
      const token = await ctx.tokens.issue({
        devid: development.devid,
        accountid: account.accountid,
        tokenVersion: development.token_version,
      });
      const response: LoginResponse = {
        token,
        development: { devid: development.devid, devname: development.devname },
      };
      return ok(response);
    },
  );
}
