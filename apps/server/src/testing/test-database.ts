/**
 * The store a server test runs on. By default an in-memory SQLite database; in the `server-pg`
 * Vitest project (KIOSK_TEST_POSTGRES_URL set), a fresh PostgreSQL schema of that database, created
 * for this store alone and dropped when it closes — so test files run in parallel against one
 * PostgreSQL and never see each other's rows, exactly as each SQLite test gets its own database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database.js';

/** Set by apps/server/vitest.pg.config.ts: the PostgreSQL database the pg project runs against. */
export const TEST_POSTGRES_ENV = 'KIOSK_TEST_POSTGRES_URL';

/** Set by the same config: this run's schema names start with it, so its leftovers can be dropped. */
export const TEST_SCHEMA_PREFIX_ENV = 'KIOSK_TEST_SCHEMA_PREFIX';

export const testPostgresUrl = (): string | undefined =>
  process.env[TEST_POSTGRES_ENV] || undefined;

/** True when this run's stores are PostgreSQL (for the rare assertion that differs by dialect). */
export const testingPostgres = (): boolean => testPostgresUrl() !== undefined;

/** `url` with its search_path set to `schema` (pg reads libpq's `options` from the URL). */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function onAdminConnection<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestSchema {
  schema: string;
  /** The connection string that selects it. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty schema in the test PostgreSQL database. */
export async function createTestSchema(baseUrl: string): Promise<TestSchema> {
  const prefix = process.env[TEST_SCHEMA_PREFIX_ENV] ?? 't';
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(baseUrl, (client) => client.query(`create schema "${schema}"`));
  return {
    schema,
    url: withSearchPath(baseUrl, schema),
    drop: async () => {
      await onAdminConnection(baseUrl, (client) =>
        client.query(`drop schema if exists "${schema}" cascade`),
      );
    },
  };
}

/**
 * Opens (and migrates) a store for one test: `sqliteUrl` (default ':memory:') with SQLite, a fresh
 * schema with PostgreSQL. Closing it drops the schema.
 */
export async function openTestDatabase(sqliteUrl = ':memory:'): Promise<DatabaseHandle> {
  const baseUrl = testPostgresUrl();
  if (!baseUrl) return openDatabase({ url: sqliteUrl });
  const schema = await createTestSchema(baseUrl);
  let handle: DatabaseHandle;
  try {
    // A few connections are plenty for one test, and files run side by side.
    handle = await openDatabase({ url: schema.url, poolSize: 4 });
  } catch (error) {
    await schema.drop();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await schema.drop();
    },
  };
}
