import { type Envelope, pathOf } from '@plant-kiosk/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskApp } from './app.js';
import { InMemoryEventBus } from './lib/event-bus.js';
import { TEST_SCRYPT_COST } from './lib/passwords.js';
import { createFixture, testConfig, testSecrets, type Fixture } from './testing/fixture.js';

let f: Fixture;
beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f.close();
});

const expectEnvelope = (body: string, error: string, message: RegExp) => {
  const envelope = JSON.parse(body) as Envelope<null>;
  expect(envelope).toEqual({ data: null, message: expect.any(String), error });
  expect(envelope.message).toMatch(message);
};

describe('every error is an envelope with a meaningful status', () => {
  it('404 for an unknown route', async () => {
    const response = await f.app.inject({ url: '/display/nothing/here/at/all' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expectEnvelope(response.body, 'not_found', /Not found: GET \/display\/nothing/);
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const response = await f.app.inject({
      method: 'DELETE',
      url: pathOf('zones', { params: { devid: 1 } }),
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expectEnvelope(response.body, 'bad_request', /Method DELETE not allowed/);
    const login = await f.app.inject({ method: 'GET', url: pathOf('login') });
    expect(login.statusCode).toBe(405);
    expect(login.headers.allow).toBe('POST');
    expect((await f.app.inject({ method: 'GET', url: pathOf('ping') })).statusCode).toBe(405);
  });

  it('400 for malformed JSON, touching nothing', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('login'),
      headers: { 'content-type': 'application/json' },
      payload: '{"devname": "neubourg", ',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.body, 'bad_request', /Malformed JSON body/);
  });

  it('400 for an empty JSON body where the call needs one', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('login'),
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.body, 'bad_request', /Missing JSON body/);
  });

  it('413 for a body over 64 KiB', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('login'),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ devname: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expectEnvelope(response.body, 'payload_too_large', /64 KiB/);
  });

  it('415 for a body that is not JSON', async () => {
    const response = await f.app.inject({
      method: 'POST',
      url: pathOf('login'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'devname=neubourg',
    });
    expect(response.statusCode).toBe(415);
    expectEnvelope(response.body, 'unsupported_media_type', /Content-Type/);
  });

  it('400 for a malformed URL', async () => {
    const response = await f.app.inject({ url: '/display/zone/1/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.body, 'bad_request', /Malformed URL/);
  });

  it('500 without internals when a handler fails unexpectedly', async () => {
    const app = Fastify({ logger: false });
    await app.register(kioskApp, {
      repos: f.repos,
      config: testConfig({ dataDir: f.config.dataDir }),
      bus: new InMemoryEventBus(),
      secrets: testSecrets(),
      passwordCost: TEST_SCRYPT_COST,
    });
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expectEnvelope(response.body, 'internal_error', /^Internal server error$/);
    expect(response.body).not.toContain('hunter2');
    await app.close();
  });
});

describe('common headers and small routes', () => {
  it('GET /healthz', async () => {
    const response = await f.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    // Always 200; `media` reports this instance's library files (media integrity, decision 029).
    expect(response.json()).toEqual({
      data: {
        status: 'ok',
        media: {
          files: expect.any(Number),
          checked: expect.any(Number),
          missing: 0,
          damaged: 0,
          pending: expect.any(Number),
        },
      },
      message: 'OK',
      error: null,
    });
  });

  it('sends X-Content-Type-Options: nosniff on successes and errors alike', async () => {
    for (const url of [
      '/healthz',
      '/nothing',
      pathOf('zones', { params: { devid: 1 } }),
      '/config.json',
      '/',
    ]) {
      const response = await f.app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('CORS for the split topology', () => {
  it('allows the kiosk origin (same host, kiosk port) and exposes ETag', async () => {
    const response = await f.app.inject({
      url: '/healthz',
      headers: { host: 'totem.local:8081', origin: 'http://totem.local:8080' },
    });
    expect(response.headers['access-control-allow-origin']).toBe('http://totem.local:8080');
    expect(response.headers['access-control-expose-headers']).toBe('ETag');
  });

  it('answers the preflight with the allowed headers', async () => {
    const response = await f.app.inject({
      method: 'OPTIONS',
      url: pathOf('zones', { params: { devid: 1 } }),
      headers: {
        host: 'totem.local:8081',
        origin: 'http://totem.local:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'token',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://totem.local:8080');
    expect(response.headers['access-control-allow-headers']).toContain('token');
    expect(response.headers['access-control-allow-headers']).toContain('if-none-match');
  });

  it('allows no other origin', async () => {
    for (const origin of ['http://evil.example:8080', 'http://totem.local:9999', 'null']) {
      const response = await f.app.inject({
        method: 'OPTIONS',
        url: pathOf('zones', { params: { devid: 1 } }),
        headers: { host: 'totem.local:8081', origin, 'access-control-request-method': 'GET' },
      });
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(response.headers['access-control-allow-headers']).toBeUndefined();
    }
  });
});

describe('services', () => {
  it('mounts only the requested services', async () => {
    const auth = await createFixture({ app: { services: ['auth'] } });
    try {
      expect(
        (await auth.app.inject({ url: pathOf('zones', { params: { devid: 1 } }) })).statusCode,
      ).toBe(404);
      expect((await auth.app.inject({ url: '/config.json' })).statusCode).toBe(404);
      expect(
        (await auth.app.inject({ method: 'POST', url: pathOf('login'), payload: {} })).statusCode,
      ).toBe(400);
      expect((await auth.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await auth.close();
    }
  });
});
