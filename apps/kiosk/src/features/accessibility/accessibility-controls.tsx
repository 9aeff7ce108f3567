/**
 * The totem's accessibility button and panel (issue 52, part 1): « Accessibilité », low on the
 * screen in the footer on every page (within reach of a seated person: the footer lies under the
 * 1090 px line of a 1080 × 1920 totem), opens a panel whose first option is « Lire à voix haute ».
 * Reading closes the panel so the page stays in view, and a bar over the footer holds the big
 * Pause / Reprendre / Arrêter buttons. After it, the three display modes of part 2 (reach mode,
 * larger text, higher contrast: accessibility-modes.ts), toggles that stay on until the
 * inactivity countdown reaches 0 or the kiosk reloads.
 *
 * A reading stops, and the panel closes, when:
 * - the inactivity countdown reaches 0 (the return to the root, or at the first level the frame's
 *   popups closing: `resetGeneration`), or the Veille reader covers the page;
 * - the page changes: what was asked for was THIS page; reading the next one unasked would talk
 *   over the next person at a shared totem, and the button is one tap away (decision 047);
 * - an emergency alert takes over the screen (its alarm and text come first);
 * - the page is unloaded (a reload, the nightly restart) — and a starting kiosk cancels whatever
 *   the browser might still be saying.
 */
import { useEffect, useRef, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Popup } from '../../components/popup/popup';
import { isScreenIdle, useUiStore } from '../../lib/ui-store/ui-store';
import { useAlertStore } from '../emergency-alert';
import { accessibilityTexts, type AccessibilityTexts } from './accessibility-texts';
import { currentPageRoots, extractPageText } from './extract-page-text';
import {
  pauseReading,
  resumeReading,
  startReading,
  stopReading,
  useReadAloudStore,
} from './read-aloud';
import {
  useAccessibilityModes,
  useApplyAccessibilityModes,
  type AccessibilityMode,
} from './accessibility-modes';
import { toSpeechChunks } from './speech-chunks';
import './accessibility.css';

/** Reads the page on screen now, in the language of its content (html lang as the fallback). */
export function readCurrentPage(): Promise<void> {
  const pieces = extractPageText(currentPageRoots(), document.documentElement.lang || 'fr');
  return startReading(toSpeechChunks(pieces));
}

/** Stops the reading on every event that ends it (see the module comment). */
function useStopTriggers(closePanel: () => void) {
  const { pathname } = useLocation();
  const resetGeneration = useUiStore((state) => state.resetGeneration);
  const idle = useUiStore(isScreenIdle);
  const alertOnScreen = useAlertStore((state) => state.active !== null || state.ending !== null);
  const closeRef = useRef(closePanel);
  closeRef.current = closePanel;

  // A starting kiosk says nothing left over from before its reload; leaving the page stops it.
  useEffect(() => {
    stopReading();
    const onPageHide = () => stopReading();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      stopReading();
    };
  }, []);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    stopReading();
    closeRef.current();
  }, [pathname, resetGeneration]);

  useEffect(() => {
    if (!idle && !alertOnScreen) return;
    stopReading();
    closeRef.current();
  }, [idle, alertOnScreen]);
}

export function AccessibilityControls() {
  const { i18n } = useTranslation();
  const texts = accessibilityTexts(i18n.language);
  const [open, setOpen] = useState(false);
  const status = useReadAloudStore((state) => state.status);
  useStopTriggers(() => setOpen(false));
  useApplyAccessibilityModes();

  const onReadAloud = () => {
    // The panel closes once the reading has started, so the page is in view while it is read;
    // the « no voice » message stays in it.
    void readCurrentPage().then(() => {
      if (useReadAloudStore.getState().status !== 'unavailable') setOpen(false);
    });
  };

  const reading = status === 'starting' || status === 'reading' || status === 'paused';
  // The panel hands focus back to the accessibility button, which the bar now covers: a keyboard
  // or switch user lands on the bar's first button instead.
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open && reading) barRef.current?.querySelector('button')?.focus();
  }, [open, reading]);
  return (
    <>
      <button
        type="button"
        className="accessibility-button"
        onClick={() => {
          if (status === 'unavailable') stopReading();
          setOpen(true);
        }}
        aria-haspopup="dialog"
      >
        <AccessibilityIcon />
        <span>{texts.button}</span>
      </button>
      <Popup
        open={open}
        onClose={() => setOpen(false)}
        label={texts.panelTitle}
        closeLabel={texts.close}
        className="accessibility-panel"
      >
        <h2 className="accessibility-panel__title">{texts.panelTitle}</h2>
        <ul className="accessibility-panel__options">
          <li>
            <button type="button" className="accessibility-panel__option" onClick={onReadAloud}>
              <SpeakerIcon />
              <span className="accessibility-panel__option-text">
                <span className="accessibility-panel__option-name">{texts.readAloud}</span>
                <span className="accessibility-panel__option-hint">{texts.readAloudHint}</span>
              </span>
            </button>
          </li>
          {MODE_OPTIONS.map((option) => (
            <li key={option.mode}>
              <ModeToggle option={option} texts={texts} />
            </li>
          ))}
        </ul>
        {status === 'unavailable' && (
          <p className="accessibility-panel__message" role="alert">
            {texts.noVoice}
          </p>
        )}
      </Popup>
      {reading && (
        <div ref={barRef} className="read-aloud-bar" role="region" aria-label={texts.barLabel}>
          <p className="read-aloud-bar__status" role="status">
            {status === 'starting'
              ? texts.starting
              : status === 'paused'
                ? texts.paused
                : texts.reading}
          </p>
          {status === 'paused' ? (
            <button
              type="button"
              className="read-aloud-bar__button"
              onClick={() => resumeReading()}
            >
              {texts.resume}
            </button>
          ) : (
            <button
              type="button"
              className="read-aloud-bar__button"
              onClick={() => pauseReading()}
              disabled={status === 'starting'}
            >
              {texts.pause}
            </button>
          )}
          <button
            type="button"
            className="read-aloud-bar__button read-aloud-bar__button--stop"
            onClick={() => stopReading()}
          >
            {texts.stop}
          </button>
        </div>
      )}
    </>
  );
}

interface ModeOption {
  mode: AccessibilityMode;
  name: keyof AccessibilityTexts;
  hint: keyof AccessibilityTexts;
  Icon: () => JSX.Element;
}

const MODE_OPTIONS: readonly ModeOption[] = [
  { mode: 'reach', name: 'reach', hint: 'reachHint', Icon: ReachIcon },
  { mode: 'largeText', name: 'largeText', hint: 'largeTextHint', Icon: LargeTextIcon },
  { mode: 'highContrast', name: 'highContrast', hint: 'highContrastHint', Icon: ContrastIcon },
];

/**
 * A mode's toggle: a button whose aria-pressed says the state to assistive technology, and whose
 * switch and « Activé » / « Désactivé » show it (hidden from the accessible name, which must not
 * change with the state).
 */
function ModeToggle({ option, texts }: { option: ModeOption; texts: AccessibilityTexts }) {
  const on = useAccessibilityModes((state) => state[option.mode]);
  const toggle = useAccessibilityModes((state) => state.toggle);
  const { Icon } = option;
  return (
    <button
      type="button"
      className="accessibility-panel__option accessibility-panel__option--toggle"
      aria-pressed={on}
      data-mode={option.mode}
      onClick={() => toggle(option.mode)}
    >
      <Icon />
      <span className="accessibility-panel__option-text">
        <span className="accessibility-panel__option-name">{texts[option.name]}</span>
        <span className="accessibility-panel__option-hint">{texts[option.hint]}</span>
      </span>
      <span className="accessibility-panel__switch" aria-hidden="true">
        <span className="accessibility-panel__switch-track">
          <span className="accessibility-panel__switch-knob" />
        </span>
        <span className="accessibility-panel__switch-state">{on ? texts.on : texts.off}</span>
      </span>
    </button>
  );
}

/** Reach mode: a hand reaching down to a low bar. */
function ReachIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d="M24 4v24m0 0-8-8m8 8 8-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="6" y="36" width="36" height="8" rx="3" fill="currentColor" />
    </svg>
  );
}

/** Larger text: a small and a large A. */
function LargeTextIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path
        d="M3 40 11 20l8 20M6 33h10M21 40 32 8l11 32M25 29h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Higher contrast: a half-filled circle. */
function ContrastIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="19" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M24 5a19 19 0 0 1 0 38z" fill="currentColor" />
    </svg>
  );
}

/** The accessibility symbol: a person with open arms in a circle. */
function AccessibilityIcon() {
  return (
    <svg viewBox="0 0 48 48" width="36" height="36" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3.5" />
      <circle cx="24" cy="13" r="3.5" fill="currentColor" />
      <path
        d="M12 19.5 24 21l12-1.5M24 21v8m0 0-5.5 10M24 29l5.5 10"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SpeakerIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
      <path d="M8 18h8l11-9v30l-11-9H8z" fill="currentColor" />
      <path
        d="M33 17a9 9 0 0 1 0 14M37.5 12a15.5 15.5 0 0 1 0 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
