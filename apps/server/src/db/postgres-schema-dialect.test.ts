/**
 * The PostgreSQL store introspects its own schema only (postgres-schema-dialect.ts): Kysely's stock
 * introspector read every schema of the database, and a schema dropped meanwhile by another
 * session failed the migrator's table check ("database migration failed", seen in CI when test
 * stores are created and dropped side by side).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.js';
import { openTestDatabase, testingPostgres } from '../testing/test-database.js';

describe.skipIf(!testingPostgres())('the PostgreSQL store’s introspection', () => {
  let mine: DatabaseHandle;
  let other: DatabaseHandle;
  beforeAll(async () => {
    mine = await openTestDatabase();
    other = await openTestDatabase();
  });
  afterAll(async () => {
    await mine.close();
    await other.close();
  });

  it('sees the tables of its own schema, none of another store’s', async () => {
    const tables = await mine.db.introspection.getTables({ withInternalKyselyTables: true });
    const schemas = new Set(tables.map((table) => table.schema));
    expect([...schemas]).toEqual([mine.postgres!.schema]);
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining(['developments', 'kysely_migration', 'kysely_migration_lock']),
    );
    expect(other.postgres!.schema).not.toBe(mine.postgres!.schema);
  });

  it('migrates again while other schemas come and go', async () => {
    // What a CLI command does against a running store: open it (the migrator checks its tables)
    // while other stores are created and dropped beside it.
    const churn = Array.from({ length: 4 }, async () => (await openTestDatabase()).close());
    const reopened = await Promise.all(
      Array.from({ length: 3 }, () => openTestDatabase().then((handle) => handle.close())),
    );
    await Promise.all(churn);
    expect(reopened).toHaveLength(3);
  });
});
