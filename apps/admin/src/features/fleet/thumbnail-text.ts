/**
 * A totem's thumbnails (issue 48, kiosk-thumbnails.ts) in French words: where the picture is read
 * from, what its alt text says (« Vignette de Hall d’accueil : /zone/Moulage, révision 12,
 * 14:05 »), the areas the totem drew as labelled boxes, and its times on the plant's clock.
 */
import { pathOf, type KioskLatestThumbnail } from '@plant-kiosk/contract';
import { formatDate } from '../../lib/labels';

/**
 * The picture's address. The back-office authenticates by its session cookie (same origin, path
 * /api/admin): a plain <img src> carries it, no blob or object URL needed.
 */
export function thumbnailSrc(devid: number, kioskId: string, thumbnailId: number): string {
  return pathOf('adminKioskThumbnailImage', { params: { devid, kioskId, thumbnailId } });
}

export function revisionWords(revision: number | null): string {
  return revision === null ? 'aucune révision' : `révision ${revision}`;
}

/**
 * The areas the totem could not draw. The thumbnail gives only their count, not what each was:
 * the parenthesis says what such an area may be, not which it is.
 */
export function placeholdersText(count: number): string | null {
  if (count <= 0) return null;
  return count === 1
    ? '1 zone non dessinée (vidéo ou page externe)'
    : `${count} zones non dessinées (vidéo ou page externe)`;
}

function dayIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeZone }).format(date);
}

/**
 * « 14:05 » (« 14:05:12 » with `seconds`) on the plant's clock when the instant is today there, the
 * date and time otherwise: a picture of yesterday must not read as one of this afternoon.
 */
export function clockTime(
  iso: string,
  timeZone: string,
  now: number,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (dayIn(date, timeZone) !== dayIn(new Date(now), timeZone)) {
    if (!seconds) return formatDate(iso, timeZone);
    return `${dayIn(date, timeZone)} ${clockTime(iso, timeZone, date.getTime(), { seconds })}`;
  }
  return new Intl.DateTimeFormat('fr-FR', {
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZone,
  }).format(date);
}

/**
 * The picture's alt text: whose, which page, which revision, when. The time is the server's
 * reception (`receivedAt`): the totem's own clock may be wrong, and the server's is the one the
 * fleet's other times (« Vu ») are read against.
 */
export function thumbnailAlt(
  totem: string,
  thumbnail: Pick<KioskLatestThumbnail, 'route' | 'revision' | 'receivedAt'>,
  timeZone: string,
  now: number,
): string {
  return `Vignette de ${totem} : ${thumbnail.route}, ${revisionWords(thumbnail.revision)}, ${clockTime(thumbnail.receivedAt, timeZone, now)}`;
}
