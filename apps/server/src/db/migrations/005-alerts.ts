/**
 * Emergency alerts, emergency alerts (decision 012):
 * - `alert_templates`: a development's alert templates in the draft, edited like the content;
 * - `pub_alert_templates`: the published ones (same columns), written only by a publish, so the
 *   templates reach every totem inside the snapshot before they are needed (a trigger names one);
 * - `active_alerts`: the alert in force per development (one at a time), kept by the server so that
 *   a totem that connects gets it, a restarted server keeps it and instances sharing PostgreSQL
 *   agree. The template's name, kind and maximum duration are copied in at the start: the alert
 *   stays describable whatever a later publish does to templates.
 */
import { PostgresAdapter, type CreateTableBuilder, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–004, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  const templateColumns = (builder: CreateTableBuilder<string, never>, generatedId: boolean) =>
    builder
      .addColumn('templateid', generatedId && isPostgres ? 'serial' : 'integer', (col) =>
        generatedId && !isPostgres ? col.primaryKey().autoIncrement() : col.primaryKey(),
      )
      .addColumn('devid', 'integer', (col) =>
        col.notNull().references('developments.devid').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(80)', (col) => col.notNull())
      // 'evacuation' | 'confinement' | 'pollution' | 'free'
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('title_fr', 'varchar(200)', (col) => col.notNull())
      .addColumn('title_en', 'varchar(200)', (col) => col.notNull())
      .addColumn('instructions_fr', 'text', (col) => col.notNull())
      .addColumn('instructions_en', 'text', (col) => col.notNull())
      // A name of the kiosk's built-in set (contract ALERT_PICTOGRAMS).
      .addColumn('pictogram', 'varchar(20)', (col) => col.notNull())
      // A name of the spec palette (contract PALETTE).
      .addColumn('colour', 'varchar(20)', (col) => col.notNull())
      .addColumn('image', 'varchar(500)')
      .addColumn('end_text_fr', 'text')
      .addColumn('end_text_en', 'text')
      .addColumn('max_duration_minutes', 'integer', (col) => col.notNull().defaultTo(120));

  await templateColumns(db.schema.createTable('alert_templates'), true).execute();
  await db.schema
    .createIndex('alert_templates_devid_name')
    .on('alert_templates')
    .columns(['devid', 'name'])
    .unique()
    .execute();

  await templateColumns(db.schema.createTable('pub_alert_templates'), false).execute();
  await db.schema
    .createIndex('pub_alert_templates_devid')
    .on('pub_alert_templates')
    .column('devid')
    .execute();

  await db.schema
    .createTable('active_alerts')
    .addColumn('devid', 'integer', (col) =>
      col.primaryKey().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('templateid', 'integer', (col) => col.notNull())
    .addColumn('template_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('drill', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('started_by', 'varchar(120)', (col) => col.notNull())
    .addColumn('max_duration_minutes', 'integer', (col) => col.notNull())
    .execute();
}
