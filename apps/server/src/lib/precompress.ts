/**
 * Ahead-of-time brotli and gzip for the server's side of compression: which files are worth it, the
 * original behind a `.br`/`.gz` name, and writing both encodings beside a file (the seed does it
 * for its SVGs). The built apps get theirs from scripts/precompress.mjs, whose rules are the same:
 * a text type, at least 1 KB, and only an encoding smaller than the original.
 *
 * Why beside the file and not on the first request: the names carry a content hash, so the
 * encodings never go stale, and @fastify/static already serves them with ranges, ETags and 304s.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
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
export const MIN_COMPRESSED_BYTES = 1024;
export const ENCODING_SUFFIXES = ['.br', '.gz'] as const;

/** Whether a file of this name may be sent compressed (so its responses vary on Accept-Encoding). */
export function isCompressible(path: string): boolean {
  return COMPRESSIBLE.has(extname(path).toLowerCase());
}

/** `a/b.svg.br` → `a/b.svg`; any other path unchanged. */
export function originalPath(path: string): string {
  const suffix = ENCODING_SUFFIXES.find((s) => path.endsWith(s));
  return suffix && isCompressible(path.slice(0, -suffix.length))
    ? path.slice(0, -suffix.length)
    : path;
}

/**
 * Brotli quality of the seed's media. Measured on the demo plant's 269 SVGs (25 November, load
 * ~15): quality 11 took 2,960 ms for 269 KB, quality 6 took 71 ms for 296 KB. Every fresh seed
 * (first start, each seeding test) pays it, so the seed takes 6: 10% more bytes on files a totem
 * downloads once. The built apps keep 11 (scripts/precompress.mjs): one build, many downloads.
 */
export const SEED_BROTLI_QUALITY = 6;

/**
 * Writes `<file>.br` (quality 11 unless told) and `<file>.gz` (level 9) for `bytes`, the content of
 * `file`, when worth it; removes any older encoding otherwise. Returns the suffixes written.
 */
export function precompressFile(
  file: string,
  bytes: Uint8Array,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
): string[] {
  const written: string[] = [];
  const worth = isCompressible(file) && bytes.length >= MIN_COMPRESSED_BYTES;
  const encodings: [string, () => Buffer][] = [
    [
      '.br',
      () =>
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
    ],
    ['.gz', () => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION })],
  ];
  for (const [suffix, encode] of encodings) {
    const encoded = worth ? encode() : undefined;
    if (encoded && encoded.length < bytes.length) {
      writeFileSync(file + suffix, encoded);
      written.push(suffix);
    } else if (existsSync(file + suffix)) {
      rmSync(file + suffix, { force: true });
    }
  }
  return written;
}
