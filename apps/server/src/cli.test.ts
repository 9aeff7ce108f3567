import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { runCli, USAGE } from './cli.js';
import type { DatabaseHandle } from './db/database.js';
import { createRepositories, type Repositories } from './db/repositories/index.js';
import { InMemoryEventBus } from './lib/event-bus.js';
import { verifyClientPassword } from './lib/passwords.js';
import {
  TEST_PUBLISH_TOKEN,
  seedFixture,
  testConfig,
  testSecrets,
  type FixtureIds,
} from './testing/fixture.js';
import { openTestDatabase } from './testing/test-database.js';

let dataDir: string;
let handle: DatabaseHandle;
let repos: Repositories;
let ids: FixtureIds;
let app: FastifyInstance;
let bus: InMemoryEventBus;
let url: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kiosk-cli-'));
  handle = await openTestDatabase(join(dataDir, 'kiosk.sqlite'));
  repos = createRepositories(handle.db);
  ids = await seedFixture(repos);
  bus = new InMemoryEventBus();
  app = await buildApp({
    repos,
    bus,
    config: testConfig({ dataDir }),
    secrets: testSecrets(),
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    // With PostgreSQL the CLI must open the test's own schema (SQLite: DATA_DIR's default file).
    env: {
      DATA_DIR: dataDir,
      ...(handle.postgres ? { DATABASE_URL: handle.postgres.connectionString } : {}),
      ...env,
    },
    cwd: dataDir,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    fetch: globalThis.fetch,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cli', () => {
  it('prints the usage (exit 0 for help, 2 for nothing or nonsense)', async () => {
    expect(await cli(['help'])).toMatchObject({ code: 0, out: USAGE });
    expect((await cli([])).code).toBe(2);
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command "frobnicate"');
    expect(unknown.err).toContain('Usage:');
    const badOption = await cli(['publish', '--colour', 'red']);
    expect(badOption.code).toBe(2);
    expect(badOption.err).toMatch(/colour/);
  });

  it('publishes the draft as a sync through the running server, as the CLI', async () => {
    const received: unknown[] = [];
    const stop = bus.subscribe(ids.devid, (message) => received.push(message));
    try {
      await repos.draft.updateElementValue(ids.planElements[0]!, '/media/images/cli.png');
      const result = await cli(['publish', '--devname', 'neubourg', '--url', url], {
        PUBLISH_TOKEN: TEST_PUBLISH_TOKEN,
      });
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      expect(result.out).toMatch(
        /^Published sync to development "neubourg" \(devid \d+\): revision 2 created, delivered to 1 connected kiosk\(s\)\.$/,
      );
      expect(received).toEqual([
        expect.objectContaining({ devid: ids.devid, type: 'sync', revision: 2 }),
      ]);
      expect((await repos.revisions.find(ids.devid, 2))?.author.kind).toBe('cli');
      // Nothing left in the draft: the current revision is announced again, none is made.
      const again = await cli(['publish', '--devname', 'neubourg', '--url', url], {
        PUBLISH_TOKEN: TEST_PUBLISH_TOKEN,
      });
      expect(again.out).toContain('nothing new in the draft, revision 2 announced again');
    } finally {
      stop();
    }
  });

  it('publishes a zone reload by devid', async () => {
    const result = await cli(
      [
        'publish',
        '--devid',
        String(ids.devid),
        '--type',
        'zone',
        '--zoneid',
        String(ids.planZone),
        '--url',
        url,
      ],
      { PUBLISH_TOKEN: TEST_PUBLISH_TOKEN },
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain(
      `Published reload of zone ${ids.planZone} to development ${ids.devid}`,
    );
  });

  it('fails clearly (exit 1) on a wrong token, an unknown development or no server', async () => {
    const wrong = await cli(['publish', '--url', url], { PUBLISH_TOKEN: 'wrong-token-0123456789' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/Publish failed: HTTP 403 Wrong publish token/);
    const unknown = await cli(['publish', '--devname', 'nowhere', '--url', url], {
      PUBLISH_TOKEN: TEST_PUBLISH_TOKEN,
    });
    expect(unknown).toMatchObject({ code: 1, err: 'No development named "nowhere"' });
    const down = await cli(['publish', '--url', 'http://127.0.0.1:1'], {
      PUBLISH_TOKEN: TEST_PUBLISH_TOKEN,
    });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/Could not reach the server/);
    const noToken = await cli(['publish', '--url', url]);
    expect(noToken.code).toBe(1);
    expect(noToken.err).toMatch(/No publish token/);
    expect((await cli(['publish', '--devid', 'abc'])).code).toBe(2);
    expect((await cli(['publish', '--type', 'all'])).code).toBe(2);
  });

  it('revokes the tokens of a development', async () => {
    const before = (await repos.accounts.tokenVersion(ids.otherDevid))!;
    const result = await cli(['revoke-tokens', '--devname', 'autre-usine']);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`token version is now ${before + 1}`);
    expect(await repos.accounts.tokenVersion(ids.otherDevid)).toBe(before + 1);
    expect((await cli(['revoke-tokens'])).code).toBe(2);
  });

  it('sets the password of an existing account, and creates a missing one', async () => {
    const updated = await cli([
      'set-password',
      '--devname',
      'neubourg',
      '--login',
      'kiosk',
      '--password',
      'nouveau',
    ]);
    expect(updated).toMatchObject({
      code: 0,
      out: 'Updated the kiosk account "kiosk" of "neubourg".',
    });
    const account = (await repos.accounts.findKioskAccount(ids.devid, 'kiosk'))!;
    expect(account.password_hash).toMatch(/^scrypt\$17\$/);
    expect(
      await verifyClientPassword(
        hashPasswordForLogin('nouveau'),
        account.password_hash,
        account.password_salt,
      ),
    ).toBe(true);

    const created = await cli([
      'set-password',
      '--devname',
      'neubourg',
      '--login',
      'borne-2',
      '--password',
      'x',
    ]);
    expect(created).toMatchObject({
      code: 0,
      out: 'Created the kiosk account "borne-2" of "neubourg".',
    });
    expect(await repos.accounts.findKioskAccount(ids.devid, 'borne-2')).toBeDefined();

    expect((await cli(['set-password', '--devname', 'neubourg', '--login', 'kiosk'])).code).toBe(2);
    expect(
      (await cli(['set-password', '--devname', 'nowhere', '--login', 'a', '--password', 'b'])).code,
    ).toBe(1);
  });

  it('audits a publish like a back-office one, by "cli" (issue 42)', async () => {
    await repos.draft.updateElementValue(ids.planElements[1]!, '/media/images/cli-audit.png');
    const result = await cli(['publish', '--devname', 'neubourg', '--url', url], {
      PUBLISH_TOKEN: TEST_PUBLISH_TOKEN,
    });
    expect(result.code).toBe(0);
    const revision = (await repos.developments.find(ids.devid))!.content_version;
    const [entry] = await repos.audit.list({ devid: ids.devid, limit: 1 });
    expect(entry).toMatchObject({
      userid: null,
      username: 'cli',
      devid: ids.devid,
      action: 'publish',
      targetType: 'development',
      targetId: ids.devid,
      summary: { revision, created: true, message: { devid: ids.devid, type: 'sync', revision } },
    });
  });

  it('reports an invalid configuration (exit 1)', async () => {
    const result = await cli(['revoke-tokens', '--devname', 'neubourg'], { PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/PORT must be an integer/);
  });
});
