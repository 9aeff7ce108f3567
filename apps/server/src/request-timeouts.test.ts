/**
 * Outside-probe hardening: a request body that stops arriving was held for ever. The server now
 * closes a connection whose request is not complete within the whole-request time-out, and one that
 * stays silent longer than the idle time-out; the event stream, which is long-lived by design, is
 * exempt from both. The time-outs are shortened through buildApp's options; the tests wait for the
 * socket to close (or for heartbeats to keep coming), they never time anything themselves.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pathOf } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_TIMEOUTS } from './app.js';
import { createFixture, type Fixture } from './testing/fixture.js';
import { openStream } from './testing/sse-client.js';

let f: Fixture | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await f?.close();
  f = undefined;
});

async function listening(timeouts: Parameters<typeof createFixture>[0]): Promise<number> {
  f = await createFixture(timeouts);
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  return (f.app.server.address() as AddressInfo).port;
}

/** Sends the headers of a login and the start of its body, then nothing; resolves on close. */
function stalledBody(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.on('connect', () => {
      socket.write(
        `POST ${pathOf('login')} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"devname":"neub',
      );
    });
    socket.on('timeout', () => reject(new Error('unexpected client time-out')));
  });
}

describe('request time-outs', () => {
  it('defaults leave room for the largest media upload and bound a stalled body', () => {
    // 200 MB at 2 Mbit/s is about 14 minutes.
    expect(DEFAULT_REQUEST_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(15 * 60_000);
    expect(DEFAULT_REQUEST_TIMEOUTS.idleMs).toBeLessThanOrEqual(60_000);
    expect(DEFAULT_REQUEST_TIMEOUTS.headersMs).toBeLessThanOrEqual(30_000);
  });

  it('closes a request whose body stops arriving (whole-request time-out)', async () => {
    const port = await listening({
      app: { timeouts: { requestMs: 300, idleMs: 600_000, checkIntervalMs: 50 } },
    });
    const answer = await stalledBody(port);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection that stays silent (idle time-out)', async () => {
    const port = await listening({
      app: { timeouts: { requestMs: 600_000, idleMs: 300, checkIntervalMs: 50 } },
    });
    await stalledBody(port);
  });

  it('keeps the event stream open past both time-outs', async () => {
    const port = await listening({
      app: {
        timeouts: { requestMs: 200, idleMs: 200, headersMs: 200, checkIntervalMs: 50 },
        streamOptions: { heartbeatMs: 50 },
      },
    });
    const token = await f!.token();
    const stream = await openStream(
      `http://127.0.0.1:${port}${pathOf('stream', { params: { devid: f!.ids.devid }, query: { token } })}`,
    );
    try {
      // 20 heartbeats 50 ms apart: at least a second, five times each time-out.
      await stream.waitFor((text) => (text.match(/: hb/g) ?? []).length >= 20);
    } finally {
      stream.close();
    }
  });
});
