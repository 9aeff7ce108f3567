/**
 * The document page: an A4-proportioned SVG (1080 × 1528, or the idle reader's 1080 × 1920) with a
 * header band, a title and a column of content blocks. Posters, procedures, catalogue, magazine and
 * manual pages are all this builder with different blocks.
 *
 * Blocks are laid out top to bottom with measured heights; content that would run into the footer
 * throws, so an over-long demo text is caught by the seed tests instead of being clipped silently.
 */
import {
  ACCENT_PALE,
  PALETTE,
  circle,
  fitSize,
  nest,
  paragraph,
  rect,
  svgDocument,
  text,
  wrapText,
  type Accent,
} from './kit.js';
import { pictogram, type PictogramName } from './pictograms.js';
import { productSilhouette, type ProductShape } from './products.js';
import { sceneSvg, SCENE_HEIGHT, SCENE_WIDTH, type SceneKind } from './scenes.js';

export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; size?: number }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'steps'; items: { title: string; text?: string }[] }
  | { kind: 'figures'; items: { value: string; label: string }[]; columns?: number }
  | { kind: 'table'; columns: string[]; rows: string[][]; widths?: number[]; size?: number }
  | { kind: 'callout'; title?: string; text: string; tone?: Accent }
  | { kind: 'pictograms'; items: { icon: PictogramName; label: string; colour?: Accent }[] }
  | {
      kind: 'illustration';
      scene: SceneKind;
      caption?: string;
      height?: number;
      /** Words drawn in the scene (SceneOptions.labels); French when absent. */
      labels?: readonly string[];
    }
  | {
      kind: 'cards';
      items: { label: string; sublabel?: string; lines: string[] }[];
      /** Text size (24 by default) and minimum card height, to fill a poster. */
      size?: number;
      minHeight?: number;
    }
  | {
      kind: 'products';
      items: { name: string; shape: ProductShape; colour: string; note: string }[];
    }
  | { kind: 'timeline'; items: { year: string; text: string }[] }
  | {
      kind: 'signature';
      name: string;
      role: string;
      date: string;
      /** The line above the signature; "Le Neubourg, le <date>" when absent. */
      placeAndDate?: string;
    }
  | { kind: 'productHero'; shape: ProductShape; colour: string; specs: [string, string][] }
  | { kind: 'spacer'; height: number }
  /** Free drawing (plans, charts) in the content column: `draw` gets the top-left and the width. */
  | { kind: 'custom'; height: number; draw: (x: number, y: number, width: number) => string };

export interface PageSpec {
  title: string;
  /** Small upper-case line above the title (the document or the department). */
  kicker?: string;
  subtitle?: string;
  accent?: Accent;
  blocks: Block[];
  /** Footer text on the left; the right side shows the page number when given. */
  footer?: string;
  page?: { number: number; total: number };
  height?: number;
  /** Posters have a sand background; documents are white paper. */
  style?: 'document' | 'poster';
  /** Spreads the free space under the blocks between them (up to 80 px per gap): full-screen pages. */
  justify?: boolean;
  /** Distinguishes gradient ids of nested scenes between pages. */
  uid?: string;
}

export const PAGE_WIDTH = 1080;
export const PAGE_HEIGHT = 1528;
const MARGIN = 80;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_HEIGHT = 96;

interface Laid {
  svg: string;
  height: number;
}

type Ctx = { accent: string; pale: string; uid: string; index: number };

function heading(block: { text: string }, x: number, y: number, ctx: Ctx): Laid {
  const lines = wrapText(block.text, 34, CONTENT_WIDTH - 30, true);
  let svg = rect(x, y + 6, 10, 34 + (lines.length - 1) * 44, ctx.accent);
  lines.forEach((lineText, i) => {
    svg += text(x + 28, y + 36 + i * 44, lineText, { size: 34, bold: true });
  });
  return { svg, height: 36 + (lines.length - 1) * 44 + 26 };
}

function bullets(items: string[], x: number, y: number, ctx: Ctx): Laid {
  let svg = '';
  let cursor = y;
  for (const item of items) {
    svg += circle(x + 8, cursor + 19, 7, ctx.accent);
    const para = paragraph(x + 32, cursor + 27, item, CONTENT_WIDTH - 32, {
      size: 26,
      lineHeight: 36,
    });
    svg += para.svg;
    cursor = para.y + 8;
  }
  return { svg, height: cursor - y + 8 };
}

function steps(items: { title: string; text?: string }[], x: number, y: number, ctx: Ctx): Laid {
  let svg = '';
  let cursor = y;
  items.forEach((item, i) => {
    svg += circle(x + 30, cursor + 30, 30, ctx.accent);
    svg += text(x + 30, cursor + 41, String(i + 1), {
      size: 30,
      bold: true,
      fill: '#FFFFFF',
      anchor: 'middle',
    });
    const title = paragraph(x + 80, cursor + 28, item.title, CONTENT_WIDTH - 80, {
      size: 28,
      bold: true,
      lineHeight: 36,
    });
    svg += title.svg;
    let end = title.y;
    if (item.text) {
      const body = paragraph(x + 80, title.y + 2, item.text, CONTENT_WIDTH - 80, {
        size: 24,
        lineHeight: 33,
        fill: '#5A5A5B',
      });
      svg += body.svg;
      end = body.y;
    }
    cursor = Math.max(end, cursor + 64) + 14;
  });
  return { svg, height: cursor - y + 6 };
}

function figures(block: Extract<Block, { kind: 'figures' }>, x: number, y: number, ctx: Ctx): Laid {
  const columns = block.columns ?? Math.min(3, block.items.length);
  const gap = 20;
  const w = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
  const h = 176;
  let svg = '';
  block.items.forEach((item, i) => {
    const cx = x + (i % columns) * (w + gap);
    const cy = y + Math.floor(i / columns) * (h + gap);
    svg += rect(cx, cy, w, h, ctx.pale, { rx: 14 });
    const size = fitSize(item.value, 60, w - 30, true);
    svg += text(cx + w / 2, cy + 78, item.value, {
      size,
      bold: true,
      fill: ctx.accent === PALETTE.corail ? '#D9543C' : ctx.accent,
      anchor: 'middle',
    });
    wrapText(item.label, 22, w - 30)
      .slice(0, 3)
      .forEach((labelLine, k) => {
        svg += text(cx + w / 2, cy + 118 + k * 28, labelLine, { size: 22, anchor: 'middle' });
      });
  });
  const rows = Math.ceil(block.items.length / columns);
  return { svg, height: rows * h + (rows - 1) * gap + 24 };
}

function table(block: Extract<Block, { kind: 'table' }>, x: number, y: number, ctx: Ctx): Laid {
  const size = block.size ?? 23;
  const total = block.widths?.reduce((a, b) => a + b, 0) ?? block.columns.length;
  const widths = block.columns.map((_, i) => ((block.widths?.[i] ?? 1) / total) * CONTENT_WIDTH);
  const lineHeight = Math.round(size * 1.3);
  let svg = '';
  let cursor = y;
  const row = (cells: string[], header: boolean, index: number) => {
    const wrapped = cells.map((cell, i) => wrapText(cell, size, (widths[i] ?? 100) - 24, header));
    const h = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + 22;
    svg += rect(
      x,
      cursor,
      CONTENT_WIDTH,
      h,
      header ? PALETTE.gris1 : index % 2 ? '#FFFFFF' : ctx.pale,
    );
    let cx = x;
    wrapped.forEach((lines, i) => {
      lines.forEach((lineText, k) => {
        svg += text(cx + 12, cursor + 11 + size + k * lineHeight - 2, lineText, {
          size,
          bold: header || i === 0,
          fill: header ? '#FFFFFF' : PALETTE.gris1,
        });
      });
      cx += widths[i] ?? 0;
    });
    cursor += h;
  };
  row(block.columns, true, 0);
  block.rows.forEach((cells, i) => row(cells, false, i));
  svg += rect(x, y, CONTENT_WIDTH, cursor - y, 'none', { stroke: PALETTE.gris3, strokeWidth: 2 });
  return { svg, height: cursor - y + 24 };
}

function callout(block: Extract<Block, { kind: 'callout' }>, x: number, y: number, ctx: Ctx): Laid {
  const tone = block.tone ? PALETTE[block.tone] : ctx.accent;
  const pale = block.tone ? ACCENT_PALE[block.tone] : ctx.pale;
  let inner = '';
  let cursor = y + 26;
  if (block.title) {
    const title = paragraph(x + 40, cursor + 22, block.title, CONTENT_WIDTH - 64, {
      size: 27,
      bold: true,
      fill: tone === PALETTE.corail ? '#C24A33' : tone,
      lineHeight: 34,
    });
    inner += title.svg;
    cursor = title.y;
  }
  const body = paragraph(x + 40, cursor + 24, block.text, CONTENT_WIDTH - 64, {
    size: 24,
    lineHeight: 33,
  });
  inner += body.svg;
  const height = body.y - y + 6;
  return {
    svg: rect(x, y, CONTENT_WIDTH, height, pale, { rx: 10 }) + rect(x, y, 10, height, tone) + inner,
    height: height + 24,
  };
}

function pictograms(
  block: Extract<Block, { kind: 'pictograms' }>,
  x: number,
  y: number,
  ctx: Ctx,
): Laid {
  const perRow = Math.min(5, block.items.length);
  const w = CONTENT_WIDTH / perRow;
  let svg = '';
  let rowHeight = 0;
  block.items.forEach((item, i) => {
    const cx = x + (i % perRow) * w + w / 2;
    const top = y + Math.floor(i / perRow) * 250;
    svg += pictogram(item.icon, cx, top + 70, 66, item.colour ? PALETTE[item.colour] : ctx.accent);
    const lines = wrapText(item.label, 22, w - 16, true);
    lines.forEach((labelLine, k) => {
      svg += text(cx, top + 172 + k * 28, labelLine, { size: 22, bold: true, anchor: 'middle' });
    });
    rowHeight = Math.max(rowHeight, 172 + lines.length * 28);
  });
  const rows = Math.ceil(block.items.length / perRow);
  return { svg, height: (rows - 1) * 250 + rowHeight + 10 };
}

function illustration(
  block: Extract<Block, { kind: 'illustration' }>,
  x: number,
  y: number,
  ctx: Ctx,
): Laid {
  const h = block.height ?? Math.round((CONTENT_WIDTH * SCENE_HEIGHT) / SCENE_WIDTH);
  const scene = sceneSvg(block.scene, {
    title: block.caption ?? block.scene,
    caption: false,
    uid: `${ctx.uid}-${ctx.index}`,
    labels: block.labels,
  });
  let svg = nest(scene, x, y, CONTENT_WIDTH, h);
  let height = h + 20;
  if (block.caption) {
    svg += text(x, y + h + 32, block.caption, { size: 21, italic: true, fill: PALETTE.gris2 });
    height += 34;
  }
  return { svg, height: height + 10 };
}

function cards(block: Extract<Block, { kind: 'cards' }>, x: number, y: number, ctx: Ctx): Laid {
  let svg = '';
  let cursor = y;
  const size = block.size ?? 24;
  const lineHeight = Math.round(size * 1.38);
  for (const card of block.items) {
    const lines = card.lines.flatMap((lineText) => wrapText(lineText, size, CONTENT_WIDTH - 260));
    const textHeight = lines.length * lineHeight + 34;
    const h = Math.max(112, textHeight, block.minHeight ?? 0);
    svg += rect(x, cursor, CONTENT_WIDTH, h, '#FFFFFF', {
      rx: 12,
      stroke: PALETTE.gris3,
      strokeWidth: 2,
    });
    svg += rect(x, cursor, 210, h, ctx.accent, { rx: 12 });
    svg += rect(x + 190, cursor, 20, h, ctx.accent);
    svg += text(x + 105, cursor + h / 2 + (card.sublabel ? -4 : 10), card.label, {
      size: 28,
      bold: true,
      fill: '#FFFFFF',
      anchor: 'middle',
    });
    if (card.sublabel)
      svg += text(x + 105, cursor + h / 2 + 28, card.sublabel, {
        size: 20,
        fill: '#FFFFFF',
        anchor: 'middle',
      });
    // Lines are centred vertically in cards taller than their text.
    const top = cursor + (h - textHeight) / 2 + 17 + size * 0.8;
    lines.forEach((lineText, k) => {
      svg += text(x + 240, top + k * lineHeight, lineText, { size });
    });
    cursor += h + 14;
  }
  return { svg, height: cursor - y + 10 };
}

function products(
  block: Extract<Block, { kind: 'products' }>,
  x: number,
  y: number,
  ctx: Ctx,
): Laid {
  const columns = 2;
  const gap = 24;
  const w = (CONTENT_WIDTH - gap) / columns;
  const h = 330;
  let svg = '';
  block.items.forEach((item, i) => {
    const cx = x + (i % columns) * (w + gap);
    const cy = y + Math.floor(i / columns) * (h + gap);
    svg += rect(cx, cy, w, h, ctx.pale, { rx: 16 });
    svg += productSilhouette(item.shape, cx + w / 2, cy + 206, 180, item.colour);
    svg += text(cx + w / 2, cy + 260, item.name, {
      size: fitSize(item.name, 28, w - 30, true),
      bold: true,
      anchor: 'middle',
    });
    svg += text(cx + w / 2, cy + 296, item.note, {
      size: fitSize(item.note, 21, w - 30),
      anchor: 'middle',
      fill: '#5A5A5B',
    });
  });
  const rows = Math.ceil(block.items.length / columns);
  return { svg, height: rows * (h + gap) + 4 };
}

function timeline(items: { year: string; text: string }[], x: number, y: number, ctx: Ctx): Laid {
  let svg = '';
  let cursor = y;
  const start = y;
  for (const item of items) {
    svg += circle(x + 90, cursor + 22, 12, ctx.accent);
    svg += text(x, cursor + 32, item.year, { size: 28, bold: true });
    const para = paragraph(x + 130, cursor + 31, item.text, CONTENT_WIDTH - 130, {
      size: 24,
      lineHeight: 33,
    });
    svg += para.svg;
    cursor = Math.max(para.y, cursor + 50) + 16;
  }
  svg = rect(x + 88, start + 22, 4, cursor - start - 50, PALETTE.gris3) + svg;
  return { svg, height: cursor - y + 8 };
}

function signature(block: Extract<Block, { kind: 'signature' }>, x: number, y: number): Laid {
  const right = x + CONTENT_WIDTH;
  return {
    svg:
      text(right, y + 30, block.placeAndDate ?? `Le Neubourg, le ${block.date}`, {
        size: 22,
        anchor: 'end',
        italic: true,
      }) +
      `<path d="M${right - 300} ${y + 90} q30 -40 60 0 t60 0 q20 -30 50 -6 t70 -10" stroke="${PALETTE.bleu}" stroke-width="3" fill="none"/>` +
      text(right, y + 140, block.name, { size: 24, bold: true, anchor: 'end' }) +
      text(right, y + 170, block.role, { size: 22, anchor: 'end' }),
    height: 196,
  };
}

function productHero(
  block: Extract<Block, { kind: 'productHero' }>,
  x: number,
  y: number,
  ctx: Ctx,
): Laid {
  const h = 460;
  let svg = rect(x, y, 400, h, ctx.pale, { rx: 16 });
  svg += `<circle cx="${x + 200}" cy="${y + 220}" r="170" fill="#FFFFFF" opacity="0.7"/>`;
  svg += productSilhouette(block.shape, x + 200, y + 410, 370, block.colour);
  let cy = y;
  for (const [label, value] of block.specs) {
    svg += text(x + 440, cy + 30, label.toUpperCase(), {
      size: 18,
      bold: true,
      fill: PALETTE.gris2,
      letterSpacing: 1,
    });
    const para = paragraph(x + 440, cy + 64, value, CONTENT_WIDTH - 440, {
      size: 26,
      bold: true,
      lineHeight: 32,
    });
    svg += para.svg + rect(x + 440, para.y - 10, CONTENT_WIDTH - 440, 2, PALETTE.gris3);
    cy = para.y + 4;
  }
  return { svg, height: Math.max(h, cy - y) + 30 };
}

function layoutBlock(block: Block, x: number, y: number, ctx: Ctx): Laid {
  switch (block.kind) {
    case 'heading':
      return heading(block, x, y, ctx);
    case 'paragraph': {
      const size = block.size ?? 26;
      const para = paragraph(x, y + size, block.text, CONTENT_WIDTH, {
        size,
        lineHeight: Math.round(size * 1.42),
      });
      return { svg: para.svg, height: para.y - y + 6 };
    }
    case 'bullets':
      return bullets(block.items, x, y, ctx);
    case 'steps':
      return steps(block.items, x, y, ctx);
    case 'figures':
      return figures(block, x, y, ctx);
    case 'table':
      return table(block, x, y, ctx);
    case 'callout':
      return callout(block, x, y, ctx);
    case 'pictograms':
      return pictograms(block, x, y, ctx);
    case 'illustration':
      return illustration(block, x, y, ctx);
    case 'cards':
      return cards(block, x, y, ctx);
    case 'products':
      return products(block, x, y, ctx);
    case 'timeline':
      return timeline(block.items, x, y, ctx);
    case 'signature':
      return signature(block, x, y);
    case 'productHero':
      return productHero(block, x, y, ctx);
    case 'spacer':
      return { svg: '', height: block.height };
    case 'custom':
      return { svg: block.draw(x, y, CONTENT_WIDTH), height: block.height + 24 };
  }
}

/** The header band: kicker, title (up to two lines) and subtitle on grey, with an accent rule. */
function header(spec: PageSpec, accent: string): { svg: string; height: number } {
  const titleLines = wrapText(spec.title, 50, CONTENT_WIDTH, true).slice(0, 2);
  const titleSize = titleLines.length > 1 ? 44 : fitSize(spec.title, 52, CONTENT_WIDTH, true);
  let y = 70;
  let svg = '';
  if (spec.kicker) {
    svg += text(MARGIN, y, spec.kicker.toUpperCase(), {
      size: 22,
      bold: true,
      fill: accent === PALETTE.gris1 ? PALETTE.corail : accent,
      letterSpacing: 3,
    });
    y += 20;
  }
  const lines =
    titleLines.length > 1
      ? wrapText(spec.title, titleSize, CONTENT_WIDTH, true).slice(0, 2)
      : titleLines;
  lines.forEach((lineText) => {
    y += titleSize + 8;
    svg += text(MARGIN, y, lineText, { size: titleSize, bold: true, fill: '#FFFFFF' });
  });
  if (spec.subtitle) {
    y += 44;
    svg += text(MARGIN, y, spec.subtitle, {
      size: fitSize(spec.subtitle, 26, CONTENT_WIDTH),
      fill: PALETTE.sable,
    });
  }
  const height = y + 40;
  return {
    svg:
      rect(0, 0, PAGE_WIDTH, height, PALETTE.gris1) + rect(0, height, PAGE_WIDTH, 12, accent) + svg,
    height: height + 12,
  };
}

export function pageSvg(spec: PageSpec): string {
  const height = spec.height ?? PAGE_HEIGHT;
  const accentName = spec.accent ?? 'corail';
  const accent = PALETTE[accentName];
  const ctx: Ctx = { accent, pale: ACCENT_PALE[accentName], uid: spec.uid ?? 'p', index: 0 };
  const top = header(spec, accent);
  const gap =
    spec.justify && spec.blocks.length > 1
      ? Math.min(80, Math.max(0, pageFreeSpace(spec) - 24) / spec.blocks.length)
      : 0;
  let body = '';
  let y = top.height + 44;
  for (const block of spec.blocks) {
    ctx.index++;
    const laid = layoutBlock(block, MARGIN, y, ctx);
    body += laid.svg;
    y += laid.height + gap;
  }
  y -= gap;
  const limit = height - FOOTER_HEIGHT;
  if (y - 10 > limit) {
    throw new Error(`Generated page "${spec.title}" overflows by ${Math.round(y - 10 - limit)} px`);
  }
  const footerY = height - 44;
  const footer =
    rect(MARGIN, height - FOOTER_HEIGHT + 14, CONTENT_WIDTH, 2, PALETTE.gris3) +
    text(MARGIN, footerY, spec.footer ?? 'Site du Neubourg', { size: 20, fill: PALETTE.gris2 }) +
    (spec.page
      ? text(PAGE_WIDTH - MARGIN, footerY, `${spec.page.number} / ${spec.page.total}`, {
          size: 20,
          fill: PALETTE.gris2,
          anchor: 'end',
          bold: true,
        })
      : '');
  const background = rect(
    0,
    0,
    PAGE_WIDTH,
    height,
    spec.style === 'poster' ? PALETTE.sable : '#FFFFFF',
  );
  return svgDocument(PAGE_WIDTH, height, spec.title, background + top.svg + body + footer);
}

/** Free space left under the blocks of a page, for callers that size an illustration to fit. */
export function pageFreeSpace(spec: PageSpec): number {
  const height = spec.height ?? PAGE_HEIGHT;
  const accentName = spec.accent ?? 'corail';
  const ctx: Ctx = {
    accent: PALETTE[accentName],
    pale: ACCENT_PALE[accentName],
    uid: 'measure',
    index: 0,
  };
  let y = header(spec, ctx.accent).height + 44;
  for (const block of spec.blocks) y += layoutBlock(block, MARGIN, y, ctx).height;
  return height - FOOTER_HEIGHT - y;
}

/**
 * Grows the page's last illustration into the free space under the blocks, for full-screen pages
 * such as the idle reader's, which should not end in a blank band. Scenes are cropped to fill their
 * box, so the height is capped (by default at 0.72 × the width) to keep most of the scene.
 */
export function fillWithIllustration(
  spec: PageSpec,
  maxHeight = Math.round(CONTENT_WIDTH * 0.72),
): PageSpec {
  const index = spec.blocks.map((block) => block.kind).lastIndexOf('illustration');
  const block = spec.blocks[index];
  if (!block || block.kind !== 'illustration') return spec;
  const current = block.height ?? Math.round((CONTENT_WIDTH * SCENE_HEIGHT) / SCENE_WIDTH);
  const height = Math.min(maxHeight, current + Math.max(0, pageFreeSpace(spec) - 24));
  const blocks = [...spec.blocks];
  blocks[index] = { ...block, height };
  return { ...spec, blocks };
}
