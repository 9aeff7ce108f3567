/**
 * Kysely's SQLite dialect, with every transaction begun `IMMEDIATE`.
 *
 * Kysely's SQLite driver (like better-sqlite3's plain `transaction()`) sends `BEGIN`, a *deferred*
 * transaction: it takes the write lock only at its first write. Other processes write the same
 * file (the CLI's `revoke-tokens` and `set-password`, a second process running the migrations,
 * the bench's draft editor), and a deferred transaction that has read and then finds that another
 * process committed meanwhile cannot upgrade its snapshot: SQLite fails it at once with
 * SQLITE_BUSY, and `busy_timeout` does not apply. `BEGIN IMMEDIATE` takes the write lock first,
 * waiting up to `busy_timeout` for it, so a transaction never starts from a snapshot it cannot
 * write from. In one process Kysely already runs one transaction at a time on the one connection,
 * so read-only transactions lose nothing by it.
 */
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
} from 'kysely';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
