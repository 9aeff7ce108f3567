/**
 * Publishing gate, publishing is a gate (decision 008):
 * - the editing tables (zones, elements, subgroups, subelements) become the *draft*;
 * - `pub_*` tables hold the *live* content, the one every kiosk call reads. Same columns as the
 *   draft (less the editor's row `version`) plus `devid` on every table, so a whole development
 *   is read without joins. No foreign key to the draft: deleting a draft row must not touch what
 *   the totems show until it is published. Written only by a publish;
 * - `content_revisions`: one row per publish (consecutive numbers per development, author, time,
 *   note, counts); `content_changes`: what each publish changed, the row before and after;
 * - `developments.draft_version` counts edits of the draft (the editor's lock and the "unpublished
 *   changes" signal); `content_version` now means the latest published revision, which is what
 *   kiosks, snapshot ETags and the fleet already compare.
 *
 * Today's content becomes the base revision, numbered as today's content version, so a kiosk that
 * synced before the upgrade keeps its ETag and gets a 304. The base logs no changes (source
 * "migration"): a delta from before it is a full resync.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Kysely's schema builder only (as in 001–003), so it runs on SQLite and PostgreSQL alike.
// `Kysely<any>`: migrations must not depend on the current table types, which change over time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const devid = 'devid';
  const devidColumn = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn(devid, 'integer', (col) =>
        col.notNull().references('developments.devid').onDelete('cascade'),
      );

  await db.schema
    .alterTable('developments')
    .addColumn('draft_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();

  await devidColumn('pub_zones')
    .addColumn('zoneid', 'integer', (col) => col.primaryKey())
    .addColumn('zonename', 'varchar(120)', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('checklist', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pub_zones_devid').on('pub_zones').column('devid').execute();

  await devidColumn('pub_elements')
    .addColumn('elementid', 'integer', (col) => col.primaryKey())
    .addColumn('zoneid', 'integer', (col) => col.notNull())
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('addingdate', 'varchar(40)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('pub_elements_zoneid_order')
    .on('pub_elements')
    .columns(['zoneid', 'order'])
    .execute();
  await db.schema.createIndex('pub_elements_devid').on('pub_elements').column('devid').execute();

  await devidColumn('pub_subgroups')
    .addColumn('subgroupid', 'integer', (col) => col.primaryKey())
    .addColumn('elementid', 'integer', (col) => col.notNull())
    .addColumn('modelid', 'integer', (col) => col.notNull())
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('addingdate', 'varchar(40)', (col) => col.notNull())
    .addColumn('expirationdate', 'varchar(40)')
    .execute();
  await db.schema
    .createIndex('pub_subgroups_elementid_order')
    .on('pub_subgroups')
    .columns(['elementid', 'order'])
    .execute();
  await db.schema.createIndex('pub_subgroups_devid').on('pub_subgroups').column('devid').execute();

  await devidColumn('pub_subelements')
    .addColumn('subelementid', 'integer', (col) => col.primaryKey())
    .addColumn('elementid', 'integer', (col) => col.notNull())
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('type', 'varchar(20)', (col) => col.notNull())
    .addColumn('subgroupid', 'integer')
    .addColumn('fieldlabel', 'varchar(60)')
    .execute();
  await db.schema
    .createIndex('pub_subelements_elementid_order')
    .on('pub_subelements')
    .columns(['elementid', 'order'])
    .execute();
  await db.schema
    .createIndex('pub_subelements_subgroupid_field')
    .on('pub_subelements')
    .columns(['subgroupid', 'fieldlabel', 'order'])
    .execute();
  await db.schema
    .createIndex('pub_subelements_devid')
    .on('pub_subelements')
    .column('devid')
    .execute();

  await devidColumn('content_revisions')
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(40)', (col) => col.notNull())
    // 'user' (back-office), 'api' (publish token: the CLI and integrations), 'system' (seed,
    // creation, migration).
    .addColumn('author_kind', 'varchar(10)', (col) => col.notNull())
    .addColumn('author_name', 'varchar(120)')
    .addColumn('userid', 'integer')
    .addColumn('note', 'varchar(500)')
    // What made it: 'publish', 'seed', 'creation', 'migration' (later: 'rollback').
    .addColumn('source', 'varchar(40)', (col) => col.notNull())
    // JSON: per kind, how many items were added, changed, removed.
    .addColumn('summary', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('content_revisions_pk', ['devid', 'revision'])
    .execute();

  await db.schema
    .createTable('content_changes')
    .addColumn('changeid', isPostgres ? 'serial' : 'integer', (col) =>
      isPostgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn(devid, 'integer', (col) =>
      col.notNull().references('developments.devid').onDelete('cascade'),
    )
    .addColumn('revision', 'integer', (col) => col.notNull())
    // 'zone' | 'element' | 'subgroup' | 'subelement'
    .addColumn('kind', 'varchar(20)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    // The live row (JSON) before and after the publish; null when added or removed.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema
    .createIndex('content_changes_devid_revision')
    .on('content_changes')
    .columns(['devid', 'revision'])
    .execute();

  // Today's content is the base revision of each development.
  await sql`insert into pub_zones (devid, zoneid, zonename, type, checklist)
    select devid, zoneid, zonename, type, checklist from zones`.execute(db);
  await sql`insert into pub_elements (devid, elementid, zoneid, "order", value, type, addingdate)
    select z.devid, e.elementid, e.zoneid, e."order", e.value, e.type, e.addingdate
    from elements e join zones z on z.zoneid = e.zoneid`.execute(db);
  await sql`insert into pub_subgroups
      (devid, subgroupid, elementid, modelid, "order", addingdate, expirationdate)
    select z.devid, g.subgroupid, g.elementid, g.modelid, g."order", g.addingdate, g.expirationdate
    from subgroups g join elements e on e.elementid = g.elementid
    join zones z on z.zoneid = e.zoneid`.execute(db);
  await sql`insert into pub_subelements
      (devid, subelementid, elementid, "order", value, type, subgroupid, fieldlabel)
    select z.devid, s.subelementid, s.elementid, s."order", s.value, s.type, s.subgroupid,
      s.fieldlabel
    from subelements s join elements e on e.elementid = s.elementid
    join zones z on z.zoneid = e.zoneid`.execute(db);
  const now = new Date().toISOString();
  await sql`insert into content_revisions
      (devid, revision, created_at, author_kind, author_name, userid, note, source, summary)
    select devid, content_version, ${now}, 'system', null, null, null, 'migration', '{}'
    from developments`.execute(db);
}
