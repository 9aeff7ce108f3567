/**
 * The LISTEN/NOTIFY bus between two "instances" (two buses, each with its own pool and listening
 * connection) on one PostgreSQL schema. Runs in the server-pg project only.
 */
import type { StreamEvent, StreamMessage } from '@plant-kiosk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusSignal } from './event-bus.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../testing/test-database.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { channelFor, notifyInstances, PostgresEventBus } from './postgres-event-bus.js';

const baseUrl = testPostgresUrl()!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

interface Instance {
  handle: DatabaseHandle;
  bus: PostgresEventBus;
  logs: string[];
}

const schemas: TestSchema[] = [];
const instances: Instance[] = [];

async function instance(schema: TestSchema): Promise<Instance> {
  const handle = await openDatabase({ url: schema.url, poolSize: 2 });
  const logs: string[] = [];
  const bus = await PostgresEventBus.start({
    db: handle.db,
    ...handle.postgres!,
    backoff: { initialMs: 20, maxMs: 200 },
    log: (line) => logs.push(line),
  });
  const created = { handle, bus, logs };
  instances.push(created);
  return created;
}

let a: Instance;
let b: Instance;
let elsewhere: Instance;

beforeAll(async () => {
  const shared = await createTestSchema(baseUrl);
  const other = await createTestSchema(baseUrl);
  schemas.push(shared, other);
  a = await instance(shared);
  b = await instance(shared);
  elsewhere = await instance(other);
});

afterAll(async () => {
  for (const { bus, handle } of instances) {
    await bus.close();
    await handle.close();
  }
  for (const schema of schemas) await schema.drop();
});

describe('PostgresEventBus', () => {
  it('delivers a message published on A to listeners on A and B, exactly once each', async () => {
    const onA: StreamEvent[] = [];
    const onB: StreamEvent[] = [];
    const onElsewhere: StreamEvent[] = [];
    const stops = [
      a.bus.subscribe(1, (message) => onA.push(message)),
      b.bus.subscribe(1, (message) => onB.push(message)),
      elsewhere.bus.subscribe(1, (message) => onElsewhere.push(message)),
    ];
    const message: StreamMessage = { devid: 1, type: 'sync', version: 7 };
    // Local listeners only: A's own kiosks get it synchronously.
    expect(await a.bus.publish(message)).toBe(1);
    expect(onA).toEqual([message]);
    await eventually(() => onB.length === 1);
    expect(onB).toEqual([message]);
    // A's own notification comes back to A: it must not deliver twice. Nor may another schema hear it.
    await sleep(300);
    expect(onA).toHaveLength(1);
    expect(onB).toHaveLength(1);
    expect(onElsewhere).toEqual([]);
    for (const stop of stops) stop();
  });

  it('carries an alert message to B as it is, invalidating no cache (emergency alerts)', async () => {
    const onB: StreamEvent[] = [];
    const signalsB: BusSignal[] = [];
    const stops = [
      b.bus.subscribe(1, (message) => onB.push(message)),
      b.bus.onInvalidate((signal) => signalsB.push(signal)),
    ];
    const message: StreamEvent = {
      type: 'alert',
      devid: 1,
      alert: {
        templateid: 3,
        templateName: 'Évacuation',
        kind: 'evacuation',
        drill: true,
        startedAt: '2026-11-25T10:00:00.000Z',
        startedBy: 'api',
        maxDurationMinutes: 120,
      },
    };
    await a.bus.publish(message);
    await a.bus.publish({ type: 'alert', devid: 1, alert: null });
    await eventually(() => onB.length === 2);
    expect(onB).toEqual([message, { type: 'alert', devid: 1, alert: null }]);
    expect(signalsB).toEqual([]);
    for (const stop of stops) stop();
  });

  it('carries a fleet signal to B as its own kind: to fleet listeners only, once each', async () => {
    let onA = 0;
    let onB = 0;
    let otherDevelopmentOnA = 0;
    const kioskMessagesB: StreamEvent[] = [];
    const signalsB: BusSignal[] = [];
    const stops = [
      a.bus.onFleet(1, () => onA++),
      b.bus.onFleet(1, () => onB++),
      a.bus.onFleet(2, () => otherDevelopmentOnA++),
      // Kiosks of the development, and the negative channel fleet signals once borrowed: silent.
      b.bus.subscribe(1, (message) => kioskMessagesB.push(message)),
      b.bus.subscribe(-1, (message) => kioskMessagesB.push(message)),
      b.bus.onInvalidate((signal) => signalsB.push(signal)),
    ];
    await a.bus.signalFleet(1);
    expect(onA).toBe(1);
    await eventually(() => onB === 1);
    // B answers on development 2; when A hears it, A's own notification (sent before) came back
    // to A already, and was not delivered a second time.
    await b.bus.signalFleet(2);
    await eventually(() => otherDevelopmentOnA === 1);
    expect(onA).toBe(1);
    expect(onB).toBe(1);
    expect(kioskMessagesB).toEqual([]);
    expect(signalsB).toEqual([]);
    for (const stop of stops) stop();
  });

  it('invalidates caches on every instance: the sender once, the others when the message comes', async () => {
    const signalsA: BusSignal[] = [];
    const signalsB: BusSignal[] = [];
    const stopA = a.bus.onInvalidate((signal) => signalsA.push(signal));
    const stopB = b.bus.onInvalidate((signal) => signalsB.push(signal));
    await a.bus.invalidate({ kind: 'tokens', devid: 3 });
    expect(signalsA).toEqual([{ kind: 'tokens', devid: 3 }]);
    await eventually(() => signalsB.length === 1);
    expect(signalsB).toEqual([{ kind: 'tokens', devid: 3 }]);

    // A stream message from elsewhere means the content changed: B's caches learn it first.
    const order: string[] = [];
    const stopMessages = b.bus.subscribe(4, () => order.push('message'));
    const stopOrder = b.bus.onInvalidate((signal) => order.push(signal.kind));
    await a.bus.publish({ devid: 4, type: 'zone', zoneid: 9 });
    await eventually(() => order.includes('message'));
    expect(order).toEqual(['content', 'message']);
    await sleep(200);
    expect(signalsA).toHaveLength(1);
    for (const stop of [stopA, stopB, stopMessages, stopOrder]) stop();
  });

  it('hears a one-shot signal from a process without a bus (the CLI revoking tokens)', async () => {
    const signalsA: BusSignal[] = [];
    const signalsB: BusSignal[] = [];
    const stops = [
      a.bus.onInvalidate((signal) => signalsA.push(signal)),
      b.bus.onInvalidate((signal) => signalsB.push(signal)),
    ];
    await notifyInstances(
      { db: a.handle.db, schema: a.handle.postgres!.schema },
      { kind: 'tokens', devid: 5 },
    );
    await eventually(() => signalsA.length === 1 && signalsB.length === 1);
    expect(signalsB).toEqual([{ kind: 'tokens', devid: 5 }]);
    for (const stop of stops) stop();
  });

  it('ignores foreign or malformed notifications on its channel', async () => {
    const received: StreamEvent[] = [];
    const stop = b.bus.subscribe(1, (message) => received.push(message));
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      const channel = channelFor(a.handle.postgres!.schema);
      for (const payload of ['not json', '{}', '{"o":"x","m":{"devid":"1"}}', '[]']) {
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      }
    } finally {
      await client.end();
    }
    await a.bus.publish({ devid: 1, type: 'sync' });
    await eventually(() => received.length === 1);
    expect(received).toEqual([{ devid: 1, type: 'sync' }]);
    stop();
  });

  it('reconnects after losing its connection, resets local caches, and hears messages again', async () => {
    const signals: BusSignal[] = [];
    const received: StreamEvent[] = [];
    const stopSignals = b.bus.onInvalidate((signal) => signals.push(signal));
    const stop = b.bus.subscribe(2, (message) => received.push(message));
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      // The listening connection is the one that has LISTENed on the channel.
      const channel = channelFor(b.handle.postgres!.schema);
      expect(channel).toContain(b.handle.postgres!.schema);
      const { rows } = await admin.query<{ pid: number }>(
        `select pid from pg_stat_activity where query = $1`,
        [`listen "${channel}"`],
      );
      // A and B both listen on this schema's channel: cut them both, as a database restart would.
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const { pid } of rows) await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await eventually(() => signals.some((signal) => signal.kind === 'reset') && b.bus.listening);
    await eventually(() => a.bus.listening);
    expect(b.logs.join('\n')).toMatch(/lost the PostgreSQL listening connection/);
    await a.bus.publish({ devid: 2, type: 'sync' });
    await eventually(() => received.length === 1);
    stopSignals();
    stop();
  });

  it('names a channel after its schema, within PostgreSQL’s 63-byte limit', () => {
    expect(channelFor('t_abc')).toBe('plant_kiosk:t_abc');
    const long = channelFor('s'.repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(channelFor('s'.repeat(62)));
  });
});
