/**
 * Thumbnails the totems draw of their own page (issue 48, fleet part 3; decision 043;
 * packages/contract/src/kiosk-thumbnails.ts): one row per picture, the WebP bytes in the row. The
 * server keeps the latest few per totem (THUMBNAIL_KEEP, trimmed in the upload's transaction), so
 * the table stays small: 500 totems × 5 × 64 KiB at most.
 *
 * The reads — a totem's latest (the once-a-minute limit), its few newest (the back-office), each
 * totem's latest (the fleet list: the max id per totem) — walk the (devid, kiosk_id, thumbnail_id)
 * index. No foreign key to `kiosks`: a totem that logged in but never reported has no `kiosks` row
 * and may already be asked for a thumbnail; forgetting a totem deletes its thumbnails explicitly.
 * The table's data is never backed up (lib/backup.ts empties it in the SQLite copy; PostgreSQL's
 * pg_dump is told --exclude-table-data).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–021, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('kiosk_thumbnails')
    // AUTOINCREMENT on SQLite: an id is never reused, so the back-office may cache a picture by id.
    .addColumn('thumbnail_id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('route', 'varchar(300)', (col) => col.notNull())
    .addColumn('revision', 'integer')
    .addColumn('taken_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('placeholders', 'integer', (col) => col.notNull())
    .addColumn('command_id', 'integer')
    .addColumn('image', isPostgres ? 'bytea' : 'blob', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('kiosk_thumbnails_by_kiosk')
    .on('kiosk_thumbnails')
    .columns(['devid', 'kiosk_id', 'thumbnail_id'])
    .execute();
}
