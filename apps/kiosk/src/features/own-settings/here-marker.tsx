/**
 * « Vous êtes ici » (issue 47): a pin whose tip is at (x, y) of the image it sits on (relative,
 * 0–1), with its label. Drawn over the image inside the gallery's button, so a tap still opens
 * the zoomable view. The label flips below the point near the top edge and leans inwards near the
 * sides, so that it is never cut by the image's edge.
 */
import type { ContentLanguage } from '@plant-kiosk/contract';
import './here-marker.css';

export const HERE_LABELS: Record<ContentLanguage, string> = {
  fr: 'Vous êtes ici',
  en: 'You are here',
};

export interface HereMarkerProps {
  x: number;
  y: number;
  language?: ContentLanguage;
}

export function HereMarker({ x, y, language = 'fr' }: HereMarkerProps) {
  const below = y < 0.12;
  const align = x < 0.2 ? 'start' : x > 0.8 ? 'end' : 'center';
  return (
    <span
      className={`here-marker here-marker--${below ? 'below' : 'above'} here-marker--${align}`}
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      data-testid="here-marker"
      // The image's name says it (see usePlanMarkOverlay): read once, not twice.
      aria-hidden="true"
    >
      <svg className="here-marker__pin" viewBox="0 0 48 64" width="48" height="64">
        <path
          d="M24 62C24 62 4 36 4 22a20 20 0 0 1 40 0c0 14-20 40-20 40z"
          fill="currentColor"
          stroke="#fff"
          strokeWidth="3"
        />
        <circle cx="24" cy="22" r="8" fill="#fff" />
      </svg>
      <span className="here-marker__label">{HERE_LABELS[language]}</span>
    </span>
  );
}
