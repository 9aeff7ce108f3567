import { PostgresAdapter, type Kysely } from 'kysely';

// Written with Kysely's schema builder only, so it runs unchanged on SQLite and PostgreSQL.
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

  await id('developments', 'devid')
    .addColumn('devname', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('content_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();

  await id('kiosk_accounts', 'accountid')
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('login', 'varchar(120)', (col) => col.notNull())
    .addColumn('password_hash', 'varchar(200)', (col) => col.notNull())
    .addColumn('password_salt', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .addUniqueConstraint('kiosk_accounts_devid_login', ['devid', 'login'])
    .execute();

  await id('zones', 'zoneid')
    .addColumn('devid', 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('zonename', 'varchar(120)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('checklist', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('zones_devid_zonename', ['devid', 'zonename'])
    .execute();

  await id('elements', 'elementid')
    .addColumn('zoneid', 'integer', (col) =>
      col.notNull().references('zones.zoneid').onDelete('cascade'),
    )
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('addingdate', 'varchar(40)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('elements_zoneid_order')
    .on('elements')
    .columns(['zoneid', 'order'])
    .execute();

  await id('content_models', 'modelid')
    .addColumn('label', 'varchar(60)', (col) => col.notNull().unique())
    .addColumn('fields', 'text', (col) => col.notNull())
    .execute();

  await id('subgroups', 'subgroupid')
    .addColumn('elementid', 'integer', (col) =>
      col.notNull().references('elements.elementid').onDelete('cascade'),
    )
    .addColumn('modelid', 'integer', (col) => col.notNull().references('content_models.modelid'))
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('addingdate', 'varchar(40)', (col) => col.notNull())
    .addColumn('expirationdate', 'varchar(40)')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('subgroups_elementid_order', ['elementid', 'order'])
    .execute();

  await id('subelements', 'subelementid')
    .addColumn('elementid', 'integer', (col) =>
      col.notNull().references('elements.elementid').onDelete('cascade'),
    )
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('subgroupid', 'integer', (col) =>
      col.references('subgroups.subgroupid').onDelete('cascade'),
    )
    .addColumn('fieldlabel', 'varchar(60)')
    .execute();
  await db.schema
    .createIndex('subelements_elementid_order')
    .on('subelements')
    .columns(['elementid', 'order'])
    .execute();
  await db.schema
    .createIndex('subelements_subgroupid_field')
    .on('subelements')
    .columns(['subgroupid', 'fieldlabel', 'order'])
    .execute();

  await id('media', 'mediaid')
    .addColumn('devid', 'integer', (col) =>
      col.references('developments.devid').onDelete('set null'),
    )
    .addColumn('path', 'varchar(300)', (col) => col.notNull().unique())
    .addColumn('content_type', 'varchar(100)', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    .execute();
}
