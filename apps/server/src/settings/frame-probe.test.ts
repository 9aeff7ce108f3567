import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { FrameProbe, isAskableAddress } from './frame-probe.js';
import { framingVerdict } from './framing-verdict.js';

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

describe('the addresses the probe may ask (issue 40, item 4)', () => {
  it.each([
    // Loopback, link-local, unspecified: never.
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['FEBF::1%eth0', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:0.0.0.0', false],
    ['::127.0.0.1', false],
    ['64:ff9b::7f00:1', false],
    ['0:0:0:0:0:0:0:1', false],
    ['not an address', false],
    // Intranet forms: private networks stay allowed, and the Internet of course.
    ['10.1.2.3', true],
    ['172.16.0.5', true],
    ['192.168.1.20', true],
    ['fd12:3456::7', true],
    ['::ffff:192.168.1.20', true],
    ['93.184.215.14', true],
    ['2001:db8::1', true],
  ])('%s → %s', (address, expected) => {
    expect(isAskableAddress(address)).toBe(expected);
  });
});

describe('asking a published address', () => {
  let server: Server;
  let port: number;
  let base: string;
  const hits = new Map<string, number>();
  const hitsOf = (path: string) => hits.get(path) ?? 0;
  const allHits = () => [...hits.values()].reduce((sum, count) => sum + count, 0);
  /** The test seam: this test's own loopback server is let through; nothing else changes. */
  const allowTestServer = (address: string) => address === '127.0.0.1' || isAskableAddress(address);

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      hits.set(path, hitsOf(path) + 1);
      if (path === '/deny') response.writeHead(200, { 'x-frame-options': 'DENY' });
      else if (path === '/only-a')
        response.writeHead(200, { 'content-security-policy': 'frame-ancestors https://a.test' });
      else if (path === '/missing') response.writeHead(404);
      else if (path === '/hang')
        return; // never answers
      else if (path === '/moved') response.writeHead(302, { location: '/deny' });
      else if (path === '/away')
        // Another origin: the same server by name, which the probe must not follow.
        response.writeHead(302, { location: `http://localhost:${port}/target` });
      else if (path === '/to-metadata')
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      else if (path === '/loop') response.writeHead(302, { location: '/loop' });
      else response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>form</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('keeps the site’s answer per address and computes each kiosk origin’s verdict locally', async () => {
    let now = 0;
    const probe = new FrameProbe({
      clock: () => now,
      ttlMs: 1000,
      addressAllowed: allowTestServer,
    });
    expect(await probe.check(`${base}/form`, KIOSK)).toEqual({ url: `${base}/form`, status: 'ok' });
    // Only the verdict: no status code, no header value.
    expect(await probe.check(`${base}/deny`, KIOSK)).toEqual({
      url: `${base}/deny`,
      status: 'refused',
    });
    // 200 kiosk origins (the probe varied `Origin` 1,000 times): one request, each its verdict.
    const before = hitsOf('/only-a');
    for (let index = 0; index < 100; index += 1) {
      expect((await probe.check(`${base}/only-a`, `https://k${index}.test`)).status).toBe(
        'refused',
      );
      expect((await probe.check(`${base}/only-a`, 'https://a.test')).status).toBe('ok');
    }
    expect(hitsOf('/only-a') - before).toBe(1);
    const forms = hitsOf('/form');
    await probe.check(`${base}/form`, 'https://other.test');
    expect(hitsOf('/form')).toBe(forms);
    now = 1001;
    await probe.check(`${base}/form`, KIOSK);
    expect(hitsOf('/form')).toBe(forms + 1);
  });

  it('asks once for callers that come together', async () => {
    const probe = new FrameProbe({ addressAllowed: allowTestServer });
    const before = hitsOf('/together');
    const checks = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        probe.check(`${base}/together`, `https://k${index}.test`),
      ),
    );
    expect(checks.every((check) => check.status === 'ok')).toBe(true);
    expect(hitsOf('/together') - before).toBe(1);
  });

  it('never asks a loopback, link-local or unspecified address by default, by name or literal', async () => {
    const probe = new FrameProbe({ timeoutMs: 2000 });
    const before = allHits();
    for (const url of [
      `${base}/form`,
      `http://localhost:${port}/form`,
      `http://[::ffff:127.0.0.1]:${port}/form`,
      `http://[::1]:${port}/form`,
      `http://0.0.0.0:${port}/form`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await probe.check(url, KIOSK), url).toEqual({ url, status: 'unknown' });
    }
    expect(allHits()).toBe(before);
  });

  it('checks the address a name resolves to, IPv4-mapped IPv6 included', async () => {
    const resolvingTo =
      (address: string, family: number): LookupFunction =>
      (_hostname, options, callback) =>
        options.all ? callback(null, [{ address, family }]) : callback(null, address, family);
    const before = allHits();
    for (const [address, family] of [
      ['127.0.0.1', 4],
      ['::ffff:127.0.0.1', 6],
      ['169.254.169.254', 4],
    ] as const) {
      const probe = new FrameProbe({ lookup: resolvingTo(address, family), timeoutMs: 2000 });
      const url = `http://forms.plant.test:${port}/form`;
      expect(await probe.check(url, KIOSK), address).toEqual({ url, status: 'unknown' });
    }
    expect(allHits()).toBe(before);
    // The same name resolving to the test server, which the test's policy lets through: asked.
    const allowed = new FrameProbe({
      lookup: resolvingTo('127.0.0.1', 4),
      addressAllowed: allowTestServer,
    });
    expect((await allowed.check(`http://forms.plant.test:${port}/deny`, KIOSK)).status).toBe(
      'refused',
    );
  });

  it('follows redirects within the published origin only; elsewhere is refused, unasked', async () => {
    const probe = new FrameProbe({ addressAllowed: allowTestServer });
    expect((await probe.check(`${base}/moved`, KIOSK)).status).toBe('refused');
    const targets = hitsOf('/target');
    expect((await probe.check(`${base}/away`, KIOSK)).status).toBe('refused');
    expect((await probe.check(`${base}/to-metadata`, KIOSK)).status).toBe('refused');
    expect(hitsOf('/target')).toBe(targets);
    const loops = hitsOf('/loop');
    expect((await probe.check(`${base}/loop`, KIOSK)).status).toBe('unreachable');
    expect(hitsOf('/loop') - loops).toBe(6);
  });

  it('says unreachable for an error status, a host that never answers, or no host at all', async () => {
    const probe = new FrameProbe({ timeoutMs: 200, addressAllowed: allowTestServer });
    expect(await probe.check(`${base}/missing`, KIOSK)).toEqual({
      url: `${base}/missing`,
      status: 'unreachable',
    });
    expect((await probe.check(`${base}/hang`, KIOSK)).status).toBe('unreachable');
    expect((await probe.check('http://127.0.0.1:1/', KIOSK)).status).toBe('unreachable');
  });

  it('sends at most its budget a minute; past it, answers from the cache or "unknown"', async () => {
    let now = 0;
    const warnings: object[] = [];
    const probe = new FrameProbe({
      clock: () => now,
      ttlMs: 1000,
      fetchesPerMinute: 2,
      addressAllowed: allowTestServer,
      log: { warn: (details) => warnings.push(details), debug: () => undefined },
    });
    const before = allHits();
    expect((await probe.check(`${base}/budget-1`, KIOSK)).status).toBe('ok');
    expect((await probe.check(`${base}/budget-2`, KIOSK)).status).toBe('ok');
    expect(await probe.check(`${base}/budget-3`, KIOSK)).toEqual({
      url: `${base}/budget-3`,
      status: 'unknown',
    });
    // Out of date, but the budget is spent: the answer kept, no request.
    now = 5000;
    expect((await probe.check(`${base}/budget-1`, KIOSK)).status).toBe('ok');
    expect(allHits() - before).toBe(2);
    expect(warnings).toHaveLength(1);
    // A minute later the budget is back.
    now = 60_001;
    expect((await probe.check(`${base}/budget-3`, KIOSK)).status).toBe('ok');
    expect(allHits() - before).toBe(3);
  });
});
