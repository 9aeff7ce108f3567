/**
 * Text alternatives on the totem (decision 050): an image's written words reach the `<img>`, the
 * page viewer's pages and the gallery; without them the zone-derived name stays.
 */
import type { Element } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { pageImages, toViewerPages } from './page-images';
import { toGalleryItems } from './use-zone-images';

const element = (elementid: number, alt?: string): Element => ({
  elementid,
  zoneid: 1,
  order: elementid,
  value: `media/images/menu-${elementid}.webp`,
  type: 'image',
  addingdate: '2026-01-01T00:00:00.000Z',
  ...(alt ? { alt } : {}),
});

describe('text alternatives on the totem', () => {
  it('give a gallery image its words and keep the short name for its button', () => {
    const items = toGalleryItems(
      [element(1, 'Menu du lundi. Entrée : salade de lentilles.'), element(2)],
      'Menu',
      (value) => `/${value}`,
    );
    expect(items.map((item) => [item.alt, item.description])).toEqual([
      ['Menu, 1 / 2', 'Menu du lundi. Entrée : salade de lentilles.'],
      ['Menu, 2 / 2', undefined],
    ]);
  });

  it('go with a document’s pages, empty pages dropped', () => {
    const pages = pageImages([
      { value: 'media/images/p1.webp', alt: 'Sommaire' },
      { value: '  ' },
      { value: 'media/images/p2.webp' },
    ]);
    expect(pages).toEqual([
      { value: 'media/images/p1.webp', alt: 'Sommaire' },
      { value: 'media/images/p2.webp' },
    ]);
    expect(toViewerPages(pages, (value) => `https://totem/${value}`)).toEqual([
      { src: 'https://totem/media/images/p1.webp', alt: 'Sommaire' },
      { src: 'https://totem/media/images/p2.webp' },
    ]);
  });
});
