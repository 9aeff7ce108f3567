/**
 * Wire format of the back-office media library (back-office and fleet, "Media library"): upload,
 * list and delete the images, PDFs and videos of one development. Same conventions as admin.ts:
 * envelope answers, a live admin session (cookie), the CSRF header on POST/DELETE, editors limited
 * to their developments, French messages.
 *
 * Upload: `POST adminMediaPaths.list(devid)` as `multipart/form-data` with ONE file part named
 * MEDIA_UPLOAD_FIELD. The server decides the kind from the file's CONTENT (magic bytes), never from
 * its name or declared type; refusals are 415 (type not accepted, SVG included), 413 (over the
 * kind's size limit, or an image over MEDIA_MAX_IMAGE_PIXELS) or 400 (no file, unreadable image).
 * Images are re-encoded to the kiosk size (at most MEDIA_IMAGE_MAX_WIDTH wide, never upscaled)
 * plus a thumbnail; PDFs and videos are stored as sent.
 *
 * Delete: `DELETE adminMediaPaths.item(mediaid)`; 409 while content or an alert template still
 * uses the file, with the current item (its `usedBy` and `usedByTemplates`) in `data` so the SPA
 * can name the items to change first.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate } from './entities.js';
import { adminRelative } from './route-table.js';

export const MediaKind = Type.Union([
  Type.Literal('image'),
  Type.Literal('pdf'),
  Type.Literal('video'),
]);
export type MediaKind = Static<typeof MediaKind>;

/** Name of the multipart file part of an upload. */
export const MEDIA_UPLOAD_FIELD = 'file';

const MB = 1024 * 1024;
/** Largest accepted upload of each kind, in bytes (413 beyond). */
export const MEDIA_MAX_BYTES: Readonly<Record<MediaKind, number>> = {
  image: 20 * MB,
  pdf: 50 * MB,
  video: 200 * MB,
};
/** Largest upload of any kind: what the server lets through before it knows the kind. */
export const MEDIA_MAX_UPLOAD_BYTES = Math.max(...Object.values(MEDIA_MAX_BYTES));
/**
 * Images with more pixels than this are refused (413) before being decoded: a few kilobytes of
 * PNG can claim gigapixels ("decompression bomb"). 60 Mpx covers any camera photo.
 */
export const MEDIA_MAX_IMAGE_PIXELS = 60_000_000;
/** Kiosk-size images are at most this wide (portrait totem, 1080 px), aspect kept, never upscaled. */
export const MEDIA_IMAGE_MAX_WIDTH = 1080;
/** Thumbnails for the back-office are at most this wide. */
export const MEDIA_THUMBNAIL_WIDTH = 320;

/** Content types recognised by their magic bytes, by kind. SVG is refused (scripts). */
export const MEDIA_ACCEPTED_TYPES: Readonly<Record<MediaKind, readonly string[]>> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
  pdf: ['application/pdf'],
  video: ['video/mp4', 'video/webm'],
};
/** For the file picker's `accept` attribute (a hint only: the server checks the content). */
export const MEDIA_ACCEPT_ATTRIBUTE = [
  ...Object.values(MEDIA_ACCEPTED_TYPES).flat(),
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.avif',
  '.pdf',
  '.mp4',
  '.webm',
].join(',');

/** One content item whose value references a media file. */
export const MediaUsage = Type.Object({
  /** An element's own value, or a sub-element's (possibly a sub-group field value). */
  type: Type.Union([Type.Literal('element'), Type.Literal('subelement')]),
  /** elementid or subelementid, per `type`. */
  id: Id,
  zoneid: Id,
  zonename: Type.String(),
  elementid: Id,
  subgroupid: Type.Union([Id, Type.Null()]),
  fieldlabel: Type.Union([Type.String(), Type.Null()]),
  /** The draft uses it (the back-office's content). */
  inDraft: Type.Boolean(),
  /** The published content uses it: a totem may be showing it now. */
  published: Type.Boolean(),
});
export type MediaUsage = Static<typeof MediaUsage>;

/** An alert template whose image is a media file (decision 022). */
export const MediaTemplateUsage = Type.Object({
  templateid: Id,
  /** The draft's name, or the published one when the draft dropped the template. */
  name: Type.String(),
  /** The draft template uses it. */
  inDraft: Type.Boolean(),
  /** The published template uses it: a totem would show it with the alert. */
  published: Type.Boolean(),
});
export type MediaTemplateUsage = Static<typeof MediaTemplateUsage>;

/**
 * What is wrong with a library file on the server's disk (media integrity, decision 029): gone,
 * of another size than stored, or same size with other bytes. Such a file is never served.
 */
export const MediaFileProblem = Type.Union([
  Type.Literal('missing'),
  Type.Literal('wrong-size'),
  Type.Literal('changed'),
]);
export type MediaFileProblem = Static<typeof MediaFileProblem>;

/** What the back-office says of each problem. */
export const MEDIA_FILE_PROBLEM_LABELS: Record<MediaFileProblem, string> = {
  missing: 'Fichier manquant sur le serveur',
  'wrong-size': 'Fichier endommagé (taille modifiée)',
  changed: 'Fichier endommagé (contenu modifié)',
};

export const MediaItem = Type.Object({
  mediaid: Id,
  devid: Id,
  kind: MediaKind,
  /** File name as uploaded (display only); for seeded media, the stored file's name. */
  originalName: Type.String(),
  /** Type of the stored file (kiosk-size images are WebP whatever was uploaded). */
  contentType: Type.String(),
  /** Size of the stored (kiosk-size) file. */
  bytes: Type.Integer({ minimum: 0 }),
  /** Kiosk-size dimensions, images only (null for PDFs, videos and seeded SVGs). */
  width: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  height: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /**
   * What to put in an element's or sub-element's `value` to show this file on the kiosks, e.g.
   * "media/uploads/3/photo-1a2b3c4d.webp" or "pdf/uploads/3/guide-1a2b3c4d.pdf" (a path the
   * kiosk's PDF reader opens as is).
   */
  value: Type.String(),
  /** Absolute path on this server of the kiosk-size file, e.g. "/media/uploads/3/photo-1a2b3c4d.webp". */
  url: Type.String(),
  /** Absolute path of the thumbnail (images only; a seeded SVG is its own thumbnail). */
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoDate,
  /** Content items whose value is this file; a file in use cannot be deleted. */
  usedBy: Type.Array(MediaUsage),
  /** Alert templates (draft or published) whose image is this file; they keep it in use too. */
  usedByTemplates: Type.Array(MediaTemplateUsage),
  /**
   * The kiosk-size file as this server last checked it: null when it is as stored (or its
   * content is still being checked), else what is wrong; the totems cannot get it until fixed.
   */
  fileProblem: Type.Union([MediaFileProblem, Type.Null()]),
});
export type MediaItem = Static<typeof MediaItem>;

export const MediaList = Type.Array(MediaItem);
export type MediaList = Static<typeof MediaList>;

export const MediaListQuery = Type.Object(
  { kind: Type.Optional(MediaKind) },
  { additionalProperties: false },
);
export type MediaListQuery = Static<typeof MediaListQuery>;

/** `data` of a successful delete. */
export const MediaDeletedResponse = Type.Object({ deleted: Id });
export type MediaDeletedResponse = Static<typeof MediaDeletedResponse>;

/** Audit actions written by the media library. */
export const MEDIA_AUDIT_ACTIONS = { upload: 'media.upload', delete: 'media.delete' } as const;

// ---------- paths ----------

/** Fastify route patterns of the same calls, relative to ADMIN_API_PREFIX. */
export const adminMediaRoutePatterns = {
  list: adminRelative('adminMedia'),
  item: adminRelative('adminDeleteMedia'),
} as const;

/**
 * `media` of GET /healthz: this instance's view of the library's files (media integrity, decision
 * 029). The answer stays 200 whatever it says: load balancers and `restore` read the status.
 */
export const MediaHealth = Type.Object({
  /** Library files (kiosk-size files and thumbnails) this instance checks. */
  files: Type.Integer({ minimum: 0 }),
  /** Files whose check is complete (found right, missing or damaged). */
  checked: Type.Integer({ minimum: 0 }),
  missing: Type.Integer({ minimum: 0 }),
  /** Of the wrong size, or whose content changed. */
  damaged: Type.Integer({ minimum: 0 }),
  /** Of the right size, content not checked yet (the background pass after a start). */
  pending: Type.Integer({ minimum: 0 }),
});
export type MediaHealth = Static<typeof MediaHealth>;
