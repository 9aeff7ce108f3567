/**
 * Usage roll-ups (issue 49, part 2; docs/usage.md « Roll-ups »): what the dashboard reads, so that
 * it never walks the raw events. Each is kept up to date in the ingest's own transaction, counting
 * only the events that transaction inserted (a batch sent again adds nothing).
 *
 * Sized for the large plant over months (docs/benchmarks.md, « Usage analytics »): one wide row per
 * totem and hour, one per totem and day, and the « top » lists' items per day — per totem, and
 * again for the whole development (kiosk_id `*`, never a totem's id: KioskId has no `*`), so that
 * the plant-wide lists read a few thousand rows rather than every totem's.
 *
 * - `usage_hourly`: per totem (and `*`) and UTC hour (`hour_start`, `toISOString()` of the hour):
 *   visits and page views, for the week-by-hour heat map, read in the plant's zone when asked (so a
 *   change of zone re-reads the whole history right).
 * - `usage_daily`: per totem and plant day (`day`, `YYYY-MM-DD` in the development's zone when the
 *   event was filed): the day series, the totals, the languages and the per-totem list.
 * - `usage_daily_items`: per totem (or `*`) and plant day, the count of one item: `page` (a
 *   page_view's route), `document` (a document_open's target), `read` (a page_read's target),
 *   `parcours` (a parcours' target).
 * - `usage_monthly_items`: the same per plant month (`YYYY-MM`): a long range reads its whole
 *   months here and only its first and last partial months' days in the daily items — a large
 *   plant's thousands of pages a day would otherwise make months of daily rows to sum.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–023, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('usage_hourly')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('hour_start', 'varchar(40)', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('sessions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('page_views', 'integer', (col) => col.notNull().defaultTo(0))
    // Totem first: the whole development's heat map reads its `*` rows only, a totem its own.
    .addPrimaryKeyConstraint('usage_hourly_pk', ['devid', 'kiosk_id', 'hour_start'])
    .execute();
  await db.schema
    .createTable('usage_daily')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('sessions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('engaged_sessions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('page_views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('taps', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('documents_opened', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pages_read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('alerts_shown', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('views_fr', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('views_en', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('views_unknown', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_daily_pk', ['devid', 'day', 'kiosk_id'])
    .execute();
  await db.schema
    .createTable('usage_daily_items')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('item', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(300)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    // Item before day: a « top » list reads its own item's rows of the range only.
    .addPrimaryKeyConstraint('usage_daily_items_pk', ['devid', 'kiosk_id', 'item', 'day', 'name'])
    .execute();
  await db.schema
    .createTable('usage_monthly_items')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('month', 'varchar(7)', (col) => col.notNull())
    .addColumn('item', 'varchar(10)', (col) => col.notNull())
    .addColumn('name', 'varchar(300)', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_monthly_items_pk', [
      'devid',
      'kiosk_id',
      'item',
      'month',
      'name',
    ])
    .execute();
}
