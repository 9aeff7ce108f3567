/**
 * Which language of a zone a page shows (English content, decision 021). A zone's English version
 * is its elements marked `en`; an element without a language is French. A page asking for English
 * gets the English elements when the zone has any — the English version replaces the French one
 * whole, never mixed with it — and the French ones otherwise, flagged so the page can mark them
 * "FR". A page asking for French (every staff page) gets only the French elements.
 */
import { elementLanguage, type ContentLanguage, type Element } from '@plant-kiosk/contract';

export interface LanguageChoice<T> {
  /** The elements of the chosen version, in the order given. */
  elements: T[];
  /** The language of those elements: the one asked for, or French when it has none. */
  language: ContentLanguage;
  /** English was asked for and the zone has no English version: French is shown instead. */
  fallback: boolean;
}

export function chooseLanguage<T extends Pick<Element, 'lang'>>(
  elements: readonly T[],
  wanted: ContentLanguage,
): LanguageChoice<T> {
  if (wanted !== 'fr') {
    const translated = elements.filter((element) => elementLanguage(element) === wanted);
    if (translated.length > 0) return { elements: translated, language: wanted, fallback: false };
  }
  return {
    elements: elements.filter((element) => elementLanguage(element) === 'fr'),
    language: 'fr',
    fallback: wanted !== 'fr',
  };
}
