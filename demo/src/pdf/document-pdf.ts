/**
 * Renders the demo plant's documents as real PDFs with pdf-lib and its standard fonts (Helvetica,
 * WinAnsi encoding: French accents, « », œ, € are fine; anything else is mapped or replaced).
 *
 * A document is a cover, an optional table of contents, then one page per `DocPage`; a page whose
 * content does not fit continues on the next page. The table of contents is drawn last, from the
 * pages the sections actually landed on, so its page numbers are right by construction — and
 * `sectionPages` returns them for the `sommaire` field of the document's sub-group.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { DocumentSpec } from '../document-model.js';
import type { Accent } from '../svg/kit.js';
import type { Block } from '../svg/page.js';

export interface RenderedPdf {
  bytes: Uint8Array;
  pageCount: number;
  /** Section title → 1-based page number, in document order. */
  sectionPages: { title: string; page: number }[];
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = 64;

const hex = (value: string): RGB => {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const COLOURS = {
  gris1: hex('#49494A'),
  gris2: hex('#8A8A8C'),
  gris3: hex('#D9D6D2'),
  corail: hex('#F39A88'),
  sable: hex('#FBF0E2'),
  rouge: hex('#e20613'),
  vert: hex('#289548'),
  bleu: hex('#6B91AB'),
  white: rgb(1, 1, 1),
};
const PALE: Record<Accent, RGB> = {
  corail: hex('#FCE1DA'),
  rouge: hex('#FBD9DB'),
  vert: hex('#D8EEDD'),
  bleu: hex('#DCE6EE'),
  gris1: hex('#EAE8E5'),
};

/** Characters outside WinAnsi that our texts use, mapped to what Helvetica can show. */
const FALLBACKS: Record<string, string> = {
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2011': '-',
  '\u2212': '-',
  '→': '->',
  '←': '<-',
  '≥': '>=',
  '≤': '<=',
  '✓': 'v',
  '½': '1/2',
  '\u2248': '~',
};

class Writer {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly italic: PDFFont;
  private readonly supported: Set<number>;
  page!: PDFPage;
  y = 0;
  readonly accent: RGB;
  readonly pale: RGB;

  constructor(doc: PDFDocument, fonts: [PDFFont, PDFFont, PDFFont], accent: Accent) {
    this.doc = doc;
    [this.regular, this.bold, this.italic] = fonts;
    this.supported = new Set(this.regular.getCharacterSet());
    this.accent = COLOURS[accent];
    this.pale = PALE[accent];
  }

  /** Text as Helvetica can encode it: mapped fallbacks, then '?' for anything else. */
  clean(value: string): string {
    let out = '';
    for (const ch of value) {
      const mapped = FALLBACKS[ch];
      if (mapped !== undefined) out += mapped;
      else if (this.supported.has(ch.codePointAt(0) ?? 0)) out += ch;
      else out += '?';
    }
    return out;
  }

  width(value: string, size: number, font: PDFFont = this.regular): number {
    return font.widthOfTextAtSize(this.clean(value), size);
  }

  wrap(value: string, size: number, maxWidth: number, font: PDFFont = this.regular): string[] {
    const lines: string[] = [];
    for (const paragraph of value.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && this.width(candidate, size, font) > maxWidth) {
          lines.push(current);
          current = word;
        } else current = candidate;
      }
      lines.push(current);
    }
    return lines;
  }

  text(
    value: string,
    x: number,
    y: number,
    size: number,
    options: { font?: PDFFont; color?: RGB } = {},
  ) {
    this.page.drawText(this.clean(value), {
      x,
      y,
      size,
      font: options.font ?? this.regular,
      color: options.color ?? COLOURS.gris1,
    });
  }

  rect(x: number, y: number, width: number, height: number, color: RGB) {
    this.page.drawRectangle({ x, y, width, height, color });
  }
}

function drawHeader(w: Writer, spec: DocumentSpec, title: string) {
  w.rect(0, A4.height - 92, A4.width, 92, COLOURS.gris1);
  w.rect(0, A4.height - 98, A4.width, 6, w.accent);
  w.text(spec.kicker.toUpperCase(), MARGIN, A4.height - 34, 8.5, {
    font: w.bold,
    color: COLOURS.corail,
  });
  const lines = w.wrap(title, 19, CONTENT_WIDTH, w.bold).slice(0, 2);
  const size = lines.length > 1 ? 16 : 19;
  lines.forEach((line, i) =>
    w.text(line, MARGIN, A4.height - 58 - i * 19, size, { font: w.bold, color: COLOURS.white }),
  );
  w.y = A4.height - 130;
}

/** Starts a new content page; `continued` pages repeat the title with "(suite)". */
function newPage(w: Writer, spec: DocumentSpec, title: string) {
  w.page = w.doc.addPage([A4.width, A4.height]);
  drawHeader(w, spec, title);
}

function ensureSpace(w: Writer, spec: DocumentSpec, needed: number, title: string) {
  if (w.y - needed < BOTTOM) newPage(w, spec, `${title} (suite)`);
}

function drawParagraph(
  w: Writer,
  spec: DocumentSpec,
  title: string,
  value: string,
  x: number,
  size: number,
  options: { font?: PDFFont; color?: RGB; width?: number } = {},
) {
  const lineHeight = size * 1.4;
  for (const line of w.wrap(
    value,
    size,
    options.width ?? CONTENT_WIDTH - (x - MARGIN),
    options.font,
  )) {
    ensureSpace(w, spec, lineHeight, title);
    w.y -= lineHeight;
    w.text(line, x, w.y + size * 0.3, size, options);
  }
}

function drawBlock(w: Writer, spec: DocumentSpec, title: string, block: Block) {
  switch (block.kind) {
    case 'heading':
      ensureSpace(w, spec, 48, title);
      w.y -= 10;
      w.rect(MARGIN, w.y - 17, 4, 17, w.accent);
      drawParagraph(w, spec, title, block.text, MARGIN + 12, 13.5, { font: w.bold });
      w.y -= 6;
      return;
    case 'paragraph':
      drawParagraph(w, spec, title, block.text, MARGIN, 10.5);
      w.y -= 8;
      return;
    case 'bullets':
      for (const item of block.items) {
        ensureSpace(w, spec, 16, title);
        w.page.drawCircle({ x: MARGIN + 4, y: w.y - 10, size: 2.6, color: w.accent });
        drawParagraph(w, spec, title, item, MARGIN + 14, 10.5);
        w.y -= 3;
      }
      w.y -= 6;
      return;
    case 'steps':
      block.items.forEach((item, i) => {
        ensureSpace(w, spec, 34, title);
        w.page.drawCircle({ x: MARGIN + 10, y: w.y - 12, size: 10, color: w.accent });
        w.text(String(i + 1), MARGIN + 10 - w.width(String(i + 1), 11, w.bold) / 2, w.y - 16, 11, {
          font: w.bold,
          color: COLOURS.white,
        });
        drawParagraph(w, spec, title, item.title, MARGIN + 30, 11, { font: w.bold });
        if (item.text) drawParagraph(w, spec, title, item.text, MARGIN + 30, 10);
        w.y -= 8;
      });
      return;
    case 'figures': {
      const columns = block.columns ?? Math.min(3, block.items.length);
      const gap = 8;
      const cellW = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
      const cellH = 62;
      for (let i = 0; i < block.items.length; i += columns) {
        ensureSpace(w, spec, cellH + gap, title);
        block.items.slice(i, i + columns).forEach((item, k) => {
          const x = MARGIN + k * (cellW + gap);
          w.rect(x, w.y - cellH, cellW, cellH, w.pale);
          const size = Math.min(
            20,
            (20 * (cellW - 12)) / Math.max(1, w.width(item.value, 20, w.bold)),
          );
          w.text(item.value, x + (cellW - w.width(item.value, size, w.bold)) / 2, w.y - 28, size, {
            font: w.bold,
            color: w.accent === COLOURS.corail ? hex('#C24A33') : w.accent,
          });
          w.wrap(item.label, 8.5, cellW - 10)
            .slice(0, 2)
            .forEach((line, n) => {
              w.text(line, x + (cellW - w.width(line, 8.5)) / 2, w.y - 42 - n * 10, 8.5);
            });
        });
        w.y -= cellH + gap;
      }
      w.y -= 6;
      return;
    }
    case 'table': {
      const total = block.widths?.reduce((a, b) => a + b, 0) ?? block.columns.length;
      const widths = block.columns.map(
        (_, i) => ((block.widths?.[i] ?? 1) / total) * CONTENT_WIDTH,
      );
      const size = 9.5;
      const row = (cells: string[], header: boolean, index: number) => {
        const wrapped = cells.map((cell, i) =>
          w.wrap(cell, size, (widths[i] ?? 50) - 10, header ? w.bold : w.regular),
        );
        const h = Math.max(...wrapped.map((lines) => lines.length)) * size * 1.3 + 9;
        ensureSpace(w, spec, h, title);
        w.rect(
          MARGIN,
          w.y - h,
          CONTENT_WIDTH,
          h,
          header ? COLOURS.gris1 : index % 2 ? COLOURS.white : w.pale,
        );
        let x = MARGIN;
        wrapped.forEach((lines, i) => {
          lines.forEach((line, k) => {
            w.text(line, x + 5, w.y - 4 - size - k * size * 1.3 + 1, size, {
              font: header || i === 0 ? w.bold : w.regular,
              color: header ? COLOURS.white : COLOURS.gris1,
            });
          });
          x += widths[i] ?? 0;
        });
        w.y -= h;
      };
      row(block.columns, true, 0);
      block.rows.forEach((cells, i) => row(cells, false, i));
      w.y -= 12;
      return;
    }
    case 'callout': {
      const tone = block.tone ? COLOURS[block.tone] : w.accent;
      const pale = block.tone ? PALE[block.tone] : w.pale;
      const titleLines = block.title ? w.wrap(block.title, 11, CONTENT_WIDTH - 24, w.bold) : [];
      const bodyLines = w.wrap(block.text, 10, CONTENT_WIDTH - 24);
      const h = titleLines.length * 15 + bodyLines.length * 14 + 16;
      ensureSpace(w, spec, h, title);
      w.rect(MARGIN, w.y - h, CONTENT_WIDTH, h, pale);
      w.rect(MARGIN, w.y - h, 4, h, tone);
      let y = w.y - 8;
      for (const line of titleLines) {
        y -= 15;
        w.text(line, MARGIN + 14, y + 3, 11, {
          font: w.bold,
          color: tone === COLOURS.corail ? hex('#C24A33') : tone,
        });
      }
      for (const line of bodyLines) {
        y -= 14;
        w.text(line, MARGIN + 14, y + 3, 10);
      }
      w.y -= h + 12;
      return;
    }
    case 'pictograms': {
      ensureSpace(w, spec, 70, title);
      const cellW = CONTENT_WIDTH / Math.min(5, block.items.length);
      block.items.forEach((item, i) => {
        const cx = MARGIN + (i % 5) * cellW + cellW / 2;
        const rowY = w.y - Math.floor(i / 5) * 70;
        w.page.drawCircle({
          x: cx,
          y: rowY - 20,
          size: 17,
          color: item.colour ? COLOURS[item.colour] : w.accent,
        });
        w.wrap(item.label, 8.5, cellW - 6, w.bold)
          .slice(0, 2)
          .forEach((line, k) => {
            w.text(line, cx - w.width(line, 8.5, w.bold) / 2, rowY - 50 - k * 10, 8.5, {
              font: w.bold,
            });
          });
      });
      w.y -= Math.ceil(block.items.length / 5) * 70 + 6;
      return;
    }
    case 'illustration': {
      const h = 150;
      ensureSpace(w, spec, h + 20, title);
      w.rect(MARGIN, w.y - h, CONTENT_WIDTH, h, w.pale);
      w.rect(MARGIN, w.y - h, CONTENT_WIDTH, 26, COLOURS.gris3);
      if (block.caption) w.text(block.caption, MARGIN + 8, w.y - h + 9, 9, { font: w.italic });
      w.y -= h + 14;
      return;
    }
    case 'cards':
      for (const card of block.items) {
        drawBlock(w, spec, title, {
          kind: 'heading',
          text: card.sublabel ? `${card.label} — ${card.sublabel}` : card.label,
        });
        drawBlock(w, spec, title, { kind: 'bullets', items: card.lines });
      }
      return;
    case 'products':
      drawBlock(w, spec, title, {
        kind: 'table',
        columns: ['Produit', 'Caractéristiques'],
        rows: block.items.map((item) => [item.name, item.note]),
        widths: [1, 2],
      });
      return;
    case 'productHero':
      drawBlock(w, spec, title, {
        kind: 'table',
        columns: ['Caractéristique', 'Valeur'],
        rows: block.specs,
        widths: [1, 2],
      });
      return;
    case 'timeline':
      drawBlock(w, spec, title, {
        kind: 'table',
        columns: ['Année', 'Étape'],
        rows: block.items.map((item) => [item.year, item.text]),
        widths: [1, 5],
      });
      return;
    case 'signature':
      ensureSpace(w, spec, 60, title);
      w.text(
        `Le Neubourg, le ${block.date}`,
        A4.width - MARGIN - w.width(`Le Neubourg, le ${block.date}`, 10, w.italic),
        w.y - 14,
        10,
        { font: w.italic },
      );
      w.text(block.name, A4.width - MARGIN - w.width(block.name, 10.5, w.bold), w.y - 40, 10.5, {
        font: w.bold,
      });
      w.text(block.role, A4.width - MARGIN - w.width(block.role, 10), w.y - 54, 10);
      w.y -= 66;
      return;
    case 'spacer':
      w.y -= block.height / 3;
      return;
    case 'custom':
      throw new Error('Custom drawings have no PDF rendering; use them in image-only pages');
  }
}

function drawCover(w: Writer, spec: DocumentSpec) {
  w.page = w.doc.addPage([A4.width, A4.height]);
  w.rect(0, 0, A4.width, A4.height, COLOURS.sable);
  w.rect(0, A4.height - 430, A4.width, 430, COLOURS.gris1);
  w.rect(0, A4.height - 440, A4.width, 10, w.accent);
  w.page.drawCircle({
    x: A4.width - 90,
    y: A4.height - 120,
    size: 160,
    color: w.accent,
    opacity: 0.25,
  });
  w.page.drawCircle({
    x: A4.width - 40,
    y: A4.height - 300,
    size: 90,
    color: COLOURS.white,
    opacity: 0.08,
  });
  w.text(spec.kicker.toUpperCase(), MARGIN, A4.height - 90, 11, {
    font: w.bold,
    color: COLOURS.corail,
  });
  let y = A4.height - 150;
  for (const line of w.wrap(spec.title, 34, CONTENT_WIDTH - 40, w.bold)) {
    w.text(line, MARGIN, y, 34, { font: w.bold, color: COLOURS.white });
    y -= 40;
  }
  for (const line of w.wrap(spec.subtitle, 14, CONTENT_WIDTH - 40)) {
    y -= 4;
    w.text(line, MARGIN, y, 14, { color: COLOURS.sable });
    y -= 18;
  }
  w.rect(MARGIN, A4.height - 500, 180, 30, w.accent);
  w.text(spec.edition, MARGIN + 10, A4.height - 490, 12, { font: w.bold, color: COLOURS.white });
  w.text('Site du Neubourg', MARGIN, 90, 16, { font: w.bold });
  w.text('Pompes et systèmes de distribution pour la parfumerie et la cosmétique', MARGIN, 70, 10);
  w.text('Fondé en 1947 · 690 collaborateurs · 96 000 m²', MARGIN, 54, 10, {
    color: COLOURS.gris2,
  });
}

function drawToc(
  w: Writer,
  spec: DocumentSpec,
  page: PDFPage,
  entries: { title: string; page: number }[],
) {
  w.page = page;
  drawHeader(w, spec, 'Sommaire');
  let y = w.y - 10;
  for (const entry of entries) {
    const number = String(entry.page);
    const numberWidth = w.width(number, 12, w.bold);
    w.text(entry.title, MARGIN, y, 12);
    const titleWidth = w.width(entry.title, 12);
    const dotsStart = MARGIN + titleWidth + 6;
    const dotsEnd = A4.width - MARGIN - numberWidth - 6;
    for (let x = dotsStart; x < dotsEnd; x += 5)
      w.page.drawCircle({ x, y: y + 2, size: 0.6, color: COLOURS.gris2 });
    w.text(number, A4.width - MARGIN - numberWidth, y, 12, {
      font: w.bold,
      color: w.accent === COLOURS.corail ? hex('#C24A33') : w.accent,
    });
    y -= 26;
  }
}

function drawFooters(w: Writer, spec: DocumentSpec) {
  const pages = w.doc.getPages();
  pages.forEach((page, index) => {
    w.page = page;
    const label = `Page ${index + 1} / ${pages.length}`;
    if (index > 0) {
      page.drawLine({
        start: { x: MARGIN, y: 42 },
        end: { x: A4.width - MARGIN, y: 42 },
        thickness: 0.6,
        color: COLOURS.gris3,
      });
      w.text(`Site du Neubourg · ${spec.title} · ${spec.edition}`, MARGIN, 28, 8, {
        color: COLOURS.gris2,
      });
    }
    w.text(label, A4.width - MARGIN - w.width(label, 8.5, w.bold), 28, 8.5, {
      font: w.bold,
      color: COLOURS.gris2,
    });
  });
}

export async function renderDocumentPdf(spec: DocumentSpec): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setSubject(spec.subtitle);
  doc.setAuthor('Site du Neubourg');
  doc.setCreator('plant-kiosk demo seed');
  doc.setProducer('pdf-lib');
  doc.setLanguage('fr-FR');
  doc.setCreationDate(spec.date);
  doc.setModificationDate(spec.date);
  const fonts = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
  ]);
  const w = new Writer(doc, fonts as [PDFFont, PDFFont, PDFFont], spec.accent);
  drawCover(w, spec);
  const tocPage = spec.toc ? doc.addPage([A4.width, A4.height]) : undefined;
  const sectionPages: { title: string; page: number }[] = [];
  for (const docPage of spec.pages) {
    newPage(w, spec, docPage.title);
    if (docPage.section) sectionPages.push({ title: docPage.section, page: doc.getPageCount() });
    for (const block of docPage.blocks) drawBlock(w, spec, docPage.title, block);
  }
  if (tocPage) drawToc(w, spec, tocPage, sectionPages);
  drawFooters(w, spec);
  const bytes = await doc.save({ useObjectStreams: false });
  return { bytes, pageCount: doc.getPageCount(), sectionPages };
}
