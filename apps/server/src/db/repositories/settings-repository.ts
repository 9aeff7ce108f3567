/**
 * A development's settings (published settings, decision 017): the draft row the back-office writes
 * and the published row the kiosks read, each one JSON text per development; a missing row is the
 * contract's DEFAULT_SETTINGS. Publishing, discarding and rolling back go through
 * RevisionRepository like every other kind of item (kind `setting`, item id = devid).
 */
import {
  DEFAULT_SETTINGS,
  normalizeSettings,
  serializeSettings,
  type DevelopmentSettings,
} from '@plant-kiosk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

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
   * Writes the draft's settings. The caller holds the development's draft lock
   * (ContentRepository.bumpDraftVersion) in the same transaction, as every draft edit does.
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
   * Every frame address published in any development (the suggestion forms and web sites): the
   * kiosk's page is served before login, so its Content-Security-Policy allows them all
   * (decision 017). Draft addresses are not read.
   */
  async publishedFrameAddresses(db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('pub_development_settings').select('settings').execute();
    const addresses: string[] = [];
    for (const row of rows) {
      const settings = parseStoredSettings(row.settings);
      if (settings.suggestionFormUrl !== null) addresses.push(settings.suggestionFormUrl);
      if (settings.websiteUrl !== null) addresses.push(settings.websiteUrl);
    }
    return addresses;
  }
}
