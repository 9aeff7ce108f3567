import type { AddressInfo } from 'node:net';
import {
  TOKEN_HEADER,
  type Envelope,
  type StreamEvent,
  type StreamMessage,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKEN_MESSAGES } from '../lib/tokens.js';
import { TEST_PUBLISH_TOKEN, createFixture, type Fixture } from '../testing/fixture.js';
import { eventually, openStream, type StreamClient } from '../testing/sse-client.js';

let f: Fixture;
let base: string;
const clients: StreamClient[] = [];

beforeAll(async () => {
  f = await createFixture({ app: { streamOptions: { heartbeatMs: 100 } } });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await f.close();
});

const connect = async (path: string, headers: Record<string, string> = {}) => {
  const client = await openStream(base + path, headers);
  clients.push(client);
  return client;
};
const publish = async (devid: number, body: object = { type: 'sync' }) => {
  const response = await fetch(base + pathOf('publish', { params: { devid } }), {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
};
/** The content messages (the alert state every stream starts with is alerts.test.ts's). */
const messages = (text: string): StreamMessage[] =>
  text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as StreamEvent)
    .filter((message): message is StreamMessage => message.type !== 'alert');

describe('GET /stream/:devid', () => {
  it('opens an event stream with the right headers and a retry hint first', async () => {
    const client = await connect(pathOf('stream', { params: { devid: f.ids.devid } }), {
      [TOKEN_HEADER]: await f.token(),
    });
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache');
    expect(client.headers.connection).toBe('keep-alive');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['x-content-type-options']).toBe('nosniff');
    expect(await client.waitFor((text) => text.length > 0)).toMatch(/^retry: 5000\n\n/);
  });

  it('receives a published sync, and only its own development’s messages', async () => {
    const mine = await connect(
      pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } }),
    );
    const theirs = await connect(
      pathOf('stream', {
        params: { devid: f.ids.otherDevid },
        query: { token: await f.token(f.ids.otherDevid) },
      }),
    );
    await mine.waitFor((text) => text.includes('retry:'));
    await theirs.waitFor((text) => text.includes('retry:'));
    await eventually(() => f.bus.listenerCount(f.ids.devid) === 1);
    await publish(f.ids.devid);
    const text = await mine.waitFor((received) => messages(received).length === 1);
    const [message] = messages(text);
    expect(message).toMatchObject({ devid: f.ids.devid, type: 'sync' });
    expect(message!.version).toEqual(expect.any(Number));
    await publish(f.ids.devid, { type: 'zone', zoneid: f.ids.planZone });
    expect(
      messages(await mine.waitFor((received) => messages(received).length === 2))[1],
    ).toMatchObject({
      type: 'zone',
      zoneid: f.ids.planZone,
    });
    expect(messages(theirs.text())).toEqual([]);
  });

  it('tells its observers (the metrics) how long a message took to reach the development’s streams', async () => {
    const seen: { streams: number; seconds: number }[] = [];
    const stop = f.app.kiosk.streams.observeFanOut((streams, seconds) =>
      seen.push({ streams, seconds }),
    );
    try {
      const stream = await connect(
        pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } }),
      );
      await stream.waitFor((text) => text.includes('retry:'));
      await eventually(() => f.bus.listenerCount(f.ids.devid) === 1);
      await publish(f.ids.devid);
      await stream.waitFor((text) => messages(text).length === 1);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every(({ streams, seconds }) => streams >= 1 && seconds >= 0)).toBe(true);
    } finally {
      stop();
    }
  });

  it('sends a comment heartbeat from one shared interval', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      const token = await f.token();
      const streams = await Promise.all(
        [1, 2, 3].map(() =>
          connect(
            `${pathOf('stream', { params: { devid: f.ids.devid }, query: { token } })}&kioskId=totem-${Math.random()}`,
          ),
        ),
      );
      for (const stream of streams) await stream.waitFor((text) => text.includes(': hb\n\n'));
      expect(setIntervalSpy.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      setIntervalSpy.mockRestore();
    }
  });

  it('keeps the kiosk id on the connection: a kiosk holding two streams is reached once', async () => {
    await eventually(() => f.app.kiosk.streams.size === 0);
    const path = `${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } })}&kioskId=totem-moulage-1`;
    const first = await connect(path);
    const second = await connect(path);
    await first.waitFor((text) => text.includes('retry:'));
    await second.waitFor((text) => text.includes('retry:'));
    // What an alert's delivery counts: kiosks, not streams.
    expect(await f.bus.publish({ devid: f.ids.devid, type: 'sync' })).toBe(1);
  });

  it('releases disconnected clients at once', async () => {
    await eventually(() => f.app.kiosk.streams.size === 0);
    const token = await f.token();
    const a = await connect(pathOf('stream', { params: { devid: f.ids.devid }, query: { token } }));
    const b = await connect(pathOf('stream', { params: { devid: f.ids.devid }, query: { token } }));
    await a.waitFor((text) => text.includes('retry:'));
    await b.waitFor((text) => text.includes('retry:'));
    // One bus listener per development, however many kiosks of it are connected.
    expect(f.bus.listenerCount(f.ids.devid)).toBe(1);
    expect(f.app.kiosk.streams.size).toBe(2);
    // Two anonymous streams: two receivers.
    expect(await f.bus.publish({ devid: f.ids.devid, type: 'sync' })).toBe(2);
    a.close();
    await eventually(() => f.app.kiosk.streams.size === 1);
    expect(f.bus.listenerCount(f.ids.devid)).toBe(1);
    b.close();
    await eventually(
      () => f.bus.listenerCount(f.ids.devid) === 0 && f.app.kiosk.streams.size === 0,
    );
  });

  it.each([
    [
      'no token',
      () => Promise.resolve(pathOf('stream', { params: { devid: 1 } })),
      401,
      TOKEN_MESSAGES.missing,
    ],
    [
      'a forged token',
      () => Promise.resolve(pathOf('stream', { params: { devid: 1 }, query: { token: 'a.b.c' } })),
      401,
      TOKEN_MESSAGES.invalid,
    ],
    [
      "another development's token",
      async () =>
        pathOf('stream', {
          params: { devid: f.ids.devid },
          query: { token: await f.token(f.ids.otherDevid) },
        }),
      403,
      undefined,
    ],
    ['a bad devid', async () => `/stream/abc?token=${await f.token()}`, 400, undefined],
  ])('refuses %s with a JSON envelope before streaming', async (_case, path, status, message) => {
    const response = await fetch(base + (await path()));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/json');
    const envelope = (await response.json()) as Envelope<null>;
    expect(envelope.data).toBeNull();
    if (message) expect(envelope.message).toBe(message);
    expect(f.bus.listenerCount()).toBe(0);
  });

  it('ends open streams when the server closes', async () => {
    const closing = await createFixture();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(closing.app.server.address() as AddressInfo).port}`;
    const client = await openStream(
      url +
        pathOf('stream', {
          params: { devid: closing.ids.devid },
          query: { token: await closing.token() },
        }),
    );
    await client.waitFor((text) => text.includes('retry:'));
    await closing.close();
    await client.ended;
    expect(closing.bus.listenerCount()).toBe(0);
  });
});
