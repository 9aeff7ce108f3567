/**
 * The totem's screen as its watchdog last left it (issue 53): on, off (opening hours, « Éteindre
 * l’écran ») or refused — with the reason, e.g. an X server without DPMS — for the fleet page's
 * « Écran » line. Null: never said (an older kiosk, or no watchdog).
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–031, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosks').addColumn('watchdog_screen', 'varchar(10)').execute();
  await db.schema
    .alterTable('kiosks')
    .addColumn('watchdog_screen_reason', 'varchar(300)')
    .execute();
}
