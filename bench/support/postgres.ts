/**
 * PostgreSQL for the benchmarks that need it (several instances on one store): the same database
 * the server-pg test project uses (TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test),
 * a fresh schema per run, dropped at the end. Unreachable: a failure under CI, as for the server-pg
 * project (the figure must not silently go missing there); elsewhere the suite is skipped with one
 * line saying why, so that `npm test`'s bench smoke passes on a machine without PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const url = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** The URL without its credentials, for messages. */
export const shownPostgresUrl = url.replace(/\/\/[^@/]*@/, '//');

async function onConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why PostgreSQL cannot be used (undefined: it can); throws under CI. */
export async function postgresProblem(): Promise<string | undefined> {
  let problem: string | undefined;
  try {
    await onConnection((client) => client.query('select 1'));
  } catch (error) {
    problem = `PostgreSQL unreachable at ${shownPostgresUrl} (${(error as Error).message || String(error)})`;
  }
  if (problem && process.env.CI)
    throw new Error(`${problem}; CI requires it (set TEST_POSTGRES_URL).`);
  return problem;
}

export interface BenchSchema {
  /** DATABASE_URL selecting the schema. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty schema; its URL sets the search path (pg reads libpq's `options`). */
export async function createBenchSchema(): Promise<BenchSchema> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await onConnection((client) => client.query(`create schema "${schema}"`));
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: withPath.toString(),
    drop: () =>
      onConnection((client) => client.query(`drop schema if exists "${schema}" cascade`)).then(
        () => undefined,
      ),
  };
}
