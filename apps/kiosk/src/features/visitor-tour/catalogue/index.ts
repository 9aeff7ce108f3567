export { formatDosage, getCatalogue, productSheets } from './catalogue';
export { catalogueEn } from './catalogue-en';
export { catalogueFr } from './catalogue-fr';
export {
  DOSAGES_MICROLITRES,
  PRODUCT_CATEGORIES,
  PRODUCT_SHEET_IDS,
  type DosageMicrolitres,
  type FiguresSection,
  type KeyFigure,
  type PlantTourCatalogue,
  type ProductCategory,
  type ProductSheet,
  type ProductSheetContent,
  type ProductSheetId,
  type TextSection,
  type TileLabel,
} from './catalogue-types';
