/**
 * What every visitor page does first: read the language the frame chose for it (the visitor's
 * choice, docs/product.md#purpose), take the plant-tour catalogue in that language, put its title in the banner
 * with its anchors, and set the breadcrumb to Home / Visitors / page in that same language — also
 * when the page was reached by a typed URL or after the guard's redirect, not only by a tile.
 */
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/i18n';
import { STAFF_HOME_PATH, useUiStore, VISITOR_HOME_PATH } from '../../lib/ui-store/ui-store';
import { usePageFrame } from '../layout';
import { getCatalogue, type PlantTourCatalogue } from '../visitor-tour';
import { VISITOR_PAGE_TITLE_KEYS, visitorPath, type VisitorPageSlug } from './visitor-paths';

/**
 * The language of the page being rendered: the one of the i18next instance the frame provides,
 * so catalogue texts and translated labels can never disagree.
 */
export function useVisitorLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'fr';
}

export interface VisitorPage {
  language: Language;
  catalogue: PlantTourCatalogue;
  /** The banner title, also the page's breadcrumb label. */
  title: string;
}

/** The anchor labels of a page, from its catalogue and translations in the page's language. */
export type AnchorsOf = (
  catalogue: PlantTourCatalogue,
  t: TFunction,
  language: Language,
) => readonly string[];

export function useVisitorPage(slug: VisitorPageSlug, anchorsOf?: AnchorsOf): VisitorPage {
  const { t } = useTranslation();
  const language = useVisitorLanguage();
  const catalogue = getCatalogue(language);
  const title = t(VISITOR_PAGE_TITLE_KEYS[slug]);
  usePageFrame({ title, anchors: anchorsOf?.(catalogue, t, language) ?? [] });

  const setCrumbs = useUiStore((state) => state.setCrumbs);
  const home = t('breadcrumb.home');
  const visitors = t('breadcrumb.visitors');
  useEffect(() => {
    setCrumbs([
      { label: home, path: STAFF_HOME_PATH },
      { label: visitors, path: VISITOR_HOME_PATH },
      { label: title, path: visitorPath(slug) },
    ]);
  }, [setCrumbs, home, visitors, title, slug]);

  return { language, catalogue, title };
}
