/**
 * Finding a file among hundreds by name, the same way on the media library page and in the media
 * picker: lower case, accents off ("Règlement" is found by "reglement"), every word must match the
 * file's name or its path.
 */
import type { MediaItem } from '@plant-kiosk/contract';

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matchesSearch(item: Pick<MediaItem, 'originalName' | 'value'>, query: string) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(`${item.originalName} ${item.value}`);
  return words.every((word) => haystack.includes(word));
}
