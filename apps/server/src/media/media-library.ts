/**
 * The back-office media library (back-office and fleet, decision 008): stores uploads under
 * DATA_DIR/media where the media routes already serve them, lists a development's files with where
 * content and alert templates (draft or published, decision 022) use them, and deletes the unused
 * ones. Routes stay thin; every rule lives here. Writing an upload's files (temporary file, type
 * sniffing, WebP rendering, rename into place, clean-up on failure) is upload-files.ts's job, and
 * what the library says is media-messages.ts's.
 *
 * Where files go (values are what content stores; see the contract's MediaItem):
 * - images: `uploads/<devid>/<slug>-<hash8>.webp` (kiosk size) + `…-<hash8>.thumb.webp`;
 * - videos: `uploads/<devid>/<slug>-<hash8>.<mp4|webm>`, as uploaded;
 * - PDFs: `pdf/uploads/<devid>/<slug>-<hash8>.pdf`, as uploaded — under `pdf/`, so that the
 *   kiosk's reader reaches them at its relative `pdf/` path as well as under /media/.
 * `hash8` comes from the uploaded bytes: the same file uploaded twice is the same media item.
 */
import { rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import {
  cleanFileName,
  MEDIA_AUDIT_ACTIONS,
  type MediaFileProblem,
  type MediaItem,
  type MediaKind,
  type MediaTemplateUsage,
  type MediaUsage,
} from '@plant-kiosk/contract';
import type { MediaRow } from '../db/schema.js';
import type { MediaTemplateValueUsage, MediaValueUsage } from './media-repository.js';
import { slugify } from '../lib/slugify.js';
import type { Actor } from '../audit/index.js';
import { ConflictError, isUniqueViolation } from '../lib/admin/errors.js';
import type { AppContext } from '../lib/context.js';
import { notFound } from '../lib/envelope.js';
import type { MediaFileState } from './media-integrity.js';
import { MEDIA_MESSAGES, type MediaLimits } from './media-messages.js';
import {
  describeStored,
  placeFile,
  receiveUpload,
  removeUploadFiles,
  renderImage,
  uploadFolders,
  type UploadFolders,
  type UploadStream,
} from './upload-files.js';

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
  stream: UploadStream;
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

export class MediaLibrary {
  private readonly folders: UploadFolders;
  private readonly limits: MediaLimits;

  constructor(private readonly ctx: AppContext) {
    this.folders = uploadFolders(ctx.config.mediaDir);
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
    const received = await receiveUpload(input.stream, this.folders, this.limits);
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
        const rendered = await renderImage(
          this.folders,
          received.tempFile,
          path,
          thumbnailPath,
          written,
        );
        image = { ...rendered, thumbnailPath };
      } else {
        await placeFile(this.folders, received.tempFile, path, written);
      }
      // What the integrity checks compare the disk with: the stored bytes' hash (an image is
      // stored as the WebP made from the upload, not as received).
      const stored = await describeStored(this.folders, received, path, image?.thumbnailPath);
      if (repair) {
        const row = await this.ctx.repos.media.replaceFile(repair.mediaid, {
          size: stored.size,
          file_sha256: stored.fileSha256,
          thumbnail_size: stored.thumbnail?.size ?? null,
          thumbnail_sha256: stored.thumbnail?.sha256 ?? null,
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
          size: stored.size,
          sha256: received.sha256,
          file_sha256: stored.fileSha256,
          thumbnail_size: stored.thumbnail?.size ?? null,
          thumbnail_sha256: stored.thumbnail?.sha256 ?? null,
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
      // Whatever was renamed into place before a failure goes too: no file without its row.
      await removeUploadFiles(this.folders, received, written);
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
        await rm(join(this.folders.root, path + suffix), { force: true });
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
