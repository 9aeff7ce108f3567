/**
 * Login, logout and the current session. Failed logins are limited per client address whatever
 * the user name (outside-probe hardening; successes are not counted); an unknown user costs no
 * scrypt but gets the same answer after the same time (lib/passwords.ts); a full scrypt queue
 * answers 429 at once. A login always opens a fresh session (any session the browser already had is
 * ended first, so a planted cookie cannot be carried into a login).
 */
import {
  ADMIN_SESSION_COOKIE,
  AdminLoginRequest,
  AdminSession,
  adminRoutePatterns,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { readCookie } from '../lib/admin/cookies.js';
import { ADMIN_MESSAGES } from '../lib/admin/errors.js';
import { HttpError, ok, tooManyRequests } from '../lib/envelope.js';
import { FailureLimiter } from '../lib/failure-limiter.js';
import { PasswordQueueFullError } from '../lib/passwords.js';
import {
  LOGIN_BUSY_MESSAGE,
  LOGIN_BUSY_RETRY_SECONDS,
  failedLoginLimit,
} from './kiosk-login-routes.js';
import { assertCsrf, authOf } from '../routes/admin/guards.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';

/** Failed logins per client address and window. */
export const ADMIN_LOGIN_RATE_LIMIT = { max: 10, timeWindowMs: 15 * 60_000 };

export async function sessionRoutes(
  fastify: FastifyInstance,
  services: AdminServices,
): Promise<void> {
  const { ctx, sessions } = services;
  const limit = failedLoginLimit(
    new FailureLimiter({
      max: ADMIN_LOGIN_RATE_LIMIT.max,
      windowMs: ADMIN_LOGIN_RATE_LIMIT.timeWindowMs,
    }),
    ADMIN_MESSAGES.loginRateLimited,
  );

  fastify.post<{ Body: AdminLoginRequest }>(
    adminRoutePatterns.login,
    {
      schema: routeSchema('adminLogin'),
      config: { adminPublic: true },
      ...limit.hooks,
    },
    async (request, reply) => {
      await sessions.logout(readCookie(request.headers.cookie, ADMIN_SESSION_COOKIE));
      const { token, session, user } = await sessions
        .login(request.body.username, request.body.password)
        .catch((error: unknown) => {
          if (error instanceof PasswordQueueFullError) {
            throw tooManyRequests(reply, LOGIN_BUSY_RETRY_SECONDS, LOGIN_BUSY_MESSAGE);
          }
          if (error instanceof HttpError && error.statusCode === 401) {
            limit.failed(request);
          }
          // For whoever watches the logs: repeated failures are an attack or a locked-out user.
          request.log.warn(
            { username: request.body.username.slice(0, 60), ip: request.ip },
            'back-office login refused',
          );
          throw error;
        });
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: user.userid,
        username: user.username,
        devid: null,
        action: 'session.login',
        targetType: 'user',
        targetId: user.userid,
        summary: { ip: request.ip },
      });
      reply.header(
        'set-cookie',
        services.sessionCookie(request, token, sessions.maxAge(new Date(session.expiresAt))),
      );
      return ok(session);
    },
  );

  fastify.post(
    adminRoutePatterns.logout,
    { schema: routeSchema('adminLogout'), config: { adminPublic: true } },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, ADMIN_SESSION_COOKIE);
      if (token) {
        // A live session is only ended by its own page (CSRF token); a dead one is just forgotten.
        const live = await sessions.authenticate(token).catch(() => undefined);
        if (live) assertCsrf(request, live.auth.csrfToken);
        await sessions.logout(token);
      }
      reply.header('set-cookie', services.sessionCookie(request, '', 0));
      return ok(null, 'Déconnecté.');
    },
  );

  // The back-office's probe on load (compression and bundle split, decision 020): no 401 outside a
  // session, so the login page opens without an error in the console. A cookie that no longer opens
  // a session is cleared.
  fastify.get(
    adminRoutePatterns.session,
    { schema: routeSchema('adminSessionProbe'), config: { adminPublic: true } },
    async (request, reply) => {
      const token = readCookie(request.headers.cookie, ADMIN_SESSION_COOKIE);
      if (!token) return ok(null);
      const found = await sessions.authenticate(token).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return undefined;
        throw error;
      });
      if (!found) {
        reply.header('set-cookie', services.sessionCookie(request, '', 0));
        return ok(null);
      }
      const { auth, slid } = found;
      if (slid) {
        reply.header(
          'set-cookie',
          services.sessionCookie(request, token, sessions.maxAge(auth.expiresAt)),
        );
      }
      const session: AdminSession = {
        user: auth.user,
        csrfToken: auth.csrfToken,
        expiresAt: auth.expiresAt.toISOString(),
      };
      return ok(session);
    },
  );

  fastify.get(adminRoutePatterns.me, { schema: routeSchema('adminMe') }, async (request) => {
    const auth = authOf(request);
    const session: AdminSession = {
      user: auth.user,
      csrfToken: auth.csrfToken,
      expiresAt: auth.expiresAt.toISOString(),
    };
    return ok(session);
  });
}
