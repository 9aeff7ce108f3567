import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameProbe, framingVerdict } from './frame-probe.js';

const KIOSK = 'https://totem.plant.test';
const FORM = 'https://forms.provider.test';
const verdict = (headers: Record<string, string>, kiosk = KIOSK, target = FORM) =>
  framingVerdict(new Headers(headers), kiosk, target).status;

describe('what a browser would do with a page’s framing headers', () => {
  it.each<[string, Record<string, string>, 'ok' | 'refused']>([
    ['no restriction', {}, 'ok'],
    ['X-Frame-Options: DENY', { 'x-frame-options': 'DENY' }, 'refused'],
    [
      'X-Frame-Options: SAMEORIGIN from another origin',
      { 'x-frame-options': 'sameorigin' },
      'refused',
    ],
    ['the obsolete ALLOW-FROM (ignored)', { 'x-frame-options': 'ALLOW-FROM https://x.test' }, 'ok'],
    ["frame-ancestors 'none'", { 'content-security-policy': "frame-ancestors 'none'" }, 'refused'],
    ["frame-ancestors 'self'", { 'content-security-policy': "frame-ancestors 'self'" }, 'refused'],
    ['frame-ancestors *', { 'content-security-policy': 'frame-ancestors *' }, 'ok'],
    ['the kiosk by origin', { 'content-security-policy': `frame-ancestors ${KIOSK}` }, 'ok'],
    [
      'the kiosk by wildcard host',
      { 'content-security-policy': 'frame-ancestors https://*.plant.test' },
      'ok',
    ],
    ['the kiosk by scheme', { 'content-security-policy': 'frame-ancestors https:' }, 'ok'],
    [
      'another port',
      { 'content-security-policy': 'frame-ancestors https://totem.plant.test:8443' },
      'refused',
    ],
    [
      'another site only',
      { 'content-security-policy': 'default-src *; frame-ancestors https://other.test' },
      'refused',
    ],
    [
      'frame-ancestors allowing wins over X-Frame-Options',
      { 'content-security-policy': `frame-ancestors ${KIOSK}`, 'x-frame-options': 'DENY' },
      'ok',
    ],
    [
      'every policy must allow',
      { 'content-security-policy': `frame-ancestors ${KIOSK}, frame-ancestors https://other.test` },
      'refused',
    ],
  ])('%s', (_, headers, expected) => {
    expect(verdict(headers)).toBe(expected);
  });

  it("counts 'self' and SAMEORIGIN for a form on the kiosk's own origin", () => {
    expect(verdict({ 'x-frame-options': 'SAMEORIGIN' }, KIOSK, KIOSK)).toBe('ok');
    expect(verdict({ 'content-security-policy': "frame-ancestors 'self'" }, KIOSK, KIOSK)).toBe(
      'ok',
    );
  });
});

describe('asking a published address', () => {
  let server: Server;
  let base: string;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits += 1;
      if (request.url === '/deny') response.writeHead(200, { 'x-frame-options': 'DENY' });
      else if (request.url === '/missing') response.writeHead(404);
      else if (request.url === '/hang')
        return; // never answers
      else response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>form</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('reads the headers, and keeps the answer for a while', async () => {
    let now = 0;
    const probe = new FrameProbe({ clock: () => now, ttlMs: 1000 });
    const before = hits;
    expect((await probe.check(`${base}/form`, KIOSK)).status).toBe('ok');
    expect(await probe.check(`${base}/deny`, KIOSK)).toMatchObject({
      status: 'refused',
      reason: 'X-Frame-Options: DENY',
    });
    await probe.check(`${base}/form`, KIOSK);
    expect(hits - before).toBe(2);
    now = 1001;
    await probe.check(`${base}/form`, KIOSK);
    expect(hits - before).toBe(3);
  });

  it('says unreachable for an error status, a host that never answers, or no host at all', async () => {
    const probe = new FrameProbe({ timeoutMs: 200 });
    expect(await probe.check(`${base}/missing`, KIOSK)).toMatchObject({
      status: 'unreachable',
      reason: 'HTTP 404',
    });
    expect(await probe.check(`${base}/hang`, KIOSK)).toMatchObject({
      status: 'unreachable',
      reason: 'no answer within 200 ms',
    });
    expect((await probe.check('http://127.0.0.1:1/', KIOSK)).status).toBe('unreachable');
  });
});
