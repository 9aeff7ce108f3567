/**
 * The frame's footer (spec §2): a localized line of text and the company web site, opened in a
 * modal frame (never by navigating the kiosk away: there is no browser UI to come back with).
 * The frame is sandboxed without top-navigation rights for the same reason.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from '../../components/popup/popup';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useConnectionStore } from '../network/network-monitor';

/** The company web site (a neutral placeholder until the plant gives its real address). */
export const COMPANY_WEBSITE_URL = 'https://www.example.com/';

export function Footer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const online = useConnectionStore((state) => state.online);
  const resetGeneration = useUiStore((state) => state.resetGeneration);

  useEffect(() => setOpen(false), [resetGeneration]);

  return (
    <footer className="frame-footer">
      <p className="frame-footer__text">{t('footer.text')}</p>
      <button type="button" className="frame-footer__link" onClick={() => setOpen(true)}>
        {t('footer.website')}
      </button>
      <Popup
        open={open}
        onClose={() => setOpen(false)}
        label={t('footer.websiteTitle')}
        className="website-popup"
      >
        {online ? (
          <iframe
            className="website-popup__frame"
            title={t('footer.websiteTitle')}
            src={COMPANY_WEBSITE_URL}
            sandbox="allow-scripts allow-same-origin allow-forms"
            referrerPolicy="no-referrer"
          />
        ) : (
          <p className="website-popup__offline">{t('footer.websiteOffline')}</p>
        )}
      </Popup>
    </footer>
  );
}
