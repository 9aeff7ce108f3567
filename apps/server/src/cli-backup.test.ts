/**
 * `backup` and `restore` as the operator runs them (`npm run backup -- PATH`): paths relative to
 * where the command was typed, exit codes, and the messages. The behaviour under load and with
 * damaged backups is tested in lib/backup.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { openDatabase } from './db/database.js';
import { createRepositories } from './db/repositories/index.js';
import { ensureSecrets } from './lib/secrets.js';
import { seedFixture } from './testing/fixture.js';
import { testingPostgres } from './testing/test-database.js';

let root: string;

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    env: { LOG_LEVEL: 'silent', ...env },
    cwd: root,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    fetch: globalThis.fetch,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.skipIf(testingPostgres())('cli backup and restore', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kiosk-cli-backup-'));
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'media', 'pdf'), { recursive: true });
    writeFileSync(join(dataDir, 'media', 'pdf', 'menu.pdf'), '%PDF-1.4 menu');
    const handle = await openDatabase({ url: join(dataDir, 'kiosk.sqlite') });
    try {
      await seedFixture(createRepositories(handle.db));
    } finally {
      await handle.close();
    }
    ensureSecrets({
      secretsDir: join(dataDir, 'secrets'),
      jwtSecret: undefined,
      publishToken: undefined,
    });
    mkdirSync(join(root, 'operator'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('backs up to a path relative to where the operator typed the command', async () => {
    // npm run moves to the repository root and says where the operator was in INIT_CWD.
    const result = await cli(['backup', 'nightly.tar.gz'], {
      DATA_DIR: join(root, 'data'),
      INIT_CWD: join(root, 'operator'),
    });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      // One media file and four generated secrets (JWT, publish, alert, metrics).
      /^Backup written to .*operator\/nightly\.tar\.gz: database \(\d+ bytes; neubourg v\d+, autre-usine v\d+\), 5 media and secret file\(s\)\.$/,
    );
    expect(existsSync(join(root, 'operator', 'nightly.tar.gz'))).toBe(true);
  });

  it('restores into an empty data directory, and refuses a non-empty one without --force', async () => {
    const archive = join(root, 'operator', 'nightly.tar.gz');
    const restored = await cli(['restore', archive], { DATA_DIR: join(root, 'restored') });
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/^Restored the backup of .* into .*restored: neubourg v\d+/);
    expect(readFileSync(join(root, 'restored', 'media', 'pdf', 'menu.pdf'), 'utf8')).toBe(
      '%PDF-1.4 menu',
    );

    const again = await cli(['restore', archive], { DATA_DIR: join(root, 'restored') });
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not empty: .*--force/);

    // Not over the data of a server that is running (here: one answering on PORT).
    const running = createServer((_request, response) => response.end('{}'));
    await new Promise<void>((done) => running.listen(0, '127.0.0.1', done));
    try {
      const port = String((running.address() as AddressInfo).port);
      const refused = await cli(['restore', archive, '--force'], {
        DATA_DIR: join(root, 'restored'),
        PORT: port,
      });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/A server is running on port \d+: stop it/);
    } finally {
      await new Promise((done) => running.close(done));
    }

    const forced = await cli(['restore', archive, '--force'], {
      DATA_DIR: join(root, 'restored'),
      // A port nothing listens on.
      PORT: '1',
    });
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(/The data it replaced was moved to .*replaced-by-restore-/);
  });

  it('fails clearly on a damaged backup (exit 1) and on wrong usage (exit 2)', async () => {
    const broken = join(root, 'operator', 'broken.tar.gz');
    writeFileSync(broken, 'not a backup');
    const damaged = await cli(['restore', broken], { DATA_DIR: join(root, 'never') });
    expect(damaged.code).toBe(1);
    expect(damaged.err).toMatch(/broken\.tar\.gz is not a readable backup archive/);
    expect(existsSync(join(root, 'never', 'kiosk.sqlite'))).toBe(false);

    expect((await cli(['backup'], { DATA_DIR: join(root, 'data') })).code).toBe(2);
    expect((await cli(['backup', 'a.tgz', 'b.tgz'], { DATA_DIR: join(root, 'data') })).code).toBe(
      2,
    );
    const loose = await cli(['revoke-tokens', 'neubourg'], { DATA_DIR: join(root, 'data') });
    expect(loose.code).toBe(2);
    expect(loose.err).toContain('Unexpected argument "neubourg"');

    const pg = await cli(['backup', 'x.tar.gz'], { DATABASE_URL: 'postgres://kiosk@db/kiosk' });
    expect(pg.code).toBe(1);
    expect(pg.err).toMatch(/PostgreSQL.*pg_dump/);
  });
});
