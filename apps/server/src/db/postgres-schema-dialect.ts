/**
 * Kysely's PostgreSQL dialect, with an introspector that looks at the store's own schema only.
 *
 * Kysely's migrator asks the introspector whether its two tables exist before every migration
 * run. The stock PostgreSQL introspector reads every table of every schema of the database and
 * calls `pg_get_serial_sequence` on each column; a schema that another session drops meanwhile
 * (another test store, another plant's schema in the same database) makes that one query fail
 * with "relation … does not exist", and the start (or a CLI command) fails with "database
 * migration failed". The migrator only needs the tables of the store's own schema (the
 * search_path's first, `current_schema()`), which no other store drops; nothing else in the
 * service introspects.
 */
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

type IntrospectedDb = Parameters<PostgresDialect['createIntrospector']>[0];

class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    private readonly db: IntrospectedDb,
    private readonly stock: DatabaseIntrospector,
  ) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.stock.getSchemas();
  }

  /** The tables and views of the current schema, by name (columns are not read: none needs them). */
  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      select table_schema as schema, table_name as name, table_type as kind
      from information_schema.tables where table_schema = current_schema()`.execute(this.db);
    return rows.map((row) => ({
      schema: row.schema,
      name: row.name,
      isView: row.kind === 'VIEW',
      columns: [],
    }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: IntrospectedDb): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db, super.createIntrospector(db));
  }
}
