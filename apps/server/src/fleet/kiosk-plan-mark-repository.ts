/**
 * « Vous êtes ici » points (migration 019): one row per (development, totem, plan image element).
 * Written whole by the back-office (replace), read by the back-office and by the totem itself.
 * Rows go with the totem's `kiosks` row (foreign key, cascade).
 */
import type { PlanMark } from '@plant-kiosk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * PostgreSQL's `real` is a 4-byte float: 0.3 reads back as 0.30000001192…. Points are rounded to
 * this many decimals on the way in and out, so both stores answer the same (a 10 000th of the
 * image is far below a pixel of any plan).
 */
const PRECISION = 10_000;
export const roundRelative = (value: number): number => Math.round(value * PRECISION) / PRECISION;

export class KioskPlanMarkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A totem's points, by element id. */
  async list(devid: number, kioskId: string): Promise<PlanMark[]> {
    const rows = await this.db
      .selectFrom('kiosk_plan_marks')
      .select(['elementid', 'x', 'y', 'image'])
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .orderBy('elementid')
      .execute();
    return rows.map((row) => ({
      elementid: row.elementid,
      x: roundRelative(Number(row.x)),
      y: roundRelative(Number(row.y)),
      image: row.image,
    }));
  }

  /**
   * Replaces a totem's points with `marks` (none: all removed). The caller runs it in a
   * transaction, with the check that the totem has its `kiosks` row.
   */
  async replace(devid: number, kioskId: string, marks: readonly PlanMark[], now: Date) {
    await this.db
      .deleteFrom('kiosk_plan_marks')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .execute();
    if (marks.length === 0) return;
    const updatedAt = now.toISOString();
    await this.db
      .insertInto('kiosk_plan_marks')
      .values(
        marks.map((mark) => ({
          devid,
          kiosk_id: kioskId,
          elementid: mark.elementid,
          x: roundRelative(mark.x),
          y: roundRelative(mark.y),
          image: mark.image,
          updated_at: updatedAt,
        })),
      )
      .execute();
  }
}
