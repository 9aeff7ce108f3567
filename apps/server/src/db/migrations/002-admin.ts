/**
 * The back-office (back-office and fleet, decision 008): its users and their developments,
 * sessions, the audit log, and a version on sub-elements so that plain sub-elements get the same
 * edit-conflict check as zones, elements and sub-groups.
 *
 * Sessions are keyed by the SHA-256 of their token, never the token itself: a leaked database or
 * backup does not let anyone ride a live session.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// Kysely's schema builder only (as in 001), so it runs on SQLite and PostgreSQL alike.
// `Kysely<any>`: migrations must not depend on the current table types, which change over time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (table: string, column: string) =>
    db.schema
      .createTable(table)
      .addColumn(column, isPostgres ? 'serial' : 'integer', (col) =>
        isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
      );

  await id('admin_users', 'userid')
    .addColumn('username', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(200)', (col) => col.notNull())
    .addColumn('password_salt', 'varchar(64)', (col) => col.notNull())
    .addColumn('role', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('admin_user_developments')
    .addColumn('userid', 'integer', (col) =>
      col.notNull().references('admin_users.userid').onDelete('cascade'),
    )
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('admin_user_developments_pk', ['userid', 'devid'])
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('session_id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userid', 'integer', (col) =>
      col.notNull().references('admin_users.userid').onDelete('cascade'),
    )
    .addColumn('csrf_token', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(40)', (col) => col.notNull())
    .addColumn('last_seen_at', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('admin_sessions_userid')
    .on('admin_sessions')
    .column('userid')
    .execute();
  await db.schema
    .createIndex('admin_sessions_expires_at')
    .on('admin_sessions')
    .column('expires_at')
    .execute();

  // No foreign keys: the history must outlive what it talks about.
  await id('audit_log', 'auditid')
    .addColumn('at', 'varchar(40)', (col) => col.notNull())
    .addColumn('userid', 'integer')
    .addColumn('username', 'varchar(60)')
    .addColumn('devid', 'integer')
    .addColumn('action', 'varchar(40)', (col) => col.notNull())
    .addColumn('target_type', 'varchar(20)')
    .addColumn('target_id', 'integer')
    .addColumn('summary', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_devid_auditid')
    .on('audit_log')
    .columns(['devid', 'auditid'])
    .execute();

  await db.schema
    .alterTable('subelements')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}
