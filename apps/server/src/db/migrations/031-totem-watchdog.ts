/**
 * The totem's watchdog (issue 53, decision 052): whether one looked after the totem at its last
 * heartbeat (1 / 0, null: an older kiosk), and the last rung it took — when, which (reload,
 * restart-browser, reboot) and why — for « Redémarré par le chien de garde à … » on the fleet page.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–030, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosks').addColumn('watchdog_attached', 'integer').execute();
  await db.schema.alterTable('kiosks').addColumn('watchdog_event_at', 'varchar(40)').execute();
  await db.schema.alterTable('kiosks').addColumn('watchdog_event_action', 'varchar(20)').execute();
  await db.schema.alterTable('kiosks').addColumn('watchdog_event_reason', 'varchar(20)').execute();
}
