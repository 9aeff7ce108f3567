/**
 * The development's published settings as the totem holds them (published settings, decision 017):
 * one row of the `settings` store, replaced whole by the sync engine inside the transaction that
 * writes the records of the same revision (a snapshot always carries them; a delta only when they
 * changed).
 *
 * Read back with the contract's `normalizeSettings`, which never throws: a copy written by an older
 * kiosk, or a field this build does not know, falls back to the spec's defaults field by field.
 * No row at all (a first start, an older server) means the defaults: no address configured.
 */
import { normalizeSettings, type DevelopmentSettings } from '@plant-kiosk/contract';
import { SETTINGS_ROW_ID, type KioskDb } from './kiosk-db';

/** Replaces the held settings; call it inside the sync's read-write transaction. */
export async function putSettings(db: KioskDb, value: unknown): Promise<void> {
  await db.settings.put({ id: SETTINGS_ROW_ID, settings: normalizeSettings(value) });
}

/** The settings held, or the defaults when none are. */
export async function readSettings(db: KioskDb): Promise<DevelopmentSettings> {
  const row = await db.settings.get(SETTINGS_ROW_ID);
  return normalizeSettings(row?.settings);
}
