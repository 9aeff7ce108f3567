/**
 * The files of an upload to the media library, on disk: the library (media-library.ts) decides
 * what an upload becomes; this module writes it.
 *
 * Files are never left half-written: an upload streams to a temporary file under `.tmp/` (same
 * file system, ignored by the static routes as a dotfile folder), while its hash is taken and its
 * first bytes sniffed, so that a refused type or a file over its kind's limit stops it early;
 * derived images (kiosk size and thumbnail, WebP, rendered with sharp) are written to temporary
 * names too, and only complete files are renamed into place. Each file renamed into place is
 * added to the caller's `written` list, which `removeUploadFiles` removes when the upload fails
 * (no file without its row).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  ERROR_CODES,
  MEDIA_IMAGE_MAX_WIDTH,
  MEDIA_MAX_IMAGE_PIXELS,
  MEDIA_THUMBNAIL_WIDTH,
} from '@plant-kiosk/contract';
import sharp, { type Metadata } from 'sharp';
import { badRequest, HttpError } from '../lib/envelope.js';
import { sha256File } from './media-integrity.js';
import { MEDIA_MESSAGES, type MediaLimits } from './media-messages.js';
import { sniff, SNIFF_BYTES, type Sniffed } from './media-sniffer.js';

/** Where an upload's files go: the media folder, and its temporary folder inside it. */
export interface UploadFolders {
  /** DATA_DIR/media: stored paths are relative to it. */
  root: string;
  /** `<root>/.tmp`: on the same file system, so a rename moves a file into place atomically. */
  tempDir: string;
}

export const uploadFolders = (mediaDir: string): UploadFolders => ({
  root: mediaDir,
  tempDir: join(mediaDir, '.tmp'),
});

/**
 * The file's bytes. A multipart file stream that reached the parser's size limit sets
 * `truncated` and then ends as if the file were complete: that upload is over the limit.
 */
export type UploadStream = Readable & { readonly truncated?: boolean };

/** An upload received whole into a temporary file, of a type the library accepts. */
export interface ReceivedUpload {
  tempFile: string;
  bytes: number;
  sha256: string;
  type: Extract<Sniffed, { contentType: string }>;
}

/** What the row records of the stored files, and what the integrity checks compare the disk with. */
export interface StoredFiles {
  size: number;
  fileSha256: string;
  thumbnail: { size: number; sha256: string } | null;
}

const tooLarge = (message: string) => new HttpError(413, ERROR_CODES.payloadTooLarge, message);
const unsupported = (message: string) =>
  new HttpError(415, ERROR_CODES.unsupportedMediaType, message);

/** Multipart's own size limit (the largest kind's), hit before ours when a file never ends. */
const isMultipartTooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Streams the upload to a temporary file, hashing it, and stops as soon as its first bytes show
 * a refused type or it grows past its kind's limit.
 */
export async function receiveUpload(
  source: UploadStream,
  folders: UploadFolders,
  limits: MediaLimits,
): Promise<ReceivedUpload> {
  await mkdir(folders.tempDir, { recursive: true });
  const tempFile = join(folders.tempDir, `${randomUUID()}.upload`);
  const out = createWriteStream(tempFile, { flags: 'wx' });
  // A write error (disk full) must reach this function, not crash the process as an unhandled
  // 'error' event: it is kept here and rethrown by the loop (`once` also rejects on it).
  let writeError: unknown;
  out.on('error', (error) => {
    writeError ??= error;
  });
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let type: ReceivedUpload['type'] | undefined;
  let bytes = 0;
  const identify = () => {
    const sniffed = sniff(head);
    if (sniffed.kind === 'svg') throw unsupported(MEDIA_MESSAGES.svgRefused);
    if (sniffed.kind === 'unknown') throw unsupported(MEDIA_MESSAGES.unsupportedType);
    return sniffed;
  };
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      hash.update(chunk);
      if (!type && head.length < SNIFF_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES) type = identify();
      }
      if (type && bytes > limits[type.kind]) {
        throw tooLarge(MEDIA_MESSAGES.tooLarge(type.kind, limits));
      }
      if (writeError) throw writeError;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    if (writeError) throw writeError;
    if (bytes === 0) throw badRequest(MEDIA_MESSAGES.emptyFile);
    type ??= identify();
    // The multipart parser cut the file at the largest kind's limit and ended the stream quietly
    // (outside probe, round 3: a video of 200 MiB + 4 KiB was stored cut at 200 MiB, with 201):
    // its bytes reach exactly the video limit, so the count alone cannot tell.
    if (source.truncated || bytes > limits[type.kind]) {
      throw tooLarge(MEDIA_MESSAGES.tooLarge(type.kind, limits));
    }
    out.end();
    await once(out, 'finish');
    return { tempFile, bytes, sha256: hash.digest('hex'), type };
  } catch (error) {
    // The file is opened asynchronously: wait for the stream to close, or a late open could
    // create it again after the removal.
    if (!out.closed) {
      const closed = once(out, 'close').catch(() => undefined);
      out.destroy();
      await closed;
    }
    await rm(tempFile, { force: true });
    // Drain the rest of the upload, so the client gets our answer rather than a reset.
    source.resume();
    if (isMultipartTooLarge(error)) {
      throw tooLarge(
        type ? MEDIA_MESSAGES.tooLarge(type.kind, limits) : MEDIA_MESSAGES.tooLargeAny(limits),
      );
    }
    throw error;
  }
}

/**
 * Kiosk size and thumbnail, WebP (every kiosk browser shows it; smaller than JPEG and PNG;
 * keeps transparency and animation), from the received file at `source` to `path` and
 * `thumbnailPath`. The pixel count is checked from the header, before any decoding, and sharp's
 * own `limitInputPixels` guards the decode itself.
 */
export async function renderImage(
  folders: UploadFolders,
  source: string,
  path: string,
  thumbnailPath: string,
  written: string[],
): Promise<{ width: number; height: number }> {
  const options = { limitInputPixels: MEDIA_MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // The header only (no decoding), so that a bomb's claimed size can be named in the answer.
    metadata = await sharp(source, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(MEDIA_MESSAGES.unreadableImage);
  }
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  const pages = metadata.pages ?? 1;
  if (width * height * pages > MEDIA_MAX_IMAGE_PIXELS) {
    throw tooLarge(MEDIA_MESSAGES.tooManyPixels(width, height));
  }
  const animated = pages > 1;
  const render = async (
    target: string,
    maxWidth: number,
    quality: number,
    keepAnimation: boolean,
  ) => {
    const temp = await tempName(folders, target);
    try {
      const info = await sharp(source, { ...options, animated: keepAnimation })
        // Photos carry their orientation in EXIF, which is dropped with the rest of the metadata
        // (GPS position included): apply it to the pixels first.
        .autoOrient()
        .resize({ width: maxWidth, withoutEnlargement: true })
        .webp({ quality })
        .toFile(temp);
      await placeFile(folders, temp, target, written);
      return info;
    } catch (error) {
      await rm(temp, { force: true });
      if (error instanceof HttpError) throw error;
      if (/pixel limit/i.test(String((error as Error).message))) {
        throw tooLarge(MEDIA_MESSAGES.tooManyPixels(width, height));
      }
      throw badRequest(MEDIA_MESSAGES.unreadableImage);
    }
  };
  const info = await render(path, MEDIA_IMAGE_MAX_WIDTH, 82, animated);
  await render(thumbnailPath, MEDIA_THUMBNAIL_WIDTH, 70, false);
  // For an animated image, `height` is that of all frames stacked.
  return { width: info.width, height: info.pageHeight ?? info.height };
}

async function tempName(folders: UploadFolders, target: string): Promise<string> {
  await mkdir(folders.tempDir, { recursive: true });
  return join(folders.tempDir, `${randomUUID()}${extname(target)}`);
}

/** Renames a complete temporary file into place (atomic on one file system). */
export async function placeFile(
  folders: UploadFolders,
  temp: string,
  path: string,
  written: string[],
): Promise<void> {
  const target = join(folders.root, path);
  await mkdir(dirname(target), { recursive: true });
  await rename(temp, target);
  written.push(path);
}

/**
 * Sizes and hashes of the files placed at `path` (and `thumbnailPath`, for an image). An image is
 * stored as the WebP made from the upload, not as received, so its stored bytes are read again;
 * any other file is stored as received.
 */
export async function describeStored(
  folders: UploadFolders,
  received: ReceivedUpload,
  path: string,
  thumbnailPath: string | undefined,
): Promise<StoredFiles> {
  if (thumbnailPath === undefined) {
    return { size: received.bytes, fileSha256: received.sha256, thumbnail: null };
  }
  return {
    size: (await stat(join(folders.root, path))).size,
    fileSha256: await sha256File(join(folders.root, path)),
    thumbnail: {
      size: (await stat(join(folders.root, thumbnailPath))).size,
      sha256: await sha256File(join(folders.root, thumbnailPath)),
    },
  };
}

/**
 * Removes the upload's temporary file and whatever was renamed into place before a failure (the
 * caller empties `written` once a row holds the files).
 */
export async function removeUploadFiles(
  folders: UploadFolders,
  received: ReceivedUpload,
  written: readonly string[],
): Promise<void> {
  await rm(received.tempFile, { force: true });
  for (const file of written) await rm(join(folders.root, file), { force: true });
}
