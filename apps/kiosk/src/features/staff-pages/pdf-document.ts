/**
 * A "Document PDF" sub-group (titre, pages, pdf, sommaire — see MODEL_FIELDS in the contract) as
 * the pages use it: the HR guide's table of contents, BE LEAN + documents. Table-of-contents
 * entries that cannot be read are dropped (and logged) rather than shown with a wrong page.
 */
import { parseTocEntry, type PopulatedSubgroup, type TocEntry } from '@plant-kiosk/contract';
import { pageImages, type PageImage } from '../content';

export interface PdfDocument {
  title: string;
  /** Page images (the first is the cover), with their text alternatives. */
  pages: PageImage[];
  /** The PDF file value, when the document has one. */
  pdf: string | undefined;
  toc: TocEntry[];
}

const values = (group: PopulatedSubgroup | undefined, field: string) =>
  (group?.fields[field] ?? []).map((item) => item.value).filter((value) => value.trim() !== '');

export function readPdfDocument(
  group: PopulatedSubgroup | undefined,
  fallbackTitle: string,
): PdfDocument {
  const toc: TocEntry[] = [];
  for (const value of values(group, 'sommaire')) {
    const entry = parseTocEntry(value);
    if (entry) toc.push(entry);
    else console.warn(`[content] unreadable table-of-contents entry "${value}"`);
  }
  return {
    title: values(group, 'titre')[0] ?? fallbackTitle,
    pages: pageImages(group?.fields['pages']),
    pdf: values(group, 'pdf')[0],
    toc,
  };
}

/** The page images of any sub-group with a `pages` field (house rules, catalogues…). */
export function pageValues(group: PopulatedSubgroup | undefined): PageImage[] {
  return pageImages(group?.fields['pages']);
}
