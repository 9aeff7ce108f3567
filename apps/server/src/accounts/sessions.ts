/**
 * Back-office sessions. The browser holds a random 32-byte token in an HttpOnly cookie; the
 * database holds only its SHA-256, so a copy of the database cannot be replayed as a session.
 * Each session has its own CSRF token (synchronizer pattern), returned at login and by /me.
 *
 * A session ends 12 h after its last use (sliding; the cookie's Max-Age slides with it) and in any
 * case 7 days after login, so that a stolen cookie cannot be kept alive for ever. Uses are written
 * back at most once a minute to spare the database a write per request.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_SESSION_TTL_SECONDS,
  type AdminSession,
  type AdminUser,
} from '@plant-kiosk/contract';
import type { AdminUserRepository } from '../db/repositories/index.js';
import type { AdminUserRow } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/envelope.js';
import type { ScryptCost } from '../lib/passwords.js';
import { verifyAdminAgainstNothing, verifyAdminPassword } from './admin-passwords.js';
import { ADMIN_MESSAGES } from '../lib/admin/errors.js';

export const SESSION_TTL_MS = ADMIN_SESSION_TTL_SECONDS * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 86_400_000;
const TOUCH_INTERVAL_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface AdminAuth {
  /** SHA-256 of the token: the session's id in the database. */
  sessionId: string;
  user: AdminUser;
  csrfToken: string;
  expiresAt: Date;
}

export interface Authenticated {
  auth: AdminAuth;
  /** The session's end moved: send the cookie again so that its Max-Age moves too. */
  slid: boolean;
}

export const newToken = () => randomBytes(32).toString('base64url');
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Constant-time comparison of two strings of any length. */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * A check of a live session with something outside (decision 046: a session opened by the OpenID
 * provider is checked with it again every 15 minutes). False ends the session (401).
 */
export type SessionRecheck = (session: { sessionId: string; userid: number }) => Promise<boolean>;

export class AdminSessions {
  private recheck: SessionRecheck | undefined;

  constructor(
    private readonly users: AdminUserRepository,
    private readonly now: () => Date,
    /** scrypt cost of the dummy verification for unknown users (the app's passwordCost). */
    private readonly dummyCost: ScryptCost,
  ) {}

  /** Installs the check every authentication runs after its own (one; the SSO domain's). */
  setRecheck(recheck: SessionRecheck): void {
    this.recheck = recheck;
  }

  /** Checks the credentials and opens a session; 401 (or 403 for a disabled account) otherwise. */
  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; session: AdminSession; user: AdminUser }> {
    const row = await this.users.findByUsername(username.trim());
    // A user of the OpenID provider has no local password: the same answer as an unknown user.
    if (!row || row.sso_subject !== null) {
      await verifyAdminAgainstNothing(password, this.dummyCost);
      throw unauthorized(ADMIN_MESSAGES.loginFailed);
    }
    if (!(await verifyAdminPassword(password, row.password_hash, row.password_salt))) {
      throw unauthorized(ADMIN_MESSAGES.loginFailed);
    }
    // Told only to whoever knows the password: they need to know why they cannot get in.
    if (row.disabled) throw forbidden(ADMIN_MESSAGES.accountDisabled);

    return this.open(row);
  }

  /** Opens a session for a user already identified (by password, or by the OpenID provider). */
  async open(
    row: AdminUserRow,
  ): Promise<{ token: string; session: AdminSession; user: AdminUser; sessionId: string }> {
    const now = this.now();
    await this.users.deleteExpiredSessions(now);
    const token = newToken();
    const csrfToken = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.users.createSession({
      sessionId: sessionIdOf(token),
      userid: row.userid,
      csrfToken,
      now,
      expiresAt,
    });
    const user = await this.users.toUser(row);
    return {
      token,
      user,
      sessionId: sessionIdOf(token),
      session: { user, csrfToken, expiresAt: expiresAt.toISOString() },
    };
  }

  /** The session behind a cookie token; 401 when there is none, it has ended or its user is disabled. */
  async authenticate(token: string | undefined): Promise<Authenticated> {
    if (!token) throw unauthorized(ADMIN_MESSAGES.notLoggedIn);
    if (!TOKEN_SHAPE.test(token)) throw unauthorized(ADMIN_MESSAGES.sessionExpired);
    const found = await this.users.findSession(sessionIdOf(token));
    if (!found) throw unauthorized(ADMIN_MESSAGES.sessionExpired);
    const { session, user } = found;
    const now = this.now();
    const time = now.getTime();
    const hardEnd = Date.parse(session.created_at) + SESSION_ABSOLUTE_MS;
    if (Date.parse(session.expires_at) <= time || hardEnd <= time || user.disabled) {
      await this.users.deleteSession(session.session_id);
      throw unauthorized(
        user.disabled ? ADMIN_MESSAGES.accountDisabled : ADMIN_MESSAGES.sessionExpired,
      );
    }
    // Only a user of the OpenID provider has anything to re-check (decision 046).
    if (
      this.recheck &&
      user.sso_subject !== null &&
      !(await this.recheck({ sessionId: session.session_id, userid: user.userid }))
    ) {
      await this.users.deleteSession(session.session_id);
      throw unauthorized(ADMIN_MESSAGES.sessionExpired);
    }
    let expiresAt = new Date(session.expires_at);
    let slid = false;
    if (time - Date.parse(session.last_seen_at) >= TOUCH_INTERVAL_MS) {
      expiresAt = new Date(Math.min(time + SESSION_TTL_MS, hardEnd));
      await this.users.touchSession(session.session_id, now, expiresAt);
      slid = true;
    }
    return {
      auth: {
        sessionId: session.session_id,
        user: await this.users.toUser(user),
        csrfToken: session.csrf_token,
        expiresAt,
      },
      slid,
    };
  }

  /** Ends the session of a cookie token, if any. */
  async logout(token: string | undefined): Promise<void> {
    if (token && TOKEN_SHAPE.test(token)) await this.users.deleteSession(sessionIdOf(token));
  }

  /** Seconds the cookie should live for a session ending at `expiresAt`. */
  maxAge(expiresAt: Date): number {
    return Math.max(0, Math.round((expiresAt.getTime() - this.now().getTime()) / 1000));
  }
}
