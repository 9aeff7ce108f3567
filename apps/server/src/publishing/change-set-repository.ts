/**
 * The reads of change sets (migration 015, issue 45) outside a publish's transaction: the
 * scheduler's cheap query for due sets (every second on each instance: a plain SELECT, no write
 * lock), the back-office's list and the status bar's count. Writes happen in scheduled-publish.ts,
 * under the development's publish lock.
 */
import type { Selectable } from 'kysely';
import type { ChangeSetTable } from '../db/schema.js';
import type { FourEyesSettings } from '@plant-kiosk/contract';
import type { Db } from './change-kinds.js';
import { fourEyesOf } from './four-eyes.js';

export type ChangeSetRow = Selectable<ChangeSetTable>;

export class ChangeSetRepository {
  constructor(private readonly db: Db) {}

  /** Ids of the sets due by `now` (ISO, UTC), oldest first. */
  async dueIds(now: string, limit = 50): Promise<number[]> {
    const rows = await this.db
      .selectFrom('change_sets')
      .select('setid')
      .where('status', '=', 'scheduled')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .orderBy('setid')
      .limit(limit)
      .execute();
    return rows.map((row) => row.setid);
  }

  devidOf(setid: number): Promise<{ devid: number } | undefined> {
    return this.db
      .selectFrom('change_sets')
      .select('devid')
      .where('setid', '=', setid)
      .executeTakeFirst();
  }

  /** The sets waiting or held, in the order they apply, then the last `closed` published or cancelled. */
  async list(devid: number, closed = 20): Promise<ChangeSetRow[]> {
    const open = await this.db
      .selectFrom('change_sets')
      .selectAll()
      .where('devid', '=', devid)
      .where('status', 'in', ['scheduled', 'held'])
      .orderBy('due_at')
      .orderBy('setid')
      .execute();
    const done = await this.db
      .selectFrom('change_sets')
      .selectAll()
      .where('devid', '=', devid)
      .where('status', 'in', ['published', 'cancelled'])
      // Requests refused, withdrawn or approved for now were never scheduled publications.
      .where((eb) =>
        eb.or([
          eb('review', 'is', null),
          eb.and([eb('review', '=', 'approved'), eb('due_at', 'is not', null)]),
        ]),
      )
      .orderBy('updated_at', 'desc')
      .limit(closed)
      .execute();
    return [...open, ...done];
  }

  /** How many sets wait or are held. */
  async countOpen(devid: number): Promise<number> {
    const row = await this.db
      .selectFrom('change_sets')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('devid', '=', devid)
      .where('status', 'in', ['scheduled', 'held'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Publication requests (issue 51): those waiting, oldest first, then the last `decided`. */
  async requests(devid: number, decided: number): Promise<ChangeSetRow[]> {
    const waiting = await this.db
      .selectFrom('change_sets')
      .selectAll()
      .where('devid', '=', devid)
      .where('review', '=', 'requested')
      .orderBy('setid')
      .execute();
    const done = await this.db
      .selectFrom('change_sets')
      .selectAll()
      .where('devid', '=', devid)
      .where('review', 'is not', null)
      .where('review', '!=', 'requested')
      .orderBy('updated_at', 'desc')
      .orderBy('setid', 'desc')
      .limit(decided)
      .execute();
    return [...waiting, ...done];
  }

  /** The development's four-eyes setting (issue 51); 404 for an unknown development. */
  fourEyes(devid: number): Promise<FourEyesSettings> {
    return fourEyesOf(this.db, devid);
  }
}
