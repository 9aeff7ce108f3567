/**
 * Read access to the plant-tour catalogue for the visitor screens: the whole catalogue of a
 * language, and the product sheets as a list ready to render (ids attached, sorted by id).
 */
import type { Language } from '../../../i18n/i18n';
import { catalogueEn } from './catalogue-en';
import { catalogueFr } from './catalogue-fr';
import {
  PRODUCT_SHEET_IDS,
  type DosageMicrolitres,
  type PlantTourCatalogue,
  type ProductCategory,
  type ProductSheet,
} from './catalogue-types';

const catalogues: Readonly<Record<Language, PlantTourCatalogue>> = {
  fr: catalogueFr,
  en: catalogueEn,
};

export function getCatalogue(language: Language): PlantTourCatalogue {
  return catalogues[language];
}

/** The 21 product sheets of a language sorted by id, optionally only those of one category. */
export function productSheets(language: Language, category?: ProductCategory): ProductSheet[] {
  const sheets = getCatalogue(language).productSheets;
  return [...PRODUCT_SHEET_IDS]
    .sort((a, b) => a - b)
    .map((id): ProductSheet => ({ id, ...sheets[id] }))
    .filter((sheet) => category === undefined || sheet.category === category);
}

/** A dose chip's text, e.g. "150 µl"; the no-break space keeps value and unit on one line. */
export function formatDosage(dosage: DosageMicrolitres): string {
  return `${dosage}\u00a0µl`;
}
