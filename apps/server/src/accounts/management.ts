/**
 * The admins' operations: developments, kiosk accounts and back-office users. Each change is
 * audited. Passwords are hashed before any transaction opens (scrypt takes a while and must not
 * hold the database).
 */
import {
  hashPasswordForLogin,
  MODEL_FIELDS,
  type AdminDevelopment,
  type AdminUser,
  type CreateAdminUserRequest,
  type KioskAccount,
  type RevokeTokensResponse,
  type UpdateAdminUserRequest,
} from '@plant-kiosk/contract';
import { createRepositories, type AuditInput } from '../db/repositories/index.js';
import type { AppContext } from '../lib/context.js';
import { badRequest, notFound } from '../lib/envelope.js';
import { hashClientPassword } from '../lib/passwords.js';
import { hashAdminPassword } from './admin-passwords.js';
import type { Actor } from '../audit/index.js';
import { ADMIN_MESSAGES, conflict, isUniqueViolation } from '../lib/admin/errors.js';

type Ctx = Pick<AppContext, 'repos' | 'now' | 'passwordCost' | 'tokens' | 'bus'>;

export class Management {
  constructor(private readonly ctx: Ctx) {}

  private audit(actor: Actor, entry: Omit<AuditInput, 'at' | 'userid' | 'username'>) {
    return this.ctx.repos.audit.insert({
      at: this.ctx.now(),
      userid: actor.userid,
      username: actor.username,
      ...entry,
    });
  }

  // ---------- developments ----------

  /** A new development with every content model of the contract, and no zone yet. */
  async createDevelopment(actor: Actor, devname: string): Promise<AdminDevelopment> {
    const taken = () => conflict(`Le développement « ${devname} » existe déjà.`);
    try {
      return await this.ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        if (await tx.developments.findByName(devname)) throw taken();
        const row = await tx.developments.create(devname, this.ctx.now());
        // Models are shared by all developments: only missing ones are added.
        for (const [label, fields] of Object.entries(MODEL_FIELDS)) {
          if (!(await tx.models.find(label))) {
            await tx.models.upsert(label, fields);
          }
        }
        // Revision 1, empty: the development exists for its kiosks from the start.
        await tx.revisions.publishDraft(row.devid, {
          author: { kind: 'user', name: actor.username, userid: actor.userid },
          source: 'creation',
          now: this.ctx.now(),
        });
        await tx.audit.insert({
          at: this.ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid: row.devid,
          action: 'development.create',
          targetType: 'development',
          targetId: row.devid,
          summary: { after: { devname } },
        });
        return (await tx.developments.findForAdmin(row.devid))!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  private async requireDevelopment(devid: number): Promise<void> {
    if (!(await this.ctx.repos.developments.findForAdmin(devid))) {
      throw notFound(`Le développement ${devid} n’existe pas.`);
    }
  }

  // ---------- kiosk accounts ----------

  async listKioskAccounts(devid: number): Promise<KioskAccount[]> {
    await this.requireDevelopment(devid);
    return this.ctx.repos.developments.listKioskAccounts(devid);
  }

  private kioskHash(password: string) {
    return hashClientPassword(hashPasswordForLogin(password), this.ctx.passwordCost);
  }

  async createKioskAccount(
    actor: Actor,
    devid: number,
    login: string,
    password: string,
  ): Promise<KioskAccount> {
    await this.requireDevelopment(devid);
    const taken = () =>
      conflict(`Le compte kiosque « ${login} » existe déjà pour ce développement.`);
    if (await this.ctx.repos.accounts.findKioskAccount(devid, login)) throw taken();
    const { hash, salt } = await this.kioskHash(password);
    let accountid: number;
    try {
      const row = await this.ctx.repos.accounts.createKioskAccount({
        devid,
        login,
        passwordHash: hash,
        passwordSalt: salt,
        now: this.ctx.now(),
      });
      accountid = row.accountid;
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
    await this.audit(actor, {
      devid,
      action: 'kiosk-account.create',
      targetType: 'kiosk-account',
      targetId: accountid,
      summary: { after: { login } },
    });
    return (await this.ctx.repos.developments.findKioskAccount(accountid))!;
  }

  /** New password for a kiosk account. Tokens already issued stay valid: revoke them separately. */
  async resetKioskPassword(
    actor: Actor,
    devid: number,
    accountid: number,
    password: string,
  ): Promise<KioskAccount> {
    const account = await this.ctx.repos.developments.findKioskAccount(accountid);
    if (!account || account.devid !== devid) {
      throw notFound(`Le compte kiosque ${accountid} n’existe pas dans le développement ${devid}.`);
    }
    const { hash, salt } = await this.kioskHash(password);
    await this.ctx.repos.accounts.setKioskPassword(accountid, hash, salt);
    await this.audit(actor, {
      devid,
      action: 'kiosk-account.password',
      targetType: 'kiosk-account',
      targetId: accountid,
      summary: { login: account.login },
    });
    return account;
  }

  /** Every kiosk of the development must log in again. */
  async revokeTokens(actor: Actor, devid: number): Promise<RevokeTokensResponse> {
    await this.requireDevelopment(devid);
    const tokenVersion = await this.ctx.repos.accounts.revokeTokens(devid);
    this.ctx.tokens.forgetVersion(devid);
    // Other instances: at once rather than after their token-version cache expires.
    await this.ctx.bus.invalidate({ kind: 'tokens', devid });
    await this.audit(actor, {
      devid,
      action: 'tokens.revoke',
      targetType: 'development',
      targetId: devid,
      summary: { tokenVersion },
    });
    return { devid, tokenVersion };
  }

  // ---------- back-office users ----------

  private async checkDevids(devids: readonly number[]): Promise<void> {
    const existing = new Set(await this.ctx.repos.developments.existing(devids));
    const unknown = devids.filter((devid) => !existing.has(devid));
    if (unknown.length > 0)
      throw badRequest(`Développement(s) inconnu(s) : ${unknown.join(', ')}.`);
  }

  async createUser(actor: Actor, body: CreateAdminUserRequest): Promise<AdminUser> {
    const role = body.role ?? 'editor';
    const devids = body.devids ?? [];
    if (role === 'admin' && devids.length > 0) {
      throw badRequest(
        'Un administrateur a accès à tous les développements : ne lui en attribuez pas.',
      );
    }
    const taken = () => conflict(`Le nom d’utilisateur « ${body.username} » est déjà pris.`);
    if (await this.ctx.repos.adminUsers.findByUsername(body.username)) throw taken();
    await this.checkDevids(devids);
    const { hash, salt } = await hashAdminPassword(body.password, this.ctx.passwordCost);
    try {
      return await this.ctx.repos.transaction(async (trx) => {
        const tx = createRepositories(trx);
        const row = await tx.adminUsers.create({
          username: body.username,
          role,
          passwordHash: hash,
          passwordSalt: salt,
          now: this.ctx.now(),
          canPublish: body.canPublish ?? false,
          canAlert: body.canAlert ?? false,
        });
        await tx.adminUsers.setDevelopments(row.userid, devids);
        await tx.audit.insert({
          at: this.ctx.now(),
          userid: actor.userid,
          username: actor.username,
          devid: null,
          action: 'user.create',
          targetType: 'user',
          targetId: row.userid,
          summary: {
            after: {
              username: row.username,
              role,
              devids,
              canPublish: body.canPublish ?? false,
              canAlert: body.canAlert ?? false,
            },
          },
        });
        return tx.adminUsers.toUser(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  /**
   * Disables or re-enables a user, sets a new password or replaces an editor's developments.
   * Disabling or a new password ends the user's sessions (except the caller's own current one).
   */
  async updateUser(
    actor: Actor & { sessionId: string },
    userid: number,
    body: UpdateAdminUserRequest,
  ): Promise<AdminUser> {
    const row = await this.ctx.repos.adminUsers.findById(userid);
    if (!row) throw notFound(`L’utilisateur ${userid} n’existe pas.`);
    if (
      body.disabled === undefined &&
      body.password === undefined &&
      body.devids === undefined &&
      body.canPublish === undefined &&
      body.canAlert === undefined
    ) {
      throw badRequest(ADMIN_MESSAGES.nothingToChange);
    }
    if (body.disabled === true && userid === actor.userid) {
      throw badRequest('Vous ne pouvez pas désactiver votre propre compte.');
    }
    if (body.devids !== undefined) {
      if (row.role === 'admin') {
        throw badRequest(
          'Un administrateur a accès à tous les développements : ne lui en attribuez pas.',
        );
      }
      await this.checkDevids(body.devids);
    }
    const password = body.password
      ? await hashAdminPassword(body.password, this.ctx.passwordCost)
      : undefined;
    return this.ctx.repos.transaction(async (trx) => {
      const tx = createRepositories(trx);
      if (
        body.disabled === true &&
        row.role === 'admin' &&
        !row.disabled &&
        (await tx.adminUsers.countEnabledAdmins()) <= 1
      ) {
        throw badRequest('Impossible de désactiver le dernier administrateur actif.');
      }
      const before = await tx.adminUsers.toUser(row);
      if (body.disabled !== undefined) await tx.adminUsers.setDisabled(userid, body.disabled);
      if (password) await tx.adminUsers.setPassword(userid, password.hash, password.salt);
      if (body.devids !== undefined) await tx.adminUsers.setDevelopments(userid, body.devids);
      if (body.canPublish !== undefined) await tx.adminUsers.setCanPublish(userid, body.canPublish);
      if (body.canAlert !== undefined) await tx.adminUsers.setCanAlert(userid, body.canAlert);
      if (body.disabled === true || password) {
        const keep = userid === actor.userid ? actor.sessionId : undefined;
        await tx.adminUsers.deleteSessionsOf(userid, keep);
      }
      const after = await tx.adminUsers.toUser((await tx.adminUsers.findById(userid))!);
      await tx.audit.insert({
        at: this.ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid: null,
        action: 'user.update',
        targetType: 'user',
        targetId: userid,
        summary: {
          username: row.username,
          ...(body.disabled !== undefined
            ? { disabled: { before: before.disabled, after: after.disabled } }
            : {}),
          ...(body.devids !== undefined
            ? { devids: { before: before.devids, after: after.devids } }
            : {}),
          ...(body.canPublish !== undefined
            ? { canPublish: { before: before.canPublish, after: after.canPublish } }
            : {}),
          ...(body.canAlert !== undefined
            ? { canAlert: { before: before.canAlert, after: after.canAlert } }
            : {}),
          ...(password ? { password: 'changed' } : {}),
        },
      });
      return after;
    });
  }
}
