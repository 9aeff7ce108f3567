/**
 * Text alternatives (issue 52, decision 050): an image element or sub-element carries the words a
 * reader says for it. `alt` on the draft's `elements` / `subelements` and the live `pub_elements` /
 * `pub_subelements`, '' (none written) for every existing row and by default, so everything that
 * writes content without knowing of them keeps working and older revisions compare as unchanged.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–027, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['elements', 'pub_elements', 'subelements', 'pub_subelements']) {
    await db.schema
      .alterTable(table)
      .addColumn('alt', 'varchar(1000)', (col) => col.notNull().defaultTo(''))
      .execute();
  }
}
