/**
 * Totem profiles (issue 47, fleet part 1; decision 038): each totem's name, location, groups and
 * note, set in the back-office and in force at once — not content, so no draft/live pair and no
 * revision. One row per totem, keyed like its `kiosks` row (development, kiosk id) and removed with
 * it (forgetting a totem forgets its name).
 *
 * `groups` is a JSON text list, not a join table: a group is a label with no identity of its own
 * (no rename across totems, no settings), a totem's groups are read and written whole with its
 * profile, and what filters by group (the back-office; part 2's commands "to a group") reads a
 * development's profiles — at most the fleet bound, 1,000 rows — and filters them in the process.
 * JSON text reads the same on SQLite and PostgreSQL, where JSON operators differ. If groups ever
 * become things of their own, a later migration splits them out of this column.
 *
 * `version` counts saves (optimistic concurrency: a form opened on version n saves only over n).
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–015, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kiosk_profiles')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('name', 'varchar(60)')
    .addColumn('location', 'varchar(80)')
    .addColumn('groups', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('note', 'text')
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('kiosk_profiles_pk', ['devid', 'kiosk_id'])
    .addForeignKeyConstraint(
      'kiosk_profiles_kiosk_fk',
      ['devid', 'kiosk_id'],
      'kiosks',
      ['devid', 'kiosk_id'],
      (constraint) => constraint.onDelete('cascade'),
    )
    .execute();
}
