/** French labels of the contract's enumerations, shared by every screen. */
import {
  instantToPlantLocal,
  plantLocalToInstant,
  type ItemType,
  type ZoneType,
} from '@plant-kiosk/contract';

export const ZONE_TYPE_LABELS: Record<ZoneType, string> = {
  images: 'Liste d’images',
  subgroups: 'Contenus par modèle (produits, magazines…)',
  text: 'Texte',
  videos: 'Vidéos',
};

export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  image: 'Image',
  text: 'Texte',
  video: 'Vidéo',
  pdf: 'PDF',
  link: 'Lien',
  date: 'Date',
  group: 'Groupe (contenus par modèle)',
};

export const zoneTypeOptions = Object.entries(ZONE_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));
export const itemTypeOptions = Object.entries(ITEM_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

// ---------- times (issue 45: the plant's wall clock, never the browser's) ----------

/** One formatter a zone: building one costs far more than using it. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('fr-FR', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

/**
 * « 27/11/2026 10:00 »: an instant as the plant's clock read it (`timeZone`: the development's,
 * see lib/plant-zone.ts). Short, for tables and lines of facts.
 */
export function formatDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatIn(dateTimeFormats, timeZone, { dateStyle: 'short', timeStyle: 'short' }).format(
    date,
  );
}

/**
 * <input type="datetime-local"> holds a wall-clock time without zone (`YYYY-MM-DDTHH:MM`): the
 * plant's, for the instant the API speaks (ISO, UTC).
 */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = instantToPlantLocal(date, timeZone);
  return `${local.date}T${local.time}`;
}

/**
 * The instant a datetime-local field's value means in the plant's zone: `{ iso }` (`undefined`
 * for an empty field), or the French sentence of why not — above all a time the clocks skip that
 * night (spring gap). A time that happens twice (autumn overlap) means the first, as scheduling
 * does (contract plant-time.ts).
 */
export function fromLocalInput(
  value: string,
  timeZone: string,
): { iso: string | undefined } | { error: string } {
  if (!value) return { iso: undefined };
  const [date = '', time = ''] = value.split('T');
  const read = plantLocalToInstant(date, time.slice(0, 5), timeZone);
  return 'error' in read ? { error: read.error } : { iso: read.instant.toISOString() };
}
