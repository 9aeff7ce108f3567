/**
 * Global setup of the server-pg project: after the run, drops whatever schema of this run a test
 * left behind (a file that crashed before closing its store). Only this run's: other runs may be
 * using the same database right now, so the prefix is per run (vitest.pg.config.ts).
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_POSTGRES_ENV, TEST_SCHEMA_PREFIX_ENV } from './test-database.js';

export default function setup(project: TestProject): () => Promise<void> {
  return async () => {
    // The project's env, not process.env: that one is shared with the SQLite project's workers.
    const url = project.config.env[TEST_POSTGRES_ENV];
    const prefix = project.config.env[TEST_SCHEMA_PREFIX_ENV];
    if (!url || !prefix) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
        [`${prefix}_`],
      );
      for (const { name } of rows) {
        await client.query(`drop schema if exists "${name}" cascade`);
      }
      if (rows.length > 0)
        console.warn(`server-pg: dropped ${rows.length} leftover test schema(s)`);
    } finally {
      await client.end();
    }
  };
}
