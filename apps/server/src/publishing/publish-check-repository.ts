/**
 * What the publish checks (publish-checks.ts) read, inside the publish's or rollback's
 * transaction (and for the draft's warnings, outside one): the draft content of a development as
 * the revision log shapes its rows (no devid, no editor version), the media library's files, and
 * the content models' labels.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, MediaRow } from '../db/schema.js';
import { draftContent, type DraftContent } from './draft-diff.js';

type Db = Kysely<Database> | Transaction<Database>;

export type { DraftContent } from './draft-diff.js';

export class PublishCheckRepository {
  constructor(private readonly db: Db) {}

  /** The draft, read where the publish's diff reads it (draft-diff.ts). */
  async draftContent(devid: number): Promise<DraftContent> {
    return draftContent(this.db, devid);
  }

  /** The library's files a development's content may name: its own and the shared ones. */
  async mediaFiles(devid: number): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where((eb) => eb.or([eb('devid', '=', devid), eb('devid', 'is', null)]))
      .execute();
  }

  async modelLabels(): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('content_models').select(['modelid', 'label']).execute();
    return new Map(rows.map((row) => [row.modelid, row.label]));
  }
}
