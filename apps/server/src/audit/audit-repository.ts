/**
 * The audit log of the back-office: who changed or published what, and when. Append-only, but for
 * the count of a row of repeated refused calls (migration 012, refused-calls.ts): one row
 * stands for every refusal from an address within a window rather than one row each.
 */
import type { AuditEntry } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AuditLogRow, Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditInput {
  at: Date;
  userid: number | null;
  username: string | null;
  devid: number | null;
  action: string;
  targetType?: string | null;
  targetId?: number | null;
  summary?: unknown;
}

export interface AuditFilter {
  /** One development. */
  devid?: number;
  /** Only these developments (an editor's); undefined means no restriction. */
  devids?: readonly number[];
  limit: number;
  /** Entries older than this id. */
  before?: number;
}

function parseSummary(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const toAuditEntry = (row: AuditLogRow): AuditEntry => ({
  id: row.auditid,
  at: row.at,
  userid: row.userid,
  username: row.username,
  devid: row.devid,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  summary: parseSummary(row.summary),
  count: row.repeat_count,
  lastAt: row.last_at,
});

export class AdminAuditRepository {
  constructor(private readonly db: Db) {}

  /** Appends one entry; its id (a repeated refusal's row is recounted, a publish's completed). */
  async insert(input: AuditInput): Promise<number> {
    const row = await this.db
      .insertInto('audit_log')
      .values({
        at: input.at.toISOString(),
        userid: input.userid,
        username: input.username,
        devid: input.devid,
        action: input.action,
        target_type: input.targetType ?? null,
        target_id: input.targetId ?? null,
        summary: JSON.stringify(input.summary ?? {}),
      })
      .returning('auditid')
      .executeTakeFirstOrThrow();
    return row.auditid;
  }

  /** A row whose count may rise later (`recount`): its id. */
  insertRepeatable(input: AuditInput): Promise<number> {
    return this.insert(input);
  }

  /**
   * Completes an entry's summary with what was only known after its transaction committed (a
   * publish's kiosks reached): the keys given replace the stored ones, the rest stays.
   */
  async complete(auditid: number, completion: Record<string, unknown>): Promise<void> {
    const row = await this.db
      .selectFrom('audit_log')
      .select('summary')
      .where('auditid', '=', auditid)
      .executeTakeFirst();
    if (!row) return;
    const summary = { ...(JSON.parse(row.summary) as Record<string, unknown>), ...completion };
    await this.db
      .updateTable('audit_log')
      .set({ summary: JSON.stringify(summary) })
      .where('auditid', '=', auditid)
      .execute();
  }

  /**
   * Sets a row's count and the time of its latest event. Absolute values, not an increment: the
   * caller holds the count, and a write that lands late can only be followed by a larger one.
   */
  async recount(auditid: number, count: number, lastAt: Date): Promise<void> {
    await this.db
      .updateTable('audit_log')
      .set({ repeat_count: count, last_at: lastAt.toISOString() })
      .where('auditid', '=', auditid)
      .execute();
  }

  /** Newest first. */
  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    let query = this.db.selectFrom('audit_log').selectAll();
    if (filter.devid !== undefined) query = query.where('devid', '=', filter.devid);
    if (filter.devids !== undefined) {
      if (filter.devids.length === 0) return [];
      query = query.where('devid', 'in', [...filter.devids]);
    }
    if (filter.before !== undefined) query = query.where('auditid', '<', filter.before);
    const rows = await query.orderBy('auditid', 'desc').limit(filter.limit).execute();
    return rows.map(toAuditEntry);
  }
}
