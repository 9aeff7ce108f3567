/**
 * Where a totem's screen sits above the floor (issue 52, decision 049): the reach mode's line is
 * the screen row at 1220 mm, and mounts differ within a plant. Two columns of the totem's profile,
 * in millimetres, null for the default 700–1900 mm floor stand — so every existing profile keeps
 * the line the kiosk draws today.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–028, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kiosk_profiles').addColumn('screen_bottom_mm', 'integer').execute();
  await db.schema.alterTable('kiosk_profiles').addColumn('screen_top_mm', 'integer').execute();
}
