/** Back-office users, the developments each editor may edit, and their sessions. */
import type { AdminRole, AdminUser } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AdminSessionRow, AdminUserRow, Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export function toAdminUser(row: AdminUserRow, devids: readonly number[]): AdminUser {
  return {
    userid: row.userid,
    username: row.username,
    role: row.role as AdminRole,
    disabled: Boolean(row.disabled),
    createdAt: row.created_at,
    devids: row.role === 'admin' ? [] : [...devids],
    canPublish: row.role === 'admin' || Boolean(row.can_publish),
    canAlert: row.role === 'admin' || Boolean(row.can_alert),
  };
}

export interface SessionWithUser {
  session: AdminSessionRow;
  user: AdminUserRow;
}

export class AdminUserRepository {
  constructor(private readonly db: Db) {}

  async findById(userid: number): Promise<AdminUserRow | undefined> {
    return this.db
      .selectFrom('admin_users')
      .selectAll()
      .where('userid', '=', userid)
      .executeTakeFirst();
  }

  async findByUsername(username: string): Promise<AdminUserRow | undefined> {
    return this.db
      .selectFrom('admin_users')
      .selectAll()
      .where('username', '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async list(): Promise<AdminUser[]> {
    const rows = await this.db.selectFrom('admin_users').selectAll().orderBy('userid').execute();
    const links = await this.db
      .selectFrom('admin_user_developments')
      .selectAll()
      .orderBy('devid')
      .execute();
    const byUser = new Map<number, number[]>();
    for (const link of links) {
      const list = byUser.get(link.userid) ?? [];
      list.push(link.devid);
      byUser.set(link.userid, list);
    }
    return rows.map((row) => toAdminUser(row, byUser.get(row.userid) ?? []));
  }

  async devids(userid: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('admin_user_developments')
      .select('devid')
      .where('userid', '=', userid)
      .orderBy('devid')
      .execute();
    return rows.map((row) => row.devid);
  }

  async toUser(row: AdminUserRow): Promise<AdminUser> {
    return toAdminUser(row, row.role === 'admin' ? [] : await this.devids(row.userid));
  }

  /** Whether any user holds the admin role (enabled or not). */
  async hasAdmin(): Promise<boolean> {
    const row = await this.db
      .selectFrom('admin_users')
      .select('userid')
      .where('role', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  }

  async countEnabledAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('admin_users')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async create(input: {
    username: string;
    role: AdminRole;
    passwordHash: string;
    passwordSalt: string;
    now: Date;
    canPublish?: boolean;
    canAlert?: boolean;
  }): Promise<AdminUserRow> {
    return this.db
      .insertInto('admin_users')
      .values({
        username: input.username.toLowerCase(),
        role: input.role,
        password_hash: input.passwordHash,
        password_salt: input.passwordSalt,
        created_at: input.now.toISOString(),
        can_publish: input.canPublish ? 1 : 0,
        can_alert: input.canAlert ? 1 : 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The user the OpenID provider knows as `subject` (decision 046): never found by name. */
  async findBySso(issuer: string, subject: string): Promise<AdminUserRow | undefined> {
    return this.db
      .selectFrom('admin_users')
      .selectAll()
      .where('sso_issuer', '=', issuer)
      .where('sso_subject', '=', subject)
      .executeTakeFirst();
  }

  /** A user created at their first sign-in through the provider: no local password (empty hash,
   * which no password verifies). */
  async createSso(input: {
    username: string;
    issuer: string;
    subject: string;
    role: AdminRole;
    now: Date;
  }): Promise<AdminUserRow> {
    return this.db
      .insertInto('admin_users')
      .values({
        username: input.username.toLowerCase(),
        role: input.role,
        password_hash: '',
        password_salt: '',
        created_at: input.now.toISOString(),
        sso_issuer: input.issuer,
        sso_subject: input.subject,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Role and rights at once (an SSO user's, recomputed from their groups at each sign-in). */
  async setRights(
    userid: number,
    rights: { role: AdminRole; canPublish: boolean; canAlert: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({
        role: rights.role,
        can_publish: rights.canPublish ? 1 : 0,
        can_alert: rights.canAlert ? 1 : 0,
      })
      .where('userid', '=', userid)
      .execute();
  }

  async setDisabled(userid: number, disabled: boolean): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({ disabled: disabled ? 1 : 0 })
      .where('userid', '=', userid)
      .execute();
  }

  async setCanPublish(userid: number, canPublish: boolean): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({ can_publish: canPublish ? 1 : 0 })
      .where('userid', '=', userid)
      .execute();
  }

  /** Red button and acknowledgements: whether an editor may trigger and end emergency alerts. */
  async setCanAlert(userid: number, canAlert: boolean): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({ can_alert: canAlert ? 1 : 0 })
      .where('userid', '=', userid)
      .execute();
  }

  async setPassword(userid: number, passwordHash: string, passwordSalt: string): Promise<void> {
    await this.db
      .updateTable('admin_users')
      .set({ password_hash: passwordHash, password_salt: passwordSalt })
      .where('userid', '=', userid)
      .execute();
  }

  /** Replaces the developments of a user. */
  async setDevelopments(userid: number, devids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('admin_user_developments').where('userid', '=', userid).execute();
    if (devids.length === 0) return;
    await this.db
      .insertInto('admin_user_developments')
      .values(devids.map((devid) => ({ userid, devid })))
      .execute();
  }

  // ---------- sessions ----------

  async createSession(input: {
    sessionId: string;
    userid: number;
    csrfToken: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    const now = input.now.toISOString();
    await this.db
      .insertInto('admin_sessions')
      .values({
        session_id: input.sessionId,
        userid: input.userid,
        csrf_token: input.csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: input.expiresAt.toISOString(),
      })
      .execute();
  }

  async findSession(sessionId: string): Promise<SessionWithUser | undefined> {
    const row = await this.db
      .selectFrom('admin_sessions')
      .innerJoin('admin_users', 'admin_users.userid', 'admin_sessions.userid')
      .selectAll('admin_sessions')
      .select([
        'admin_users.username',
        'admin_users.password_hash',
        'admin_users.password_salt',
        'admin_users.role',
        'admin_users.created_at as user_created_at',
        'admin_users.disabled',
        'admin_users.can_publish',
        'admin_users.can_alert',
        'admin_users.sso_issuer',
        'admin_users.sso_subject',
      ])
      .where('admin_sessions.session_id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      session: {
        session_id: row.session_id,
        userid: row.userid,
        csrf_token: row.csrf_token,
        created_at: row.created_at,
        expires_at: row.expires_at,
        last_seen_at: row.last_seen_at,
      },
      user: {
        userid: row.userid,
        username: row.username,
        password_hash: row.password_hash,
        password_salt: row.password_salt,
        role: row.role,
        created_at: row.user_created_at,
        disabled: row.disabled,
        can_publish: row.can_publish,
        can_alert: row.can_alert,
        sso_issuer: row.sso_issuer,
        sso_subject: row.sso_subject,
      },
    };
  }

  async touchSession(sessionId: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('admin_sessions')
      .set({ last_seen_at: now.toISOString(), expires_at: expiresAt.toISOString() })
      .where('session_id', '=', sessionId)
      .execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('admin_sessions').where('session_id', '=', sessionId).execute();
  }

  /** Ends every session of the user, except `keep` (the caller's own, when it changes itself). */
  async deleteSessionsOf(userid: number, keep?: string): Promise<void> {
    let query = this.db.deleteFrom('admin_sessions').where('userid', '=', userid);
    if (keep !== undefined) query = query.where('session_id', '<>', keep);
    await query.execute();
  }

  async deleteExpiredSessions(now: Date): Promise<void> {
    await this.db
      .deleteFrom('admin_sessions')
      .where('expires_at', '<=', now.toISOString())
      .execute();
  }
}
