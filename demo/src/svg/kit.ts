/**
 * Shared drawing kit of the demo plant's generated SVG images: palette, XML escaping, text metrics
 * and line wrapping.
 *
 * SVG has no text layout, so lines are wrapped here. Widths come from DejaVu Sans advance widths
 * (the first font of our stack and the widest of its fallbacks), so a line that fits here also fits
 * when a kiosk falls back to Liberation Sans or Arial.
 */

export const PALETTE = {
  gris1: '#49494A',
  corail: '#F39A88',
  sable: '#FBF0E2',
  rouge: '#e20613',
  vert: '#289548',
  bleu: '#6B91AB',
  white: '#FFFFFF',
  /** Derived tints, used for backgrounds and secondary strokes. */
  gris2: '#8A8A8C',
  gris3: '#D9D6D2',
  corailPale: '#FCE1DA',
  bleuPale: '#DCE6EE',
  vertPale: '#D8EEDD',
  rougePale: '#FBD9DB',
  sableDark: '#EADBC5',
} as const;

export type Accent = 'corail' | 'rouge' | 'vert' | 'bleu' | 'gris1';

export const ACCENT_PALE: Record<Accent, string> = {
  corail: PALETTE.corailPale,
  rouge: PALETTE.rougePale,
  vert: PALETTE.vertPale,
  bleu: PALETTE.bleuPale,
  gris1: PALETTE.gris3,
};

export const FONT_FAMILY = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

// Advance widths (1/1000 em) of DejaVu Sans and DejaVu Sans Bold for ASCII 32..126.
// prettier-ignore
const REGULAR = [318,401,460,838,636,950,780,275,390,390,500,838,318,361,318,337,636,636,636,636,636,636,636,636,636,636,337,337,838,838,838,531,1000,684,686,698,770,632,575,775,752,295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,390,337,390,838,500,500,613,635,550,635,615,352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525,636,337,636,838];
// prettier-ignore
const BOLD = [348,456,521,838,696,1002,872,306,457,457,523,838,380,415,380,365,696,696,696,696,696,696,696,696,696,696,400,400,838,838,838,580,1000,774,762,734,830,683,683,821,837,372,372,775,637,995,837,850,733,850,770,720,682,812,774,1103,771,724,725,457,365,457,838,500,500,675,716,593,716,678,435,716,712,343,343,665,343,1042,712,687,716,716,493,595,478,712,652,924,645,652,582,712,365,712,838];
const SPECIAL: Record<string, [number, number]> = {
  œ: [1023, 1094],
  Œ: [1070, 1167],
  '€': [636, 696],
  '«': [612, 646],
  '»': [612, 646],
  '’': [318, 380],
  '–': [500, 500],
  '—': [1000, 1000],
  '…': [1000, 1000],
  '·': [318, 380],
  '°': [500, 500],
  µ: [636, 736],
  '²': [401, 438],
  '\u00a0': [318, 348],
  '\u202f': [200, 220],
};

function charWidth(ch: string, bold: boolean): number {
  const special = SPECIAL[ch];
  if (special) return bold ? special[1] : special[0];
  // Accented letters share the advance of their base letter.
  const base = ch.normalize('NFD').charCodeAt(0);
  if (base >= 32 && base <= 126) return (bold ? BOLD : REGULAR)[base - 32] ?? 650;
  return bold ? 720 : 650;
}

/** Rendered width in px of `text` at `size` px. */
export function textWidth(text: string, size: number, bold = false): number {
  let total = 0;
  for (const ch of text) total += charWidth(ch, bold);
  return (total * size) / 1000;
}

/** Greedy word wrap to `maxWidth` px; a single word longer than a line is kept whole. */
export function wrapText(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && textWidth(candidate, size, bold) > maxWidth) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Largest font size ≤ `size` at which `text` fits on one line of `maxWidth` px. */
export function fitSize(text: string, size: number, maxWidth: number, bold = false): number {
  const width = textWidth(text, size, bold);
  return width <= maxWidth ? size : Math.floor((size * maxWidth) / width);
}

export interface TextOptions {
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  letterSpacing?: number;
  italic?: boolean;
}

/** One line of text. The font family is set once on the root element, not repeated here. */
export function text(x: number, y: number, content: string, options: TextOptions): string {
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-size="${options.size}"`,
    options.fill && options.fill !== PALETTE.gris1 ? `fill="${options.fill}"` : '',
    options.bold ? 'font-weight="bold"' : '',
    options.italic ? 'font-style="italic"' : '',
    options.anchor && options.anchor !== 'start' ? `text-anchor="${options.anchor}"` : '',
    options.opacity !== undefined ? `opacity="${options.opacity}"` : '',
    options.letterSpacing ? `letter-spacing="${options.letterSpacing}"` : '',
  ].filter(Boolean);
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`;
}

/** Wrapped lines starting with their first baseline at `y`; returns the markup and the next y. */
export function paragraph(
  x: number,
  y: number,
  content: string,
  maxWidth: number,
  options: TextOptions & { lineHeight?: number },
): { svg: string; y: number; lines: number } {
  const lines = wrapText(content, options.size, maxWidth, options.bold);
  const lineHeight = options.lineHeight ?? Math.round(options.size * 1.38);
  const svg = lines.map((line, i) => text(x, y + i * lineHeight, line, options)).join('');
  return { svg, y: y + lines.length * lineHeight, lines: lines.length };
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: { rx?: number; stroke?: string; strokeWidth?: number; opacity?: number } = {},
): string {
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `width="${round(w)}"`,
    `height="${round(h)}"`,
    extra.rx ? `rx="${extra.rx}"` : '',
    `fill="${fill}"`,
    extra.stroke ? `stroke="${extra.stroke}" stroke-width="${extra.strokeWidth ?? 2}"` : '',
    extra.opacity !== undefined ? `opacity="${extra.opacity}"` : '',
  ].filter(Boolean);
  return `<rect ${attrs.join(' ')}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 2,
  extra = '',
): string {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${stroke}" stroke-width="${width}"${extra ? ` ${extra}` : ''}/>`;
}

export const round = (value: number) => Math.round(value * 10) / 10;

/** A complete SVG document. `title` becomes the accessible name (and the tooltip in a browser). */
export function svgDocument(
  width: number,
  height: number,
  title: string,
  body: string,
  defs = '',
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${FONT_FAMILY}" fill="${PALETTE.gris1}" role="img">` +
    `<title>${escapeXml(title)}</title>${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>\n`
  );
}

/** Places a complete SVG document (e.g. a scene) inside another, scaled into the given box. */
export function nest(svg: string, x: number, y: number, w: number, h: number): string {
  const inner = svg
    .replace(/^<svg [^>]*?viewBox="([^"]+)"[^>]*>/, (_m, viewBox: string) => {
      return `<svg x="${round(x)}" y="${round(y)}" width="${round(w)}" height="${round(h)}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">`;
    })
    .replace(/<title>.*?<\/title>/, '')
    .trim();
  return inner;
}

/** Deterministic pseudo-random numbers, so the generated images are identical at every seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
