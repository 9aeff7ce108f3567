/**
 * Remote commands across instances (issue 47): two "instances" on one PostgreSQL schema, each with
 * its own pool and LISTEN/NOTIFY bus. A command sent through instance A, which holds no stream,
 * reaches the totem streaming from instance B — once, through the bus, with no content cache
 * invalidated on the way — and B marks it sent. Runs in the server-pg project only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  hashPasswordForLogin,
  pathOf,
  type Envelope,
  type LoginResponse,
  type StreamEvent,
} from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { BusSignal } from '../lib/event-bus.js';
import { TEST_SCRYPT_COST } from '../lib/passwords.js';
import { PostgresEventBus } from '../lib/postgres-event-bus.js';
import {
  DEMO_PASSWORD,
  FIXTURE_NOW,
  seedFixture,
  testConfig,
  testSecrets,
  type FixtureIds,
} from '../testing/fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../testing/test-database.js';
import { KioskCommands } from './kiosk-commands.js';

let schema: TestSchema;
let dataDir: string;
const handles: DatabaseHandle[] = [];
const buses: PostgresEventBus[] = [];
let reposA: Repositories;
let busA: PostgresEventBus;
let busB: PostgresEventBus;
let appB: FastifyInstance;
let ids: FixtureIds;
let userid: number;
const now = () => new Date(FIXTURE_NOW);

async function instance(): Promise<{ repos: Repositories; bus: PostgresEventBus }> {
  const handle = await openDatabase({ url: schema.url, poolSize: 3 });
  handles.push(handle);
  const bus = await PostgresEventBus.start({ db: handle.db, ...handle.postgres! });
  buses.push(bus);
  return { repos: createRepositories(handle.db), bus };
}

beforeAll(async () => {
  schema = await createTestSchema(testPostgresUrl()!);
  dataDir = mkdtempSync(join(tmpdir(), 'plant-kiosk-commands-'));
  const a = await instance();
  reposA = a.repos;
  busA = a.bus;
  ids = await seedFixture(reposA);
  userid = (
    await reposA.adminUsers.create({
      username: 'editrice',
      role: 'admin',
      passwordHash: 'x',
      passwordSalt: 'x',
      now: now(),
    })
  ).userid;
  const b = await instance();
  busB = b.bus;
  appB = await buildApp({
    repos: b.repos,
    config: testConfig({ dataDir }),
    bus: busB,
    secrets: testSecrets(),
    now,
    logger: false,
    passwordCost: TEST_SCRYPT_COST,
  });
  await appB.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await appB?.close();
  for (const bus of buses) await bus.close();
  for (const handle of handles) await handle.close();
  await schema?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('remote commands across instances', () => {
  it('reach the totem streaming from another instance, which marks them sent', async () => {
    const login = await appB.inject({
      method: 'POST',
      url: pathOf('login'),
      payload: {
        devname: 'neubourg',
        loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, kioskId } = login.json<Envelope<LoginResponse>>().data!;
    const base = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;
    let stream: StreamClient | undefined;
    const signalsB: BusSignal[] = [];
    const stop = busB.onInvalidate((signal) => signalsB.push(signal));
    try {
      stream = await openStream(
        `${base}${pathOf('stream', { params: { devid: ids.devid }, query: { token, kioskId: kioskId! } })}`,
      );
      await stream.waitFor((text) => text.includes('retry:'));
      const commands = new KioskCommands({ repos: reposA, bus: busA, now });
      const { batch, reached } = await commands.send(
        ids.devid,
        { kind: 'reload', target: { kind: 'kiosk', kioskId: kioskId! } },
        { userid, username: 'editrice' },
      );
      // Instance A holds no stream: pending there, sent by B once it wrote it.
      expect(reached).toBe(0);
      const [command] = batch.commands;
      expect(command!.state).toBe('pending');
      const ofCommand = (text: string) =>
        text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => JSON.parse(line.slice(6)) as StreamEvent)
          .filter(
            (message) =>
              message.type === 'command' && message.command.commandId === command!.commandId,
          );
      await stream.waitFor((text) => ofCommand(text).length > 0);
      // B marks it once its write is done (after the stream got it): wait for the row to say so.
      const deadline = Date.now() + 15_000;
      let row = await reposA.kioskCommands.find(ids.devid, command!.commandId);
      while (row?.state !== 'sent' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = await reposA.kioskCommands.find(ids.devid, command!.commandId);
      }
      expect(row?.state).toBe('sent');
      expect(row?.sent_at).not.toBeNull();
      expect(ofCommand(stream.text())).toHaveLength(1);
      // A command is no content: B's caches were not told to drop anything.
      expect(signalsB.filter((signal) => signal.kind === 'content')).toEqual([]);
    } finally {
      stop();
      stream?.close();
    }
  });
});
