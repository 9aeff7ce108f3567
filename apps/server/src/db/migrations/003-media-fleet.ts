/**
 * Back-office and fleet, media library and fleet:
 * - media rows learn what the back-office shows of an upload (kind, original name, kiosk-size
 *   dimensions, thumbnail); seeded rows keep nulls there and the library derives what it can;
 * - `kiosks` holds the latest status each kiosk reported, one row per (development, kiosk id). It
 *   lives in the database, not in a process, so every server instance behind a load balancer sees
 *   the same fleet; `connection_id` says which stream marked it connected, so that an old stream
 *   closing after a new one opened (a reload) does not mark the kiosk disconnected.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only (as in 001 and 002), so it runs on SQLite and PostgreSQL alike.
// `Kysely<any>`: migrations must not depend on the current table types, which change over time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  const mediaColumns: Array<[string, 'varchar(10)' | 'varchar(255)' | 'varchar(300)' | 'integer']> =
    [
      ['kind', 'varchar(10)'],
      ['original_name', 'varchar(255)'],
      ['width', 'integer'],
      ['height', 'integer'],
      ['thumbnail_path', 'varchar(300)'],
    ];
  for (const [name, type] of mediaColumns) {
    await db.schema.alterTable('media').addColumn(name, type).execute();
  }
  await db.schema.createIndex('media_devid').on('media').column('devid').execute();

  await db.schema
    .createTable('kiosks')
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('mode', 'varchar(10)')
    .addColumn('totem', 'varchar(20)')
    .addColumn('app_version', 'varchar(60)')
    .addColumn('content_version', 'integer')
    .addColumn('last_sync_at', 'varchar(40)')
    // Storage can exceed 2^31 bytes.
    .addColumn('storage_used_bytes', isPostgres ? 'bigint' : 'integer')
    .addColumn('storage_quota_bytes', isPostgres ? 'bigint' : 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('connected', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('connection_id', 'varchar(80)')
    .addColumn('connected_at', 'varchar(40)')
    .addColumn('first_seen_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('last_heartbeat_at', 'varchar(40)')
    .addColumn('behind_since', 'varchar(40)')
    .addPrimaryKeyConstraint('kiosks_pk', ['devid', 'kiosk_id'])
    .execute();
}
