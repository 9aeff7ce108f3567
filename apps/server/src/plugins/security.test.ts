import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOKEN_HEADER, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../config.js';
import { createFixture, type Fixture } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';
import {
  API_CSP,
  APP_CSP_MAX_LENGTH,
  appCsp,
  boundedFrameSources,
  frameSourceList,
  MEDIA_CSP,
  PDF_CSP,
} from './security.js';

let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'kiosk-dist-'));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>kiosk</title>');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'assets', 'index-1234.js'), 'console.log(1);');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Parses a policy into directive → sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('security headers on the pages', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await createFixture({ config: { kioskDist: dist, adminDist: dist } });
    const media = f.config.mediaDir;
    mkdirSync(join(media, 'images'), { recursive: true });
    mkdirSync(join(media, 'pdf'), { recursive: true });
    writeFileSync(join(media, 'images', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(media, 'images', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(media, 'pdf', 'guide.pdf'), '%PDF-1.4\n%%EOF\n');
  });
  afterAll(() => f.close());

  it('gives the kiosk and the back-office a same-origin policy that allows their external frames', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/assets/index-1234.js', '/admin/']) {
      const response = await f.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const policy = directives(response.headers['content-security-policy'] as string);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'self'"]);
      // No external address is built in: published settings and KIOSK_FRAME_SOURCES add them.
      expect(policy.get('frame-src'), url).toEqual(["'self'"]);
      // Media may live on another server (http(s) content values), and are prefetched.
      expect(policy.get('connect-src'), url).toEqual(["'self'", 'http:', 'https:']);
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:', 'http:', 'https:']);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['permissions-policy'], url).toContain('camera=()');
    }
  });

  it('keeps the media inert: SVGs their own policy, PDFs left to the viewer, the rest no scripts', async () => {
    const svg = await f.app.inject({ url: '/media/images/a.svg' });
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    expect(svg.headers['content-security-policy']).not.toContain('frame-ancestors');
    const png = await f.app.inject({ url: '/media/images/a.png' });
    expect(png.headers['content-security-policy']).toBe(MEDIA_CSP);
    for (const url of ['/pdf/guide.pdf', '/media/pdf/guide.pdf']) {
      const pdf = await f.app.inject({ url });
      expect(pdf.headers['content-type'], url).toMatch(/^application\/pdf/);
      expect(pdf.headers['content-security-policy'], url).toBe(PDF_CSP);
    }
    const missing = await f.app.inject({ url: '/media/images/none.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the API policy on the live event stream', async () => {
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = f.app.server.address() as AddressInfo;
    const stream = await openStream(
      `http://127.0.0.1:${port}${pathOf('stream', { params: { devid: f.ids.devid } })}`,
      {
        [TOKEN_HEADER]: await f.token(),
      },
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-security-policy']).toBe(API_CSP);
      expect(stream.headers['x-content-type-options']).toBe('nosniff');
      expect(stream.headers['referrer-policy']).toBe('same-origin');
    } finally {
      stream.close();
    }
  });
});

describe('configured frames and split ports', () => {
  it('allows the origins of KIOSK_FRAME_SOURCES, and lets the split kiosk reach its services', async () => {
    const f = await createFixture({
      config: {
        kioskDist: dist,
        splitPorts: true,
        frameSources: ['https://forms.plant.example/suggest?id=3', 'http://intranet.local:8000/'],
      },
    });
    try {
      const response = await f.app.inject({ url: '/', headers: { host: 'totem-host:8080' } });
      const policy = directives(response.headers['content-security-policy'] as string);
      expect(policy.get('frame-src')).toEqual([
        "'self'",
        'https://forms.plant.example',
        'http://intranet.local:8000',
      ]);
      // The services on their own ports of the same host (the kiosk's `local` environment).
      expect(policy.get('connect-src')).toContain('http:');
      expect(policy.get('img-src')).toContain('http:');
    } finally {
      await f.close();
    }
  });

  it('reads KIOSK_FRAME_SOURCES from the environment and refuses what is not http(s)', () => {
    const env = { KIOSK_FRAME_SOURCES: 'https://a.example/form, https://b.example' };
    expect(loadConfig(env, '/tmp').frameSources).toEqual([
      'https://a.example/form',
      'https://b.example',
    ]);
    expect(loadConfig({}, '/tmp').frameSources).toBeUndefined();
    expect(() =>
      loadConfig({ KIOSK_FRAME_SOURCES: "javascript:alert(1) 'unsafe-inline'" }),
    ).toThrow(/KIOSK_FRAME_SOURCES/);
    expect(frameSourceList(['not a url', 'ftp://x.example', 'https://ok.example/p'])).toEqual([
      'https://ok.example',
    ]);
    expect(appCsp([])).toContain("frame-src 'self';");
  });

  it('builds no placeholder address into the kiosk (published settings, decision 017)', () => {
    const sources = [
      'features/staff-pages/suggestion-form.ts',
      'features/layout/footer.tsx',
      'features/staff-pages/suggestion-form-page.tsx',
    ].map((path) => readFileSync(join(REPO_ROOT, 'apps/kiosk/src', path), 'utf8'));
    for (const source of sources) expect(source).not.toMatch(/example\.(com|org)/);
  });
});

describe('the pages’ policy within its budget (issue 40, item 2)', () => {
  const origin = (index: number) =>
    `https://${String(index).padStart(3, '0')}.${'f'.repeat(60)}.test`;

  it('keeps the sources in order until the budget, and drops the rest', () => {
    const sources = Array.from({ length: 40 }, (_, index) => origin(index));
    const { kept, dropped } = boundedFrameSources(sources);
    expect(kept.length).toBeGreaterThan(0);
    expect([...kept, ...dropped]).toEqual(sources);
    expect(appCsp(kept).length).toBeLessThanOrEqual(APP_CSP_MAX_LENGTH);
    expect(appCsp([...kept, dropped[0]!]).length).toBeGreaterThan(APP_CSP_MAX_LENGTH);
    expect(boundedFrameSources(sources.slice(0, 2))).toEqual({
      kept: sources.slice(0, 2),
      dropped: [],
    });
  });

  it('serves every page within a proxy’s 4 KB header buffer, however long KIOSK_FRAME_SOURCES is', async () => {
    const sources = Array.from({ length: 60 }, (_, index) => `${origin(index)}/form`);
    const f = await createFixture({ config: { kioskDist: dist, frameSources: sources } });
    try {
      for (const url of ['/', '/sw.js', '/assets/index-1234.js']) {
        const response = await f.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        const policy = response.headers['content-security-policy'] as string;
        expect(policy.length, url).toBeLessThanOrEqual(APP_CSP_MAX_LENGTH);
        expect(directives(policy).get('frame-src')?.slice(0, 3), url).toEqual([
          "'self'",
          origin(0),
          origin(1),
        ]);
        const headerBytes = Object.entries(response.headers).reduce(
          (sum, [name, value]) => sum + `${name}: ${String(value)}\r\n`.length,
          0,
        );
        expect(headerBytes, url).toBeLessThan(4096);
      }
    } finally {
      await f.close();
    }
  });
});
