/**
 * Processes that write the same SQLite file. The server is not the only writer: the CLI's
 * `revoke-tokens` and `set-password`, a second process running the migrations and the bench's
 * draft editor write the file too. A deferred transaction (plain `BEGIN`) that has read and then
 * finds another process's commit fails at once with SQLITE_BUSY, whatever `busy_timeout` says;
 * every write transaction therefore begins IMMEDIATE (sqlite-immediate-dialect.ts).
 *
 * Here the server takes a steady heartbeat load from one child process and publishes in a loop
 * (transactions that read, then write), while another child runs those commands round after
 * round: no call and no command may fail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathOf } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { InMemoryEventBus } from '../lib/event-bus.js';
import {
  TEST_PUBLISH_TOKEN,
  seedFixture,
  testConfig,
  testSecrets,
  type FixtureIds,
} from '../testing/fixture.js';
import { testingPostgres } from '../testing/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { createRepositories } from './repositories/index.js';

const ROUNDS = 12;
const repoRoot = resolve(import.meta.dirname, '../../../..');
const testing = resolve(import.meta.dirname, '../testing');

function child(script: string, args: string[]) {
  const process_ = spawn(process.execPath, ['--import', 'tsx', join(testing, script), ...args], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  process_.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  process_.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; out: string; err: string }>((done) =>
    process_.on('close', (code) => done({ code, out, err })),
  );
  return { process: process_, exited, output: () => out };
}

describe.skipIf(testingPostgres())('processes writing the same SQLite file', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let ids: FixtureIds;
  let app: FastifyInstance;
  let url: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kiosk-writers-'));
    handle = await openDatabase({ url: join(dataDir, 'kiosk.sqlite') });
    const repos = createRepositories(handle.db);
    ids = await seedFixture(repos);
    app = await buildApp({
      repos,
      bus: new InMemoryEventBus(),
      config: testConfig({ dataDir }),
      secrets: testSecrets(),
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const running of children) running.kill('SIGKILL');
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('CLI commands, migrations and draft edits while the server takes heartbeats and publishes', async () => {
    const token = await app.kiosk.tokens.issue({
      devid: ids.devid,
      accountid: 1,
      tokenVersion: 1,
    });
    const load = child('heartbeat-load-child.ts', [url, String(ids.devid), token]);
    children.push(load.process);
    const writer = child('sqlite-writer-child.ts', [dataDir, 'autre-usine', String(ROUNDS)]);
    children.push(writer.process);

    // Publishes of the development the writer edits, until the writer is done: each one a
    // transaction that reads the draft, then writes the revision.
    const publishes: number[] = [];
    let writerDone = false;
    void writer.exited.then(() => (writerDone = true));
    while (!writerDone) {
      const response = await fetch(url + pathOf('publish', { params: { devid: ids.otherDevid } }), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TEST_PUBLISH_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type: 'sync' }),
      });
      await response.arrayBuffer();
      publishes.push(response.status);
    }
    const written = await writer.exited;
    load.process.stdin?.end();
    const heartbeats = await load.exited;

    expect(written.err).toBe('');
    expect(written.code).toBe(0);
    expect(written.out.trim().split('\n')).toHaveLength(ROUNDS);
    expect(publishes.length).toBeGreaterThan(0);
    expect(publishes.filter((status) => status !== 200)).toEqual([]);
    expect(heartbeats.code, heartbeats.err).toBe(0);
    const summary = JSON.parse(heartbeats.out) as {
      sent: number;
      statuses: Record<string, number>;
    };
    expect(summary.sent).toBeGreaterThan(0);
    expect(summary.statuses).toEqual({ '200': summary.sent });
  }, 180_000);
});
