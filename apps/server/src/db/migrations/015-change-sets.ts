/**
 * Change sets (issue 45): a pending change of a development's live content, fixed when it is made
 * — the draft's changes (all, or one zone's) at that moment, with a note and an author. A scheduled
 * publication is a change set with a time (`due_at`); a second person's approval (issue 51) will
 * be one waiting for a decision. One table for them:
 * - `changes`: the JSON list of item changes, each `{ kind, id, before?, after? }` as the publish
 *   writes them — `before` being what live is expected to hold when the set applies (live with the
 *   earlier pending sets applied), so that a set never silently overwrites what something else
 *   changed since;
 * - `status`: `scheduled` (waiting), `published` (`revision`, `published_at`, `late_ms`), `held`
 *   (`held_reason`, in French: someone decides), `cancelled`;
 * - `due_at`: an ISO instant in UTC, indexed with the status for the scheduler's query.
 * Which instance publishes a due set is settled under the development's publish lock: the set's
 * status is read again inside that transaction, so two instances never both publish it.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–014, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('change_sets')
    .addColumn('setid', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(20)', (col) => col.notNull())
    .addColumn('status', 'varchar(20)', (col) => col.notNull())
    .addColumn('zoneid', 'integer')
    .addColumn('note', 'text')
    .addColumn('author_kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('author_name', 'varchar(120)')
    .addColumn('userid', 'integer')
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('due_at', 'varchar(40)')
    .addColumn('changes', 'text', (col) => col.notNull())
    .addColumn('counts', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer')
    .addColumn('published_at', 'varchar(40)')
    .addColumn('late_ms', 'integer')
    .addColumn('held_reason', 'text')
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('change_sets_status_due')
    .on('change_sets')
    .columns(['status', 'due_at'])
    .execute();
  await db.schema.createIndex('change_sets_devid').on('change_sets').column('devid').execute();
}
