/**
 * Refused calls folded in the audit log (issue 40, item 5): 6,000 wrong-token calls on the alert
 * call made 6,000 rows. Now the first refusal from an address writes a row, and the next ones from
 * that address within its window only raise the row's `repeat_count` and move `last_at` (the time
 * of the latest one). Every existing row is one event: 1, and no last time.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–011, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('repeat_count', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('audit_log').addColumn('last_at', 'varchar(40)').execute();
}
