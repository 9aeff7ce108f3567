import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Envelope, KioskConfig } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/fixture.js';

let f: Fixture;
const video = Buffer.alloc(10_000, 7);

beforeAll(async () => {
  f = await createFixture();
  const { mediaDir, dataDir } = f.config;
  mkdirSync(join(mediaDir, 'images'), { recursive: true });
  mkdirSync(join(mediaDir, 'videos'), { recursive: true });
  mkdirSync(join(mediaDir, 'pdf'), { recursive: true });
  mkdirSync(join(dataDir, 'secrets'), { recursive: true });
  writeFileSync(
    join(mediaDir, 'images/plan-1a2b.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(join(mediaDir, 'images/menu-1a2b.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(mediaDir, 'images/photo-1a2b.jpg'), Buffer.from([0xff, 0xd8, 0xff]));
  writeFileSync(join(mediaDir, 'images/poster-1a2b.webp'), Buffer.from('RIFF'));
  writeFileSync(join(mediaDir, 'videos/site-1a2b.webm'), video);
  writeFileSync(join(mediaDir, 'videos/site-1a2b.mp4'), video);
  writeFileSync(join(mediaDir, 'pdf/guide-rh.pdf'), '%PDF-1.7\n');
  writeFileSync(join(mediaDir, '.hidden'), 'hidden');
  writeFileSync(join(dataDir, 'secrets/jwt-secret'), 'top-secret');
});
afterAll(async () => {
  await f.close();
});

describe('/media and /pdf', () => {
  it.each([
    ['/media/images/plan-1a2b.svg', 'image/svg+xml'],
    ['/media/images/menu-1a2b.png', 'image/png'],
    ['/media/images/photo-1a2b.jpg', 'image/jpeg'],
    ['/media/images/poster-1a2b.webp', 'image/webp'],
    ['/media/videos/site-1a2b.webm', 'video/webm'],
    ['/media/videos/site-1a2b.mp4', 'video/mp4'],
    ['/media/pdf/guide-rh.pdf', 'application/pdf'],
    ['/pdf/guide-rh.pdf', 'application/pdf'],
  ])('%s is %s, cached for a year as immutable', async (url, type) => {
    const response = await f.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps scripts out of SVGs opened on their own', async () => {
    const response = await f.app.inject({ url: '/media/images/plan-1a2b.svg' });
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('serves byte ranges of videos (206)', async () => {
    const response = await f.app.inject({
      url: '/media/videos/site-1a2b.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.length).toBe(100);
    const unsatisfiable = await f.app.inject({
      url: '/media/videos/site-1a2b.mp4',
      headers: { range: 'bytes=20000-' },
    });
    expect(unsatisfiable.statusCode).toBe(416);
  });

  it.each([
    '/media/missing.png',
    '/media/',
    '/media/images/',
    '/media/images',
    '/media/.hidden',
    '/media/../secrets/jwt-secret',
    '/media/..%2fsecrets%2fjwt-secret',
    '/media/%2e%2e/secrets/jwt-secret',
    '/media/images/..%2f..%2fsecrets/jwt-secret',
    '/media/%2e%2e%2f%2e%2e%2fsecrets/jwt-secret',
    '/pdf/..%2f..%2fsecrets/jwt-secret',
    '/media/images/%00.png',
  ])('answers 404 in the envelope for %s (no listing, no escape)', async (url) => {
    const response = await f.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('top-secret');
    expect(response.json<Envelope<null>>()).toMatchObject({ data: null, error: 'not_found' });
  });
});

describe('/config.json', () => {
  it('gives the kiosk its environment, development and same-origin base URLs', async () => {
    const response = await f.app.inject({ url: '/config.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json<KioskConfig>()).toEqual({
      environment: 'prod',
      devname: 'neubourg',
      contentBaseUrl: '',
      authBaseUrl: '',
      streamBaseUrl: '',
      appVersion: '0.0.0-test',
    });
  });

  it("points at docs/product.md#calls' local ports on the request's host in split mode", async () => {
    const split = await createFixture({ config: { splitPorts: true, environment: 'local' } });
    try {
      const response = await split.app.inject({
        url: '/config.json',
        headers: { host: 'totem.local:8080' },
      });
      expect(response.json<KioskConfig>()).toMatchObject({
        environment: 'local',
        contentBaseUrl: 'http://totem.local:8081',
        authBaseUrl: 'http://totem.local:8082',
        streamBaseUrl: 'http://totem.local:8085',
      });
    } finally {
      await split.close();
    }
  });
});

describe('the kiosk app', () => {
  it('shows a placeholder page while the kiosk is not built', async () => {
    const response = await f.app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('not built');
  });

  it('serves the built kiosk: index and service worker revalidated, assets immutable', async () => {
    const dist = join(f.config.dataDir, 'kiosk-dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kiosk</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets/index-4f2a.js'), 'console.log(1)');
    const built = await createFixture({ config: { kioskDist: dist } });
    try {
      const index = await built.app.inject({ url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<title>Kiosk</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const sw = await built.app.inject({ url: '/sw.js' });
      expect(sw.headers['content-type']).toContain('javascript');
      expect(sw.headers['cache-control']).toBe('no-cache');
      const asset = await built.app.inject({ url: '/assets/index-4f2a.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await built.app.inject({ url: '/assets/' })).statusCode).toBe(404);
      expect((await built.app.inject({ url: '/missing.js' })).statusCode).toBe(404);
      // API routes still win over the static wildcard.
      expect((await built.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await built.app.inject({ url: '/display/zones/1' })).statusCode).toBe(401);
    } finally {
      await built.close();
    }
  });
});
