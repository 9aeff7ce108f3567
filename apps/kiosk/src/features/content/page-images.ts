/**
 * The page images of a document (a magazine issue, a catalogue, the house rules, a project's
 * pages) with their text alternatives (decision 050): what the page viewer shows and what read
 * aloud says for each page. A page without one keeps the viewer's « Titre — page n sur N ».
 */
import type { Subelement } from '@plant-kiosk/contract';
import type { ViewerPage } from '../../components/page-viewer';

export interface PageImage {
  /** The media value (a path on the content service). */
  value: string;
  /** The text alternative written by the content team, when there is one. */
  alt?: string;
}

/** The image values of `items` in order, empty ones dropped, each with its alternative. */
export function pageImages(
  items: readonly Pick<Subelement, 'value' | 'alt'>[] | undefined,
): PageImage[] {
  return (items ?? [])
    .filter((item) => item.value.trim() !== '')
    .map((item) => (item.alt ? { value: item.value, alt: item.alt } : { value: item.value }));
}

/** The pages as the page viewer takes them, their URLs resolved by `resolve`. */
export function toViewerPages(
  pages: readonly PageImage[],
  resolve: (value: string) => string,
): ViewerPage[] {
  return pages.map((page) =>
    page.alt ? { src: resolve(page.value), alt: page.alt } : { src: resolve(page.value) },
  );
}
