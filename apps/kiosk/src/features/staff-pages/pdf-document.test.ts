import type { PopulatedSubgroup } from '@plant-kiosk/contract';
import { describe, expect, it, vi } from 'vitest';
import { pageValues, readPdfDocument } from './pdf-document';

function documentGroup(fields: Record<string, string[]>): PopulatedSubgroup {
  return {
    subgroupid: 1,
    elementid: 1,
    modelid: 1,
    label: 'Document PDF',
    order: 1,
    addingdate: '2025-01-01T00:00:00.000Z',
    expirationdate: null,
    fields: Object.fromEntries(
      Object.entries(fields).map(([fieldlabel, values]) => [
        fieldlabel,
        values.map((value, order) => ({
          subelementid: order + 1,
          elementid: 1,
          order,
          value,
          type: 'text' as const,
          subgroupinfo: { subgroupid: 1, fieldlabel },
        })),
      ]),
    ),
  };
}

describe('PDF documents', () => {
  it('reads the title, pages, file and the table of contents with each entry’s page', () => {
    const doc = readPdfDocument(
      documentGroup({
        titre: ['Guide pratique RH — édition juillet 2023'],
        pages: ['cover.svg'],
        pdf: ['pdf/guide.pdf'],
        sommaire: ['3|Bienvenue au Neubourg', '9|Formation', '12|Infos | contacts'],
      }),
      'Guide',
    );
    expect(doc).toEqual({
      title: 'Guide pratique RH — édition juillet 2023',
      pages: [{ value: 'cover.svg' }],
      pdf: 'pdf/guide.pdf',
      toc: [
        { page: 3, title: 'Bienvenue au Neubourg' },
        { page: 9, title: 'Formation' },
        { page: 12, title: 'Infos | contacts' },
      ],
    });
  });

  it('drops (and logs) table-of-contents entries without a usable page number', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = readPdfDocument(
      documentGroup({ sommaire: ['Sans page', '0|Zéro', 'x|Lettre', '4|Bon'] }),
      'Guide',
    );
    expect(doc.toc).toEqual([{ page: 4, title: 'Bon' }]);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
  });

  it('falls back to the given title and empty lists when the document is missing', () => {
    expect(readPdfDocument(undefined, 'Guide pratique RH')).toEqual({
      title: 'Guide pratique RH',
      pages: [],
      pdf: undefined,
      toc: [],
    });
    expect(pageValues(documentGroup({ pages: ['a.svg', ' ', 'b.svg'] }))).toEqual([
      { value: 'a.svg' },
      { value: 'b.svg' },
    ]);
  });
});
