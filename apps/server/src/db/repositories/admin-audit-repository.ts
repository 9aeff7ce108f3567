/** The audit log of the back-office: who changed or published what, and when. Append-only. */
import type { AuditEntry } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { AuditLogRow, Database } from '../schema.js';

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
});

export class AdminAuditRepository {
  constructor(private readonly db: Db) {}

  async insert(input: AuditInput): Promise<void> {
    await this.db
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
