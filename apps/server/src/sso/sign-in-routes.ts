/**
 * The sign-in through the OpenID provider, outside any session (decision 046): the login page's
 * question (is it on, under what name), the start (302 to the provider) and the callback (302 to
 * the back-office with the same session cookie a local login sets, or to the login page with
 * `?sso_error=<code>`). Every refusal is audited and logged with its real cause; the browser only
 * gets the code, whose French text the login page holds.
 */
import {
  ADMIN_SESSION_COOKIE,
  SSO_AUDIT_ACTIONS,
  adminSsoRoutePatterns as routes,
  type SsoStatus,
} from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../lib/admin/cookies.js';
import { FailureLimiter } from '../lib/failure-limiter.js';
import { ok } from '../lib/envelope.js';
import type { AdminServices } from '../routes/admin/admin-services.js';
import { routeSchema } from '../routes/admin/schemas.js';
import { SSO_LOGIN_TTL_MS, SsoError, type SsoService } from './sso-service.js';

/** The cookie that binds a sign-in to the browser that started it (see sso-service.ts). */
export const SSO_LOGIN_COOKIE = 'sso_login';
const LOGIN_COOKIE_PATH = '/api/admin/sso';

/** SameSite=Lax: the provider's redirect back is a cross-site top-level navigation. */
function loginCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [
    `${SSO_LOGIN_COOKIE}=${value}`,
    `Path=${LOGIN_COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * Sign-ins started per client address and window. Each start writes a row (its PKCE verifier and
 * nonce) and sends the browser to the provider: a loop or a script must not fill the table nor
 * hammer the group's provider in the plant's name. Generous for people (a few clicks a minute).
 */
export const SSO_START_LIMIT = { max: 30, windowMs: 5 * 60_000 };

/** The back-office's address, from the configured public base URL (relative when unset). */
const backOffice = (publicBaseUrl: string) => `${publicBaseUrl.replace(/\/+$/, '')}/admin/`;

export async function ssoSignInRoutes(
  fastify: FastifyInstance,
  services: AdminServices & { sso: SsoService },
): Promise<void> {
  const { ctx, sessions, sso } = services;
  const starts = new FailureLimiter(SSO_START_LIMIT);

  const refuse = async (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    publicBaseUrl: string,
  ) => {
    const code = error instanceof SsoError ? error.code : 'server';
    if (code === 'server') request.log.error({ err: error }, 'SSO sign-in failed');
    else request.log.warn({ code, reason: (error as Error).message }, 'SSO sign-in refused');
    await ctx.repos.audit.insert({
      at: ctx.now(),
      userid: null,
      username: null,
      devid: null,
      action: SSO_AUDIT_ACTIONS.refused,
      targetType: 'sso',
      summary: { code, reason: (error as Error).message.slice(0, 300), ip: request.ip },
    });
    return reply
      .header('set-cookie', loginCookie('', 0, false))
      .redirect(`${backOffice(publicBaseUrl)}?sso_error=${code}`, 302);
  };

  fastify.get(
    routes.status,
    { schema: routeSchema('adminSsoStatus'), config: { adminPublic: true } },
    async () => {
      const settings = await sso.settings();
      const status: SsoStatus = {
        enabled: settings.enabled,
        displayName: settings.enabled ? settings.displayName : '',
      };
      return ok(status);
    },
  );

  fastify.get(routes.login, { config: { adminPublic: true } }, async (request, reply) => {
    const settings = await sso.settings();
    const { attempt } = starts.begin(request.ip);
    if (!attempt) {
      return refuse(
        request,
        reply,
        new SsoError(
          'rate_limited',
          `more than ${SSO_START_LIMIT.max} sign-ins started from this address`,
        ),
        settings.publicBaseUrl,
      );
    }
    // Every start counts, finished or not: the window is what limits them.
    attempt.fail();
    try {
      const { location, browserValue, secure } = await sso.start();
      return reply
        .header('set-cookie', loginCookie(browserValue, SSO_LOGIN_TTL_MS / 1000, secure))
        .redirect(location, 302);
    } catch (error) {
      return refuse(request, reply, error, settings.publicBaseUrl);
    }
  });

  fastify.get(routes.callback, { config: { adminPublic: true } }, async (request, reply) => {
    const settings = await sso.settings();
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      const signedIn = await sso.finish(
        query,
        readCookie(request.headers.cookie, SSO_LOGIN_COOKIE),
      );
      // Any session the browser already had ends first, as at a local login.
      await sessions.logout(readCookie(request.headers.cookie, ADMIN_SESSION_COOKIE));
      const { token, session, user, sessionId } = await sessions.open(signedIn.user);
      await ctx.repos.sso.createSession({
        sessionId,
        userid: user.userid,
        subject: signedIn.subject,
        refreshToken: signedIn.refreshToken,
        accessToken: signedIn.accessToken,
        checkedAt: ctx.now().toISOString(),
      });
      if (signedIn.created) {
        await ctx.repos.audit.insert({
          at: ctx.now(),
          userid: user.userid,
          username: user.username,
          devid: null,
          action: SSO_AUDIT_ACTIONS.userCreated,
          targetType: 'user',
          targetId: user.userid,
          summary: { role: user.role, groups: signedIn.rights.groups },
        });
      }
      await ctx.repos.audit.insert({
        at: ctx.now(),
        userid: user.userid,
        username: user.username,
        devid: null,
        action: 'session.login',
        targetType: 'user',
        targetId: user.userid,
        summary: { ip: request.ip, sso: true, groups: signedIn.rights.groups },
      });
      return reply
        .header('set-cookie', [
          services.sessionCookie(request, token, sessions.maxAge(new Date(session.expiresAt))),
          loginCookie('', 0, false),
        ])
        .redirect(backOffice(settings.publicBaseUrl), 302);
    } catch (error) {
      return refuse(request, reply, error, settings.publicBaseUrl);
    }
  });
}
