/**
 * A development's settings (published settings, decision 017): the draft row the back-office writes
 * and the published row the kiosks read, each one JSON text per development; a missing row is the
 * contract's DEFAULT_SETTINGS. Publishing, discarding and rolling back go through
 * RevisionRepository like every other kind of item (kind `setting`, item id = devid).
 */
import {
  DEFAULT_SETTINGS,
  ignoredSettingsAddresses,
  normalizeSettings,
  serializeSettings,
  type DevelopmentSettings,
} from '@plant-kiosk/contract';
import type { IgnoredSettingsAddress } from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The stored JSON read back; a row that does not parse gives the defaults. */
export function parseStoredSettings(json: string | null | undefined): DevelopmentSettings {
  if (json === null || json === undefined) return { ...DEFAULT_SETTINGS };
  try {
    return normalizeSettings(JSON.parse(json));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** The draft's settings (the defaults when the development never saved any). */
  async draft(devid: number, db: Db = this.db): Promise<DevelopmentSettings> {
    const row = await db
      .selectFrom('development_settings')
      .select('settings')
      .where('devid', '=', devid)
      .executeTakeFirst();
    return parseStoredSettings(row?.settings);
  }

  /** The published settings: what the snapshot and the delta send. */
  async live(devid: number, db: Db = this.db): Promise<DevelopmentSettings> {
    const row = await db
      .selectFrom('pub_development_settings')
      .select('settings')
      .where('devid', '=', devid)
      .executeTakeFirst();
    return parseStoredSettings(row?.settings);
  }

  /**
   * The published settings of several developments in one read (all when `devids` is undefined):
   * the fleet reads each development's opening hours and zone once per list, not once per totem.
   * A development without a published row is absent: its settings are the defaults.
   */
  async liveOf(
    devids?: readonly number[],
    db: Db = this.db,
  ): Promise<Map<number, DevelopmentSettings>> {
    if (devids !== undefined && devids.length === 0) return new Map();
    let query = db.selectFrom('pub_development_settings').select(['devid', 'settings']);
    if (devids !== undefined) query = query.where('devid', 'in', [...devids]);
    const rows = await query.execute();
    return new Map(rows.map((row) => [Number(row.devid), parseStoredSettings(row.settings)]));
  }

  /**
   * Writes the draft's settings. The caller holds the development's draft lock
   * (DraftContentRepository.bumpDraftVersion) in the same transaction, as every draft edit does.
   */
  async saveDraft(devid: number, settings: DevelopmentSettings, db: Db = this.db): Promise<void> {
    const text = serializeSettings(settings);
    const updated = await db
      .updateTable('development_settings')
      .set({ settings: text })
      .where('devid', '=', devid)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('development_settings')
        .values({ devid, settingid: devid, settings: text })
        .execute();
    }
  }

  /**
   * The addresses stored in the draft's or the published settings that today's rules refuse
   * (issue 40: hosts past DNS's bounds, saved before the rule): read as not configured, listed
   * here so the Réglages page can say so. Each field once, the draft's first.
   */
  async ignoredAddresses(devid: number, db: Db = this.db): Promise<IgnoredSettingsAddress[]> {
    const ignored: IgnoredSettingsAddress[] = [];
    for (const table of ['development_settings', 'pub_development_settings'] as const) {
      const row = await db
        .selectFrom(table)
        .select('settings')
        .where('devid', '=', devid)
        .executeTakeFirst();
      let stored: unknown = null;
      try {
        stored = row ? JSON.parse(row.settings) : null;
      } catch {
        // An unreadable row reads as the defaults (parseStoredSettings): nothing to list.
      }
      for (const entry of ignoredSettingsAddresses(stored))
        if (!ignored.some((known) => known.field === entry.field)) ignored.push(entry);
    }
    return ignored;
  }

  /** Whether the draft's settings differ from the published ones (as stored texts). */
  async unpublished(devid: number, db: Db = this.db): Promise<boolean> {
    const draft = await db
      .selectFrom('development_settings')
      .select('settings')
      .where('devid', '=', devid)
      .executeTakeFirst();
    const live = await db
      .selectFrom('pub_development_settings')
      .select('settings')
      .where('devid', '=', devid)
      .executeTakeFirst();
    return (draft?.settings ?? null) !== (live?.settings ?? null);
  }

  /**
   * The frame addresses (the suggestion form and the web site) published in the development the
   * kiosk's page shows — the one `/config.json` names — in field order: that page's
   * Content-Security-Policy allows their origins (decision 017, amended by issue 40: another
   * development's settings never reach that page). Draft addresses are not read.
   */
  async publishedFrameAddresses(devname: string, db: Db = this.db): Promise<string[]> {
    const row = await db
      .selectFrom('pub_development_settings')
      .innerJoin('developments', 'developments.devid', 'pub_development_settings.devid')
      .select('pub_development_settings.settings')
      .where('developments.devname', '=', devname)
      .executeTakeFirst();
    if (!row) return [];
    const settings = parseStoredSettings(row.settings);
    return [settings.suggestionFormUrl, settings.websiteUrl].filter(
      (address): address is string => address !== null,
    );
  }
}
