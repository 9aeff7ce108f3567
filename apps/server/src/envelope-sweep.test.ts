/**
 * Outside-probe hardening: no error may escape the `{ data, message, error }` envelope, including
 * those the framework (Fastify) or Node's HTTP parser produce before any route runs. One loop over
 * every kind of malformed request they reject: through inject() for what Fastify sees, and through
 * a raw socket for what Node's parser refuses itself (malformed request line, conflicting
 * Content-Length and Transfer-Encoding, headers too large, a body that never arrives).
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { type Envelope, pathOf } from '@plant-kiosk/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from './testing/fixture.js';

let f: Fixture;
let port: number;
beforeAll(async () => {
  f = await createFixture({
    app: { timeouts: { requestMs: 500, idleMs: 60_000, checkIntervalMs: 100 } },
  });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  port = (f.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await f.close();
});

function expectEnvelope(status: number, contentType: unknown, body: string, what: string) {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
  expect(String(contentType), what).toMatch(/^application\/json/);
  const envelope = JSON.parse(body) as Envelope<unknown>;
  expect(Object.keys(envelope).sort(), `${what}: ${body}`).toEqual(['data', 'error', 'message']);
  expect(envelope.data, what).toBeNull();
  expect(typeof envelope.message, what).toBe('string');
  expect(typeof envelope.error, what).toBe('string');
}

const login = pathOf('login');
const json = { 'content-type': 'application/json' };

const injected: Array<[string, InjectOptions]> = [
  ['bad JSON', { method: 'POST', url: login, headers: json, payload: '{"devname":' }],
  ['empty JSON body', { method: 'POST', url: login, headers: json, payload: '' }],
  [
    'JSON with __proto__',
    { method: 'POST', url: login, headers: json, payload: '{"__proto__":{"x":1}}' },
  ],
  [
    'wrong content type',
    { method: 'POST', url: login, headers: { 'content-type': 'text/plain' }, payload: 'x' },
  ],
  [
    'unsupported media type',
    { method: 'POST', url: login, headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
  ],
  [
    'garbage content type',
    { method: 'POST', url: login, headers: { 'content-type': ';;;' }, payload: '{}' },
  ],
  [
    'unknown charset',
    {
      method: 'POST',
      url: login,
      headers: { 'content-type': 'application/json; charset=ebcdic' },
      payload: '{}',
    },
  ],
  [
    'body too large',
    { method: 'POST', url: login, headers: json, payload: `{"a":"${'x'.repeat(70 * 1024)}"}` },
  ],
  ['bad URL encoding', { method: 'GET', url: '/display/zones/%E0%A4%A' }],
  [
    'bad URL encoding in the query',
    { method: 'GET', url: `${pathOf('zones', { params: { devid: 1 } })}?x=%E0%A4%A` },
  ],
  ['invalid querystring type', { method: 'GET', url: '/display/elements/1?order=abc' }],
  ['invalid path parameter', { method: 'GET', url: '/display/zones/abc' }],
  ['over-long path parameter', { method: 'GET', url: `/display/zones/${'9'.repeat(600)}` }],
  ['unknown route', { method: 'GET', url: '/nothing/here' }],
  ['unknown API route', { method: 'POST', url: '/api/nothing' }],
  ['method not allowed', { method: 'DELETE', url: login }],
  ['GET on a POST-only route', { method: 'GET', url: login }],
  ['PUT on an admin POST-only route', { method: 'PUT', url: pathOf('adminLogin') }],
  ['unknown method', { method: 'PROPFIND' as InjectOptions['method'], url: login }],
];

describe('every framework error is an envelope', () => {
  it.each(injected)('%s', async (what, options) => {
    const response = await f.app.inject(options);
    expectEnvelope(response.statusCode, response.headers['content-type'], response.body, what);
  });

  it('HEAD on a POST-only route: an error status, JSON type, no body', async () => {
    const response = await f.app.inject({ method: 'HEAD', url: login });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  });

  /** Sends raw bytes; resolves with the status, content type and body of the answer. */
  const raw = (bytes: string) =>
    new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = received.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        const contentType = /^content-type:\s*(.*)$/im.exec(head)?.[1] ?? '';
        resolve({ status, contentType, body });
      });
      socket.on('connect', () => socket.write(bytes));
    });

  it.each([
    ['malformed request line', 'GARBAGE\r\n\r\n'],
    [
      'conflicting Content-Length and Transfer-Encoding',
      `POST ${login} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    ],
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    [
      'a body that never arrives (whole-request time-out)',
      `POST ${login} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    ],
  ])('raw: %s', async (what, bytes) => {
    const answer = await raw(bytes);
    expectEnvelope(answer.status, answer.contentType, answer.body, what);
  });
});
