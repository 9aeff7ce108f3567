/**
 * Whether a totem's browser keeps its offline content under storage pressure (issue 53): the
 * heartbeat reports navigator.storage.persisted(), the fleet shows a totem whose browser may
 * evict it. 1 / 0, null when unknown (a kiosk from before the report).
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–029, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosks').addColumn('storage_persisted', 'integer').execute();
}
