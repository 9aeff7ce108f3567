/**
 * Compression and bundle split: the built apps and the seeded SVGs are sent as the `.br`/`.gz`
 * written beside them at build (seed) time, chosen by Accept-Encoding, and the bytes decode to
 * exactly the file on disk.
 *
 * The dists are fixtures written here and compressed by the build's own scripts/precompress.mjs,
 * so the test does not depend on a real build. `STATIC_TEST_REAL_DIST=1` runs the same checks on
 * the real apps/kiosk/dist and apps/admin/dist (after `npm run build`).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.mjs';
import { REPO_ROOT } from '../config.js';
import { precompressFile } from '../lib/precompress.js';
import { createFixture, type Fixture } from '../testing/fixture.js';

const REAL = process.env.STATIC_TEST_REAL_DIST === '1';

/** Some kilobytes of plausible, compressible text. */
function text(kind: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) =>
    kind === 'css'
      ? `.rule-${i} { color: #49494a; background: #fbf0e2; padding: ${i % 7}px; }\n`
      : `export function handler${i}(event) { return { id: ${i}, kind: event.type, ok: true }; }\n`,
  ).join('');
}

function writeDist(dir: string, title: string): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><title>${title}</title>\n${'<meta name="x" content="y">\n'.repeat(60)}` +
      '<script type="module" src="./assets/index-4f2a.js"></script>',
  );
  writeFileSync(join(dir, 'assets/index-4f2a.js'), text('js', 200));
  writeFileSync(join(dir, 'assets/vendor-9c1d.js'), text('js', 400));
  writeFileSync(join(dir, 'assets/index-77aa.css'), text('css', 100));
  // Under 1 KB: not worth compressing, always sent as it is.
  writeFileSync(join(dir, 'assets/tiny-0b0b.js'), 'console.log(1);\n');
  writeFileSync(join(dir, 'assets/logo-1c1c.png'), Buffer.alloc(4096, 3));
  writeFileSync(join(dir, 'sw.js'), text('js', 50));
}

/** Every script and stylesheet of a dist, as `[url, file]`. */
function scriptsAndStyles(dist: string, prefix: string): [string, string][] {
  const rows: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(m?js|css)$/.test(entry.name)) {
        rows.push([prefix + relative(dist, file).split(sep).join('/'), file]);
      }
    }
  };
  walk(dist);
  return rows;
}

let f: Fixture;
let kioskDist: string;
let adminDist: string;
let svg: Buffer;

let distRoot: string;

beforeAll(async () => {
  distRoot = mkdtempSync(join(tmpdir(), 'plant-kiosk-dist-'));
  kioskDist = REAL ? join(REPO_ROOT, 'apps/kiosk/dist') : join(distRoot, 'kiosk');
  adminDist = REAL ? join(REPO_ROOT, 'apps/admin/dist') : join(distRoot, 'admin');
  if (!REAL) {
    writeDist(kioskDist, 'Kiosk');
    writeDist(adminDist, 'Back-office');
    precompressDir(kioskDist);
    precompressDir(adminDist);
  }
  f = await createFixture({ config: { kioskDist, adminDist } });
  // A seeded SVG: the seed writes its encodings through precompressFile.
  svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="10" height="10" fill="#49494a"/>'.repeat(80)}</svg>`,
  );
  mkdirSync(join(f.config.mediaDir, 'images'), { recursive: true });
  const svgFile = join(f.config.mediaDir, 'images/plan-5e5e.svg');
  writeFileSync(svgFile, svg);
  expect(precompressFile(svgFile, svg)).toEqual(['.br', '.gz']);
});
afterAll(async () => {
  await f?.close();
  rmSync(distRoot, { recursive: true, force: true });
});

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe.each([
  ['kiosk', '/', () => kioskDist],
  ['back-office', '/admin/', () => adminDist],
])('the %s', (_name, prefix, dist) => {
  it('sends every script and stylesheet as br or gzip when asked, identical once decoded', async () => {
    const files = scriptsAndStyles(dist(), prefix);
    expect(files.length).toBeGreaterThan(0);
    for (const [url, file] of files) {
      const original = readFileSync(file);
      const worth = original.length >= 1024;
      for (const [accept, expected] of [
        ['br, gzip, deflate', 'br'],
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['gzip;q=1, br;q=0', 'gzip'],
        // @fastify/static reads the no-preference `*` as gzip, the safest choice.
        ['*', 'gzip'],
      ] as const) {
        const response = await f.app.inject({ url, headers: { 'accept-encoding': accept } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers.vary, url).toBe('Accept-Encoding');
        expect(response.headers['content-type'], url).toMatch(
          file.endsWith('.css') ? /^text\/css/ : /javascript/,
        );
        expect(Number(response.headers['content-length']), url).toBe(response.rawPayload.length);
        if (!worth) {
          expect(response.headers['content-encoding'], url).toBeUndefined();
          expect(response.rawPayload.equals(original), url).toBe(true);
          continue;
        }
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(response.rawPayload.length, url).toBeLessThan(original.length);
        expect(decode[expected](response.rawPayload).equals(original), url).toBe(true);
      }
      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const response = await f.app.inject({ url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBeUndefined();
        expect(response.headers.vary, url).toBe('Accept-Encoding');
        expect(response.rawPayload.equals(original), url).toBe(true);
        expect(Number(response.headers['content-length']), url).toBe(original.length);
      }
    }
  });

  it('keeps hashed assets immutable and the HTML and service worker revalidated, compressed', async () => {
    const br = { 'accept-encoding': 'br' };
    const [asset] = scriptsAndStyles(dist(), prefix).filter(([url]) => url.includes('/assets/'));
    const script = await f.app.inject({ url: asset![0], headers: br });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await f.app.inject({ url: prefix, headers: br });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    // A real index.html may be under 1 KB, hence sent as it is.
    const html = readFileSync(join(dist(), 'index.html'));
    const compressed = existsSync(join(dist(), 'index.html.br'));
    expect(index.headers['content-encoding']).toBe(compressed ? 'br' : undefined);
    expect(
      (compressed ? brotliDecompressSync(index.rawPayload) : index.rawPayload).equals(html),
    ).toBe(true);
    if (prefix === '/') {
      const sw = await f.app.inject({ url: '/sw.js', headers: br });
      expect(sw.headers['content-encoding']).toBe('br');
      expect(sw.headers['content-type']).toContain('javascript');
      expect(sw.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 304 to the ETag of the encoding it sent, and not to another encoding', async () => {
    const [[url]] = scriptsAndStyles(dist(), prefix).filter(([, file]) =>
      file.includes('index-'),
    ) as [[string, string]];
    const first = await f.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await f.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plain = await f.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it.runIf(!REAL)('answers HEAD with the headers of the encoding it would send', async () => {
    const response = await f.app.inject({
      method: 'HEAD',
      url: `${prefix}assets/vendor-9c1d.js`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBe(0);
  });

  it.runIf(!REAL)('never compresses binary files, nor answers a missing one', async () => {
    const png = await f.app.inject({
      url: `${prefix}assets/logo-1c1c.png`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers.vary).toBeUndefined();
    const missing = await f.app.inject({
      url: `${prefix}assets/missing-0000.js`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('seeded text media', () => {
  it('sends an SVG as br or gzip, with its type, its CSP and a year of cache', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await f.app.inject({
        url: '/media/images/plan-5e5e.svg',
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = encoding ? decode[encoding](response.rawPayload) : response.rawPayload;
      expect(body.equals(svg)).toBe(true);
    }
  });

  it('does not send the encoding of a medium whose original is gone', async () => {
    const file = join(f.config.mediaDir, 'images/gone-6f6f.svg');
    writeFileSync(`${file}.br`, Buffer.from('stale'));
    const response = await f.app.inject({
      url: '/media/images/gone-6f6f.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('serves byte ranges of binary media as they are', async () => {
    const video = Buffer.alloc(5000, 9);
    mkdirSync(join(f.config.mediaDir, 'videos'), { recursive: true });
    writeFileSync(join(f.config.mediaDir, 'videos/site-7a7a.webm'), video);
    const response = await f.app.inject({
      url: '/media/videos/site-7a7a.webm',
      headers: { range: 'bytes=10-19', 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-range']).toBe(`bytes 10-19/${video.length}`);
    expect(response.rawPayload.length).toBe(10);
  });
});
