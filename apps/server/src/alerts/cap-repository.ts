/**
 * The CAP messages a development accepted, and its rules from CAP events to templates (migration
 * 025; issue 50). A message's record is written in the transaction of what it did to the alert in
 * force (alert-repository.ts's `written`), so an alert is never started by a message the server
 * then forgets — the sender's retry is answered as a duplicate, never taken for a new alert.
 */
import type { CapMappingRule, CapOutcome } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { CapMessageTable, Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type StoredCapMessage = CapMessageTable & { outcome: CapOutcome };

export interface StoredCapMapping {
  rules: CapMappingRule[];
  updatedAt: string | null;
  updatedBy: string | null;
}

export class CapRepository {
  constructor(private readonly db: Db) {}

  async find(
    devid: number,
    sender: string,
    identifier: string,
    db: Db = this.db,
  ): Promise<StoredCapMessage | undefined> {
    const row = await db
      .selectFrom('cap_messages')
      .selectAll()
      .where('devid', '=', devid)
      .where('sender', '=', sender)
      .where('identifier', '=', identifier)
      .executeTakeFirst();
    return row as StoredCapMessage | undefined;
  }

  /** Records a message; a second one of the same key fails (the primary key), as it should. */
  async insert(message: StoredCapMessage, db: Db = this.db): Promise<void> {
    await db.insertInto('cap_messages').values(message).execute();
  }

  async mapping(devid: number): Promise<StoredCapMapping> {
    const row = await this.db
      .selectFrom('cap_mappings')
      .selectAll()
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (!row) return { rules: [], updatedAt: null, updatedBy: null };
    return {
      rules: JSON.parse(row.rules) as CapMappingRule[],
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }

  async saveMapping(devid: number, rules: CapMappingRule[], at: string, by: string): Promise<void> {
    const values = { devid, rules: JSON.stringify(rules), updated_at: at, updated_by: by };
    await this.db
      .insertInto('cap_mappings')
      .values(values)
      .onConflict((oc) =>
        oc.column('devid').doUpdateSet({ rules: values.rules, updated_at: at, updated_by: by }),
      )
      .execute();
  }
}
