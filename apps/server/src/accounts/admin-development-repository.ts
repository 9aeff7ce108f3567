/** The back-office's view of developments and their kiosk accounts (never their password hashes). */
import type { AdminDevelopment, KioskAccount } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DevelopmentRow } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const toAdminDevelopment = (row: DevelopmentRow): AdminDevelopment => ({
  devid: row.devid,
  devname: row.devname,
  contentVersion: row.content_version,
  tokenVersion: row.token_version,
  createdAt: row.created_at,
});

export class AdminDevelopmentRepository {
  constructor(private readonly db: Db) {}

  /** Every development, or only those in `devids`. */
  async list(devids?: readonly number[]): Promise<AdminDevelopment[]> {
    let query = this.db.selectFrom('developments').selectAll();
    if (devids !== undefined) {
      if (devids.length === 0) return [];
      query = query.where('devid', 'in', [...devids]);
    }
    return (await query.orderBy('devid').execute()).map(toAdminDevelopment);
  }

  async find(devid: number): Promise<AdminDevelopment | undefined> {
    const row = await this.db
      .selectFrom('developments')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
    return row && toAdminDevelopment(row);
  }

  /** Which of `devids` exist. */
  async existing(devids: readonly number[]): Promise<number[]> {
    if (devids.length === 0) return [];
    const rows = await this.db
      .selectFrom('developments')
      .select('devid')
      .where('devid', 'in', [...devids])
      .execute();
    return rows.map((row) => row.devid);
  }

  async listKioskAccounts(devid: number): Promise<KioskAccount[]> {
    const rows = await this.db
      .selectFrom('kiosk_accounts')
      .select(['accountid', 'devid', 'login', 'created_at'])
      .where('devid', '=', devid)
      .orderBy('accountid')
      .execute();
    return rows.map((row) => ({
      accountid: row.accountid,
      devid: row.devid,
      login: row.login,
      createdAt: row.created_at,
    }));
  }

  async findKioskAccount(accountid: number): Promise<KioskAccount | undefined> {
    const row = await this.db
      .selectFrom('kiosk_accounts')
      .select(['accountid', 'devid', 'login', 'created_at'])
      .where('accountid', '=', accountid)
      .executeTakeFirst();
    return (
      row && {
        accountid: row.accountid,
        devid: row.devid,
        login: row.login,
        createdAt: row.created_at,
      }
    );
  }
}
