/**
 * Product drawings: silhouettes of the plant's dispensing systems (perfume pump, fine-mist spray,
 * lotion dispenser, airless bottle, foam pump), product thumbnails and detail sheets.
 */
import { PALETTE, fitSize, rect, round, svgDocument, text } from './kit.js';

export type ProductShape = 'crimpPump' | 'spray' | 'lotion' | 'airless' | 'foam';

/**
 * A product standing on `baseY`, centred on `cx`, `height` px tall. The bottle takes the product
 * colour; the dispensing system is drawn in grey and metal, as the plant makes that part.
 */
export function productSilhouette(
  shape: ProductShape,
  cx: number,
  baseY: number,
  height: number,
  colour: string,
): string {
  const u = height / 100;
  const s = (v: number) => round(v * u);
  const x = (v: number) => round(cx + v * u);
  const y = (v: number) => round(baseY - v * u);
  let svg = `<ellipse cx="${round(cx)}" cy="${round(baseY + 2 * u)}" rx="${s(26)}" ry="${s(3)}" fill="#000" opacity="0.12"/>`;
  const glint = (left: number, top: number, h: number) =>
    rect(x(left), y(top), s(4), s(h), '#FFFFFF', { rx: s(2), opacity: 0.5 });
  switch (shape) {
    case 'crimpPump':
      svg += rect(x(-22), y(58), s(44), s(58), colour, { rx: s(10) });
      svg += glint(-16, 52, 44);
      svg += rect(x(-7), y(66), s(14), s(9), '#C9A36A', { rx: s(2) });
      svg += rect(x(-5), y(80), s(10), s(15), PALETTE.gris1, { rx: s(2) });
      svg += rect(x(-12), y(98), s(24), s(20), '#D8D2C8', {
        rx: s(5),
        stroke: PALETTE.gris2,
        strokeWidth: s(0.8),
      });
      break;
    case 'spray':
      svg += rect(x(-16), y(66), s(32), s(66), colour, { rx: s(7) });
      svg += glint(-11, 60, 52);
      svg += rect(x(-6), y(72), s(12), s(7), '#BFC7CC', { rx: s(2) });
      svg += rect(x(-7), y(86), s(14), s(15), PALETTE.gris1, { rx: s(3) });
      svg += `<circle cx="${x(8)}" cy="${y(80)}" r="${s(1.4)}" fill="${PALETTE.white}"/>`;
      for (let i = 0; i < 10; i++) {
        const angle = -0.45 + (i / 9) * 0.9;
        const r = 8 + (i % 4) * 5;
        svg += `<circle cx="${round(cx + (9 + Math.cos(angle) * r) * u)}" cy="${round(baseY - (80 - Math.sin(angle) * r) * u)}" r="${s(0.9 + (i % 3) * 0.4)}" fill="${PALETTE.bleu}" opacity="0.5"/>`;
      }
      break;
    case 'lotion':
      svg += rect(x(-20), y(60), s(40), s(60), colour, { rx: s(9) });
      svg += glint(-14, 54, 46);
      svg += rect(x(-9), y(68), s(18), s(8), PALETTE.gris2, { rx: s(2) });
      svg += rect(x(-2.5), y(86), s(5), s(18), PALETTE.gris1);
      svg += `<path d="M${x(-11)} ${y(86)} h${s(22)} v${s(-6)} h${s(14)} v${s(-4)} h${s(-36)} z" fill="${PALETTE.gris1}"/>`;
      break;
    case 'airless':
      svg += rect(x(-15), y(74), s(30), s(74), colour, { rx: s(5) });
      svg += glint(-10, 68, 60);
      svg += rect(x(-15), y(22), s(30), s(4), PALETTE.gris1, { opacity: 0.5 });
      svg += rect(x(-15), y(96), s(30), s(24), PALETTE.gris1, { rx: s(5) });
      svg += rect(x(-11), y(90), s(22), s(2), PALETTE.white, { opacity: 0.5 });
      break;
    case 'foam':
      svg += rect(x(-18), y(62), s(36), s(62), colour, { rx: s(12) });
      svg += glint(-12, 56, 48);
      svg += rect(x(-12), y(70), s(24), s(8), PALETTE.gris2, { rx: s(2) });
      svg += `<path d="M${x(-12)} ${y(70)} v${s(-14)} q0 ${s(-8)} ${s(10)} ${s(-8)} h${s(12)} v${s(6)} h${s(-8)} q${s(-2)} 0 ${s(-2)} ${s(4)} v${s(12)} z" fill="${PALETTE.gris1}"/>`;
      for (let i = 0; i < 4; i++) {
        svg += `<circle cx="${x(16 + i * 2.5)}" cy="${y(84 - (i % 2) * 3)}" r="${s(2.2)}" fill="#FFFFFF" stroke="${PALETTE.gris3}" stroke-width="${s(0.4)}"/>`;
      }
      break;
  }
  return svg;
}

export interface ProductInfo {
  name: string;
  shape: ProductShape;
  colour: string;
  category: string;
  tagline: string;
  specs: [string, string][];
  benefits: string[];
  sustainability: string[];
}

/** Square product thumbnail (600 × 600), one colour variant, with the product name on it. */
export function productThumbnailSvg(
  product: ProductInfo,
  colour: string,
  variant?: string,
): string {
  const title = variant ? `${product.name} — ${variant}` : product.name;
  const body =
    rect(0, 0, 600, 600, '#FFFFFF') +
    `<circle cx="300" cy="270" r="210" fill="${PALETTE.sable}"/>` +
    productSilhouette(product.shape, 300, 440, 330, colour) +
    rect(0, 490, 600, 110, PALETTE.gris1) +
    rect(0, 490, 600, 6, PALETTE.corail) +
    text(300, 546, product.name.toUpperCase(), {
      size: fitSize(product.name.toUpperCase(), 34, 560, true),
      bold: true,
      fill: '#FFFFFF',
      anchor: 'middle',
      letterSpacing: 1,
    }) +
    text(300, 580, variant ?? product.category, {
      size: 20,
      fill: PALETTE.sable,
      anchor: 'middle',
    });
  return svgDocument(600, 600, title, body);
}
