/**
 * The back-office media library (back-office and fleet, decision 008): stores uploads under
 * DATA_DIR/media where the media routes already serve them, lists a development's files with where
 * content and alert templates (draft or published, decision 022) use them, and deletes the unused
 * ones. Routes stay thin; every rule lives here.
 *
 * Files are never left half-written: an upload streams to a temporary file under `.tmp/` (same
 * file system, ignored by the static routes as a dotfile folder), derived images are written to
 * temporary names too, and only complete files are renamed into place. Any failure removes them.
 *
 * Where files go (values are what content stores; see the contract's MediaItem):
 * - images: `uploads/<devid>/<slug>-<hash8>.webp` (kiosk size) + `…-<hash8>.thumb.webp`;
 * - videos: `uploads/<devid>/<slug>-<hash8>.<mp4|webm>`, as uploaded;
 * - PDFs: `pdf/uploads/<devid>/<slug>-<hash8>.pdf`, as uploaded — under `pdf/`, so that the
 *   kiosk's reader reaches them at its relative `pdf/` path as well as under /media/.
 * `hash8` comes from the uploaded bytes: the same file uploaded twice is the same media item.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, extname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  cleanFileName,
  ERROR_CODES,
  MEDIA_AUDIT_ACTIONS,
  MEDIA_IMAGE_MAX_WIDTH,
  MEDIA_MAX_BYTES,
  MEDIA_MAX_IMAGE_PIXELS,
  MEDIA_THUMBNAIL_WIDTH,
  type MediaFileProblem,
  type MediaItem,
  type MediaKind,
  type MediaTemplateUsage,
  type MediaUsage,
} from '@plant-kiosk/contract';
import sharp, { type Metadata } from 'sharp';
import type { MediaRow } from '../db/schema.js';
import type { MediaTemplateValueUsage, MediaValueUsage } from './media-repository.js';
import { slugify } from '../lib/slugify.js';
import type { Actor } from '../audit/index.js';
import { ConflictError, isUniqueViolation } from '../lib/admin/errors.js';
import type { AppContext } from '../lib/context.js';
import { badRequest, HttpError, notFound } from '../lib/envelope.js';
import { sha256File, type MediaFileState } from './media-integrity.js';
import { sniff, SNIFF_BYTES, type Sniffed } from './media-sniffer.js';

/** Largest file of each kind: MEDIA_MAX_BYTES, or a test's smaller limits (AppOptions). */
export type MediaLimits = Readonly<Record<MediaKind, number>>;

/** What the multipart parser lets through before the kind is known: the largest kind's limit. */
export const largestOf = (limits: MediaLimits) => Math.max(...Object.values(limits));

const KIND_LABELS: Record<MediaKind, string> = {
  image: 'une image',
  pdf: 'un PDF',
  video: 'une vidéo',
};

// Kilobytes below one megabyte: tests run with small limits (AppOptions.mediaMaxBytes).
const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} Mo`
    : `${Math.round(bytes / 1024)} Ko`;

export const MEDIA_MESSAGES = {
  notMultipart: 'Envoyez le fichier en multipart/form-data, dans un champ nommé « file ».',
  noFile: 'Aucun fichier reçu : choisissez un fichier puis réessayez.',
  svgRefused:
    'Les images SVG sont refusées : elles peuvent contenir des scripts. Exportez l’image en PNG, JPEG ou WebP puis réessayez.',
  unsupportedType:
    'Type de fichier non pris en charge : seuls les images JPEG, PNG, WebP, GIF et AVIF, les PDF et les vidéos MP4 et WebM sont acceptés. Le type est lu dans le contenu du fichier, pas dans son nom.',
  tooLarge: (kind: MediaKind, limits: MediaLimits = MEDIA_MAX_BYTES) =>
    `Fichier trop volumineux : ${KIND_LABELS[kind]} ne peut dépasser ${megabytes(limits[kind])}.`,
  tooLargeAny: (limits: MediaLimits = MEDIA_MAX_BYTES) =>
    `Fichier trop volumineux : la limite est de ${megabytes(largestOf(limits))}.`,
  tooManyPixels: (width: number, height: number) =>
    `Image trop grande : ${width} × ${height} pixels, la limite est de ${MEDIA_MAX_IMAGE_PIXELS / 1_000_000} millions de pixels. Réduisez-la puis réessayez.`,
  unreadableImage: 'Image illisible ou endommagée : elle n’a pas pu être convertie.',
  emptyFile: 'Le fichier est vide.',
  notFound: (mediaid: number) => `Le média ${mediaid} n’existe pas.`,
  uploaded: 'Fichier ajouté à la médiathèque.',
  alreadyThere: 'Ce fichier est déjà dans la médiathèque.',
  repaired:
    'Ce fichier était manquant ou endommagé sur le serveur : il est remplacé par celui envoyé.',
  deleted: 'Fichier supprimé de la médiathèque.',
  /** `revisions` newest first. */
  inRevisions: (revisions: readonly number[]) => {
    const [newest] = revisions;
    const others = revisions.length - 1;
    const more = others === 0 ? '' : others === 1 ? ' et 1 autre' : ` et ${others} autres`;
    return `Ce fichier est utilisé par la révision ${newest}${more} : il doit rester pour qu’on puisse revenir à ${revisions.length === 1 ? 'cette version' : 'ces versions'}.`;
  },
  inUse: (usages: readonly MediaUsage[], templates: readonly MediaTemplateUsage[] = []) => {
    const sentences: string[] = [];
    if (usages.length > 0) {
      const named = usages.slice(0, 5).map(describeUsage).join(' ; ');
      const more = usages.length > 5 ? ` et ${usages.length - 5} autre(s)` : '';
      sentences.push(
        `Ce fichier est encore utilisé par ${usages.length === 1 ? 'un contenu' : `${usages.length} contenus`} : ${named}${more}.`,
      );
    }
    if (templates.length > 0) {
      const named = templates.map(describeTemplateUsage).join(', ');
      const which = templates.length === 1 ? 'le modèle d’alerte' : 'les modèles d’alerte';
      sentences.push(
        `${usages.length > 0 ? 'Il est aussi utilisé' : 'Ce fichier est encore utilisé'} par ${which} ${named}.`,
      );
    }
    const fixes = [
      ...(usages.length > 0 ? ['retirez-le de ces contenus'] : []),
      ...(templates.length > 0
        ? [
            `choisissez une autre image pour ${templates.length === 1 ? 'ce modèle' : 'ces modèles'}`,
          ]
        : []),
    ].join(' et ');
    sentences.push(`${fixes.charAt(0).toUpperCase()}${fixes.slice(1)} avant de le supprimer.`);
    return sentences.join(' ');
  },
} as const;

function describeTemplateUsage(usage: MediaTemplateUsage): string {
  // Dropped from the draft (or its image changed) but still on the totems until the next publish.
  const where = usage.inDraft ? '' : ' (publié, retiré du brouillon : publiez pour le libérer)';
  return `« ${usage.name} »${where}`;
}

function describeUsage(usage: MediaUsage): string {
  const zone = `zone « ${usage.zonename} »`;
  // Removed from the draft but still on the totems until the next publish.
  const where = usage.inDraft ? '' : ' (publié, retiré du brouillon : publiez pour le libérer)';
  if (usage.type === 'element') return `${zone}, élément ${usage.id}${where}`;
  const field = usage.fieldlabel ? `, champ « ${usage.fieldlabel} »` : '';
  return `${zone}, élément ${usage.elementid}, sous-élément ${usage.id}${field}${where}`;
}

const tooLarge = (message: string) => new HttpError(413, ERROR_CODES.payloadTooLarge, message);
const unsupported = (message: string) =>
  new HttpError(415, ERROR_CODES.unsupportedMediaType, message);

/** The content value of a stored file: PDFs live at the kiosk's `pdf/…`, the rest under `media/`. */
export function mediaValue(path: string): string {
  return path.startsWith('pdf/') ? path : `media/${path}`;
}

function kindOf(row: MediaRow): MediaKind | null {
  if (row.kind === 'image' || row.kind === 'pdf' || row.kind === 'video') return row.kind;
  if (row.content_type.startsWith('image/')) return 'image';
  if (row.content_type === 'application/pdf') return 'pdf';
  if (row.content_type.startsWith('video/')) return 'video';
  return null;
}

/** Values a content item may hold for this file (the fixture and older content use a leading `/`). */
function valuesOf(row: MediaRow): string[] {
  const paths = [row.path, ...(row.thumbnail_path ? [row.thumbnail_path] : [])];
  return paths.flatMap((path) => [mediaValue(path), `/${mediaValue(path)}`]);
}

export interface UploadInput {
  devid: number;
  filename: string;
  /**
   * The file's bytes. A multipart file stream that reached the parser's size limit sets
   * `truncated` and then ends as if the file were complete: that upload is over the limit.
   */
  stream: Readable & { readonly truncated?: boolean };
}

export interface UploadResult {
  item: MediaItem;
  /** False when the same file was already in the library (nothing written, unless `repaired`). */
  created: boolean;
  /** The library had this file, missing or damaged on disk: the upload stored it again. */
  repaired?: boolean;
}

/** A file's problem, from its checked state (a file still being checked has none yet). */
const problemOf = (state: MediaFileState | undefined): MediaFileProblem | null =>
  state === 'missing' || state === 'wrong-size' || state === 'changed' ? state : null;

interface Received {
  tempFile: string;
  bytes: number;
  sha256: string;
  type: Extract<Sniffed, { contentType: string }>;
}

/** Multipart's own size limit (the largest kind's), hit before ours when a file never ends. */
const isMultipartTooLarge = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

export class MediaLibrary {
  private readonly root: string;
  private readonly tempDir: string;
  private readonly limits: MediaLimits;

  constructor(private readonly ctx: AppContext) {
    this.root = ctx.config.mediaDir;
    this.tempDir = join(this.root, '.tmp');
    this.limits = ctx.mediaMaxBytes;
  }

  async list(devid: number, kind?: MediaKind): Promise<MediaItem[]> {
    const rows = (await this.ctx.repos.media.listNewestFirst(devid)).filter((row) => {
      const rowKind = kindOf(row);
      return rowKind !== null && (kind === undefined || rowKind === kind);
    });
    const values = rows.flatMap(valuesOf);
    const usages = await this.ctx.repos.media.usages(devid, values);
    const templates = await this.ctx.repos.media.templateUsages(devid, values);
    // Sizes checked now, content as the background pass last found it (media integrity).
    const states = await this.ctx.mediaIntegrity.check(rows);
    return rows.map((row) =>
      this.toItem(
        row,
        devid,
        usagesOf(row, usages),
        usagesOf(row, templates),
        problemOf(states.get(row.path)),
      ),
    );
  }

  async upload(actor: Actor, input: UploadInput): Promise<UploadResult> {
    const { devid } = input;
    const received = await this.receive(input.stream);
    const written: string[] = [];
    try {
      const slug = slugify(basename(input.filename, extname(input.filename)));
      const stem = `${slug}-${received.sha256.slice(0, 8)}`;
      const { kind } = received.type;
      const folder = kind === 'pdf' ? `pdf/uploads/${devid}` : `uploads/${devid}`;
      const path = `${folder}/${stem}.${kind === 'image' ? 'webp' : received.type.extension}`;

      const existing = await this.ctx.repos.media.findByPath(path);
      // The same file again: nothing to do, unless the stored copy is missing or damaged, which
      // this upload then replaces (the way to repair it: the name stays, content keeps working).
      const repair = existing?.devid === devid ? existing : undefined;
      if (repair && !(await this.damaged(repair))) {
        return { item: await this.item(repair, devid), created: false };
      }

      let image: { width: number; height: number; thumbnailPath: string } | undefined;
      if (kind === 'image') {
        const thumbnailPath = `${folder}/${stem}.thumb.webp`;
        const rendered = await this.renderImage(received.tempFile, path, thumbnailPath, written);
        image = { ...rendered, thumbnailPath };
      } else {
        await this.place(received.tempFile, path, written);
      }
      const stored = image ? (await stat(join(this.root, path))).size : received.bytes;
      // What the integrity checks compare the disk with: the stored bytes' hash (an image is
      // stored as the WebP made from the upload, not as received).
      const fileSha256 = image ? await sha256File(join(this.root, path)) : received.sha256;
      const thumbnail = image
        ? {
            size: (await stat(join(this.root, image.thumbnailPath))).size,
            sha256: await sha256File(join(this.root, image.thumbnailPath)),
          }
        : null;
      if (repair) {
        const row = await this.ctx.repos.media.replaceFile(repair.mediaid, {
          size: stored,
          file_sha256: fileSha256,
          thumbnail_size: thumbnail?.size ?? null,
          thumbnail_sha256: thumbnail?.sha256 ?? null,
          width: image?.width ?? repair.width,
          height: image?.height ?? repair.height,
        });
        written.length = 0;
        return { item: await this.item(row, devid), created: false, repaired: true };
      }
      let row: MediaRow;
      try {
        row = await this.ctx.repos.media.insert({
          devid,
          path,
          content_type: kind === 'image' ? 'image/webp' : received.type.contentType,
          size: stored,
          sha256: received.sha256,
          file_sha256: fileSha256,
          thumbnail_size: thumbnail?.size ?? null,
          thumbnail_sha256: thumbnail?.sha256 ?? null,
          kind,
          // No NUL, control or bidi character, no lone surrogate (outside-probe hardening), on
          // either store.
          original_name: cleanFileName(input.filename).slice(0, 255) || basename(path),
          width: image?.width ?? null,
          height: image?.height ?? null,
          thumbnail_path: image?.thumbnailPath ?? null,
          created_at: this.ctx.now().toISOString(),
        });
      } catch (error) {
        // The same file uploaded twice at once: the other request stored it (same bytes, same path).
        if (!isUniqueViolation(error)) throw error;
        const winner = await this.ctx.repos.media.findByPath(path);
        if (!winner) throw error;
        written.length = 0;
        return { item: await this.item(winner, devid), created: false };
      }
      written.length = 0;
      // Its size checked now; its content joins the background pass.
      const states = await this.ctx.mediaIntegrity.check([row]);
      const item = this.toItem(row, devid, [], [], problemOf(states.get(row.path)));
      await this.ctx.repos.audit.insert({
        at: this.ctx.now(),
        userid: actor.userid,
        username: actor.username,
        devid,
        action: MEDIA_AUDIT_ACTIONS.upload,
        targetType: 'media',
        targetId: row.mediaid,
        summary: {
          after: {
            originalName: item.originalName,
            kind,
            value: item.value,
            bytes: item.bytes,
            uploadedBytes: received.bytes,
          },
        },
      });
      return { item, created: true };
    } finally {
      await rm(received.tempFile, { force: true });
      // Whatever was renamed into place before a failure goes too: no file without its row.
      for (const file of written) await rm(join(this.root, file), { force: true });
    }
  }

  /** The item, for the routes that must check its development before acting on it. */
  async find(mediaid: number): Promise<MediaRow> {
    const row = await this.ctx.repos.media.findById(mediaid);
    if (!row || row.devid === null || kindOf(row) === null) {
      throw notFound(MEDIA_MESSAGES.notFound(mediaid));
    }
    return row;
  }

  /**
   * Deletes an unused file (409 with the current item, `usedBy` and `usedByTemplates` filled, while
   * content or an alert template uses it).
   */
  async delete(actor: Actor, row: MediaRow): Promise<void> {
    const devid = row.devid!;
    const item = await this.item(row, devid);
    if (item.usedBy.length > 0 || item.usedByTemplates.length > 0) {
      throw new ConflictError(item, MEDIA_MESSAGES.inUse(item.usedBy, item.usedByTemplates));
    }
    // Every revision is kept, and a rollback must find its files (rollback and publish checks,
    // decision 014).
    const revisions = await this.ctx.repos.revisions.revisionsUsing(devid, valuesOf(row));
    if (revisions.length > 0) {
      throw new ConflictError(item, MEDIA_MESSAGES.inRevisions(revisions));
    }
    if (!(await this.ctx.repos.media.delete(row.mediaid))) {
      throw notFound(MEDIA_MESSAGES.notFound(row.mediaid));
    }
    for (const path of [row.path, row.thumbnail_path]) {
      if (!path) continue;
      // With the original, its precompressed encodings (compression and bundle split: the seed's
      // SVGs have them).
      for (const suffix of ['', '.br', '.gz']) {
        await rm(join(this.root, path + suffix), { force: true });
      }
    }
    this.ctx.mediaIntegrity.forget(row);
    await this.ctx.repos.audit.insert({
      at: this.ctx.now(),
      userid: actor.userid,
      username: actor.username,
      devid,
      action: MEDIA_AUDIT_ACTIONS.delete,
      targetType: 'media',
      targetId: row.mediaid,
      summary: {
        deleted: {
          originalName: item.originalName,
          kind: item.kind,
          value: item.value,
          bytes: item.bytes,
        },
      },
    });
  }

  private async item(row: MediaRow, devid: number): Promise<MediaItem> {
    const usages = await this.ctx.repos.media.usages(devid, valuesOf(row));
    const templates = await this.ctx.repos.media.templateUsages(devid, valuesOf(row));
    const states = await this.ctx.mediaIntegrity.check([row]);
    return this.toItem(
      row,
      devid,
      usagesOf(row, usages),
      usagesOf(row, templates),
      problemOf(states.get(row.path)),
    );
  }

  /** Whether the row's file or thumbnail is missing or damaged on disk, checked now. */
  private async damaged(row: MediaRow): Promise<boolean> {
    const states = await this.ctx.mediaIntegrity.check([row]);
    return [...states.values()].some((state) => problemOf(state) !== null);
  }

  private toItem(
    row: MediaRow,
    devid: number,
    usedBy: MediaUsage[],
    usedByTemplates: MediaTemplateUsage[],
    fileProblem: MediaFileProblem | null,
  ): MediaItem {
    const kind = kindOf(row)!;
    const value = mediaValue(row.path);
    const thumbnail = row.thumbnail_path
      ? `/${mediaValue(row.thumbnail_path)}`
      : kind === 'image'
        ? `/${value}`
        : null;
    return {
      mediaid: row.mediaid,
      devid,
      kind,
      originalName: row.original_name ?? basename(row.path),
      contentType: row.content_type,
      bytes: Number(row.size),
      width: row.width ?? null,
      height: row.height ?? null,
      value,
      url: `/${value}`,
      thumbnailUrl: thumbnail,
      createdAt: row.created_at,
      usedBy,
      usedByTemplates,
      fileProblem,
    };
  }

  /**
   * Streams the upload to a temporary file, hashing it, and stops as soon as its first bytes show
   * a refused type or it grows past its kind's limit.
   */
  private async receive(source: UploadInput['stream']): Promise<Received> {
    await mkdir(this.tempDir, { recursive: true });
    const tempFile = join(this.tempDir, `${randomUUID()}.upload`);
    const out = createWriteStream(tempFile, { flags: 'wx' });
    // A write error (disk full) must reach this function, not crash the process as an unhandled
    // 'error' event: it is kept here and rethrown by the loop (`once` also rejects on it).
    let writeError: unknown;
    out.on('error', (error) => {
      writeError ??= error;
    });
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let type: Received['type'] | undefined;
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
        if (type && bytes > this.limits[type.kind]) {
          throw tooLarge(MEDIA_MESSAGES.tooLarge(type.kind, this.limits));
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
      if (source.truncated || bytes > this.limits[type.kind]) {
        throw tooLarge(MEDIA_MESSAGES.tooLarge(type.kind, this.limits));
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
          type
            ? MEDIA_MESSAGES.tooLarge(type.kind, this.limits)
            : MEDIA_MESSAGES.tooLargeAny(this.limits),
        );
      }
      throw error;
    }
  }

  /**
   * Kiosk size and thumbnail, WebP (every kiosk browser shows it; smaller than JPEG and PNG;
   * keeps transparency and animation). The pixel count is checked from the header, before any
   * decoding, and sharp's own `limitInputPixels` guards the decode itself.
   */
  private async renderImage(
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
      const temp = await this.tempName(target);
      try {
        const info = await sharp(source, { ...options, animated: keepAnimation })
          // Photos carry their orientation in EXIF, which is dropped with the rest of the metadata
          // (GPS position included): apply it to the pixels first.
          .autoOrient()
          .resize({ width: maxWidth, withoutEnlargement: true })
          .webp({ quality })
          .toFile(temp);
        await this.place(temp, target, written);
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

  private async tempName(target: string): Promise<string> {
    await mkdir(this.tempDir, { recursive: true });
    return join(this.tempDir, `${randomUUID()}${extname(target)}`);
  }

  /** Renames a complete temporary file into place (atomic on one file system). */
  private async place(temp: string, path: string, written: string[]): Promise<void> {
    const target = join(this.root, path);
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
    written.push(path);
  }
}

/** The usages of this file (content items' or alert templates'), without the value that matched. */
function usagesOf<T extends MediaValueUsage | MediaTemplateValueUsage>(
  row: MediaRow,
  usages: readonly T[],
): Omit<T, 'value'>[] {
  const values = new Set(valuesOf(row));
  return usages
    .filter((usage) => values.has(usage.value))
    .map(({ value: _value, ...usage }) => usage);
}
