/**
 * English content, content in two languages (decision 021): an element belongs to its zone's French
 * version or to its English one. `lang` on the draft's `elements` and the live `pub_elements`,
 * 'fr' for every existing row (all content so far is French) and by default, so the seed, the
 * tests and a back-office that knows nothing of languages keep writing French.
 * Sub-elements and sub-groups hang from an element and so follow its language; the zone itself
 * (its name, type, checklist flag) is one for both languages.
 */
import type { Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–008, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['elements', 'pub_elements']) {
    await db.schema
      .alterTable(table)
      .addColumn('lang', 'varchar(2)', (col) => col.notNull().defaultTo('fr'))
      .execute();
  }
}
