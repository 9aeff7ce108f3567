/**
 * Rollback and publish checks, who may publish: `admin_users.can_publish` lets an admin allow an
 * editor to publish, roll back and discard (admins always may; the column is ignored for them).
 * Editors existing at the upgrade keep the right they had until now (every editor could publish):
 * the upgrade takes nothing away, and an admin withdraws it where wanted. Editors created later
 * start without it (decision 014).
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, so it runs on SQLite and PostgreSQL alike.
// `Kysely<any>`: migrations must not depend on the current table types, which change over time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admin_users')
    .addColumn('can_publish', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.updateTable('admin_users').set({ can_publish: 1 }).execute();
}
