/**
 * Thumbnails the totem draws itself (issue 48, fleet part 3; decision 043): « what is that screen
 * showing right now? », answered from the fleet page.
 *
 * The totem draws its own page (a DOM-to-image library, in the page: no push channel a firewall
 * blocks, no screen capture permission) every THUMBNAIL_DEFAULT_INTERVAL_MINUTES and when the
 * back-office asks (a `thumbnail` remote command, kiosk-commands.ts), scales it to
 * THUMBNAIL_WIDTH × THUMBNAIL_HEIGHT, encodes it in WebP and sends it with the route, the revision
 * and the time beside it. What the page cannot draw (a cross-origin frame, a playing video) is
 * drawn as a labelled box, and the thumbnail says how many (`placeholders`): never a blank or black
 * area passed off as the screen.
 *
 * The server keeps the latest THUMBNAIL_KEEP per totem (bounded, never backed up: a thumbnail is
 * a picture of the moment, worth nothing after a restore) and refuses:
 * - 403 another totem's id (the token's totem only), or a token bound to no totem;
 * - 415 a body that is not WebP (by its bytes, whatever its content type says);
 * - 413 a body above THUMBNAIL_MAX_BYTES;
 * - 429 a second thumbnail within THUMBNAIL_MIN_INTERVAL_SECONDS, unless it answers an open
 *   `thumbnail` command of that totem (`commandId`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate, KioskId } from './entities.js';
import { adminRelative } from './route-table.js';

/** The picture's size: a quarter of the totem's 1080 × 1920 portrait screen. */
export const THUMBNAIL_WIDTH = 270;
export const THUMBNAIL_HEIGHT = 480;
/** What the totem aims for (it lowers the quality until it fits). */
export const THUMBNAIL_TARGET_BYTES = 50 * 1024;
/** What the server accepts at most (413 above). */
export const THUMBNAIL_MAX_BYTES = 64 * 1024;
/** How often a totem draws one by itself. */
export const THUMBNAIL_DEFAULT_INTERVAL_MINUTES = 10;
/** At most one thumbnail a minute per totem, unless the back-office asked for it. */
export const THUMBNAIL_MIN_INTERVAL_SECONDS = 60;
/** How many the server keeps per totem (the oldest go first). */
export const THUMBNAIL_KEEP = 5;
export const THUMBNAIL_MEDIA_TYPE = 'image/webp';
export const THUMBNAIL_ROUTE_MAX_LENGTH = 300;

/** Whether these bytes are a WebP picture: a RIFF container of form type WEBP. */
export function isWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const ascii = (from: number, to: number): string =>
    String.fromCharCode(...Array.from(bytes.subarray(from, to)));
  return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
}

/** The query of an upload: what the picture shows, beside it. The body is the WebP bytes. */
export const KioskThumbnailUploadQuery = Type.Object(
  {
    /** The kiosk's route when it drew (e.g. `/zone/Moulage`), as the address bar would show it. */
    route: Type.String({ minLength: 1, maxLength: THUMBNAIL_ROUTE_MAX_LENGTH }),
    /** The content revision the totem showed (absent: none yet); a revision fits a 32-bit id. */
    revision: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
    /** When the totem drew it, by its own clock. */
    takenAt: IsoDate,
    /** How many areas it drew as labelled boxes (a cross-origin frame, a playing video). */
    placeholders: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    /** The `thumbnail` command it answers (not bound by the once-a-minute limit). */
    commandId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type KioskThumbnailUploadQuery = Static<typeof KioskThumbnailUploadQuery>;

/** One thumbnail as the back-office sees it (the picture itself is `adminKioskThumbnailImage`). */
export const KioskThumbnail = Type.Object({
  thumbnailId: Id,
  devid: Id,
  kioskId: Type.String(),
  route: Type.String(),
  revision: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** By the totem's clock. */
  takenAt: IsoDate,
  /** By the server's clock. */
  receivedAt: IsoDate,
  bytes: Type.Integer({ minimum: 0 }),
  placeholders: Type.Integer({ minimum: 0 }),
  /** The command it answered (null: drawn on the totem's own schedule). */
  commandId: Type.Union([Id, Type.Null()]),
});
export type KioskThumbnail = Static<typeof KioskThumbnail>;

export const KioskThumbnailList = Type.Array(KioskThumbnail);
export type KioskThumbnailList = Static<typeof KioskThumbnailList>;

export const KioskThumbnailsParams = Type.Object(
  { devid: Id, kioskId: KioskId },
  { additionalProperties: false },
);
export type KioskThumbnailsParams = Static<typeof KioskThumbnailsParams>;

export const KioskThumbnailImageParams = Type.Object(
  { devid: Id, kioskId: KioskId, thumbnailId: Id },
  { additionalProperties: false },
);
export type KioskThumbnailImageParams = Static<typeof KioskThumbnailImageParams>;

/** What the fleet list carries of each totem's latest thumbnail (null: none yet). */
export const KioskLatestThumbnail = Type.Object({
  thumbnailId: Id,
  route: Type.String(),
  revision: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  takenAt: IsoDate,
  receivedAt: IsoDate,
  placeholders: Type.Integer({ minimum: 0 }),
});
export type KioskLatestThumbnail = Static<typeof KioskLatestThumbnail>;

/** Paths relative to the admin plugin's prefix. */
export const adminKioskThumbnailRoutePatterns = {
  list: adminRelative('adminKioskThumbnails'),
  image: adminRelative('adminKioskThumbnailImage'),
} as const;
