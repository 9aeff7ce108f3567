/**
 * Red button and acknowledgements, alert templates edited in the back-office (decision 022):
 * `alert_templates.version`, the draft template's version for optimistic concurrency, as the
 * content's items have had since migration 002 (an update or delete names the version it was made
 * on; another is a 409 with the current template). 1 for every existing template. The published
 * `pub_alert_templates` have no version: a publish copies the template's content, not its edit
 * counter.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–009, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('alert_templates')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}
