/**
 * The headband under the header (spec §2): home button, page title (also the document title,
 * default "accueil") and the anchor buttons. Its height is what the content container gives up
 * (see page-frame.ts), so the frame always fills the 1920 px of the totem exactly.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import {
  isVisitorPath,
  STAFF_HOME_PATH,
  useUiStore,
  VISITOR_HOME_PATH,
} from '../../lib/ui-store/ui-store';
import { AnchorBar } from './anchor-bar';
import { CONTAINER_HEIGHTS, containerHeight } from './page-frame';

export const DEFAULT_DOCUMENT_TITLE = 'accueil';

/** Where the banner's home button leads (spec §2). */
export function homeTarget(pathname: string) {
  return isVisitorPath(pathname) ? VISITOR_HOME_PATH : STAFF_HOME_PATH;
}

export function Banner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const title = useUiStore((state) => state.title);
  const anchors = useUiStore((state) => state.anchors);
  const showHeadband = useUiStore((state) => state.showHeadband);
  const hideHomeButton = useUiStore((state) => state.hideHomeButton);

  useEffect(() => {
    document.title = title ?? DEFAULT_DOCUMENT_TITLE;
  }, [title]);

  if (!showHeadband) return null;
  const height = CONTAINER_HEIGHTS.default - containerHeight({ showHeadband, anchors });
  return (
    <div className="banner" style={{ height }} data-testid="banner">
      <div className="banner__top">
        {hideHomeButton ? (
          <span className="banner__home-placeholder" />
        ) : (
          <Link
            to={homeTarget(pathname)}
            className="banner__home"
            aria-label={t('banner.homeAria')}
          >
            <HomeIcon />
            <span>{t('banner.home')}</span>
          </Link>
        )}
        <h1 className="banner__title">{title ?? t('banner.defaultTitle')}</h1>
      </div>
      {anchors.length > 0 && <AnchorBar key={anchors.join('\n')} anchors={anchors} />}
    </div>
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
