/**
 * Media integrity (issue 40, item 10; decision 029): what each library file must be on disk.
 *
 * - `file_sha256`: the SHA-256 of the file as stored under DATA_DIR/media, what /media serves. The
 *   older `sha256` column is the hash of the bytes received, which names the file (`…-<hash8>`):
 *   the same as the stored file for the seed's files, PDFs and videos, but not for an uploaded
 *   image, stored as the WebP made from it. So it is copied here for every row but images; the
 *   server computes the rest in the background at start (MediaIntegrity).
 * - `thumbnail_size`, `thumbnail_sha256`: the same for an uploaded image's thumbnail; null until
 *   computed.
 */
import { sql, type Kysely } from 'kysely';

// Kysely's schema builder and one portable UPDATE, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('file_sha256', 'varchar(64)').execute();
  await db.schema.alterTable('media').addColumn('thumbnail_size', 'integer').execute();
  await db.schema.alterTable('media').addColumn('thumbnail_sha256', 'varchar(64)').execute();
  await db
    .updateTable('media')
    .set({ file_sha256: sql`sha256` })
    .where((eb) => eb.or([eb('kind', 'is', null), eb('kind', '<>', 'image')]))
    .execute();
}
