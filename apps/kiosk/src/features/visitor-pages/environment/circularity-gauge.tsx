/**
 * The circularity indicator's scale drawn as a gauge: a half dial from 0 (linear: new material,
 * ends as waste) to 1 (circular: recycled or renewable, recycled or reused after use). The spec
 * gives the scale, not a product's score, so the gauge shows the scale and its direction — no
 * needle that would claim a value.
 */
import type { Language } from '../../../i18n/i18n';
import type { KeyFigure } from '../../visitor-tour';

const WIDTH = 640;
const MARGIN = 110;
const CX = WIDTH / 2;
const CY = 330;
const RADIUS = 250;
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** The point of the dial at scale value `v` (0 on the left, 1 on the right, over the top). */
function point(v: number, radius = RADIUS): [number, number] {
  const angle = Math.PI * (1 - v);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

const fmt = (n: number) => Math.round(n * 10) / 10;

export interface CircularityGaugeProps {
  min: KeyFigure;
  max: KeyFigure;
  /** Accessible description of the whole drawing. */
  label: string;
  language: Language;
}

export function CircularityGauge({ min, max, label, language }: CircularityGaugeProps) {
  const number = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'fr-FR');
  const [x0, y0] = point(0);
  const [x1, y1] = point(1);
  return (
    <svg
      className="circularity-gauge"
      // Side margins beyond the dial: room for the end labels ("modèle circulaire"…).
      viewBox={`${-MARGIN} 0 ${WIDTH + 2 * MARGIN} 430`}
      role="img"
      aria-label={label}
      focusable="false"
    >
      <defs>
        <linearGradient id="circularity-gradient" x1="0" x2="1" y1="0" y2="0">
          <stop offset="0%" stopColor="#8c8c8d" />
          <stop offset="55%" stopColor="#6b91ab" />
          <stop offset="100%" stopColor="#289548" />
        </linearGradient>
        <marker
          id="circularity-arrow"
          viewBox="0 0 10 10"
          refX="5"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto-start-reverse"
        >
          <path d="M0 0 10 5 0 10Z" fill="#1e7538" />
        </marker>
      </defs>
      <path
        d={`M${fmt(x0)} ${fmt(y0)} A${RADIUS} ${RADIUS} 0 0 1 ${fmt(x1)} ${fmt(y1)}`}
        fill="none"
        stroke="url(#circularity-gradient)"
        strokeWidth="56"
        strokeLinecap="round"
      />
      {/* The direction of progress, inside the dial. */}
      <path
        d={`M${fmt(point(0.12, 175)[0])} ${fmt(point(0.12, 175)[1])} A175 175 0 0 1 ${fmt(point(0.86, 175)[0])} ${fmt(point(0.86, 175)[1])}`}
        fill="none"
        stroke="#1e7538"
        strokeWidth="8"
        strokeDasharray="2 18"
        strokeLinecap="round"
        markerEnd="url(#circularity-arrow)"
      />
      {TICKS.map((tick) => {
        const [ox, oy] = point(tick, RADIUS + 38);
        const [ix, iy] = point(tick, RADIUS + 22);
        const [tx, ty] = point(tick, RADIUS + 66);
        return (
          <g key={tick}>
            <line
              x1={fmt(ix)}
              y1={fmt(iy)}
              x2={fmt(ox)}
              y2={fmt(oy)}
              stroke="#49494a"
              strokeWidth="4"
            />
            {tick > 0 && tick < 1 && (
              <text
                x={fmt(tx)}
                y={fmt(ty) + 10}
                textAnchor="middle"
                className="circularity-gauge__tick"
              >
                {number.format(tick)}
              </text>
            )}
          </g>
        );
      })}
      <text x={fmt(x0)} y={CY + 62} textAnchor="middle" className="circularity-gauge__end">
        {min.value}
      </text>
      <text x={fmt(x0)} y={CY + 96} textAnchor="middle" className="circularity-gauge__end-label">
        {min.label}
      </text>
      <text
        x={fmt(x1)}
        y={CY + 62}
        textAnchor="middle"
        className="circularity-gauge__end circularity-gauge__end--max"
      >
        {max.value}
      </text>
      <text
        x={fmt(x1)}
        y={CY + 96}
        textAnchor="middle"
        className="circularity-gauge__end-label circularity-gauge__end-label--max"
      >
        {max.label}
      </text>
    </svg>
  );
}
