/**
 * Pre-compressed copies (`<file>.br`, `<file>.gz`, written beside the seed's SVGs) are only sent
 * when they decode to their original (media integrity, decision 029): a cut or altered copy beside
 * a good original would otherwise reach every browser that accepts the encoding, and a totem keeps
 * what it got for ever.
 *
 * A copy is checked once, by decompressing it (streamed, stopped as soon as it outgrows the
 * original) and comparing the SHA-256 of the result with the original's; the verdict is kept while
 * neither file's size nor modification time moves. A bad copy is logged once and the original is
 * sent instead.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { sha256File } from './media-integrity.js';

export type Encoding = 'br' | 'gzip';

export const ENCODING_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface Verdict {
  key: string;
  good: boolean;
}

/** SHA-256 of what a compressed file decodes to, or null when it does not decode within `limit`. */
async function decodedSha256(file: string, encoding: Encoding, limit: number) {
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    await pipeline(
      createReadStream(file),
      encoding === 'br' ? createBrotliDecompress() : createGunzip(),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > limit) return done(new Error('decodes to more than the original'));
          hash.update(chunk);
          done();
        },
      }),
    );
  } catch {
    return null;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export interface EncodedCopiesLog {
  warn(object: object, message: string): void;
}

export class EncodedCopies {
  private readonly verdicts = new Map<string, Verdict>();
  private readonly running = new Map<string, Promise<Verdict>>();

  constructor(private readonly log: EncodedCopiesLog) {}

  /**
   * Whether `original`'s copy in `encoding` may be sent: true when there is no such copy (nothing
   * to refuse: the original goes) or when it decodes to the original's bytes.
   */
  async usable(original: string, encoding: Encoding): Promise<boolean> {
    const copy = original + ENCODING_SUFFIX[encoding];
    let key: string;
    let originalSize: number;
    try {
      const [a, b] = await Promise.all([stat(original), stat(copy)]);
      originalSize = a.size;
      key = `${a.size}:${a.mtimeMs}:${b.size}:${b.mtimeMs}`;
    } catch {
      return true;
    }
    const known = this.verdicts.get(copy);
    if (known?.key === key) return known.good;
    let pending = this.running.get(copy);
    if (!pending) {
      pending = this.verify(original, copy, encoding, originalSize, key).finally(() =>
        this.running.delete(copy),
      );
      this.running.set(copy, pending);
    }
    const verdict = await pending;
    return verdict.key === key ? verdict.good : false;
  }

  private async verify(
    original: string,
    copy: string,
    encoding: Encoding,
    originalSize: number,
    key: string,
  ): Promise<Verdict> {
    const [expected, decoded] = await Promise.all([
      sha256File(original).catch(() => null),
      decodedSha256(copy, encoding, originalSize),
    ]);
    const good =
      expected !== null &&
      decoded !== null &&
      decoded.bytes === originalSize &&
      decoded.sha256 === expected;
    const verdict = { key, good };
    this.verdicts.set(copy, verdict);
    if (!good) {
      this.log.warn(
        { path: copy },
        'pre-compressed copy does not decode to its original: the original is sent instead',
      );
    }
    return verdict;
  }
}
