/**
 * The headband under the header (docs/product.md#screens): home button, page title (also the document title,
 * default "accueil") and the anchor buttons. Its height is what the content container gives up
 * (see page-frame.ts), so the frame always fills the 1920 px of the totem exactly.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import {
  isVisitorPath,
  STAFF_HOME_PATH,
  useUiStore,
  VISITOR_HOME_PATH,
} from '../../lib/ui-store/ui-store';
import { LARGE_TEXT_SCALE, useAccessibilityModes } from '../accessibility';
import { AnchorBar } from './anchor-bar';
import { CONTAINER_HEIGHTS, containerHeight, useShowHeadband } from './page-frame';

export const DEFAULT_DOCUMENT_TITLE = 'accueil';

/** Where the banner's home button leads (docs/product.md#screens). */
export function homeTarget(pathname: string) {
  return isVisitorPath(pathname) ? VISITOR_HOME_PATH : STAFF_HOME_PATH;
}

/**
 * `titleOnly` (reach mode, decision 049): the headband keeps its title in the upper part of the
 * screen and its controls (home button, anchors) are drawn low by BannerControls instead.
 */
export function Banner({ titleOnly = false }: { titleOnly?: boolean }) {
  const { t } = useTranslation();
  const title = useUiStore((state) => state.title);
  const anchors = useUiStore((state) => state.anchors);
  const showHeadband = useShowHeadband();
  const largeText = useAccessibilityModes((state) => state.largeText);

  useEffect(() => {
    document.title = title ?? DEFAULT_DOCUMENT_TITLE;
  }, [title]);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFitTitle(titleRef, title, largeText ? LARGE_TEXT_SCALE : 1);

  if (!showHeadband) return null;
  const heading = (
    <h1 ref={titleRef} className="banner__title">
      {title ?? t('banner.defaultTitle')}
    </h1>
  );
  if (titleOnly) {
    return (
      <div className="banner banner--title-only" data-testid="banner">
        {heading}
      </div>
    );
  }
  const height = CONTAINER_HEIGHTS.default - containerHeight({ showHeadband, anchors });
  return (
    <div className="banner" style={{ height }} data-testid="banner">
      <div className="banner__top">
        <HomeButton />
        {heading}
      </div>
      {anchors.length > 0 && <AnchorBar key={anchors.join('\n')} anchors={anchors} />}
    </div>
  );
}

/** The headband's controls on their own, in the lower part of the screen (reach mode). */
export function BannerControls() {
  const anchors = useUiStore((state) => state.anchors);
  const showHeadband = useShowHeadband();
  if (!showHeadband) return null;
  return (
    <div className="banner-controls" data-testid="banner-controls">
      <HomeButton />
      {anchors.length > 0 && <AnchorBar key={anchors.join('\n')} anchors={anchors} />}
    </div>
  );
}

function HomeButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const hideHomeButton = useUiStore((state) => state.hideHomeButton);
  if (hideHomeButton) return <span className="banner__home-placeholder" />;
  return (
    <Link to={homeTarget(pathname)} className="banner__home" aria-label={t('banner.homeAria')}>
      <HomeIcon />
      <span>{t('banner.home')}</span>
    </Link>
  );
}

function HomeIcon() {
  return (
    <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true" focusable="false">
      <path
        d="M6 23 24 7l18 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="4.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M11 20v21h10V30h6v11h10V20"
        fill="none"
        stroke="currentColor"
        strokeWidth="4.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Title font sizes: the banner's own, and the smallest still readable from a metre away. */
export const TITLE_FONT_MAX_PX = 46;
export const TITLE_FONT_MIN_PX = 30;

/**
 * Long titles ("Informations RH et intégration", totem-size screen fixes) wrap on two lines and, if
 * that is not enough, shrink step by step until they fit the title band — never cut off with an
 * ellipsis. Measured after layout; where nothing is laid out (jsdom) it keeps the banner's size.
 */
function useFitTitle(
  ref: RefObject<HTMLHeadingElement | null>,
  title: string | null,
  /** The larger-text mode's factor: both sizes grow with it (decision 049). */
  scale: number,
) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let size = TITLE_FONT_MAX_PX * scale;
    element.style.fontSize = `${size}px`;
    const overflows = () =>
      element.scrollWidth > element.clientWidth + 1 ||
      element.scrollHeight > element.clientHeight + 1;
    while (size > TITLE_FONT_MIN_PX * scale && overflows()) {
      size -= 2;
      element.style.fontSize = `${size}px`;
    }
  }, [ref, title, scale]);
}
