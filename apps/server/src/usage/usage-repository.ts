/**
 * Usage events (migration 023; packages/contract/src/usage-events.ts): the store's side of a batch
 * and of the export. Plain SQL both stores speak (INSERT … ON CONFLICT DO NOTHING with RETURNING,
 * IN lists, keyset pages); times are `toISOString()` texts, so they compare as text.
 *
 * A batch is stored in one write transaction (IMMEDIATE on SQLite, see db/sqlite-immediate-dialect.ts):
 * its new events, then the stored fingerprint of each id that was already there (to tell a retry
 * from an id reused with other content), then the totem's dropped counter. Two instances storing
 * the same event at once on PostgreSQL cannot both insert it: the primary key decides, and the
 * loser reads the winner's row as already there.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, UsageEventTable } from '../db/schema.js';

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
  ): Promise<StoredBatch> {
    return this.db.transaction().execute(async (trx) => {
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
