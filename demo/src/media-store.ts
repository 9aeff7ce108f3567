/**
 * The demo plant's media, gathered into a staging folder that becomes the pack's `media/` (values
 * name them as content rows do: `media/images/…`, `media/videos/…`, `pdf/…`).
 *
 * Pictures are drawn as SVG by the content builders, but SVG is what no upload and no pack may
 * carry (script inside an image), so each is rasterised once, at its drawn size, to the WebP a
 * plant would upload — the demo passes the same checks as real content. `image()` stays
 * synchronous for the builders: it names the file from the SVG's hash and queues the drawing;
 * `finish()` rasterises the queue. Names carry a hash of their source, so a URL always names the
 * same bytes and can be cached forever. PDFs keep plain names (`pdf/<name>.pdf`): the kiosk's
 * demo screen opens some by name.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { slugify } from './slugify.js';

export interface MediaRecord {
  /** Path under the media root, e.g. "images/plan-du-site-1a2b3c4d.webp". */
  path: string;
  size: number;
  sha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** WebP as a plant's team would export it: good enough for text read at arm's length. */
const WEBP = { quality: 85, effort: 2 } as const;
/** Drawings rasterised at once: sharp's own threads do the work, two keep both cores busy. */
const RASTER_CONCURRENCY = 2;

export class MediaStore {
  private readonly records = new Map<string, MediaRecord>();
  private readonly drawings = new Map<string, string>();

  /**
   * `stagingDir` receives the files, at their path below the media root; `fixturesDir` the PDFs
   * the kiosk's viewers demo, the tests and the bench open by name but no content names.
   */
  constructor(
    private readonly stagingDir: string,
    private readonly fixturesDir: string,
  ) {}

  /** Every file written so far, by path (pictures once `finish()` has run). */
  list(): MediaRecord[] {
    return [...this.records.values()].sort((a, b) => a.path.localeCompare(b.path));
  }

  /** The SVG sources of the pictures, by their path (for tests: well-formed, titled, lean). */
  svgSources(): ReadonlyMap<string, string> {
    return this.drawings;
  }

  /** Where a staged file is on disk. */
  fileOf(path: string): string {
    return join(this.stagingDir, path);
  }

  private write(path: string, bytes: Uint8Array): MediaRecord {
    const file = this.fileOf(path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const record: MediaRecord = { path, size: bytes.length, sha256: sha256(bytes) };
    this.records.set(path, record);
    return record;
  }

  /** An SVG drawing, rasterised to WebP by `finish()`; returns its value "media/images/….webp". */
  image(title: string, svg: string): string {
    const bytes = Buffer.from(svg, 'utf8');
    if (bytes.length > 60_000) {
      throw new Error(`Generated image "${title}" is ${bytes.length} bytes; keep images lean`);
    }
    const path = `images/${slugify(title)}-${sha256(bytes).slice(0, 8)}.webp`;
    this.drawings.set(path, svg);
    return `media/${path}`;
  }

  /** A PDF served at /pdf/<name>.pdf; returns "pdf/<name>.pdf". */
  pdf(name: string, bytes: Uint8Array): string {
    const path = `pdf/${name}.pdf`;
    this.write(path, bytes);
    return path;
  }

  /**
   * A PDF out of the plant's content, served at /pdf/<name>.pdf once placed in DATA_DIR/media (the
   * viewers' demo page, the tests and the bench open it by that name).
   */
  fixture(name: string, bytes: Uint8Array): void {
    const file = join(this.fixturesDir, 'pdf', `${name}.pdf`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }

  /** Copies a committed PDF asset under pdf/; returns "pdf/<name>.pdf". */
  copyPdf(source: string, name: string): string {
    return this.pdf(name, readFileSync(source));
  }

  /** Copies a committed video asset, named by its content hash; returns its value. */
  copyVideo(source: string, name: string): string {
    const bytes = readFileSync(source);
    const path = `videos/${slugify(name)}-${sha256(bytes).slice(0, 8)}.webm`;
    mkdirSync(dirname(this.fileOf(path)), { recursive: true });
    copyFileSync(source, this.fileOf(path));
    this.records.set(path, { path, size: bytes.length, sha256: sha256(bytes) });
    return `media/${path}`;
  }

  /** Rasterises every queued drawing to its WebP file. */
  async finish(): Promise<void> {
    const queue = [...this.drawings].filter(([path]) => !this.records.has(path));
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [path, svg] = next;
        const webp = await sharp(Buffer.from(svg, 'utf8')).webp(WEBP).toBuffer();
        this.write(path, webp);
      }
    };
    await Promise.all(Array.from({ length: RASTER_CONCURRENCY }, worker));
  }
}
