/**
 * The `server-pg` project: the whole server suite again, on PostgreSQL. Every store a test opens is
 * a fresh schema of TEST_POSTGRES_URL's database (src/testing/test-database.ts), dropped when
 * the test closes it, so files run in parallel as they do on SQLite. Also runs `*.pg.test.ts`
 * (several server processes sharing one PostgreSQL).
 *
 * PostgreSQL unreachable: a failure under CI (the suite must not go green without it), otherwise the
 * project is skipped with one line saying so, so that `npm test` works on a machine without it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { configDefaults, defineConfig } from 'vitest/config';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const url = process.env.TEST_POSTGRES_URL || DEFAULT_URL;

async function reachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

// Every schema of this run starts with it (t_<run>_<store>), so that the global teardown drops
// this run's leftovers and never another run's live schemas in the same database.
const runPrefix = `t_${randomBytes(3).toString('hex')}`;

// Passwords are not printed: the URL is shown without its credentials.
const shownUrl = url.replace(/\/\/[^@/]*@/, '//');

export default defineConfig(async () => {
  const problem = await reachable();
  if (problem !== undefined) {
    const line = `server-pg: PostgreSQL unreachable at ${shownUrl} (${problem})`;
    if (process.env.CI) throw new Error(`${line}; CI requires it (set TEST_POSTGRES_URL).`);
    console.warn(
      `${line}: skipping the PostgreSQL run of the server tests (set TEST_POSTGRES_URL).`,
    );
  }
  return {
    test: {
      name: 'server-pg',
      environment: 'node',
      // Own modules afresh for every file in the reused worker (vitest.config.ts says why).
      isolate: true,
      // Skipped: no file matches, and the other projects run as usual.
      include: problem === undefined ? ['src/**/*.test.ts'] : [],
      exclude: [...configDefaults.exclude, 'src/db/migrations/*.test.ts'],
      env: { KIOSK_TEST_POSTGRES_URL: url, KIOSK_TEST_SCHEMA_PREFIX: runPrefix },
      globalSetup: ['src/testing/pg-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 90_000,
    },
  };
});
