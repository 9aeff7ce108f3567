/**
 * Pictograms drawn with basic shapes, each in a 100 × 100 box, in the style of safety signs: a
 * white symbol on a coloured disc (blue for mandatory equipment, green for first aid, red for fire).
 */
import { circle, PALETTE, round } from './kit.js';

export type PictogramName =
  | 'shoe'
  | 'glasses'
  | 'ear'
  | 'gloves'
  | 'vest'
  | 'helmet'
  | 'phone'
  | 'fire'
  | 'firstAid'
  | 'drop'
  | 'recycle'
  | 'forklift'
  | 'warning'
  | 'person'
  | 'people'
  | 'clock'
  | 'bolt'
  | 'heart'
  | 'bin'
  | 'leaf'
  | 'plate'
  | 'bus'
  | 'book'
  | 'check'
  | 'magnifier'
  | 'bell'
  | 'calendar'
  | 'gate'
  | 'badge'
  | 'euro'
  | 'gear'
  | 'factory';

const W = PALETTE.white;
const stroke = (width: number, colour: string = W) =>
  `fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

/** The symbol alone (white), in a 100 × 100 box. `accent` colours the few details drawn in colour. */
function symbol(name: PictogramName, accent: string): string {
  switch (name) {
    case 'shoe':
      return `<path d="M20 28h20l3 20 28 5q13 3 13 14v6H20z" fill="${W}"/><rect x="18" y="74" width="68" height="7" rx="3" fill="${W}"/><path d="M44 50l4-8m6 10l4-8m6 10l3-7" ${stroke(3, accent)}/>`;
    case 'glasses':
      return `<circle cx="32" cy="54" r="15" ${stroke(6)}/><circle cx="68" cy="54" r="15" ${stroke(6)}/><path d="M47 52q3-5 6 0M17 50l-6-14M83 50l6-14" ${stroke(6)}/>`;
    case 'ear':
      return `<path d="M26 56Q26 16 50 16Q74 16 74 56" ${stroke(7)}/><rect x="14" y="48" width="22" height="34" rx="8" fill="${W}"/><rect x="64" y="48" width="22" height="34" rx="8" fill="${W}"/>`;
    case 'gloves':
      return `<path d="M30 86V46q0-5 5-5t5 5v8V26q0-5 5-5t5 5v24V20q0-5 5-5t5 5v30V26q0-5 5-5t5 5v34q0 26-22 26z" fill="${W}"/><path d="M30 60L20 48q-4-4 0-8 4-3 8 1l8 10" fill="${W}"/>`;
    case 'vest':
      return `<path d="M34 14l16 14 16-14 16 10-6 20v42H24V44l-6-20z" fill="${W}"/><rect x="24" y="52" width="52" height="7" fill="${accent}"/><rect x="24" y="66" width="52" height="7" fill="${accent}"/><path d="M50 28v58" stroke="${accent}" stroke-width="3"/>`;
    case 'helmet':
      return `<path d="M20 66q0-40 30-40t30 40z" fill="${W}"/><rect x="12" y="64" width="76" height="10" rx="5" fill="${W}"/><rect x="45" y="22" width="10" height="20" rx="4" fill="${W}"/>`;
    case 'phone':
      return `<path d="M30 18h11l6 17-8 6q7 15 20 21l6-8 17 6v11q0 11-11 11Q24 78 20 29q0-11 10-11z" fill="${W}"/>`;
    case 'fire':
      return `<path d="M50 12q17 20 15 38 8-6 8-15 14 20 4 39-10 14-27 14-19 0-27-14-8-16 8-34 0 12 8 16-4-22 11-44z" fill="${W}"/><path d="M50 58q9 9 7 18-3 6-7 6t-7-6q-2-9 7-18z" fill="${accent}"/>`;
    case 'firstAid':
      return `<rect x="39" y="16" width="22" height="68" fill="${W}"/><rect x="16" y="39" width="68" height="22" fill="${W}"/>`;
    case 'drop':
      return `<path d="M50 12q25 32 25 50a25 25 0 0 1-50 0q0-18 25-50z" fill="${W}"/><path d="M38 62q0 10 10 13" ${stroke(4, accent)}/>`;
    case 'recycle':
      return `<circle cx="50" cy="52" r="26" fill="none" stroke="${W}" stroke-width="8" stroke-dasharray="38 16.5"/><path d="M70 26l6 14-15 1zM26 55l-9 12 15 3zM62 84l4-15-13 6z" fill="${W}"/>`;
    case 'forklift':
      return `<rect x="16" y="40" width="38" height="30" rx="4" fill="${W}"/><path d="M24 40V22h22l8 18" ${stroke(5)}/><rect x="62" y="16" width="6" height="58" fill="${W}"/><path d="M68 72h20" ${stroke(5)}/><circle cx="26" cy="76" r="8" fill="${W}"/><circle cx="50" cy="76" r="8" fill="${W}"/>`;
    case 'warning':
      return `<path d="M50 14L88 82H12z" fill="${W}"/><rect x="46" y="36" width="8" height="26" rx="3" fill="${accent}"/><circle cx="50" cy="71" r="5" fill="${accent}"/>`;
    case 'person':
      return `<circle cx="50" cy="26" r="12" fill="${W}"/><path d="M28 86V56q0-14 22-14t22 14v30z" fill="${W}"/>`;
    case 'people':
      return `<circle cx="30" cy="34" r="9" fill="${W}"/><circle cx="70" cy="34" r="9" fill="${W}"/><path d="M14 78V58q0-10 16-10t16 10v20zM54 78V58q0-10 16-10t16 10v20z" fill="${W}"/><circle cx="50" cy="42" r="11" fill="${W}" stroke="${accent}" stroke-width="3"/><path d="M32 86V66q0-12 18-12t18 12v20z" fill="${W}" stroke="${accent}" stroke-width="3"/>`;
    case 'clock':
      return `<circle cx="50" cy="50" r="32" ${stroke(7)}/><path d="M50 30v20l14 10" ${stroke(7)}/>`;
    case 'bolt':
      return `<path d="M57 10L26 56h22l-7 34 33-48H52z" fill="${W}"/>`;
    case 'heart':
      return `<path d="M50 84Q14 60 14 36q0-18 18-18 12 0 18 12 6-12 18-12 18 0 18 18 0 24-36 48z" fill="${W}"/><path d="M54 28L38 54h12l-4 18 16-26H50z" fill="${accent}"/>`;
    case 'bin':
      return `<rect x="22" y="22" width="56" height="8" rx="3" fill="${W}"/><rect x="42" y="14" width="16" height="8" rx="2" fill="${W}"/><path d="M27 34h46l-5 52H32z" fill="${W}"/><path d="M41 42v36M50 42v36M59 42v36" stroke="${accent}" stroke-width="4"/>`;
    case 'leaf':
      return `<path d="M20 80Q16 24 82 18q4 58-54 60z" fill="${W}"/><path d="M24 78Q44 50 70 30" ${stroke(4, accent)}/>`;
    case 'plate':
      return `<circle cx="50" cy="52" r="24" ${stroke(6)}/><path d="M14 18v22q0 8 6 8v36M20 18v18M26 18v22q0 8-6 8M84 18q-10 6-10 26h10v40" ${stroke(5)}/>`;
    case 'bus':
      return `<rect x="18" y="16" width="64" height="62" rx="10" fill="${W}"/><rect x="26" y="26" width="48" height="24" rx="3" fill="${accent}"/><circle cx="32" cy="64" r="5" fill="${accent}"/><circle cx="68" cy="64" r="5" fill="${accent}"/><rect x="24" y="78" width="12" height="10" rx="2" fill="${W}"/><rect x="64" y="78" width="12" height="10" rx="2" fill="${W}"/>`;
    case 'book':
      return `<path d="M50 28Q36 18 14 20v56q22-2 36 8 14-10 36-8V20q-22-2-36 8z" fill="${W}"/><path d="M50 30v52" stroke="${accent}" stroke-width="3"/>`;
    case 'check':
      return `<path d="M20 52l20 20 40-44" ${stroke(12)}/>`;
    case 'magnifier':
      return `<circle cx="42" cy="42" r="24" ${stroke(8)}/><path d="M60 60l24 24" ${stroke(12)}/>`;
    case 'bell':
      return `<path d="M50 14q-24 0-24 30v18l-8 12h64l-8-12V44q0-30-24-30z" fill="${W}"/><circle cx="50" cy="82" r="7" fill="${W}"/>`;
    case 'calendar':
      return `<rect x="16" y="22" width="68" height="62" rx="6" fill="${W}"/><rect x="16" y="22" width="68" height="16" rx="6" fill="${W}" stroke="${accent}" stroke-width="2"/><path d="M32 14v16M68 14v16" ${stroke(6)}/><path d="M28 50h10M45 50h10M62 50h10M28 64h10M45 64h10" stroke="${accent}" stroke-width="7"/>`;
    case 'gate':
      return `<rect x="12" y="30" width="10" height="56" fill="${W}"/><rect x="78" y="30" width="10" height="56" fill="${W}"/><rect x="22" y="40" width="56" height="14" fill="${W}"/><path d="M30 40l-8 14M46 40l-8 14M62 40l-8 14M78 40l-8 14" stroke="${accent}" stroke-width="5"/><path d="M22 54v32M78 54v32M36 54v32M50 54v32M64 54v32" ${stroke(3)}/>`;
    case 'badge':
      return `<rect x="20" y="24" width="60" height="64" rx="8" fill="${W}"/><rect x="42" y="12" width="16" height="18" rx="3" fill="${W}" stroke="${accent}" stroke-width="3"/><circle cx="50" cy="50" r="10" fill="${accent}"/><path d="M34 78q0-14 16-14t16 14z" fill="${accent}"/>`;
    case 'euro':
      return `<path d="M74 26q-8-8-20-8-24 0-28 32 4 32 28 32 12 0 20-8" ${stroke(8)}/><path d="M14 42h40M14 58h40" ${stroke(6)}/>`;
    case 'gear': {
      const teeth = Array.from({ length: 8 }, (_, i) => {
        const angle = (i * Math.PI) / 4;
        return `<rect x="44" y="10" width="12" height="18" rx="2" fill="${W}" transform="rotate(${round((angle * 180) / Math.PI)} 50 50)"/>`;
      }).join('');
      return `${teeth}<circle cx="50" cy="50" r="28" fill="${W}"/><circle cx="50" cy="50" r="11" fill="${accent}"/>`;
    }
    case 'factory':
      return `<path d="M12 86V50l20-12v12l20-12v12l20-12V20h14v66z" fill="${W}"/><rect x="24" y="62" width="10" height="10" fill="${accent}"/><rect x="44" y="62" width="10" height="10" fill="${accent}"/><rect x="64" y="62" width="10" height="10" fill="${accent}"/>`;
  }
}

/** A pictogram: white symbol on a disc of `background`, centred at (cx, cy) with radius r. */
export function pictogram(
  name: PictogramName,
  cx: number,
  cy: number,
  r: number,
  background: string,
): string {
  const scale = (r * 2 * 0.72) / 100;
  const offset = (value: number) => round(value - 50 * scale);
  return (
    circle(cx, cy, r, background) +
    `<g transform="translate(${offset(cx)} ${offset(cy)}) scale(${round(scale * 1000) / 1000})">${symbol(name, background)}</g>`
  );
}

/** The symbol alone, drawn in white inside a square box at (x, y) of side `size`. */
export function symbolOnly(
  name: PictogramName,
  x: number,
  y: number,
  size: number,
  accent: string,
): string {
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round((size / 100) * 1000) / 1000})">${symbol(name, accent)}</g>`;
}
