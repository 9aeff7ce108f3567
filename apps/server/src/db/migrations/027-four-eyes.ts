/**
 * Four-eyes publishing (issue 51, part 2; decision 048).
 *
 * - `developments.four_eyes` / `four_eyes_token`: the setting per development, server-side (never
 *   published: it is about who may publish, not what the totems show).
 * - A publication request is a change set (decision 036) of purpose `request` or
 *   `rollback-request`: `status` `requested` while it waits (the scheduler only takes `scheduled`),
 *   then the set's usual life once approved (`scheduled`, `published`, `held`, `cancelled`).
 *   `review` says what became of the request itself (`requested`, `approved`, `refused`,
 *   `superseded`, `withdrawn`), with who decided, when and their comment. `rollback_to` is the
 *   revision a rollback request brings back; `base_revision` the live revision it was made on.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–026, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('developments')
    .addColumn('four_eyes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('developments')
    .addColumn('four_eyes_token', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('developments').addColumn('four_eyes_at', 'varchar(40)').execute();
  await db.schema.alterTable('developments').addColumn('four_eyes_by', 'varchar(100)').execute();
  for (const [name, type] of [
    ['review', 'varchar(20)'],
    ['reviewer_id', 'integer'],
    ['reviewer_name', 'varchar(100)'],
    ['reviewed_at', 'varchar(40)'],
    ['review_comment', 'text'],
    ['rollback_to', 'integer'],
    ['base_revision', 'integer'],
  ] as const) {
    await db.schema.alterTable('change_sets').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('change_sets_review')
    .on('change_sets')
    .columns(['devid', 'review'])
    .execute();
}
