/**
 * Usage events (migration 023; packages/contract/src/usage-events.ts): the store's side of a batch
 * and of the export. Plain SQL both stores speak (INSERT … ON CONFLICT DO NOTHING with RETURNING,
 * IN lists, keyset pages); times are `toISOString()` texts, so they compare as text.
 *
 * A batch is stored in one write transaction (IMMEDIATE on SQLite, see db/sqlite-immediate-dialect.ts):
 * its new events, the roll-ups' increments for exactly those (migration 024, usage-rollups.ts: a
 * batch sent again inserts nothing, so adds nothing), then the stored fingerprint of each id that
 * was already there (to tell a retry from an id reused with other content), then the totem's
 * dropped counter. Two instances storing
 * the same event at once on PostgreSQL cannot both insert it: the primary key decides, and the
 * loser reads the winner's row as already there.
 */
import { PostgresAdapter, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, UsageEventTable } from '../db/schema.js';
import {
  ALL_TOTEMS,
  DAILY_COUNTS,
  rollupDeltas,
  type DailyCount,
  type UsageItem,
} from './usage-rollups.js';

export type UsageEventRow = Selectable<UsageEventTable>;

/** An IN list or a multi-row insert longer than this is split (13 parameters per row). */
const CHUNK = 200;

export interface StoredBatch {
  /** The ids inserted now. */
  inserted: Set<string>;
  /** For each id that was already stored: its stored fingerprint. */
  existing: Map<string, string>;
}

/** Where the previous page of the export ended (the order is time, then id). */
export interface UsageCursor {
  at: string;
  eventId: string;
}

/** Inserts the events not stored yet; the ids inserted (ON CONFLICT DO NOTHING … RETURNING). */
async function insertEvents(
  trx: Transaction<Database>,
  rows: readonly UsageEventRow[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const returned = await trx
      .insertInto('usage_events')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['devid', 'event_id']).doNothing())
      .returning('event_id')
      .execute();
    for (const row of returned) inserted.add(row.event_id);
  }
  return inserted;
}

/** Rows per multi-row upsert of the roll-ups (at most 14 parameters a row). */
const ROLLUP_CHUNK = 60;

/**
 * Adds the events just stored to the roll-ups: one upsert per roll-up row touched, `count =
 * count + excluded.count` (both stores speak it), in key order (usage-rollups.ts says why).
 */
async function addToRollups(
  trx: Transaction<Database>,
  devid: number,
  rows: readonly UsageEventRow[],
  timeZone: string,
): Promise<void> {
  if (rows.length === 0) return;
  const deltas = rollupDeltas(rows, timeZone);
  for (let i = 0; i < deltas.hourly.length; i += ROLLUP_CHUNK) {
    await trx
      .insertInto('usage_hourly')
      .values(deltas.hourly.slice(i, i + ROLLUP_CHUNK).map((delta) => ({ devid, ...delta })))
      .onConflict((oc) =>
        oc.columns(['devid', 'kiosk_id', 'hour_start']).doUpdateSet((eb) => ({
          sessions: eb('usage_hourly.sessions', '+', eb.ref('excluded.sessions')),
          page_views: eb('usage_hourly.page_views', '+', eb.ref('excluded.page_views')),
        })),
      )
      .execute();
  }
  for (let i = 0; i < deltas.daily.length; i += ROLLUP_CHUNK) {
    await trx
      .insertInto('usage_daily')
      .values(deltas.daily.slice(i, i + ROLLUP_CHUNK).map((delta) => ({ devid, ...delta })))
      .onConflict((oc) =>
        oc.columns(['devid', 'day', 'kiosk_id']).doUpdateSet((eb) => {
          const set = {} as Record<DailyCount, ReturnType<typeof eb>>;
          for (const count of DAILY_COUNTS) {
            set[count] = eb(`usage_daily.${count}`, '+', eb.ref(`excluded.${count}`));
          }
          return set;
        }),
      )
      .execute();
  }
  for (let i = 0; i < deltas.items.length; i += ROLLUP_CHUNK) {
    await trx
      .insertInto('usage_daily_items')
      .values(deltas.items.slice(i, i + ROLLUP_CHUNK).map((delta) => ({ devid, ...delta })))
      .onConflict((oc) =>
        oc.columns(['devid', 'kiosk_id', 'item', 'day', 'name']).doUpdateSet((eb) => ({
          count: eb('usage_daily_items.count', '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  }
  for (let i = 0; i < deltas.monthlyItems.length; i += ROLLUP_CHUNK) {
    await trx
      .insertInto('usage_monthly_items')
      .values(deltas.monthlyItems.slice(i, i + ROLLUP_CHUNK).map((delta) => ({ devid, ...delta })))
      .onConflict((oc) =>
        oc.columns(['devid', 'kiosk_id', 'item', 'month', 'name']).doUpdateSet((eb) => ({
          count: eb('usage_monthly_items.count', '+', eb.ref('excluded.count')),
        })),
      )
      .execute();
  }
}

/**
 * A range of plant days as the item roll-ups read it: its whole months from the monthly rows, the
 * days of its partial months (at most two runs of days) from the daily rows.
 */
export interface ItemRange {
  months: string[];
  days: Array<{ from: string; to: string }>;
}

/** Which totems a dashboard reads: all of the development, or these (maybe none). */
export type TotemFilter = { all: true } | { all: false; kioskIds: readonly string[] };

export type DailySums = Record<DailyCount, number>;

export type DaySums = { day: string } & DailySums;

export interface KioskSums {
  kiosk_id: string;
  sessions: number;
  engaged_sessions: number;
  page_views: number;
}

export interface HourSums {
  hour_start: string;
  sessions: number;
  page_views: number;
}

/** The plant-wide rows (`*`), or the totems' own. */
const itemTotems = (filter: TotemFilter): readonly string[] =>
  filter.all ? [ALL_TOTEMS] : filter.kioskIds;

export class UsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the events not yet stored (by devid and event id) and adds `dropped` to the totem's
   * counter — only when the batch brought at least one new event, so that a batch sent again
   * after a lost answer does not count its drops twice.
   */
  async storeBatch(
    devid: number,
    kioskId: string,
    rows: readonly UsageEventRow[],
    dropped: number,
    now: Date,
    timeZone: string,
  ): Promise<StoredBatch> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await insertEvents(trx, rows);
      await addToRollups(
        trx,
        devid,
        rows.filter((row) => inserted.has(row.event_id)),
        timeZone,
      );
      const others = rows.map((row) => row.event_id).filter((id) => !inserted.has(id));
      const existing = new Map<string, string>();
      for (let i = 0; i < others.length; i += CHUNK) {
        const found = await trx
          .selectFrom('usage_events')
          .select(['event_id', 'fingerprint'])
          .where('devid', '=', devid)
          .where('event_id', 'in', others.slice(i, i + CHUNK))
          .execute();
        for (const row of found) existing.set(row.event_id, row.fingerprint);
      }
      if (dropped > 0 && inserted.size > 0) {
        const updatedAt = now.toISOString();
        await trx
          .insertInto('usage_dropped')
          .values({ devid, kiosk_id: kioskId, dropped, updated_at: updatedAt })
          .onConflict((oc) =>
            oc.columns(['devid', 'kiosk_id']).doUpdateSet((eb) => ({
              dropped: eb('usage_dropped.dropped', '+', eb.ref('excluded.dropped')),
              updated_at: updatedAt,
            })),
          )
          .execute();
      }
      return { inserted, existing };
    });
  }

  /**
   * Every daily count summed per plant day (`from` ≤ day ≤ `to`) over the totems, days without rows
   * absent: the day series, and the totals summed from it (one read of the daily rows).
   */
  async days(devid: number, from: string, to: string, totems: TotemFilter): Promise<DaySums[]> {
    if (!totems.all && totems.kioskIds.length === 0) return [];
    let query = this.db
      .selectFrom('usage_daily')
      .select((eb) => ['day', ...DAILY_COUNTS.map((count) => eb.fn.sum<number>(count).as(count))])
      .where('devid', '=', devid)
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (!totems.all) query = query.where('kiosk_id', 'in', totems.kioskIds);
    const rows = await query.groupBy('day').orderBy('day').execute();
    return rows.map((row) => {
      const sums = { day: row.day } as DaySums;
      for (const count of DAILY_COUNTS) sums[count] = Number(row[count] ?? 0);
      return sums;
    });
  }

  /** Per totem over the range, most visits first. */
  async perTotem(
    devid: number,
    from: string,
    to: string,
    totems: TotemFilter,
  ): Promise<KioskSums[]> {
    if (!totems.all && totems.kioskIds.length === 0) return [];
    let query = this.db
      .selectFrom('usage_daily')
      .select((eb) => [
        'kiosk_id',
        eb.fn.sum<number>('sessions').as('sessions'),
        eb.fn.sum<number>('engaged_sessions').as('engaged_sessions'),
        eb.fn.sum<number>('page_views').as('page_views'),
      ])
      .where('devid', '=', devid)
      .where('day', '>=', from)
      .where('day', '<=', to);
    if (!totems.all) query = query.where('kiosk_id', 'in', totems.kioskIds);
    const rows = await query.groupBy('kiosk_id').execute();
    return rows.map((row) => ({
      kiosk_id: row.kiosk_id,
      sessions: Number(row.sessions),
      engaged_sessions: Number(row.engaged_sessions),
      page_views: Number(row.page_views),
    }));
  }

  /** Sums per UTC hour with `from` ≤ hour_start < `to` (instants), hours without rows absent. */
  async hours(devid: number, from: string, to: string, totems: TotemFilter): Promise<HourSums[]> {
    const kioskIds = itemTotems(totems);
    if (kioskIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('usage_hourly')
      .select((eb) => [
        'hour_start',
        eb.fn.sum<number>('sessions').as('sessions'),
        eb.fn.sum<number>('page_views').as('page_views'),
      ])
      .where('devid', '=', devid)
      .where('hour_start', '>=', from)
      .where('hour_start', '<', to)
      .where('kiosk_id', 'in', kioskIds)
      .groupBy('hour_start')
      .execute();
    return rows.map((row) => ({
      hour_start: row.hour_start,
      sessions: Number(row.sessions),
      page_views: Number(row.page_views),
    }));
  }

  /**
   * Each name's count of each of `items` over the range (whole months from the monthly rows, the
   * other days from the daily rows), summed per name in the store, added up across the parts here.
   */
  async itemCounts(
    devid: number,
    range: ItemRange,
    totems: TotemFilter,
    items: readonly UsageItem[],
  ): Promise<Map<string, Map<UsageItem, number>>> {
    const kioskIds = itemTotems(totems);
    const counts = new Map<string, Map<UsageItem, number>>();
    if (kioskIds.length === 0) return counts;
    const add = (rows: Array<{ name: string; item: string; total: number | string }>) => {
      for (const row of rows) {
        let byItem = counts.get(row.name);
        if (!byItem) counts.set(row.name, (byItem = new Map()));
        const item = row.item as UsageItem;
        byItem.set(item, (byItem.get(item) ?? 0) + Number(row.total));
      }
    };
    if (range.months.length > 0) {
      add(
        await this.db
          .selectFrom('usage_monthly_items')
          .select((eb) => ['name', 'item', eb.fn.sum<number>('count').as('total')])
          .where('devid', '=', devid)
          .where('kiosk_id', 'in', kioskIds)
          .where('item', 'in', items)
          .where('month', 'in', range.months)
          .groupBy(['name', 'item'])
          .execute(),
      );
    }
    for (const days of range.days) {
      add(
        await this.db
          .selectFrom('usage_daily_items')
          .select((eb) => ['name', 'item', eb.fn.sum<number>('count').as('total')])
          .where('devid', '=', devid)
          .where('kiosk_id', 'in', kioskIds)
          .where('item', 'in', items)
          .where('day', '>=', days.from)
          .where('day', '<=', days.to)
          .groupBy(['name', 'item'])
          .execute(),
      );
    }
    return counts;
  }

  /**
   * Deletes up to `limit` raw events of the development that happened before `before` (the roll-ups
   * stay); how many it deleted. One short write transaction per call: the retention sweep calls it
   * again until a call deletes fewer than `limit`. On PostgreSQL the transaction first tries the
   * sweep's advisory lock: another instance sweeping now makes it return null (skip, it is done
   * there) rather than deleting the same rows twice over.
   */
  async deleteRawBefore(devid: number, before: string, limit: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(hashtext('usage-retention')) as locked`.execute(trx);
        if (!rows[0]?.locked) return null;
      }
      const doomed = await trx
        .selectFrom('usage_events')
        .select('event_id')
        .where('devid', '=', devid)
        .where('at', '<', before)
        .orderBy('at')
        .limit(limit)
        .execute();
      let deleted = 0;
      for (let i = 0; i < doomed.length; i += CHUNK) {
        const result = await trx
          .deleteFrom('usage_events')
          .where('devid', '=', devid)
          .where(
            'event_id',
            'in',
            doomed.slice(i, i + CHUNK).map((row) => row.event_id),
          )
          .executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    });
  }

  /** How many events a totem said it dropped, in all (0 when it never said). */
  async dropped(devid: number, kioskId: string): Promise<number> {
    const row = await this.db
      .selectFrom('usage_dropped')
      .select('dropped')
      .where('devid', '=', devid)
      .where('kiosk_id', '=', kioskId)
      .executeTakeFirst();
    return row ? Number(row.dropped) : 0;
  }

  /**
   * One page of a development's events with `from` ≤ at < `to`, by time then id, after `cursor`
   * (a keyset page: each page walks the (devid, at, event_id) index from where the last ended).
   */
  async page(
    devid: number,
    from: string,
    to: string,
    cursor: UsageCursor | null,
    limit: number,
  ): Promise<UsageEventRow[]> {
    let query = this.db
      .selectFrom('usage_events')
      .selectAll()
      .where('devid', '=', devid)
      .where('at', '>=', from)
      .where('at', '<', to);
    if (cursor) {
      const { at, eventId } = cursor;
      query = query.where((eb) =>
        eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('event_id', '>', eventId)])]),
      );
    }
    return query.orderBy('at').orderBy('event_id').limit(limit).execute();
  }
}
