/**
 * The staff pages' own French texts (staff pages are French only, docs/product.md#purpose). Titles of the pages
 * come from the shared i18n catalogue (`pages.*`) so the banner, breadcrumb and placeholders agree.
 */
export const STAFF_TEXT = {
  /** Shown instead of an empty zone: never a blank area (staff screens). */
  empty: 'Contenu bientôt disponible',
  /** Subtitle of a zone whose images are steps to follow (checklist zones). */
  steps: 'Suivez les étapes dans l’ordre',
  notExhaustive: 'Liste non exhaustive',
  downloadCatalogue: 'Téléchargez le catalogue',
  openDocument: 'Ouvrir le document',
  pages: (count: number) => `${count} page${count > 1 ? 's' : ''}`,
} as const;
