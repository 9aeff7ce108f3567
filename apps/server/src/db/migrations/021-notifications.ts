/**
 * Health messages delivered where IT looks (issue 48, part 2; decision 042).
 *
 * `notification_settings`: ONE row (id 1) for the whole server — the plant's IT has one webhook
 * and one SMTP relay, whatever the development. Never published (decision 017): no draft/live
 * pair, read by the server only. The webhook secret and the SMTP password are stored as given
 * (the decision says why), so a backup of the store carries them.
 *
 * `notification_deliveries`: one row per notice and channel, the queue and the history at once.
 * `state` moves pending → delivered, or → retrying (with `next_attempt_at`) → … → failed. A worker
 * claims a due row by moving its `next_attempt_at` forward with a conditional UPDATE (the row's
 * old value in the WHERE), so two instances on one PostgreSQL never send the same delivery twice
 * at once; the due read walks the (state, next_attempt_at) index.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–019, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('webhook_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('webhook_url', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
    .addColumn('webhook_secret', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('email_enabled', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('email_host', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('email_port', 'integer', (col) => col.notNull().defaultTo(587))
    .addColumn('email_security', 'varchar(10)', (col) => col.notNull().defaultTo('starttls'))
    .addColumn('email_user', 'varchar(255)', (col) => col.notNull().defaultTo(''))
    .addColumn('email_password', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('email_from', 'varchar(320)', (col) => col.notNull().defaultTo(''))
    /** JSON text list of addresses. */
    .addColumn('email_to', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(40)')
    .execute();
  await db.schema
    .createTable('notification_deliveries')
    .addColumn('delivery_id', 'varchar(40)', (col) => col.primaryKey())
    .addColumn('notice', 'text', (col) => col.notNull())
    .addColumn('channel', 'varchar(10)', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(40)')
    .addColumn('last_result', 'varchar(500)')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('delivered_at', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('notification_deliveries_due')
    .on('notification_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('notification_deliveries_recent')
    .on('notification_deliveries')
    .columns(['created_at'])
    .execute();
}
