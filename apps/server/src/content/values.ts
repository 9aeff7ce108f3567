/**
 * Checks on what editors type that the schemas cannot express. Values of media and link types end
 * up in the kiosk's `src`/`href` attributes, so only relative paths on this server and http(s)
 * URLs are accepted: never `javascript:`, `data:` or a protocol-relative `//host` URL.
 */
import type { ItemType } from '@plant-kiosk/contract';
import { badRequest } from '../lib/envelope.js';

const URL_TYPES: ReadonlySet<ItemType> = new Set(['image', 'video', 'pdf', 'link']);
const TYPE_NAMES: Record<ItemType, string> = {
  image: 'image',
  video: 'vidéo',
  pdf: 'PDF',
  link: 'lien',
  text: 'texte',
  date: 'date',
  group: 'groupe',
};
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The value to store, or a 400 saying what is wrong with it. `what` names it in the message. */
export function checkItemValue(value: string, type: ItemType, what = 'La valeur'): string {
  if (URL_TYPES.has(type)) {
    const trimmed = value.trim();
    const problem = `${what} d’un élément de type ${TYPE_NAMES[type]} doit être un chemin sur ce serveur (par exemple media/images/plan.svg ou pdf/guide.pdf) ou une adresse http(s)`;
    if (trimmed === '' || CONTROL.test(trimmed) || trimmed.includes('\\')) {
      throw badRequest(`${problem}.`);
    }
    if (SCHEME.test(trimmed)) {
      let url: URL;
      try {
        url = new URL(trimmed);
      } catch {
        throw badRequest(`${problem}.`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw badRequest(`${problem} (reçu : ${url.protocol}…).`);
      }
      return trimmed;
    }
    if (trimmed.startsWith('//') || trimmed.split('/').includes('..')) {
      throw badRequest(`${problem}.`);
    }
    return trimmed;
  }
  if (type === 'date') {
    const trimmed = value.trim();
    if (
      !/^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(trimmed) ||
      Number.isNaN(Date.parse(trimmed))
    ) {
      throw badRequest(
        `${what} d’un élément de type date doit être une date AAAA-MM-JJ (par exemple 2026-03-01).`,
      );
    }
    return trimmed;
  }
  return value;
}

/** Dates are stored as UTC ISO strings: expiry checks compare them as text. */
export function normalizeDate(value: string): string {
  return new Date(value).toISOString();
}

/**
 * The text alternative to store for an item of `type` (decision 050): trimmed, on one line, ''
 * when none. Only images take one — a text, a link or a video says itself — so an alternative
 * given to another type is a 400 rather than words that nothing would ever read.
 */
export function checkAltText(alt: string | undefined, type: ItemType, what = 'L’élément'): string {
  const trimmed = (alt ?? '').replace(/\s+/g, ' ').trim();
  if (trimmed === '') return '';
  if (type !== 'image') {
    throw badRequest(
      `${what} est de type ${TYPE_NAMES[type]} : seule une image prend un texte alternatif.`,
    );
  }
  if (CONTROL.test(trimmed)) {
    throw badRequest('Le texte alternatif ne peut pas contenir de caractères de contrôle.');
  }
  return trimmed;
}

/**
 * What an update writes to `alt`: the new alternative when one is given, '' when the item stops
 * being an image (its old alternative would describe a picture that is gone), nothing otherwise.
 */
export function altTextChange(
  given: string | undefined,
  type: ItemType,
  current: string | undefined,
  what?: string,
): string | undefined {
  if (given !== undefined) return checkAltText(given, type, what);
  return type !== 'image' && current ? '' : undefined;
}
