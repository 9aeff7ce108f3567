/**
 * Content-first sync: the fleet says whether each totem holds every media file of the revision it
 * shows. Three nullable columns on `kiosks`, written by the heartbeat (contract
 * `KioskMediaReport`): null until a kiosk that knows the field reports it, so older kiosks read as
 * "unknown".
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–009, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosks').addColumn('media_phase', 'varchar(12)').execute();
  await db.schema.alterTable('kiosks').addColumn('media_cached', 'integer').execute();
  await db.schema.alterTable('kiosks').addColumn('media_total', 'integer').execute();
}
