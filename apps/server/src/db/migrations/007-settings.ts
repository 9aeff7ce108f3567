/**
 * Published settings, a development's settings (decision 017): the suggestion form's and the web
 * site's addresses, the docs/product.md#constants timings a plant tunes, the alarm tone.
 * - `development_settings`: the draft, written by the back-office's "Réglages" page;
 * - `pub_development_settings`: the published settings, written only by a publish (or a rollback),
 *   read by the snapshot and the delta.
 * One row per development holding the whole settings as JSON (the contract's
 * `serializeSettings`: fields in a fixed order, so equal settings are equal texts and the
 * publish's `EXCEPT` diff compares them as it compares any row). No row means the contract's
 * DEFAULT_SETTINGS: a development created before this migration, or never configured, has the
 * spec's values and no address. A new setting later is a new JSON field with its default, not a
 * migration.
 * `settingid` repeats `devid`: the change log names an item by an id inside its row (the row as
 * logged drops `devid`), and the settings are the one item whose id is its development's.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–006, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const columns = (builder: CreateTableBuilder<string, never>) =>
    builder
      .addColumn('devid', 'integer', (col) =>
        col.primaryKey().references('developments.devid').onDelete('cascade'),
      )
      .addColumn('settingid', 'integer', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull());

  await columns(db.schema.createTable('development_settings')).execute();
  await columns(db.schema.createTable('pub_development_settings')).execute();
}
