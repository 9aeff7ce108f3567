/**
 * The frame's footer (docs/product.md#screens): a localized line of text and the company web site, opened in a
 * modal frame (never by navigating the kiosk away: there is no browser UI to come back with).
 * The frame is sandboxed without top-navigation rights for the same reason. Its address is the
 * development's published setting `websiteUrl` (published settings, decision 017). Without one the
 * link is not shown at all (issue 41, item 3: a link to "pas encore configuré" is a dead end);
 * offline, the popup says so in the frame's place (components/external-frame).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ExternalFrame,
  type ExternalFrameTexts,
} from '../../components/external-frame/external-frame';
import { Popup } from '../../components/popup/popup';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useFrameCheck } from '../../lib/settings/use-frame-check';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { AccessibilityControls } from '../accessibility';
import { useConnectionStore } from '../network';

const WEBSITE_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

export function Footer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const url = useSettingsStore((state) => state.settings.websiteUrl);
  const online = useConnectionStore((state) => state.online);
  const checked = useConnectionStore((state) => state.lastPingAt !== null);
  // Asked only once the popup is open: the footer is on every page.
  const check = useFrameCheck('websiteUrl', open ? url : null, online);
  const resetGeneration = useUiStore((state) => state.resetGeneration);

  useEffect(() => setOpen(false), [resetGeneration]);

  const texts = useMemo<ExternalFrameTexts>(
    () => ({
      title: t('footer.websiteTitle'),
      unsetTitle: t('footer.websiteUnsetTitle'),
      unset: t('footer.websiteUnset'),
      offlineTitle: t('footer.websiteOfflineTitle'),
      offline: t('footer.websiteOffline'),
      blockedTitle: t('footer.websiteBlockedTitle'),
      blocked: t('footer.websiteBlocked'),
      refusedTitle: t('footer.websiteRefusedTitle'),
      refused: t('footer.websiteRefused'),
      timeoutTitle: t('footer.websiteTimeoutTitle'),
      timeout: t('footer.websiteTimeout'),
      checking: t('footer.websiteChecking'),
    }),
    [t],
  );

  return (
    <footer className="frame-footer">
      {/* Low on every page, within reach of a seated person (issue 52). */}
      <AccessibilityControls />
      <p className="frame-footer__text">{t('footer.text')}</p>
      {url !== null && (
        <button type="button" className="frame-footer__link" onClick={() => setOpen(true)}>
          {t('footer.website')}
        </button>
      )}
      <Popup
        // An address withdrawn by a publish while the popup is open closes it with the link.
        open={open && url !== null}
        onClose={() => setOpen(false)}
        label={t('footer.websiteTitle')}
        closeLabel={t('popup.close')}
        className="website-popup"
      >
        <ExternalFrame
          url={url}
          online={online}
          checked={checked}
          texts={texts}
          sandbox={WEBSITE_SANDBOX}
          className="website-popup__frame"
          check={check}
        />
      </Popup>
    </footer>
  );
}
