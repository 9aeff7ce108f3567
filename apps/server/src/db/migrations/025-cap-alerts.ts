/**
 * CAP 1.2 at the alert API's door (issue 50, decision 044):
 * - `cap_messages`: every CAP message a development accepted, keyed by (`sender`, `identifier`) as
 *   CAP keys them, with what it did (`outcome`), the alert it started, changed or ended
 *   (`alertid`), and the note of its `Ack` — a duplicate is answered the same, and an `Update` or
 *   `Cancel` finds the alert its `references` name here. Refused messages are not kept (the audit
 *   log has them), so one sent again after the refusal's cause is gone is read afresh;
 * - `cap_mappings`: per development, the back-office's rules from a CAP `event` or `eventCode` to a
 *   template (a JSON list, read whole at each message: a handful of rules);
 * - `alert_text` on the alert in force and its history row: a free message's own texts (JSON,
 *   `AlertText`), null for a template's.
 */
import { type Kysely } from 'kysely';

// Kysely's schema builder only, as in 001–024, so it runs on SQLite and PostgreSQL alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cap_messages')
    .addColumn('devid', 'integer', (col) => col.notNull())
    .addColumn('sender', 'varchar(500)', (col) => col.notNull())
    .addColumn('identifier', 'varchar(500)', (col) => col.notNull())
    .addColumn('sent', 'varchar(40)', (col) => col.notNull())
    .addColumn('status', 'varchar(10)', (col) => col.notNull())
    .addColumn('msg_type', 'varchar(10)', (col) => col.notNull())
    .addColumn('outcome', 'varchar(10)', (col) => col.notNull())
    .addColumn('alertid', 'integer')
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('received_at', 'varchar(40)', (col) => col.notNull())
    .addPrimaryKeyConstraint('cap_messages_pk', ['devid', 'sender', 'identifier'])
    .execute();
  await db.schema
    .createTable('cap_mappings')
    .addColumn('devid', 'integer', (col) => col.primaryKey())
    .addColumn('rules', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(200)', (col) => col.notNull())
    .execute();
  for (const table of ['active_alerts', 'alert_history']) {
    await db.schema.alterTable(table).addColumn('alert_text', 'text').execute();
  }
}
