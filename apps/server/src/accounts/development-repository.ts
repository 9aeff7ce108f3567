/**
 * The developments: the one repository of the `developments` table, whoever asks. Its rows
 * (`find`, `findByName`, `list`, `create`) for the server's own use — a development is neither
 * draft nor live content, it owns both (its `draft_version` and `content_version` are bumped by
 * the draft's edits and by a publish, in their own repositories' transactions) — and the
 * back-office's view of it and of its kiosk accounts (never their password hashes).
 */
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

export class DevelopmentRepository {
  constructor(private readonly db: Db) {}

  // ---------- rows ----------

  async find(devid: number): Promise<DevelopmentRow | undefined> {
    return this.db
      .selectFrom('developments')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
  }

  async findByName(devname: string): Promise<DevelopmentRow | undefined> {
    return this.db
      .selectFrom('developments')
      .selectAll()
      .where('devname', '=', devname)
      .executeTakeFirst();
  }

  async list(): Promise<DevelopmentRow[]> {
    return this.db.selectFrom('developments').selectAll().orderBy('devid').execute();
  }

  async create(devname: string, now: Date = new Date()): Promise<DevelopmentRow> {
    return (
      this.db
        .insertInto('developments')
        // No revision yet (content_version 0): its first publish makes revision 1.
        .values({ devname, created_at: now.toISOString(), content_version: 0 })
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  }

  // ---------- the back-office's view ----------

  /** Every development, or only those in `devids`. */
  async listForAdmin(devids?: readonly number[]): Promise<AdminDevelopment[]> {
    let query = this.db.selectFrom('developments').selectAll();
    if (devids !== undefined) {
      if (devids.length === 0) return [];
      query = query.where('devid', 'in', [...devids]);
    }
    return (await query.orderBy('devid').execute()).map(toAdminDevelopment);
  }

  async findForAdmin(devid: number): Promise<AdminDevelopment | undefined> {
    const row = await this.find(devid);
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
