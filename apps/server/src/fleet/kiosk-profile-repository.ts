/**
 * Totem profiles (migration 017, decision 038): each totem's name, location, groups and note, one
 * row per (development, kiosk id) beside its `kiosks` row. Written by the back-office only, read
 * with the fleet list. `groups` is stored as a JSON text list (the migration says why).
 */
import type { KioskProfile } from '@plant-kiosk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, KioskProfileTable } from '../db/schema.js';

/** What a save stores: texts already trimmed (null: none), groups already cleaned. */
export interface KioskProfileWrite {
  name: string | null;
  location: string | null;
  groups: string[];
  note: string | null;
  /** The screen's heights in mm; none (null or left out): the default mount. */
  screenBottomMm?: number | null;
  screenTopMm?: number | null;
}

/** A development's totem as it has no profile yet. */
export const emptyProfile = (devid: number, kioskId: string): KioskProfile => ({
  devid,
  kioskId,
  name: null,
  location: null,
  groups: [],
  note: null,
  screenBottomMm: null,
  screenTopMm: null,
  version: 0,
  updatedAt: null,
});

/** The stored list, or none when it is not a list of strings (never written so). */
function parseGroups(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((group) => typeof group === 'string') : [];
  } catch {
    return [];
  }
}

const toProfile = (row: Selectable<KioskProfileTable>): KioskProfile => ({
  devid: row.devid,
  kioskId: row.kiosk_id,
  name: row.name,
  location: row.location,
  groups: parseGroups(row.groups),
  note: row.note,
  screenBottomMm: row.screen_bottom_mm === null ? null : Number(row.screen_bottom_mm),
  screenTopMm: row.screen_top_mm === null ? null : Number(row.screen_top_mm),
  version: Number(row.version),
  updatedAt: row.updated_at,
});

export class KioskProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The profile of one totem, or null when it never had one. */
  async find(devid: number, kioskId: string): Promise<KioskProfile | null> {
    const row = await this.db
      .selectFrom('kiosk_profiles')
      .selectAll()
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return row ? toProfile(row) : null;
  }

  /** The profiles of the given developments (all when undefined), by `devid:kioskId`. */
  async byKiosk(devids?: readonly number[]): Promise<Map<string, KioskProfile>> {
    if (devids && devids.length === 0) return new Map();
    let query = this.db.selectFrom('kiosk_profiles').selectAll();
    if (devids) query = query.where('devid', 'in', [...devids]);
    const rows = await query.execute();
    return new Map(rows.map((row) => [`${row.devid}:${row.kiosk_id}`, toProfile(row)]));
  }

  /**
   * Stores the profile as version `version` (the caller read the one before it, in the same
   * transaction): an insert for the first save, an update of that version otherwise. False when
   * another save got there first (no row of that version to update, or one already inserted).
   */
  async save(
    devid: number,
    kioskId: string,
    profile: KioskProfileWrite,
    version: number,
    now: Date,
  ): Promise<boolean> {
    const values = {
      name: profile.name,
      location: profile.location,
      groups: JSON.stringify(profile.groups),
      note: profile.note,
      screen_bottom_mm: profile.screenBottomMm ?? null,
      screen_top_mm: profile.screenTopMm ?? null,
      updated_at: now.toISOString(),
      version,
    };
    if (version === 1) {
      const inserted = await this.db
        .insertInto('kiosk_profiles')
        .values({ devid, kiosk_id: kioskId, ...values })
        .onConflict((oc) => oc.columns(['devid', 'kiosk_id']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.db
      .updateTable('kiosk_profiles')
      .set(values)
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('version', '=', version - 1)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
}
