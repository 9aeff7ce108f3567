/**
 * The visitor routes of docs/product.md#screens, under /accueil/visiteur. One list for the router, the home's
 * buttons, the guard and the tests, so that a path is spelt once.
 */
import { VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';

export const VISITOR_PAGE_SLUGS = [
  'groupe',
  'siteNeubourg',
  'gamme',
  'hse',
  'qualite',
  'environnement',
  'urgence',
] as const;
export type VisitorPageSlug = (typeof VISITOR_PAGE_SLUGS)[number];

/** The absolute path of a visitor page, e.g. `/accueil/visiteur/gamme`. */
export const visitorPath = (slug: VisitorPageSlug) => `${VISITOR_HOME_PATH}/${slug}`;

/** Banner titles and breadcrumb labels of the visitor pages (keys of i18n `pages`). */
export const VISITOR_PAGE_TITLE_KEYS = {
  groupe: 'pages.visiteurGroupe',
  siteNeubourg: 'pages.visiteurSite',
  gamme: 'pages.visiteurGamme',
  hse: 'pages.visiteurHse',
  qualite: 'pages.visiteurQualite',
  environnement: 'pages.visiteurEnvironnement',
  urgence: 'pages.visiteurUrgence',
} as const satisfies Record<VisitorPageSlug, `pages.${string}`>;
