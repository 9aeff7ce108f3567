/**
 * The header clock (docs/product.md#screens): hour and short date, refreshed every 10 s, in French (fr-FR) or US
 * English (en-US). A tap on it sets the idle counter to 290 (docs/product.md#states) — a quick way to bring the
 * "Veille" reader sooner.
 */
import { useEffect, useState } from 'react';
import type { Language } from '../../i18n/i18n';
import { kioskNow } from '../../lib/clock/kiosk-clock';

export const CLOCK_REFRESH_MS = 10_000;

export function formatClock(date: Date, language: Language): { time: string; date: string } {
  const locale = language === 'en' ? 'en-US' : 'fr-FR';
  return {
    time: new Intl.DateTimeFormat(locale, {
      hour: language === 'en' ? 'numeric' : '2-digit',
      minute: '2-digit',
    }).format(date),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(date),
  };
}

export interface ClockProps {
  language: Language;
  label: string;
  onTap(): void;
}

export function Clock({ language, label, onTap }: ClockProps) {
  const [now, setNow] = useState(() => new Date(kioskNow()));

  useEffect(() => {
    // One interval for the life of the header; a render never creates another.
    const id = setInterval(() => setNow(new Date(kioskNow())), CLOCK_REFRESH_MS);
    return () => clearInterval(id);
  }, []);

  const text = formatClock(now, language);
  return (
    // The visible time and date are the button's accessible name (WCAG 2.5.3); the label is a hint.
    <button type="button" className="clock" title={label} onClick={onTap}>
      <span className="clock__time" data-testid="clock-time">
        {text.time}
      </span>
      <span className="clock__date" data-testid="clock-date">
        {text.date}
      </span>
    </button>
  );
}
