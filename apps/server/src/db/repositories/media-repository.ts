/** Metadata of media files stored under DATA_DIR/media (the bytes live on disk, not in the database). */
import type { Kysely } from 'kysely';
import type { Database, MediaRow } from '../schema.js';

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async upsert(input: Omit<MediaRow, 'mediaid' | 'created_at'> & { now?: Date }): Promise<void> {
    const existing = await this.db
      .selectFrom('media')
      .select('mediaid')
      .where('path', '=', input.path)
      .executeTakeFirst();
    const values = {
      devid: input.devid,
      path: input.path,
      content_type: input.content_type,
      size: input.size,
      sha256: input.sha256,
    };
    if (existing) {
      await this.db
        .updateTable('media')
        .set(values)
        .where('mediaid', '=', existing.mediaid)
        .execute();
    } else {
      await this.db
        .insertInto('media')
        .values({ ...values, created_at: (input.now ?? new Date()).toISOString() })
        .execute();
    }
  }

  async findByPath(path: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom('media').selectAll().where('path', '=', path).executeTakeFirst();
  }

  async list(devid?: number): Promise<MediaRow[]> {
    let query = this.db.selectFrom('media').selectAll();
    if (devid !== undefined) query = query.where('devid', '=', devid);
    return query.orderBy('path').execute();
  }
}
