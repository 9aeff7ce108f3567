/**
 * The hidden mode switcher (docs/product.md#screens, #roles): an invisible area of the header that opens, on two taps
 * less than 500 ms apart, a popup to set the totem up as Visiteur, Moulage or Assemblage.
 *
 * The area is the header's empty space between the logo and the clock (issue 41, item 2): it used
 * to be a corner laid over the "En ligne" badge, so two quick taps on the badge — something people
 * do — opened it, and "Visiteur" then hid every staff page with no visible way back. As a flex item
 * of its own it covers nothing else, whatever the width of the logo or of the status.
 *
 * The spec's switcher has no authentication. A development may set a code in the back-office
 * (published setting `switcherCode`, empty by default): the switcher then asks it on a large
 * keypad (gloved fingers) before offering the modes. The code is published content like the rest:
 * every totem holds it in its local database, so it stops a passer-by at the screen, not someone
 * with the kiosk's credentials or the browser's developer tools (it is no password).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Popup } from '../../components/popup/popup';
import { currentSettings } from '../../lib/settings/settings-store';
import {
  STAFF_HOME_PATH,
  useUiStore,
  VISITOR_HOME_PATH,
  type KioskMode,
} from '../../lib/ui-store/ui-store';
import { SWITCHER_CODE_MAX_DIGITS } from '@plant-kiosk/contract';

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

/** What the popup shows: nothing, the code's keypad, or the modes. */
type Step = 'closed' | 'code' | 'modes';

const KEYPAD_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The modes offered, in the spec's order; the visitor's button stands apart. */
const CHOICES = [
  { mode: 'visiteur', label: 'modeSwitcher.visitor', modifier: ' mode-switcher__choice--visitor' },
  { mode: 'Moulage', label: 'modeSwitcher.moulage', modifier: '' },
  { mode: 'Assemblage', label: 'modeSwitcher.assemblage', modifier: '' },
] as const satisfies readonly { mode: KioskMode; label: string; modifier: string }[];

/** The keypad of the switcher's code: large keys, the digits shown as dots. */
function CodeKeypad({ onCorrect }: { onCorrect: () => void }) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState('');
  const [wrong, setWrong] = useState(false);

  const type = (digit: string) => {
    setWrong(false);
    setDigits((current) =>
      current.length >= SWITCHER_CODE_MAX_DIGITS ? current : `${current}${digit}`,
    );
  };
  const validate = () => {
    // Read at the moment of the check: a publish may have changed it while the keypad was open.
    if (digits === currentSettings().switcherCode) {
      onCorrect();
      return;
    }
    setDigits('');
    setWrong(true);
  };

  return (
    <div className="mode-switcher__code">
      <p className="mode-switcher__text" id="mode-switcher-code-help">
        {t('modeSwitcher.codeHelp')}
      </p>
      <div className="mode-switcher__entered" data-testid="switcher-code-entered">
        <span className="mode-switcher__dots" aria-hidden="true">
          {digits.length === 0 ? '\u00a0' : '●'.repeat(digits.length)}
        </span>
        <span className="visually-hidden" role="status">
          {t('modeSwitcher.digits', { count: digits.length })}
        </span>
      </div>
      <p className="mode-switcher__wrong" role="alert">
        {wrong ? t('modeSwitcher.codeWrong') : ''}
      </p>
      <div
        className="mode-switcher__keypad"
        role="group"
        aria-label={t('modeSwitcher.codeTitle')}
        aria-describedby="mode-switcher-code-help"
      >
        {KEYPAD_DIGITS.map((digit) => (
          <button
            key={digit}
            type="button"
            className="mode-switcher__key"
            onClick={() => type(digit)}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="mode-switcher__key mode-switcher__key--action"
          onClick={() => {
            setWrong(false);
            setDigits((current) => current.slice(0, -1));
          }}
        >
          {t('modeSwitcher.erase')}
        </button>
        <button type="button" className="mode-switcher__key" onClick={() => type('0')}>
          0
        </button>
        <button
          type="button"
          className="mode-switcher__key mode-switcher__key--validate"
          disabled={digits.length === 0}
          onClick={validate}
        >
          {t('modeSwitcher.validate')}
        </button>
      </div>
    </div>
  );
}

export function ModeSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('closed');
  const chooseMode = useUiStore((state) => state.chooseMode);
  const parcours = useUiStore((state) => state.parcours);
  const totem = useUiStore((state) => state.totem);
  const resetGeneration = useUiStore((state) => state.resetGeneration);
  const onTap = useDoubleTap(() =>
    setStep(currentSettings().switcherCode === '' ? 'modes' : 'code'),
  );
  const close = () => setStep('closed');

  // A return to the root (inactivity) closes it like any other frame popup, code entry included.
  useEffect(() => setStep('closed'), [resetGeneration]);

  const choose = (mode: KioskMode) => {
    chooseMode(mode);
    close();
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
        open={step !== 'closed'}
        onClose={close}
        label={step === 'code' ? t('modeSwitcher.codeTitle') : t('modeSwitcher.title')}
        closeLabel={t('popup.close')}
        className="mode-switcher"
      >
        {step === 'code' ? (
          <>
            <h2 className="mode-switcher__title">{t('modeSwitcher.codeTitle')}</h2>
            <CodeKeypad onCorrect={() => setStep('modes')} />
            <button
              type="button"
              className="kiosk-button kiosk-button--large kiosk-button--light mode-switcher__choice"
              onClick={close}
            >
              {t('modeSwitcher.cancel')}
            </button>
          </>
        ) : (
          <>
            <h2 className="mode-switcher__title">{t('modeSwitcher.title')}</h2>
            <p className="mode-switcher__text">{t('modeSwitcher.description')}</p>
            <p className="mode-switcher__current">
              {t('modeSwitcher.current', { mode: currentMode })}
            </p>
            <div className="mode-switcher__choices">
              {CHOICES.map(({ mode, label, modifier }) => (
                <button
                  key={mode}
                  type="button"
                  className={`kiosk-button kiosk-button--large mode-switcher__choice${modifier}`}
                  onClick={() => choose(mode)}
                >
                  {t(label)}
                </button>
              ))}
              <button
                type="button"
                className="kiosk-button kiosk-button--large kiosk-button--light mode-switcher__choice"
                onClick={close}
              >
                {t('modeSwitcher.cancel')}
              </button>
            </div>
          </>
        )}
      </Popup>
    </>
  );
}
