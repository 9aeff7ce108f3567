import type { Element, PopulatedSubgroup, Subelement } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { toProductCategories, toProductCategory } from './products';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const OLD = '2025-01-01T00:00:00.000Z';
const RECENT = '2026-11-22T02:00:00.000Z';

let nextId = 1;
function group(
  elementid: number,
  label: string,
  fields: Record<string, string[]>,
  addingdate = OLD,
): PopulatedSubgroup {
  const subgroupid = nextId++;
  const populated: Record<string, Subelement[]> = {};
  for (const [fieldlabel, values] of Object.entries(fields)) {
    populated[fieldlabel] = values.map((value, order) => ({
      subelementid: nextId++,
      elementid,
      order,
      value,
      type: 'image',
      subgroupinfo: { subgroupid, fieldlabel },
    }));
  }
  return {
    subgroupid,
    elementid,
    modelid: 1,
    label,
    order: subgroupid,
    addingdate,
    expirationdate: null,
    fields: populated,
  };
}

const category = (elementid: number, name: string): Element => ({
  elementid,
  zoneid: 1,
  order: elementid,
  value: name,
  type: 'group',
  addingdate: OLD,
});

describe('product categories', () => {
  it('groups a category’s products (upper-cased, one or two images) and its catalogue', () => {
    const result = toProductCategory(
      category(1, 'Parfum'),
      [
        group(1, 'Produit', {
          titre: ['Lyra'],
          image: ['lyra-1.svg', 'lyra-2.svg', 'lyra-3.svg'],
          détail_produit: ['lyra-fiche.svg'],
        }),
        group(
          1,
          'Produit',
          {
            titre: ['Brume fine'],
            image: ['brume.svg'],
            détail_produit: ['brume-fiche.svg'],
            vidéo: ['brume.webm'],
          },
          RECENT,
        ),
        group(1, 'Catalogue', { pages: ['cat-1.svg', 'cat-2.svg'], qr: ['qr.svg'] }),
      ],
      NOW,
    );
    expect(result.name).toBe('Parfum');
    expect(result.products).toEqual([
      {
        id: expect.any(Number),
        title: 'LYRA',
        images: [{ value: 'lyra-1.svg' }, { value: 'lyra-2.svg' }],
        detail: { value: 'lyra-fiche.svg' },
        video: undefined,
        isNew: false,
      },
      {
        id: expect.any(Number),
        title: 'BRUME FINE',
        images: [{ value: 'brume.svg' }],
        detail: { value: 'brume-fiche.svg' },
        video: 'brume.webm',
        isNew: true,
      },
    ]);
    expect(result.catalogue).toEqual({
      pages: [{ value: 'cat-1.svg' }, { value: 'cat-2.svg' }],
      qr: 'qr.svg',
    });
  });

  it('upper-cases French titles with their accents', () => {
    const result = toProductCategory(
      category(2, 'Soin'),
      [group(2, 'Produit', { titre: ['Crème légère'], image: ['c.svg'] })],
      NOW,
    );
    expect(result.products[0]?.title).toBe('CRÈME LÉGÈRE');
  });

  it('drops a product with neither title nor image; a category may have no catalogue or QR', () => {
    const result = toProductCategory(
      category(3, 'Résines'),
      [
        group(3, 'Produit', { détail_produit: ['orphan.svg'] }),
        group(3, 'Catalogue', { pages: ['p1.svg'] }),
      ],
      NOW,
    );
    expect(result.products).toEqual([]);
    expect(result.catalogue).toEqual({ pages: [{ value: 'p1.svg' }], qr: undefined });
    expect(toProductCategory(category(4, 'Vide'), [], NOW).catalogue).toBeUndefined();
  });

  it('keeps the categories in the zone’s order, each with only its own sub-groups', () => {
    const groups = new Map([
      [5, [group(5, 'Produit', { titre: ['A'], image: ['a.svg'] })]],
      [6, [group(6, 'Produit', { titre: ['B'], image: ['b.svg'] })]],
    ]);
    const result = toProductCategories([category(6, 'Deux'), category(5, 'Un')], groups, NOW);
    expect(result.map((c) => [c.name, c.products.map((p) => p.title)])).toEqual([
      ['Deux', ['B']],
      ['Un', ['A']],
    ]);
  });
});
