/**
 * The shared frame around every page (docs/product.md#screens): header, headband, breadcrumb, the scrolling
 * content area, footer, the sync banner, and the two inactivity mechanisms with their popups.
 * It is the layout route of the router, so it stays mounted while pages change under it.
 *
 * Language: only visitor pages use the chosen language; staff pages are always French. The frame
 * decides which applies to the current route while rendering and provides the i18next instance of
 * that language to everything inside it (see i18nFor), so no text is ever one render behind.
 *
 * Reach mode (decision 049): the frame's regions sit in two wrappers, `frame-upper` (header,
 * headband title, the mode's notice) and `frame-lower` (the headband's controls, breadcrumb,
 * content, footer). Outside reach mode both are `display: contents`, so the frame lays out as it
 * always did; in reach mode the upper one runs down to the reach line and everything a finger can
 * tap is in the lower one. The tree is the same in both, so a toggle keeps the page (and the
 * accessibility panel) mounted.
 */
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { applyLanguage, i18nFor } from '../../i18n/i18n';
import { isFirstLevel, isVisitorPage, useUiStore } from '../../lib/ui-store/ui-store';
import { ReachModeNotice, useAccessibilityModes } from '../accessibility';
import { IdleReader, InactivityWarning, useIdleCounter, useInactivityCountdown } from '../idle';
import { SyncStatusBanner } from '../sync';
import { Banner, BannerControls } from './banner';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';
import { containerHeight, FrameScrollContext, useShowHeadband } from './page-frame';
import './layout.css';

export function AppFrame() {
  const { pathname } = useLocation();
  const parcours = useUiStore((state) => state.parcours);
  const chosenLanguage = useUiStore((state) => state.language);
  const showHeadband = useShowHeadband();
  const anchors = useUiStore((state) => state.anchors);
  const scrollRef = useRef<HTMLElement>(null);
  const reach = useAccessibilityModes((state) => state.reach);

  const visitorPage = isVisitorPage(pathname, parcours);
  const language = visitorPage ? chosenLanguage : 'fr';
  const firstLevel = isFirstLevel(pathname, parcours);

  useLayoutEffect(() => {
    applyLanguage(language);
    document.documentElement.lang = language;
  }, [language]);

  // The content area is one element for every page: start each page at its top.
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  useIdleCounter(!visitorPage);
  useInactivityCountdown(firstLevel);

  return (
    <I18nextProvider i18n={i18nFor(language)}>
      {/* Around the banner too: its anchor buttons follow the content area's scroll (issue 41,
          item 5 — provided around <main> only, the banner never saw a scroll). */}
      <FrameScrollContext.Provider value={scrollRef}>
        <div className="app-frame" data-language={language}>
          <div className="frame-upper">
            <Header language={language} inert={reach} />
            <Banner titleOnly={reach} />
            <ReachModeNotice />
          </div>
          <div className="frame-lower">
            {reach && <BannerControls />}
            <Breadcrumb />
            <main
              ref={scrollRef}
              id="contenu"
              className="frame-content"
              style={{ height: containerHeight({ showHeadband, anchors }) }}
              // In the tab order: a keyboard can scroll a page that has nothing focusable, e.g. the
              // group page since its films lost their controls (totem-size screen fixes).
              tabIndex={0}
            >
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </main>
            <Footer />
          </div>
          <SyncStatusBanner />
          <IdleReader />
          <InactivityWarning enabled={parcours !== 'visiteur' && !firstLevel} />
        </div>
      </FrameScrollContext.Provider>
    </I18nextProvider>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <div className="page-loader" role="status">
      <span className="page-loader__spinner" aria-hidden="true" />
      {t('app.loading')}
    </div>
  );
}
