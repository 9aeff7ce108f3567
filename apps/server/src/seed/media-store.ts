/**
 * Writes the demo plant's media under DATA_DIR/media and returns the values that content rows
 * store: URL paths relative to the site root, without a leading slash.
 *
 * Images and videos are named `<slug>-<first 8 hex of their sha256>.<ext>`, so a URL always names
 * the same bytes and can be cached forever. SVGs get a `.br` and `.gz` beside them, once
 * (compression and bundle split: served by static.ts's `preCompressed`). PDFs keep plain names
 * (`pdf/<name>.pdf`) because the kiosk's PDF reader asks for them by file name (docs/product.md#calls); their
 * content is deterministic.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { isCompressible, precompressFile, SEED_BROTLI_QUALITY } from '../lib/precompress.js';
import { slugify } from '../lib/slugify.js';

export interface MediaRecord {
  /** Path under the media root, e.g. "images/plan-du-site-1a2b3c4d.svg". */
  path: string;
  contentType: string;
  size: number;
  sha256: string;
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  webm: 'video/webm',
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class MediaStore {
  private readonly records = new Map<string, MediaRecord>();

  constructor(private readonly mediaDir: string) {}

  /** Every file written or copied so far, by path. */
  list(): MediaRecord[] {
    return [...this.records.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  private write(path: string, bytes: Uint8Array): MediaRecord {
    const file = join(this.mediaDir, path);
    const digest = sha256(bytes);
    // Hash-named files that already exist hold these exact bytes: leave them untouched.
    if (
      !existsSync(file) ||
      statSync(file).size !== bytes.length ||
      !this.sameContent(file, digest)
    ) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
      precompressFile(file, bytes, SEED_BROTLI_QUALITY);
    } else if (isCompressible(file) && !existsSync(`${file}.br`)) {
      // A data dir seeded before compression and bundle split: give its SVGs their encodings too.
      precompressFile(file, bytes, SEED_BROTLI_QUALITY);
    }
    const extension = path.slice(path.lastIndexOf('.') + 1);
    const record: MediaRecord = {
      path,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      size: bytes.length,
      sha256: digest,
    };
    this.records.set(path, record);
    return record;
  }

  private sameContent(file: string, digest: string): boolean {
    return sha256(readFileSync(file)) === digest;
  }

  /** An SVG image; returns its value, e.g. "media/images/plan-du-site-1a2b3c4d.svg". */
  image(title: string, svg: string): string {
    const bytes = Buffer.from(svg, 'utf8');
    if (bytes.length > 60_000) {
      throw new Error(`Generated image "${title}" is ${bytes.length} bytes; keep images lean`);
    }
    const path = `images/${slugify(title)}-${sha256(bytes).slice(0, 8)}.svg`;
    this.write(path, bytes);
    return `media/${path}`;
  }

  /** A PDF served at /pdf/<name>.pdf; returns "pdf/<name>.pdf". */
  pdf(name: string, bytes: Uint8Array): string {
    const path = `pdf/${name}.pdf`;
    this.write(path, bytes);
    return path;
  }

  /** Copies a committed PDF asset under pdf/; returns "pdf/<name>.pdf". */
  copyPdf(source: string, name: string): string {
    return this.pdf(name, readFileSync(source));
  }

  /**
   * A test fixture served at /pdf/<name>.pdf (the viewers' demo page, the tests and the bench open
   * it) but kept out of the plant's content: written to disk and NOT recorded, so the seed does
   * not register it in the development's media library (totem-size screen fixes). Returns
   * "pdf/<name>.pdf".
   */
  pdfFixture(name: string, bytes: Uint8Array): string {
    const path = `pdf/${name}.pdf`;
    this.write(path, bytes);
    this.records.delete(path);
    return path;
  }

  /** Copies a committed video asset, named by its content hash; returns its value. */
  copyVideo(source: string, name: string): string {
    const bytes = readFileSync(source);
    const path = `videos/${slugify(name)}-${sha256(bytes).slice(0, 8)}.webm`;
    const file = join(this.mediaDir, path);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(source, file);
    }
    this.records.set(path, {
      path,
      contentType: 'video/webm',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    return `media/${path}`;
  }
}
