/**
 * The back-office API, mounted under /api/admin (back-office and fleet, decision 008). One
 * encapsulated plugin whose hooks apply to its routes only:
 * - responses are never cached (`no-store`): they carry users, accounts and CSRF tokens;
 * - state-changing requests whose Origin (or, failing that, Referer) names another host get 403;
 * - every route but login and logout needs a live session (cookie `admin_session`, else 401), and
 *   state-changing ones the session's CSRF token in `x-csrf-token` (else 403);
 * - schema validation messages are in French, and a version conflict (409) carries the current
 *   item in `data` — every other error goes on to the app's envelope error handler.
 */
import rateLimit from '@fastify/rate-limit';
import { ADMIN_API_PREFIX, ADMIN_SESSION_COOKIE, ERROR_CODES } from '@plant-kiosk/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  adminAlertRoutes,
  adminAlertTemplateRoutes,
  adminAlertTokenRoutes,
  adminCapMappingRoutes,
} from '../../alerts/index.js';
import { adminAuditRoutes } from '../../audit/index.js';
import { adminHealthRoutes } from '../../health/index.js';
import {
  adminFleetRoutes,
  adminKioskCommandRoutes,
  adminKioskForgetRoutes,
  adminKioskProfileRoutes,
  adminKioskPlanMarkRoutes,
  adminKioskThumbnailRoutes,
} from '../../fleet/index.js';
import { adminPackRoutes } from '../../packs/index.js';
import { adminMediaRoutes } from '../../media/index.js';
import { adminNotificationRoutes } from '../../notifications/index.js';
import { adminSsoRoutes, ssoSignInRoutes, SsoService, type SsoOptions } from '../../sso/index.js';
import {
  adminPreviewRoutes,
  adminPublicationRequestRoutes,
  adminPublishRoutes,
  adminRevisionRoutes,
  adminWeekAheadRoutes,
} from '../../publishing/index.js';
import { ContentEditor } from '../../content/index.js';
import { readCookie, serializeCookie } from '../../lib/admin/cookies.js';
import { ADMIN_MESSAGES, ConflictError } from '../../lib/admin/errors.js';
import {
  AdminSessions,
  adminManagementRoutes,
  adminSessionRoutes,
  Management,
} from '../../accounts/index.js';
import { formatAdminSchemaErrors } from '../../lib/admin/validation-messages.js';
import type { AppContext } from '../../lib/context.js';
import { badRequest, HttpError } from '../../lib/envelope.js';
import type { AdminServices } from './admin-services.js';
import { assertCsrf, assertSameOrigin } from './guards.js';
import { adminContentRoutes } from '../../content/index.js';
import { settingsRoutes } from '../../settings/index.js';
import { adminUsageRoutes } from '../../usage/index.js';

export interface AdminRoutesOptions {
  ctx: AppContext;
  /** OpenID Connect sign-in's test seam (sso/sso-service.ts). */
  sso?: SsoOptions;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The cookie goes to the admin API only, never to the kiosk's calls or the media. */
const COOKIE_PATH = ADMIN_API_PREFIX;
const MAX_ID = 2_147_483_647;

/** Integer parameters the app-wide check (plugins/errors.ts) does not know, checked as strictly. */
const INTEGER_NAMES = {
  params: ['userid', 'accountid', 'subelementid', 'mediaid', 'revision', 'templateid'],
  query: ['expectedVersion', 'limit', 'before', 'devid'],
} as const;

function checkIntegers(values: unknown, names: readonly string[]): void {
  if (!values || typeof values !== 'object') return;
  for (const name of names) {
    const value = (values as Record<string, unknown>)[name];
    if (typeof value !== 'string') continue;
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
      throw badRequest(`Le paramètre « ${name} » doit être un nombre entier positif.`);
    }
  }
}

const adminPlugin: FastifyPluginAsync<AdminRoutesOptions> = async (
  fastify: FastifyInstance,
  { ctx, sso: ssoOptions },
) => {
  const sessions = new AdminSessions(ctx.repos.adminUsers, ctx.now, ctx.passwordCost);
  // Sessions opened through the OpenID provider are checked with it again (decision 046).
  const sso = new SsoService({ repos: ctx.repos, now: ctx.now, log: fastify.log }, ssoOptions);
  sessions.setRecheck((session) => sso.recheck(session));
  const services: AdminServices = {
    ctx,
    sessions,
    editor: new ContentEditor(ctx),
    management: new Management(ctx),
    sessionCookie: (request, token, maxAge) =>
      serializeCookie(ADMIN_SESSION_COOKIE, token, {
        path: COOKIE_PATH,
        maxAge,
        secure: request.protocol === 'https',
      }),
  };

  fastify.decorateRequest('adminAuth', null);
  fastify.setSchemaErrorFormatter(
    (errors, dataVar) => new Error(formatAdminSchemaErrors(errors, dataVar)),
  );
  fastify.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof ConflictError) {
      return reply
        .code(409)
        .send({ data: error.current ?? null, message: error.message, error: ERROR_CODES.conflict });
    }
    // The app's handler turns everything else into the envelope.
    throw error;
  });

  await fastify.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        ERROR_CODES.tooManyRequests,
        ADMIN_MESSAGES.loginRateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
      ),
  });

  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const unsafe = !SAFE_METHODS.has(request.method);
    if (unsafe) assertSameOrigin(request);
    if (request.routeOptions.config.adminPublic) return;
    const token = readCookie(request.headers.cookie, ADMIN_SESSION_COOKIE);
    const { auth, slid } = await sessions.authenticate(token);
    request.adminAuth = auth;
    if (slid && token) {
      reply.header(
        'set-cookie',
        services.sessionCookie(request, token, sessions.maxAge(auth.expiresAt)),
      );
    }
    if (unsafe) assertCsrf(request, auth.csrfToken);
  });

  fastify.addHook('preValidation', async (request) => {
    checkIntegers(request.params, INTEGER_NAMES.params);
    checkIntegers(request.query, INTEGER_NAMES.query);
  });

  await fastify.register(adminSessionRoutes, services);
  await fastify.register(adminManagementRoutes, services);
  await fastify.register(adminContentRoutes, services);
  await fastify.register(adminPublishRoutes, services);
  await fastify.register(adminPublicationRequestRoutes, services);
  await fastify.register(adminRevisionRoutes, services);
  await fastify.register(adminPreviewRoutes, services);
  await fastify.register(adminWeekAheadRoutes, services);
  await fastify.register(adminAuditRoutes, services);
  await fastify.register(adminPackRoutes, services);
  await fastify.register(adminMediaRoutes, services);
  await fastify.register(adminFleetRoutes, services);
  await fastify.register(adminKioskForgetRoutes, services);
  await fastify.register(adminKioskProfileRoutes, services);
  await fastify.register(adminKioskPlanMarkRoutes, services);
  await fastify.register(adminKioskCommandRoutes, services);
  await fastify.register(adminKioskThumbnailRoutes, services);
  await fastify.register(adminHealthRoutes, services);
  await fastify.register(settingsRoutes, services);
  await fastify.register(adminNotificationRoutes, services);
  await fastify.register(adminSsoRoutes, { ...services, sso });
  await fastify.register(ssoSignInRoutes, { ...services, sso });
  await fastify.register(adminAlertRoutes, services);
  await fastify.register(adminAlertTemplateRoutes, services);
  await fastify.register(adminAlertTokenRoutes, services);
  await fastify.register(adminCapMappingRoutes, services);
  await fastify.register(adminUsageRoutes, services);
};

export const adminRoutes = adminPlugin;
