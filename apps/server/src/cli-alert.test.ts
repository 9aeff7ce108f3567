import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StreamEvent } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { runCli } from './cli.js';
import type { DatabaseHandle } from './db/database.js';
import { createRepositories, type Repositories } from './db/repositories/index.js';
import { InMemoryEventBus } from './lib/event-bus.js';
import {
  TEST_ALERT_TOKEN,
  publishDraftDirectly,
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
const HOSTILE_NAME = 'Message\u001b]0;pwned\u0007\u001b[2J\u202e';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kiosk-cli-alert-'));
  handle = await openTestDatabase(join(dataDir, 'kiosk.sqlite'));
  repos = createRepositories(handle.db);
  ids = await seedFixture(repos);
  await repos.alerts.createDraftTemplate(ids.devid, {
    name: 'Pollution accidentelle',
    kind: 'pollution',
    titleFr: 'Pollution accidentelle',
    titleEn: 'Accidental spill',
    instructionsFr: 'Éloignez-vous.',
    instructionsEn: 'Keep away.',
    pictogram: 'pollution',
    colour: 'rouge',
    image: null,
    endTextFr: null,
    endTextEn: null,
  });
  // A name carrying terminal escape sequences (set the window title, clear the screen), as an
  // outside probe stored one: the CLI must show them, never send them to the terminal.
  await repos.alerts.createDraftTemplate(ids.devid, {
    name: HOSTILE_NAME,
    kind: 'free',
    titleFr: 'Message',
    titleEn: 'Message',
    instructionsFr: 'Lisez.',
    instructionsEn: 'Read.',
    pictogram: 'warning',
    colour: 'rouge',
    image: null,
    endTextFr: null,
    endTextEn: null,
  });
  await publishDraftDirectly(repos, ids.devid);
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

async function cli(
  args: string[],
  env: Record<string, string> = { ALERT_TOKEN: TEST_ALERT_TOKEN },
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
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

describe('cli alert', () => {
  it('starts a drill by a name of several words, tells it, and ends it', async () => {
    const received: StreamEvent[] = [];
    const stop = bus.subscribe(ids.devid, (message) => received.push(message));
    try {
      const started = await cli([
        'alert',
        'start',
        'Pollution',
        'accidentelle',
        '--drill',
        '--dev',
        'neubourg',
        '--url',
        url,
      ]);
      expect(started.err).toBe('');
      expect(started.code).toBe(0);
      expect(started.out).toMatch(
        /^Exercice « Pollution accidentelle » déclenché — "neubourg" \(devid \d+\), sent to 1 connected kiosk\(s\)\.$/,
      );
      expect(received).toEqual([
        expect.objectContaining({
          type: 'alert',
          alert: expect.objectContaining({ drill: true, startedBy: 'cli' }) as unknown,
        }),
      ]);
      const status = await cli(['alert', 'status', '--url', url]);
      expect(status.out).toMatch(/^Exercice « Pollution accidentelle » en cours/);
      expect((await cli(['alert', 'end', '--url', url])).out).toMatch(/terminé/);
      expect((await cli(['alert', 'end', '--url', url])).out).toMatch(/^Aucune alerte en cours/);
      const audit = await repos.audit.list({ devid: ids.devid, limit: 5 });
      expect(audit.slice(0, 2).map((entry) => [entry.action, entry.username])).toEqual([
        ['alert.end', 'cli'],
        ['alert.start', 'cli'],
      ]);
    } finally {
      stop();
    }
  });

  it('replaces an alert of the same kind only with --replace, and shows control characters', async () => {
    expect((await cli(['alert', 'start', 'Pollution accidentelle', '--url', url])).code).toBe(0);
    const refused = await cli(['alert', 'start', HOSTILE_NAME, '--url', url]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /^Alert start failed: HTTP 409 Une alerte réelle est en cours : « Pollution accidentelle ».*relancez la commande avec --replace/,
    );
    const replaced = await cli(['alert', 'start', HOSTILE_NAME, '--replace', '--url', url]);
    expect(replaced.code).toBe(0);
    const status = await cli(['alert', 'status', '--url', url]);
    expect(status.out).toContain('« Message\\x1b]0;pwned\\x07\\x1b[2J\\u202e » en cours');
    // Nothing a terminal would execute, in anything the CLI printed.
    for (const printed of [replaced.out, status.out, refused.err])
      // eslint-disable-next-line no-control-regex -- looking for control characters
      expect(printed).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect((await cli(['alert', 'end', '--url', url])).code).toBe(0);
  });

  it('fails clearly on usage, an unknown template or a wrong token', async () => {
    expect((await cli(['alert', 'start', '--url', url])).code).toBe(2);
    expect((await cli(['alert', 'ring', '--url', url])).code).toBe(2);
    const unknown = await cli(['alert', 'start', 'Tornade', '--url', url]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/HTTP 404/);
    const wrong = await cli(['alert', 'end', '--url', url], { ALERT_TOKEN: 'x'.repeat(20) });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/HTTP 401 Wrong alert token/);
  });
});
