/**
 * Red button and acknowledgements, the red button and the totems' acknowledgements (decision 018):
 * - `admin_users.can_alert`: an admin lets a user trigger and end emergency alerts (admins always
 *   may). Nobody else had the right before (alerts were the token's only), so nobody gets it here;
 * - `alert_history`: every alert started, numbered (`alertid`), with who started it and when and
 *   how it ended (`ended` by a call, `replaced` by another template, `expired` past its maximum
 *   duration). The alert in force names its history row (`active_alerts.alertid`), and a totem's
 *   acknowledgement names that number;
 * - `alert_acks`: one row per (alert, totem), the first acknowledgement kept (a totem that reports
 *   twice counts once); `after_end` marks one that arrived after the end (recorded, never reopening).
 * An alert in force at the upgrade gets its history row here, so its totems can acknowledge it.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–007, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .alterTable('admin_users')
    .addColumn('can_alert', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('alert_history')
    .addColumn('alertid', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('templateid', 'integer', (col) => col.notNull())
    .addColumn('template_name', 'varchar(80)', (col) => col.notNull())
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('drill', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('started_by', 'varchar(120)', (col) => col.notNull())
    .addColumn('max_duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('ended_at', 'varchar(40)')
    .addColumn('ended_by', 'varchar(120)')
    // 'ended' | 'replaced' | 'expired'
    .addColumn('end_reason', 'varchar(20)')
    .execute();
  await db.schema
    .createIndex('alert_history_devid')
    .on('alert_history')
    .columns(['devid', 'alertid'])
    .execute();

  await db.schema
    .createTable('alert_acks')
    .addColumn('alertid', 'integer', (col) =>
      col.notNull().references('alert_history.alertid').onDelete('cascade'),
    )
    .addColumn('kiosk_id', 'varchar(100)', (col) => col.notNull())
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('displayed_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('takeover_ms', 'integer', (col) => col.notNull())
    .addColumn('acked_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('after_end', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('alert_acks_pk', ['alertid', 'kiosk_id'])
    .execute();

  await db.schema.alterTable('active_alerts').addColumn('alertid', 'integer').execute();

  const active = await db.selectFrom('active_alerts').selectAll().execute();
  for (const row of active) {
    const { alertid } = await db
      .insertInto('alert_history')
      .values({
        devid: row.devid,
        templateid: row.templateid,
        template_name: row.template_name,
        kind: row.kind,
        drill: row.drill,
        started_at: row.started_at,
        started_by: row.started_by,
        max_duration_minutes: row.max_duration_minutes,
      })
      .returning('alertid')
      .executeTakeFirstOrThrow();
    await db.updateTable('active_alerts').set({ alertid }).where('devid', '=', row.devid).execute();
  }
}
