/** Kiosk accounts (one development each) and the per-development token version used to revoke tokens. */
import type { Kysely } from 'kysely';
import type { Database, KioskAccountRow } from '../db/schema.js';

export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findKioskAccount(devid: number, login: string): Promise<KioskAccountRow | undefined> {
    return this.db
      .selectFrom('kiosk_accounts')
      .selectAll()
      .where('devid', '=', devid)
      .where('login', '=', login)
      .executeTakeFirst();
  }

  async createKioskAccount(input: {
    devid: number;
    login: string;
    passwordHash: string;
    passwordSalt: string;
    now?: Date;
  }): Promise<KioskAccountRow> {
    return this.db
      .insertInto('kiosk_accounts')
      .values({
        devid: input.devid,
        login: input.login,
        password_hash: input.passwordHash,
        password_salt: input.passwordSalt,
        created_at: (input.now ?? new Date()).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setKioskPassword(
    accountid: number,
    passwordHash: string,
    passwordSalt: string,
  ): Promise<void> {
    await this.db
      .updateTable('kiosk_accounts')
      .set({ password_hash: passwordHash, password_salt: passwordSalt })
      .where('accountid', '=', accountid)
      .execute();
  }

  async tokenVersion(devid: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('developments')
      .select('token_version')
      .where('devid', '=', devid)
      .executeTakeFirst();
    return row?.token_version;
  }

  /** Invalidates every token issued so far for the development. */
  async revokeTokens(devid: number): Promise<number> {
    const row = await this.db
      .updateTable('developments')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('devid', '=', devid)
      .returning('token_version')
      .executeTakeFirst();
    return row?.token_version ?? 0;
  }
}
