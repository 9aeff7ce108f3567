/**
 * The content models (the sub-groups' kinds and their fields). Shared by every development and
 * never published: neither draft nor live, so one repository for the back-office's editor, the
 * totems' reads and the seed.
 */
import type { ContentModel } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export class ContentModelRepository {
  constructor(private readonly db: Db) {}

  async list(): Promise<ContentModel[]> {
    const rows = await this.db
      .selectFrom('content_models')
      .selectAll()
      .orderBy('modelid')
      .execute();
    return rows.map((row) => ({
      modelid: row.modelid,
      label: row.label,
      fields: JSON.parse(row.fields) as string[],
    }));
  }

  async find(label: string): Promise<ContentModel | undefined> {
    const row = await this.db
      .selectFrom('content_models')
      .selectAll()
      .where('label', '=', label)
      .executeTakeFirst();
    return (
      row && { modelid: row.modelid, label: row.label, fields: JSON.parse(row.fields) as string[] }
    );
  }

  /** Creates the model, or updates its fields when it exists. */
  async upsert(label: string, fields: readonly string[]): Promise<ContentModel> {
    const existing = await this.find(label);
    if (existing) {
      await this.db
        .updateTable('content_models')
        .set({ fields: JSON.stringify(fields) })
        .where('modelid', '=', existing.modelid)
        .execute();
      return { ...existing, fields: [...fields] };
    }
    const row = await this.db
      .insertInto('content_models')
      .values({ label, fields: JSON.stringify(fields) })
      .returning('modelid')
      .executeTakeFirstOrThrow();
    return { modelid: row.modelid, label, fields: [...fields] };
  }
}
