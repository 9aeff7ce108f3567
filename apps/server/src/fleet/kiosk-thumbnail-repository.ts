/**
 * Thumbnails' SQL (migration 022; packages/contract/src/kiosk-thumbnails.ts): one row per picture
 * a totem drew of its own page, its WebP bytes in the row. Every read but `image` leaves the bytes
 * out: the fleet list and the back-office's list carry what the picture shows, never the picture.
 * Plain SQL both stores speak (RETURNING, IN with a sub-query, LIMIT in a sub-query).
 */
import type { KioskLatestThumbnail, KioskThumbnail } from '@plant-kiosk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, KioskThumbnailTable } from '../db/schema.js';

/** A row without its picture. */
export type KioskThumbnailRow = Omit<Selectable<KioskThumbnailTable>, 'image'>;

/** What an upload stores. */
export interface KioskThumbnailWrite {
  devid: number;
  kioskId: string;
  route: string;
  revision: number | null;
  takenAt: string;
  receivedAt: Date;
  placeholders: number;
  commandId: number | null;
  image: Buffer;
}

/** Every column but the picture. */
const SUMMARY = [
  'thumbnail_id',
  'devid',
  'kiosk_id',
  'route',
  'revision',
  'taken_at',
  'received_at',
  'bytes',
  'placeholders',
  'command_id',
] as const;

export function toKioskThumbnail(row: KioskThumbnailRow): KioskThumbnail {
  return {
    thumbnailId: Number(row.thumbnail_id),
    devid: row.devid,
    kioskId: row.kiosk_id,
    route: row.route,
    revision: row.revision,
    takenAt: row.taken_at,
    receivedAt: row.received_at,
    bytes: row.bytes,
    placeholders: row.placeholders,
    commandId: row.command_id,
  };
}

/** What the fleet list shows of a totem's latest thumbnail. */
export function toLatestThumbnail(row: KioskThumbnailRow): KioskLatestThumbnail {
  return {
    thumbnailId: Number(row.thumbnail_id),
    route: row.route,
    revision: row.revision,
    takenAt: row.taken_at,
    receivedAt: row.received_at,
    placeholders: row.placeholders,
  };
}

export class KioskThumbnailRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores one picture; the row as stored, without its picture. */
  async insert(write: KioskThumbnailWrite): Promise<KioskThumbnailRow> {
    return this.db
      .insertInto('kiosk_thumbnails')
      .values({
        devid: write.devid,
        kiosk_id: write.kioskId,
        route: write.route,
        revision: write.revision,
        taken_at: write.takenAt,
        received_at: write.receivedAt.toISOString(),
        bytes: write.image.length,
        placeholders: write.placeholders,
        command_id: write.commandId,
        image: write.image,
      })
      .returning(SUMMARY)
      .executeTakeFirstOrThrow();
  }

  /** Deletes the totem's pictures beyond its `keep` newest; how many went. */
  async trim(devid: number, kioskId: string, keep: number): Promise<number> {
    const newest = this.db
      .selectFrom('kiosk_thumbnails')
      .select('thumbnail_id')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .orderBy('thumbnail_id', 'desc')
      .limit(keep);
    const result = await this.db
      .deleteFrom('kiosk_thumbnails')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('thumbnail_id', 'not in', newest)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The totem's newest pictures, newest first, without their bytes. */
  async list(devid: number, kioskId: string, limit: number): Promise<KioskThumbnailRow[]> {
    return this.db
      .selectFrom('kiosk_thumbnails')
      .select(SUMMARY)
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .orderBy('thumbnail_id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The totem's newest picture, without its bytes. */
  async latest(devid: number, kioskId: string): Promise<KioskThumbnailRow | undefined> {
    return (await this.list(devid, kioskId, 1))[0];
  }

  /** One picture's bytes and when it was received, if the totem still has it. */
  async image(
    devid: number,
    kioskId: string,
    thumbnailId: number,
  ): Promise<{ image: Buffer; receivedAt: string } | undefined> {
    const row = await this.db
      .selectFrom('kiosk_thumbnails')
      .select(['image', 'received_at'])
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .where('thumbnail_id', '=', thumbnailId)
      .executeTakeFirst();
    return row ? { image: Buffer.from(row.image), receivedAt: row.received_at } : undefined;
  }

  /**
   * Each totem's newest picture, without its bytes, for the given developments (all when
   * undefined), by `devid:kioskId`: one query for the whole fleet list.
   */
  async latestByKiosk(devids?: readonly number[]): Promise<Map<string, KioskThumbnailRow>> {
    if (devids && devids.length === 0) return new Map();
    let latest = this.db
      .selectFrom('kiosk_thumbnails')
      .select((eb) => eb.fn.max('thumbnail_id').as('thumbnail_id'))
      .groupBy(['devid', 'kiosk_id']);
    if (devids) latest = latest.where('devid', 'in', [...devids]);
    const rows = await this.db
      .selectFrom('kiosk_thumbnails')
      .select(SUMMARY)
      .where('thumbnail_id', 'in', latest)
      .execute();
    return new Map(rows.map((row) => [`${row.devid}:${row.kiosk_id}`, row]));
  }

  /** Removes a forgotten totem's pictures. */
  async deleteForKiosk(devid: number, kioskId: string): Promise<void> {
    await this.db
      .deleteFrom('kiosk_thumbnails')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .execute();
  }
}
