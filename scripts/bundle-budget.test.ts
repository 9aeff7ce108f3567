// The initial-JS budget check (compression and bundle split, decision 020), on small built apps
// written here: which chunks count (the entry and its static imports, transitively) and which do
// not (lazy chunks), and the build's failure when the total passes the budget. The real apps are
// checked by the build itself (scripts/lib/ensure.mjs), so this test needs no build.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertWithinBudget,
  BUDGETS,
  gzipSize,
  initialChunks,
  KB,
  measureBudget,
  staticImports,
} from './bundle-budget.mjs';

let dist = '';
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
  dist = '';
});

/** Code that gzip cannot shrink much, so a chunk's gzip size is about `bytes` × 0.76. */
const noise = (bytes: number) => `export const n="${randomBytes(bytes).toString('base64')}";\n`;

function writeApp(files: Record<string, string>, base = './') {
  dist = mkdtempSync(join(tmpdir(), 'bundle-budget-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><html><head>
    <script type="module" crossorigin src="${base}assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="${base}assets/vendor-2.js">
    <link rel="stylesheet" crossorigin href="${base}assets/index-3.css">
    <link rel="manifest" href="${base}manifest.webmanifest"></head><body></body></html>`,
  );
  for (const [file, code] of Object.entries(files)) writeFileSync(join(dist, file), code);
}

/** Shaped like Vite's output: the lazy chunks are named in a preamble and loaded by import(). */
const ENTRY =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["./lazy-9.js","./vendor-2.js"])))=>i.map(i=>d[i]);\n' +
  'import{_ as p}from"./preload-4.js";import{r as R,j}from"./vendor-2.js";import"./styles-5.js";\n' +
  'const Page=R.lazy(()=>p(()=>import("./lazy-9.js"),__vite__mapDeps([0,1])));\n';

describe('initial chunks', () => {
  it('reads static imports in every form Rollup writes, and no dynamic import', () => {
    expect(
      staticImports(
        'import{a as b}from"./x.js";import"./y.js";import * as z from "../z.js";' +
          'export{c}from"./w.js";import("./lazy.js");const u=import.meta.url;',
      ),
    ).toEqual(['./x.js', './y.js', '../z.js', './w.js']);
  });

  it('counts the entry and what it imports statically, transitively; never a lazy chunk', () => {
    writeApp({
      'assets/index-1.js': ENTRY,
      'assets/vendor-2.js': `import"./shared-6.js";${noise(2000)}`,
      'assets/preload-4.js': 'export const _=(f)=>f();',
      'assets/styles-5.js': 'export{};',
      'assets/shared-6.js': 'export const s=1;',
      'assets/lazy-9.js': noise(50_000),
      'assets/index-3.css': 'body{margin:0}',
    });
    const chunks = initialChunks(dist);
    expect(chunks.map((chunk) => chunk.file)).toEqual([
      'assets/index-1.js',
      'assets/vendor-2.js',
      'assets/preload-4.js',
      'assets/styles-5.js',
      'assets/shared-6.js',
    ]);
    const vendor = chunks.find((chunk) => chunk.file === 'assets/vendor-2.js')!;
    expect(vendor.gzip).toBeLessThan(vendor.raw);
  });

  it("maps an absolute base (the back-office's /admin/) to the dist's files", () => {
    writeApp(
      { 'assets/index-1.js': 'import"./vendor-2.js";', 'assets/vendor-2.js': 'export{};' },
      '/admin/',
    );
    expect(initialChunks(dist, { base: '/admin/' }).map((chunk) => chunk.file)).toEqual([
      'assets/index-1.js',
      'assets/vendor-2.js',
    ]);
  });

  it('fails when a file loaded at start is missing from the build', () => {
    writeApp({ 'assets/index-1.js': 'import"./vendor-2.js";' });
    expect(() => initialChunks(dist)).toThrow(/assets\/vendor-2\.js, loaded at start, is missing/);
  });
});

describe('the budget', () => {
  it('passes an app whose initial JS is within it, however big its lazy chunks', () => {
    writeApp({
      'assets/index-1.js': 'import"./vendor-2.js";const l=()=>import("./lazy-9.js");',
      'assets/vendor-2.js': noise(3000),
      'assets/lazy-9.js': noise(40_000),
    });
    const result = assertWithinBudget({ name: 'kiosk', dist, base: './', budget: 5 * KB });
    expect(result.ok).toBe(true);
    expect(result.gzip).toBeLessThanOrEqual(5 * KB);
  });

  it('fails the build over budget, naming each initial chunk with its size', () => {
    writeApp({
      'assets/index-1.js': 'import"./vendor-2.js";',
      'assets/vendor-2.js': noise(8000),
    });
    const app = { name: 'kiosk', dist, base: './', budget: 5 * KB };
    const { gzip } = measureBudget(app);
    expect(gzip).toBeGreaterThan(5 * KB);
    expect(() => assertWithinBudget(app)).toThrow(
      new RegExp(
        `kiosk: initial JS ${(gzip / KB).toFixed(1)} kB gzip .*budget 5\\.0 kB — OVER by ` +
          `[\\s\\S]*assets/vendor-2\\.js[\\s\\S]*assets/index-1\\.js[\\s\\S]*dynamic import\\(\\)`,
      ),
    );
  });

  it('sums the gzip sizes the server sends (gzip level 9, as precompress.mjs writes them)', () => {
    const code = noise(4000);
    writeApp({ 'assets/index-1.js': code, 'assets/vendor-2.js': '' });
    const { gzip } = measureBudget({ name: 'admin', dist, base: './', budget: 150 * KB });
    expect(gzip).toBe(gzipSize(Buffer.from(code)) + gzipSize(Buffer.alloc(0)));
  });

  it('holds the kiosk and the back-office to 150 kB gzip each (compression and bundle split)', () => {
    expect(BUDGETS.map(({ name, budget }) => [name, budget])).toEqual([
      ['kiosk', 150 * KB],
      ['admin', 150 * KB],
    ]);
    for (const app of BUDGETS) {
      expect(existsSync(join(import.meta.dirname, '..', app.dist, '..', 'vite.config.ts'))).toBe(
        true,
      );
    }
  });
});
