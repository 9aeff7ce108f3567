/** The page images of a document (cover, then one SVG per page), mirroring its PDF page for page. */
import type { DocumentSpec } from '../document-model.js';
import { ACCENT_PALE, PALETTE, circle, paragraph, rect, svgDocument, text } from './kit.js';
import { pageSvg, PAGE_HEIGHT, PAGE_WIDTH } from './page.js';

export function documentCoverSvg(spec: DocumentSpec, total: number): string {
  const accent = PALETTE[spec.accent];
  let body = rect(0, 0, PAGE_WIDTH, PAGE_HEIGHT, PALETTE.sable);
  body += rect(0, 0, PAGE_WIDTH, 780, PALETTE.gris1);
  body += rect(0, 780, PAGE_WIDTH, 18, accent);
  body += circle(PAGE_WIDTH - 160, 220, 290, accent, 'opacity="0.25"');
  body += circle(PAGE_WIDTH - 70, 545, 165, '#FFFFFF', 'opacity="0.08"');
  body += text(90, 160, spec.kicker.toUpperCase(), {
    size: 26,
    bold: true,
    fill: PALETTE.corail,
    letterSpacing: 4,
  });
  const title = paragraph(90, 270, spec.title, 820, {
    size: 64,
    bold: true,
    fill: '#FFFFFF',
    lineHeight: 76,
  });
  body += title.svg;
  body += paragraph(90, title.y + 20, spec.subtitle, 820, {
    size: 28,
    fill: PALETTE.sable,
    lineHeight: 38,
  }).svg;
  body += rect(90, 860, 380, 60, accent, { rx: 4 });
  body += text(110, 900, spec.edition, { size: 26, bold: true, fill: '#FFFFFF' });
  body += rect(90, 980, 900, 300, ACCENT_PALE[spec.accent], { rx: 16, opacity: 0.7 });
  body += text(130, 1050, 'Dans ce document', { size: 28, bold: true });
  spec.pages.slice(0, 5).forEach((page, i) => {
    body += circle(142, 1097 + i * 40, 7, accent);
    body += text(164, 1106 + i * 40, page.title, { size: 24 });
  });
  body += text(90, 1400, 'Site du Neubourg', { size: 34, bold: true });
  body += text(90, 1444, 'Fondé en 1947 · 690 collaborateurs · 96 000 m²', {
    size: 22,
    fill: PALETTE.gris2,
  });
  body += text(PAGE_WIDTH - 80, 1484, `1 / ${total}`, {
    size: 20,
    bold: true,
    fill: PALETTE.gris2,
    anchor: 'end',
  });
  return svgDocument(PAGE_WIDTH, PAGE_HEIGHT, `${spec.title} — couverture`, body);
}

/** Cover plus one image per page; the documents rendered this way have no table of contents. */
export function documentPagesSvg(spec: DocumentSpec): string[] {
  if (spec.toc)
    throw new Error('Page images are only generated for documents without a table of contents');
  const total = spec.pages.length + 1;
  return [
    documentCoverSvg(spec, total),
    ...spec.pages.map((page, i) =>
      pageSvg({
        title: page.title,
        kicker: spec.kicker,
        accent: spec.accent,
        blocks: page.blocks,
        footer: `Site du Neubourg · ${spec.title}`,
        page: { number: i + 2, total },
        uid: `d${i}`,
      }),
    ),
  ];
}
