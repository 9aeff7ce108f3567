/**
 * The page reader of the "Veille" popup (docs/product.md#screens, #states): one page at a time, previous / next,
 * "Page n / total". Next wraps to the first page; previous stops at the first.
 *
 * Auto-advance (spec: "a timer of ten times the default"): the default idle counter is 500 and
 * JavaScript timers count in milliseconds, so we read it as 10 × 500 ms = 5 s per page. Read in the
 * counter's own unit (seconds) it would be 5000 s — 83 minutes per page, i.e. never advancing,
 * which defeats a screensaver. 5 s is also the home slideshow's period (docs/product.md#constants: 5000 ms), so the
 * kiosk rotates everything at one rhythm.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IDLE_COUNTER_DEFAULT } from '../../lib/ui-store/ui-store';

export const IDLE_READER_ADVANCE_MS = 10 * IDLE_COUNTER_DEFAULT;

export interface ReaderPage {
  src: string;
  alt: string;
}

export interface PageReaderProps {
  pages: readonly ReaderPage[];
  /** Auto-advance period; 0 disables it. */
  advanceMs?: number;
}

export function PageReader({ pages, advanceMs = IDLE_READER_ADVANCE_MS }: PageReaderProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const total = pages.length;
  const totalRef = useRef(total);

  useEffect(() => {
    totalRef.current = total;
    setIndex((current) => (current < total ? current : 0));
  }, [total]);

  useEffect(() => {
    if (advanceMs <= 0) return;
    // One interval for the life of the reader; it reads the page count from a ref.
    const id = setInterval(() => {
      setIndex((current) => (totalRef.current > 0 ? (current + 1) % totalRef.current : 0));
    }, advanceMs);
    return () => clearInterval(id);
  }, [advanceMs]);

  if (total === 0) {
    return (
      <div className="page-reader page-reader--empty">
        <img className="page-reader__logo" src="./logo.svg" alt="" width={640} height={137} />
        <p>{t('idle.empty')}</p>
      </div>
    );
  }

  const page = pages[Math.min(index, total - 1)]!;
  return (
    <div className="page-reader">
      <div className="page-reader__stage">
        <img
          key={page.src}
          className="page-reader__page"
          src={page.src}
          alt={page.alt}
          decoding="async"
        />
      </div>
      <div className="page-reader__controls">
        <button
          type="button"
          className="kiosk-button kiosk-button--large page-reader__button"
          aria-label={t('idle.previous')}
          disabled={index === 0}
          onClick={() => setIndex((current) => Math.max(0, current - 1))}
        >
          <Chevron direction="left" />
        </button>
        <p className="page-reader__position" aria-live="polite">
          {t('idle.page', { current: String(index + 1), total: String(total) })}
        </p>
        <button
          type="button"
          className="kiosk-button kiosk-button--large page-reader__button"
          aria-label={t('idle.next')}
          onClick={() => setIndex((current) => (current + 1) % total)}
        >
          <Chevron direction="right" />
        </button>
      </div>
    </div>
  );
}

export function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 32 32" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M20 5 9 16l11 11' : 'M12 5l11 11-11 11'}
        fill="none"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
