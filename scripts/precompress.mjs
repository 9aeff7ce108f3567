// Writes `<file>.br` and `<file>.gz` beside each text file of a built app, once, at build time, so
// the server (@fastify/static `preCompressed`) never compresses per request. Plain Node only: it
// runs from scripts/lib/ensure.mjs right after `vite build`, and as
// `node scripts/precompress.mjs <dir>…`.
//
// Only files worth it: a text type (the same list as apps/server/src/lib/precompress.ts), at least
// 1 KB, and only the encodings that come out smaller than the original. Binary media (PNG, WebP,
// video, PDF) are already compressed and keep their byte ranges: never touched.
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.xml',
  '.map',
]);
export const MIN_BYTES = 1024;

/** The encoded forms of `bytes` that are smaller than it, by file suffix. */
export function compress(bytes) {
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  return [
    ['.br', brotli],
    ['.gz', gzip],
  ].filter(([, encoded]) => encoded.length < bytes.length);
}

/**
 * Compresses every eligible file under `dir` (recursively). Stale `.br`/`.gz` files whose original
 * is gone or no longer worth compressing are removed, so the server never sends an old encoding.
 * Returns one row per original file compressed.
 */
export function precompressDir(dir) {
  const rows = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const file = join(path, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (entry.name.endsWith('.br') || entry.name.endsWith('.gz')) {
        if (!existsSync(file.slice(0, -3))) rmSync(file, { force: true });
        continue;
      }
      for (const suffix of ['.br', '.gz']) rmSync(file + suffix, { force: true });
      if (!COMPRESSIBLE.has(extname(entry.name).toLowerCase())) continue;
      if (statSync(file).size < MIN_BYTES) continue;
      const bytes = readFileSync(file);
      const row = { file, raw: bytes.length };
      for (const [suffix, encoded] of compress(bytes)) {
        writeFileSync(file + suffix, encoded);
        row[suffix === '.br' ? 'br' : 'gzip'] = encoded.length;
      }
      rows.push(row);
    }
  };
  walk(dir);
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const dir of process.argv.slice(2)) {
    for (const row of precompressDir(dir)) {
      console.log(`${row.file}\traw ${row.raw}\tgzip ${row.gzip ?? '-'}\tbr ${row.br ?? '-'}`);
    }
  }
}
