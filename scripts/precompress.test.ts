// The build's precompression (compression and bundle split, decision 020): which files get a
// `.br`/`.gz`, and that they decode back.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.mjs';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('compresses text files of 1 KB or more, and nothing else', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = 'export const answer = () => 42;\n'.repeat(100);
    writeFileSync(join(dir, 'assets/index-1a1a.js'), js);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>plant</p>\n'.repeat(100)}`);
    writeFileSync(join(dir, 'assets/small-2b2b.css'), 'body{margin:0}');
    writeFileSync(join(dir, 'assets/logo-3c3c.png'), Buffer.alloc(5000, 1));
    // Random bytes do not shrink: no encoding is kept when it is not smaller.
    writeFileSync(
      join(dir, 'assets/noise-4d4d.js'),
      Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 251)),
    );
    // A stale encoding without its original goes.
    writeFileSync(join(dir, 'assets/gone-5e5e.js.br'), 'old');

    const rows = precompressDir(dir);

    const file = join(dir, 'assets/index-1a1a.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets/small-2b2b.css.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/logo-3c3c.png.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/gone-5e5e.js.br'))).toBe(false);
    for (const row of rows) {
      if (row.br !== undefined) expect(row.br).toBeLessThan(row.raw);
      if (row.gzip !== undefined) expect(row.gzip).toBeLessThan(row.raw);
    }
    const [index] = rows.filter((row) => row.file === file);
    expect(index!.br).toBeLessThan(index!.gzip!);
  });
});
