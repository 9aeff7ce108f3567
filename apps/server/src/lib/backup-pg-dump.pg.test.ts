/**
 * The PostgreSQL side of "thumbnails are never backed up" (decision 043): `backup` refuses
 * PostgreSQL and points to pg_dump with PG_DUMP_EXCLUDE_OPTIONS (docs/deployment.md). This runs
 * the real pg_dump with those options on a migrated store holding thumbnails: the dump has the
 * table, empty, and none of a picture's bytes, and still the other tables' rows. Runs in the
 * server-pg project only.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { seedFixture, type FixtureIds } from '../testing/fixture.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../testing/test-database.js';
import { PG_DUMP_EXCLUDE_OPTIONS } from './backup-manifest.js';

const run = promisify(execFile);

let schema: TestSchema;
let handle: DatabaseHandle;
let ids: FixtureIds;

beforeAll(async () => {
  schema = await createTestSchema(testPostgresUrl()!);
  handle = await openDatabase({ url: schema.url, poolSize: 2 });
  ids = await seedFixture(createRepositories(handle.db));
});

afterAll(async () => {
  await handle?.close();
  await schema?.drop();
});

describe('pg_dump with the documented options', () => {
  it('dumps the thumbnails table empty, and the rest whole', async () => {
    const marker = 'WEBP-thumbnail-marker';
    await createRepositories(handle.db).kioskThumbnails.insert({
      devid: ids.devid,
      kioskId: 'k-hall',
      route: '/zone/Moulage',
      revision: 1,
      takenAt: '2026-03-10T09:00:00.000Z',
      receivedAt: new Date('2026-03-10T09:00:01.000Z'),
      placeholders: 0,
      commandId: null,
      image: Buffer.from(`RIFF\0\0\0\0${marker}`),
    });
    // The base URL, without the test's search_path: the schema is not on pg_dump's path, as in a
    // deployment whose role chooses it.
    const { stdout } = await run(
      'pg_dump',
      ['--schema', schema.schema, ...PG_DUMP_EXCLUDE_OPTIONS, testPostgresUrl()!],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toContain(`CREATE TABLE ${schema.schema}.kiosk_thumbnails`);
    expect(stdout).not.toContain(`COPY ${schema.schema}.kiosk_thumbnails`);
    // bytea is dumped in hex: look for the marker either way.
    expect(stdout).not.toContain(marker);
    expect(stdout).not.toContain(Buffer.from(marker).toString('hex'));
    expect(stdout).toMatch(
      new RegExp(`COPY ${schema.schema}\\.developments [^\\n]*\\n[^\\n]*neubourg`),
    );
  });
});
