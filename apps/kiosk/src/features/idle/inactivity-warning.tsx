/**
 * The "are you still there?" popup (docs/product.md#states): below 300 s of the inactivity countdown, for
 * non-visitors only, and only where the countdown would actually do something (not at the first
 * breadcrumb level, where reaching 0 changes nothing). Any tap resets the countdown, so the
 * popup goes away with "Je suis là", "Fermer", the overlay or Escape alike. Staff browsing an
 * English visitor page get it in English, its close button included ("Close", issue 41, item 7).
 */
import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/popup/popup';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useUiStore } from '../../lib/ui-store/ui-store';

export function InactivityWarning({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const remaining = useUiStore((state) => state.inactivityRemaining);
  const readerOpen = useUiStore((state) => state.idleReaderOpen);
  const resetInactivity = useUiStore((state) => state.resetInactivity);
  // The published threshold (published settings; spec default 300 s).
  const warnBelow = useSettingsStore((state) => state.settings.inactivityWarningSeconds);

  const open = enabled && !readerOpen && remaining > 0 && remaining < warnBelow;
  return (
    <Popup
      open={open}
      onClose={resetInactivity}
      label={t('inactivity.title')}
      closeLabel={t('popup.close')}
      className="inactivity-warning"
    >
      <div className="inactivity-warning__body">
        <h2 className="inactivity-warning__title">{t('inactivity.title')}</h2>
        <p className="inactivity-warning__seconds" aria-hidden="true">
          {remaining}
        </p>
        <p className="inactivity-warning__text">
          {t('inactivity.message', { seconds: String(remaining) })}
        </p>
        <button
          type="button"
          className="kiosk-button kiosk-button--large kiosk-button--accent"
          onClick={resetInactivity}
        >
          {t('inactivity.stay')}
        </button>
      </div>
    </Popup>
  );
}
