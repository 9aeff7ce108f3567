/**
 * A thumbnail of this page, ready to send: drawn (thumbnail-draw.ts), encoded in WebP within the
 * budget (thumbnail-encode.ts), with the route the address shows and the revision on screen.
 */
import { THUMBNAIL_MEDIA_TYPE, THUMBNAIL_ROUTE_MAX_LENGTH } from '@plant-kiosk/contract';
import { drawPage } from './thumbnail-draw';
import { encodeWithinBudget } from './thumbnail-encode';
import { ThumbnailError } from './thumbnail-error';
import type { ThumbnailShot } from './thumbnail-scheduler';
import { nextQuietMoment, whenIdle } from './page-turns';
import { markThumbnail, measureThumbnail } from './thumbnail-marks';

/**
 * The kiosk's route as the address shows it: the hash router's path (`#/zone/Moulage` →
 * `/zone/Moulage`), `/` for the home, cut to what the contract takes.
 */
export function currentRoute(hash: string = window.location.hash): string {
  const path = hash.replace(/^#/, '') || '/';
  return path.slice(0, THUMBNAIL_ROUTE_MAX_LENGTH);
}

export function canvasEncoder(canvas: HTMLCanvasElement) {
  return (quality: number) =>
    new Promise<Blob | null>((resolve, reject) => {
      try {
        canvas.toBlob(resolve, THUMBNAIL_MEDIA_TYPE, quality);
      } catch (error) {
        // A tainted canvas throws a SecurityError.
        reject(
          new ThumbnailError('le dessin de la page est illisible (canvas protégé)', {
            cause: error,
          }),
        );
      }
    });
}

export async function takeThumbnail(revision: () => number | null): Promise<ThumbnailShot> {
  // What goes beside the picture is read when the drawing starts (drawPage waits for idle too,
  // at once then), not when it was asked: the page may have moved on meanwhile.
  await whenIdle();
  markThumbnail('start');
  const takenAt = new Date().toISOString();
  const route = currentRoute();
  const shownRevision = revision();
  const { canvas, placeholders } = await drawPage();
  markThumbnail('drawn');
  await nextQuietMoment();
  const { blob } = await encodeWithinBudget(canvasEncoder(canvas), { between: nextQuietMoment });
  markThumbnail('encoded');
  measureThumbnail();
  return { blob, placeholders, route, revision: shownRevision, takenAt };
}
