/**
 * Usage analytics (issue 49, part 1; packages/contract/src/usage-events.ts).
 *
 * `usage_events`: one row per event a totem recorded, keyed by (devid, event_id) — the kiosk's own
 * id for the event — so that a batch sent again after a lost answer inserts nothing (INSERT … ON
 * CONFLICT DO NOTHING). `at` is when the event happened on the totem, stored as the ISO string of
 * `Date.toISOString()` (UTC, milliseconds, always 24 characters), so that comparing the text
 * compares the instants on both stores; the export and the dashboards read by (devid, at), the
 * index carries event_id to give the export's order (time, then id) without a sort.
 * `fingerprint` is a hash of the event's content: an id sent again with other content is told
 * apart from a plain retry (the first is kept either way).
 *
 * `usage_dropped`: per totem, how many events it said it had to drop (its local bound hit while
 * offline): a counter, not events.
 *
 * No foreign key to `kiosks`: a totem that logged in but never reported has no fleet entry, and
 * forgetting a totem keeps what it recorded.
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–022, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The export's order (time, then id) and its keyset pages compare these as bytes on both
  // stores: PostgreSQL would otherwise follow the database's collation (en_US orders `_` and `-`
  // apart from SQLite's binary order).
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bytewise = (col: ColumnDefinitionBuilder) =>
    (isPostgres ? col.modifyFront(sql`collate "C"`) : col).notNull();
  await db.schema
    .createTable('usage_events')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('event_id', 'varchar(64)', bytewise)
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('at', 'varchar(40)', bytewise)
    .addColumn('route', 'varchar(300)', (col) => col.notNull())
    .addColumn('zone', 'varchar(120)')
    .addColumn('target', 'varchar(300)')
    .addColumn('language', 'varchar(2)')
    .addColumn('session', 'varchar(64)')
    .addColumn('page', 'integer')
    .addColumn('received_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('fingerprint', 'varchar(64)', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_events_pk', ['devid', 'event_id'])
    .execute();
  await db.schema
    .createIndex('usage_events_by_time')
    .on('usage_events')
    .columns(['devid', 'at', 'event_id'])
    .execute();
  await db.schema
    .createTable('usage_dropped')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('dropped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_dropped_pk', ['devid', 'kiosk_id'])
    .execute();
}
