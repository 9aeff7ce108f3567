/**
 * The picture's encoding: WebP, the quality lowered step by step until it weighs at most
 * THUMBNAIL_TARGET_BYTES; above THUMBNAIL_MAX_BYTES (what the server accepts) even at the lowest
 * quality, it is not sent. The encoder is injected (canvas.toBlob in the browser, a stand-in in
 * tests: jsdom cannot encode). A browser that answers `toBlob('image/webp')` with a PNG (it may:
 * the type is a wish) is caught by reading the bytes, as the server does.
 */
import { isWebp, THUMBNAIL_MAX_BYTES, THUMBNAIL_TARGET_BYTES } from '@plant-kiosk/contract';
import { ThumbnailError } from './thumbnail-error';

/** Encodes the picture at a quality in (0, 1]; null when the browser could not. */
export type Encoder = (quality: number) => Promise<Blob | null>;

/**
 * From good to poor. A 270 × 480 kiosk page is ~15–40 KB at 0.8 (bench); the lower steps are for
 * a busy photo wall.
 */
export const QUALITY_STEPS: readonly number[] = [0.8, 0.65, 0.5, 0.35, 0.2];

export interface EncodeOptions {
  targetBytes?: number;
  maxBytes?: number;
  steps?: readonly number[];
  /** Called between two attempts (each is a full encode: the page gets a turn in between). */
  between?: () => Promise<void>;
}

export interface Encoded {
  blob: Blob;
  quality: number;
}

/** The first bytes: Blob.arrayBuffer() where the engine has it (every kiosk browser), FileReader
 * otherwise (jsdom). */
async function readHead(blob: Blob): Promise<Uint8Array> {
  const head = blob.slice(0, 12);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('lecture impossible'));
    reader.readAsArrayBuffer(head);
  });
}

export async function encodeWithinBudget(
  encode: Encoder,
  options: EncodeOptions = {},
): Promise<Encoded> {
  const targetBytes = options.targetBytes ?? THUMBNAIL_TARGET_BYTES;
  const maxBytes = options.maxBytes ?? THUMBNAIL_MAX_BYTES;
  const steps = options.steps ?? QUALITY_STEPS;
  let last: Encoded | null = null;
  for (const [index, quality] of steps.entries()) {
    if (index > 0) await options.between?.();
    const blob = await encode(quality);
    if (blob === null) throw new ThumbnailError('encodage impossible (toBlob sans résultat)');
    if (!isWebp(await readHead(blob))) {
      throw new ThumbnailError(
        `le navigateur ne produit pas de WebP (${blob.type || 'type inconnu'})`,
      );
    }
    last = { blob, quality };
    if (blob.size <= targetBytes) return last;
  }
  if (last === null) throw new ThumbnailError('aucune qualité à essayer');
  // Above the aim but within what the server takes: better a picture a little heavy than none.
  if (last.blob.size <= maxBytes) return last;
  throw new ThumbnailError(
    `vignette trop lourde : ${Math.ceil(last.blob.size / 1024)} Kio à la qualité ${last.quality} (${Math.floor(maxBytes / 1024)} Kio au plus)`,
  );
}
