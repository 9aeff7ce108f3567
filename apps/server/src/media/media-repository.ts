/** Metadata of media files stored under DATA_DIR/media (the bytes live on disk, not in the database). */
import type { MediaTemplateUsage, MediaUsage } from '@plant-kiosk/contract';
import type { Kysely } from 'kysely';
import type { Database, MediaRow } from '../db/schema.js';

/** The columns the seed writes (it predates the media library's extra columns). */
type SeedMedia = Pick<MediaRow, 'devid' | 'path' | 'content_type' | 'size' | 'sha256'>;

export interface NewMedia extends SeedMedia {
  devid: number;
  kind: string;
  original_name: string;
  width: number | null;
  height: number | null;
  thumbnail_path: string | null;
  created_at: string;
  /** What the media-integrity checks compare the files on disk with (migration 014). */
  file_sha256: string;
  thumbnail_size: number | null;
  thumbnail_sha256: string | null;
}

/** A hash (and a thumbnail's size) computed after the fact, for a row that had none. */
export type RecordedHashes = Partial<
  Pick<MediaRow, 'file_sha256' | 'thumbnail_size' | 'thumbnail_sha256'>
>;

/** A usage, with the content value that matched. */
export type MediaValueUsage = MediaUsage & { value: string };

/** An alert template's usage, with the image value that matched. */
export type MediaTemplateValueUsage = MediaTemplateUsage & { value: string };

/** Keeps `IN (…)` lists well under every dialect's parameter limit. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export class MediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async upsert(input: SeedMedia & { now?: Date }): Promise<void> {
    const existing = await this.db
      .selectFrom('media')
      .select('mediaid')
      .where('path', '=', input.path)
      .executeTakeFirst();
    const values = {
      devid: input.devid,
      path: input.path,
      content_type: input.content_type,
      size: input.size,
      sha256: input.sha256,
      // The seed stores the bytes it hashed as they are.
      file_sha256: input.sha256,
    };
    if (existing) {
      await this.db
        .updateTable('media')
        .set(values)
        .where('mediaid', '=', existing.mediaid)
        .execute();
    } else {
      await this.db
        .insertInto('media')
        .values({ ...values, created_at: (input.now ?? new Date()).toISOString() })
        .execute();
    }
  }

  /** A file uploaded through the media library. */
  async insert(input: NewMedia): Promise<MediaRow> {
    return this.db.insertInto('media').values(input).returningAll().executeTakeFirstOrThrow();
  }

  /** A file stored again over a damaged one (same path): what the checks compare it with now. */
  async replaceFile(
    mediaid: number,
    values: Pick<
      MediaRow,
      'size' | 'file_sha256' | 'thumbnail_size' | 'thumbnail_sha256' | 'width' | 'height'
    >,
  ): Promise<MediaRow> {
    return this.db
      .updateTable('media')
      .set(values)
      .where('mediaid', '=', mediaid)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Fills hashes computed in the background (only where still null: another instance may race). */
  async recordHashes(mediaid: number, hashes: RecordedHashes): Promise<void> {
    for (const [column, value] of Object.entries(hashes) as [keyof RecordedHashes, unknown][]) {
      if (value === undefined) continue;
      await this.db
        .updateTable('media')
        .set({ [column]: value })
        .where('mediaid', '=', mediaid)
        .where(column, 'is', null)
        .execute();
    }
  }

  async findById(mediaid: number): Promise<MediaRow | undefined> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('mediaid', '=', mediaid)
      .executeTakeFirst();
  }

  async findByPath(path: string): Promise<MediaRow | undefined> {
    return this.db.selectFrom('media').selectAll().where('path', '=', path).executeTakeFirst();
  }

  async list(devid?: number): Promise<MediaRow[]> {
    let query = this.db.selectFrom('media').selectAll();
    if (devid !== undefined) query = query.where('devid', '=', devid);
    return query.orderBy('path').execute();
  }

  /** Newest first, for the back-office. */
  async listNewestFirst(devid: number): Promise<MediaRow[]> {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('created_at', 'desc')
      .orderBy('mediaid', 'desc')
      .execute();
  }

  async delete(mediaid: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('media')
      .where('mediaid', '=', mediaid)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Elements and sub-elements of the development whose value is one of `values`, in the draft and
   * in the live content (what the totems show until the next publish): one entry per item, which
   * says where it uses the file. A file the live content uses stays in use after the draft drops
   * it, until that is published.
   */
  async usages(devid: number, values: readonly string[]): Promise<MediaValueUsage[]> {
    const found = new Map<string, MediaValueUsage>();
    const add = (usage: Omit<MediaValueUsage, 'inDraft' | 'published'>, live: boolean) => {
      const key = `${usage.type}:${usage.id}:${usage.value}`;
      const known = found.get(key);
      if (known) {
        if (live) known.published = true;
        else Object.assign(known, usage, { inDraft: true });
        return;
      }
      found.set(key, { ...usage, inDraft: !live, published: live });
    };
    for (const chunk of chunks([...new Set(values)])) {
      const elements = await this.db
        .selectFrom('elements')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select(['elements.elementid', 'elements.value', 'zones.zoneid', 'zones.zonename'])
        .where('zones.devid', '=', devid)
        .where('elements.value', 'in', chunk)
        .execute();
      const liveElements = await this.db
        .selectFrom('pub_elements as elements')
        .innerJoin('pub_zones as zones', 'zones.zoneid', 'elements.zoneid')
        .select(['elements.elementid', 'elements.value', 'zones.zoneid', 'zones.zonename'])
        .where('elements.devid', '=', devid)
        .where('elements.value', 'in', chunk)
        .execute();
      for (const [rows, live] of [
        [elements, false],
        [liveElements, true],
      ] as const) {
        for (const row of rows) {
          add(
            {
              type: 'element',
              id: row.elementid,
              zoneid: row.zoneid,
              zonename: row.zonename,
              elementid: row.elementid,
              subgroupid: null,
              fieldlabel: null,
              value: row.value,
            },
            live,
          );
        }
      }
      const columns = [
        'subelements.subelementid',
        'subelements.value',
        'subelements.subgroupid',
        'subelements.fieldlabel',
        'elements.elementid',
        'zones.zoneid',
        'zones.zonename',
      ] as const;
      const subelements = await this.db
        .selectFrom('subelements')
        .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select(columns)
        .where('zones.devid', '=', devid)
        .where('subelements.value', 'in', chunk)
        .execute();
      const liveSubelements = await this.db
        .selectFrom('pub_subelements as subelements')
        .innerJoin('pub_elements as elements', 'elements.elementid', 'subelements.elementid')
        .innerJoin('pub_zones as zones', 'zones.zoneid', 'elements.zoneid')
        .select(columns)
        .where('subelements.devid', '=', devid)
        .where('subelements.value', 'in', chunk)
        .execute();
      for (const [rows, live] of [
        [subelements, false],
        [liveSubelements, true],
      ] as const) {
        for (const row of rows) {
          add(
            {
              type: 'subelement',
              id: row.subelementid,
              zoneid: row.zoneid,
              zonename: row.zonename,
              elementid: row.elementid,
              subgroupid: row.subgroupid,
              fieldlabel: row.fieldlabel,
              value: row.value,
            },
            live,
          );
        }
      }
    }
    return [...found.values()].sort(
      (a, b) => a.type.localeCompare(b.type) || a.id - b.id || a.value.localeCompare(b.value),
    );
  }

  /**
   * Alert templates of the development whose image is one of `values`, in the draft and in the
   * published table (a totem shows the published one when the alert sounds, until the next
   * publish): one entry per template and value, named as the draft names it when it has it.
   */
  async templateUsages(
    devid: number,
    values: readonly string[],
  ): Promise<MediaTemplateValueUsage[]> {
    const found = new Map<string, MediaTemplateValueUsage>();
    for (const chunk of chunks([...new Set(values)])) {
      for (const table of ['alert_templates', 'pub_alert_templates'] as const) {
        const rows = await this.db
          .selectFrom(table)
          .select(['templateid', 'name', 'image'])
          .where('devid', '=', devid)
          .where('image', 'in', chunk)
          .execute();
        const live = table === 'pub_alert_templates';
        for (const row of rows) {
          const value = row.image!;
          const key = `${row.templateid}:${value}`;
          const known = found.get(key);
          if (!known) {
            found.set(key, {
              templateid: row.templateid,
              name: row.name,
              inDraft: !live,
              published: live,
              value,
            });
          } else if (live) {
            known.published = true;
          } else {
            Object.assign(known, { name: row.name, inDraft: true });
          }
        }
      }
    }
    return [...found.values()].sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'fr') ||
        a.templateid - b.templateid ||
        a.value.localeCompare(b.value),
    );
  }
}
