import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DocumentSpec } from '../document-model.js';
import { renderDocumentPdf } from './document-pdf.js';

const spec = (text: string, toc = false): DocumentSpec => ({
  title: 'Essai',
  subtitle: 'Document de test',
  kicker: 'Tests',
  edition: 'Édition 2024',
  accent: 'corail',
  toc,
  date: new Date('2024-01-01T00:00:00.000Z'),
  pages: [
    {
      title: 'Première section',
      section: 'Première section',
      blocks: [{ kind: 'paragraph', text }],
    },
    {
      title: 'Seconde section',
      section: 'Seconde section',
      blocks: [{ kind: 'bullets', items: [text] }],
    },
  ],
});

async function allText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  return doc
    .getPages()
    .flatMap((page) => {
      const contents = page.node.Contents();
      return contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    })
    .map((ref) => doc.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n')
    .toUpperCase();
}

describe('renderDocumentPdf', () => {
  it('writes French accents, guillemets, œ and € with Helvetica, and maps what WinAnsi lacks', async () => {
    const french = 'Été à Noël : « œuvre » de 12 € — ça marche';
    const rendered = await renderDocumentPdf(spec(`${french} → ≥ 🙂`));
    const text = await allText(rendered.bytes);
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(text).toContain(font.encodeText(`${french} -> >= ?`).toString().toUpperCase());
  });

  it('numbers the table of contents with the pages the sections start on', async () => {
    const long = Array.from(
      { length: 200 },
      (_, i) => `Phrase ${i + 1} du paragraphe très long.`,
    ).join(' ');
    const rendered = await renderDocumentPdf(spec(long, true));
    // Cover, table of contents, then the first section, which overflows onto a second page.
    expect(rendered.sectionPages).toEqual([
      { title: 'Première section', page: 3 },
      { title: 'Seconde section', page: rendered.sectionPages[1]!.page },
    ]);
    expect(rendered.sectionPages[1]!.page).toBeGreaterThan(4);
    expect(rendered.pageCount).toBe((await PDFDocument.load(rendered.bytes)).getPageCount());
  });

  it('is deterministic, so regenerated files keep their bytes', async () => {
    const [a, b] = await Promise.all([
      renderDocumentPdf(spec('Même texte')),
      renderDocumentPdf(spec('Même texte')),
    ]);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });
});
