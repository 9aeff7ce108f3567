/**
 * Health rules (issue 48, part 2; decision 041): each development's rules, the incidents they
 * raise, and the totems muted for planned work. Server-side settings, never published.
 *
 * - `health_rules`: one row per development, the rules as JSON (HealthRulesRequest); no row means
 *   the defaults.
 * - `health_incidents`: one row per incident, moving pending → raised → clearing → cleared (or
 *   dropped while pending). `open_key` ("devid:kiosk:rule", kiosk `*` for a development-wide one)
 *   is set while the incident is open and nulled when it clears; its unique index lets at most one
 *   open incident exist per (development, totem, rule), whichever instance inserts first (NULLs do
 *   not collide, on SQLite as on PostgreSQL).
 * - `kiosk_mutes`: until when a totem raises nothing.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–019, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('health_rules')
    .addColumn('devid', 'integer', (col) => col.primaryKey())
    .addColumn('rules', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('health_incidents')
    .addColumn('incident_id', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)')
    .addColumn('rule', 'varchar(40)', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('open_key', 'varchar(200)')
    .addColumn('first_seen_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('raised_at', 'varchar(40)')
    .addColumn('clear_pending_since', 'varchar(40)')
    .addColumn('cleared_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('health_incidents_open_key')
    .on('health_incidents')
    .column('open_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('health_incidents_devid')
    .on('health_incidents')
    .columns(['devid', 'incident_id'])
    .execute();
  await db.schema
    .createTable('kiosk_mutes')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('until', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('kiosk_mutes_pk', ['devid', 'kiosk_id'])
    .execute();
}
