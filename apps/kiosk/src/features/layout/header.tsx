/**
 * The frame's header (docs/product.md#screens): the logo (back to /accueil with the breadcrumb reset to
 * "Accueil"), the hidden mode-switcher area in the empty space after it, the clock and the
 * connection chip. The area is a flex item between the two, never laid over either (issue 41,
 * item 2: two quick taps on the "En ligne" chip used to open the switcher).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '../../i18n/i18n';
import { currentSettings } from '../../lib/settings/settings-store';
import { HOME_CRUMB, STAFF_HOME_PATH, useUiStore } from '../../lib/ui-store/ui-store';
import { Clock } from './clock';
import { ConnectionIndicator } from './connection-indicator';
import { ModeSwitcher } from './mode-switcher';

/** The logo lives in public/ so the manifest, the login page and the header share one file. */
export const LOGO_URL = './logo.svg';

/**
 * `inert`: reach mode leaves the header in the upper part of the screen, out of reach, so nothing
 * in it reacts (decision 049): the home button is in the lower part, the clock's tap (a staff
 * shortcut to the Veille reader) and the technicians' mode switcher wait for the mode's end.
 */
export function Header({ language, inert = false }: { language: Language; inert?: boolean }) {
  const { t } = useTranslation();
  const setCrumbs = useUiStore((state) => state.setCrumbs);
  const setIdleCounter = useUiStore((state) => state.setIdleCounter);

  return (
    <header className="frame-header" inert={inert}>
      <Link
        to={STAFF_HOME_PATH}
        className="frame-header__logo"
        aria-label={t('header.logoLink')}
        onClick={() => setCrumbs([HOME_CRUMB])}
      >
        <img src={LOGO_URL} alt="" width={450} height={96} />
      </Link>
      <ModeSwitcher />
      <div className="frame-header__status">
        <Clock
          language={language}
          label={t('header.clock')}
          onTap={() => setIdleCounter(currentSettings().idleCounterResetSeconds)}
        />
        <ConnectionIndicator />
      </div>
    </header>
  );
}
