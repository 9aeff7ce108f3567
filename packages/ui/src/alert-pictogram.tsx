/**
 * The built-in alert pictograms (contract ALERT_PICTOGRAMS), drawn inline so a totem offline shows
 * them with nothing to download. Simple ISO 7010-like shapes: a running figure towards a door
 * (evacuation), a house (shelter in place), a drop over waves (spill), a warning triangle, an "i".
 * Drawn here once for both apps: the kiosk's takeover and the back-office's picker, list and
 * preview show the same drawing. The strokes are `currentColor`: the caller's text colour.
 */
import type { AlertPictogram as PictogramName } from '@plant-kiosk/contract';

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 8,
  strokeLinejoin: 'round',
} as const;

function Shape({ name }: { name: PictogramName }) {
  switch (name) {
    case 'evacuation':
      return (
        <>
          <rect x="118" y="20" width="62" height="160" {...STROKE} />
          <circle cx="66" cy="38" r="16" fill="currentColor" />
          <path
            d="M60 62 L40 110 L62 118 M60 62 L92 84 L110 76 M60 62 L70 118 L50 170 M70 118 L100 140 L104 176"
            {...STROKE}
            strokeLinecap="round"
          />
          <path d="M128 100 L166 100 M150 84 L166 100 L150 116" {...STROKE} strokeLinecap="round" />
        </>
      );
    case 'confinement':
      return (
        <>
          <path d="M20 96 L100 24 L180 96" {...STROKE} strokeLinecap="round" />
          <rect x="44" y="90" width="112" height="86" {...STROKE} />
          <rect x="84" y="124" width="32" height="52" fill="currentColor" />
        </>
      );
    case 'pollution':
      return (
        <>
          <path
            d="M100 20 C 70 70 56 92 56 112 A 44 44 0 0 0 144 112 C 144 92 130 70 100 20 Z"
            {...STROKE}
          />
          <path
            d="M16 170 Q 42 150 68 170 T 120 170 T 172 170 M16 190 Q 42 170 68 190 T 120 190 T 172 190"
            {...STROKE}
            strokeLinecap="round"
          />
        </>
      );
    case 'info':
      return (
        <>
          <circle cx="100" cy="100" r="82" {...STROKE} />
          <circle cx="100" cy="58" r="11" fill="currentColor" />
          <rect x="90" y="82" width="20" height="76" rx="6" fill="currentColor" />
        </>
      );
    case 'warning':
    default:
      return (
        <>
          <path d="M100 18 L186 176 L14 176 Z" {...STROKE} />
          <rect x="91" y="66" width="18" height="64" rx="6" fill="currentColor" />
          <circle cx="100" cy="152" r="11" fill="currentColor" />
        </>
      );
  }
}

export function AlertPictogramIcon({
  name,
  className,
}: {
  name: PictogramName;
  className?: string;
}) {
  return (
    <svg className={className} viewBox="0 0 200 200" aria-hidden="true" focusable="false">
      <Shape name={name} />
    </svg>
  );
}
