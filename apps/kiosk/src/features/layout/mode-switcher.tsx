/**
 * The hidden mode switcher (spec §2, §6): an invisible corner of the header that opens, on two
 * taps less than 500 ms apart, a popup to set the totem up as Visiteur, Moulage or Assemblage.
 * There is deliberately no authentication: the double tap is the only guard, and a wrong choice
 * is undone the same way.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Popup } from '../../components/popup/popup';
import {
  STAFF_HOME_PATH,
  useUiStore,
  VISITOR_HOME_PATH,
  type KioskMode,
} from '../../lib/ui-store/ui-store';

export const DOUBLE_TAP_WINDOW_MS = 500;

/** Calls `onDoubleTap` when two taps come less than `windowMs` apart. */
export function useDoubleTap(onDoubleTap: () => void, windowMs = DOUBLE_TAP_WINDOW_MS) {
  const lastTap = useRef<number | null>(null);
  return () => {
    const now = Date.now();
    if (lastTap.current !== null && now - lastTap.current < windowMs) {
      lastTap.current = null;
      onDoubleTap();
    } else {
      lastTap.current = now;
    }
  };
}

export function ModeSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const chooseMode = useUiStore((state) => state.chooseMode);
  const parcours = useUiStore((state) => state.parcours);
  const totem = useUiStore((state) => state.totem);
  const resetGeneration = useUiStore((state) => state.resetGeneration);
  const onTap = useDoubleTap(() => setOpen(true));

  // A return to the root (inactivity) closes it like any other frame popup.
  useEffect(() => setOpen(false), [resetGeneration]);

  const choose = (mode: KioskMode) => {
    chooseMode(mode);
    setOpen(false);
    void navigate(mode === 'visiteur' ? VISITOR_HOME_PATH : STAFF_HOME_PATH);
  };

  const currentMode =
    parcours === 'visiteur'
      ? t('modeSwitcher.visitor')
      : totem === 'Assemblage'
        ? t('modeSwitcher.assemblage')
        : t('modeSwitcher.moulage');

  return (
    <>
      <button
        type="button"
        className="mode-switch-area"
        aria-label={t('header.modeArea')}
        onClick={onTap}
      />
      <Popup
        open={open}
        onClose={() => setOpen(false)}
        label={t('modeSwitcher.title')}
        className="mode-switcher"
      >
        <h2 className="mode-switcher__title">{t('modeSwitcher.title')}</h2>
        <p className="mode-switcher__text">{t('modeSwitcher.description')}</p>
        <p className="mode-switcher__current">{t('modeSwitcher.current', { mode: currentMode })}</p>
        <div className="mode-switcher__choices">
          <button
            type="button"
            className="kiosk-button kiosk-button--large mode-switcher__choice mode-switcher__choice--visitor"
            onClick={() => choose('visiteur')}
          >
            {t('modeSwitcher.visitor')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-button--large mode-switcher__choice"
            onClick={() => choose('Moulage')}
          >
            {t('modeSwitcher.moulage')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-button--large mode-switcher__choice"
            onClick={() => choose('Assemblage')}
          >
            {t('modeSwitcher.assemblage')}
          </button>
          <button
            type="button"
            className="kiosk-button kiosk-button--large kiosk-button--light mode-switcher__choice"
            onClick={() => setOpen(false)}
          >
            {t('modeSwitcher.cancel')}
          </button>
        </div>
      </Popup>
    </>
  );
}
