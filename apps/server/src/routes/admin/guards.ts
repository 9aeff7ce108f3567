/**
 * Who may do what in the admin API. Admins may do everything on every development; editors may
 * read and edit the content (and read the audit log) of the developments assigned to them, and
 * publish, roll back and discard there when an admin allowed it (decision 014). Everything else
 * answers 403.
 */
import { ADMIN_CSRF_HEADER } from '@plant-kiosk/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/envelope.js';
import type { Actor } from '../../audit/index.js';
import { ADMIN_MESSAGES } from '../../lib/admin/errors.js';
import { sameSecret, type AdminAuth } from '../../accounts/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin session hook on every admin route but login and logout. */
    adminAuth: AdminAuth | null;
  }
  interface FastifyContextConfig {
    /** The admin session hook lets this route through without a session (login, logout). */
    adminPublic?: boolean;
  }
}

export function authOf(request: FastifyRequest): AdminAuth {
  if (!request.adminAuth) throw unauthorized(ADMIN_MESSAGES.notLoggedIn);
  return request.adminAuth;
}

export function actorOf(request: FastifyRequest): Actor & { sessionId: string } {
  const { user, sessionId } = authOf(request);
  return { userid: user.userid, username: user.username, sessionId };
}

export function requireAdmin(request: FastifyRequest): AdminAuth {
  const auth = authOf(request);
  if (auth.user.role !== 'admin') throw forbidden(ADMIN_MESSAGES.adminOnly);
  return auth;
}

export function canEdit(auth: AdminAuth, devid: number): boolean {
  return auth.user.role === 'admin' || auth.user.devids.includes(devid);
}

/**
 * 403 unless the user may publish, roll back and discard on the development (rollback and publish
 * checks, decision 014): admins, and editors of it an admin has allowed. Preparing and looking stay
 * open to editors.
 */
export function requirePublishRight(request: FastifyRequest, devid: number): AdminAuth {
  const auth = requireDevelopment(request, devid);
  if (auth.user.role !== 'admin' && !auth.user.canPublish) {
    throw forbidden(
      'Vous pouvez préparer et consulter le contenu, mais pas publier, revenir à une version ni annuler des modifications : demandez ce droit à un administrateur.',
    );
  }
  return auth;
}

/** Whether the user may trigger and end the development's alerts (red button and acknowledgements,
 * decision 018). */
export function canAlert(auth: AdminAuth, devid: number): boolean {
  return canEdit(auth, devid) && (auth.user.role === 'admin' || auth.user.canAlert);
}

/** 403 unless the user may trigger and end the development's alerts: admins, and users allowed. */
export function requireAlertRight(request: FastifyRequest, devid: number): AdminAuth {
  const auth = requireDevelopment(request, devid);
  if (!canAlert(auth, devid)) {
    throw forbidden(
      'Vous ne pouvez pas déclencher ni terminer une alerte : demandez ce droit à un administrateur.',
    );
  }
  return auth;
}

/** 403 unless the user may edit the development's content. */
export function requireDevelopment(request: FastifyRequest, devid: number): AdminAuth {
  const auth = authOf(request);
  if (!canEdit(auth, devid)) throw forbidden(ADMIN_MESSAGES.otherDevelopment);
  return auth;
}

/**
 * 403 when the request says it comes from a page of another host. The scheme is not compared, so
 * that a TLS-terminating proxy without TRUST_PROXY does not lock everyone out; SameSite=Strict and
 * the CSRF token remain the main defences.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    throw forbidden(ADMIN_MESSAGES.crossOrigin);
  }
  let own: string | undefined;
  try {
    own = new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    own = undefined;
  }
  if (host !== request.host && host !== own) throw forbidden(ADMIN_MESSAGES.crossOrigin);
}

export function assertCsrf(request: FastifyRequest, expected: string): void {
  const header = request.headers[ADMIN_CSRF_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !sameSecret(value, expected)) throw forbidden(ADMIN_MESSAGES.csrf);
}
