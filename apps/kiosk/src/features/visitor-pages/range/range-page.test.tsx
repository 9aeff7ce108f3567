import { IMAGE_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOME_CRUMB, useUiStore } from '../../../lib/ui-store/ui-store';
import { catalogueEn, catalogueFr, productSheets } from '../../visitor-tour';
import {
  clearLocalContent,
  renderVisitorPage,
  resetVisitorState,
  seedSubgroupZone,
} from '../testing/render-visitor-page';
import { categoryOfName } from './brochures';
import VisitorRangePage from './range-page';

const renderRange = (language: 'fr' | 'en' = 'en') =>
  renderVisitorPage(<VisitorRangePage />, language, '/accueil/visiteur/gamme');

const cards = () =>
  screen.getAllByRole('button').filter((button) => button.hasAttribute('data-product-id'));

describe('product range page', () => {
  beforeEach(() => resetVisitorState());
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearLocalContent();
  });

  it('shows the 21 product cards under their three families', () => {
    renderRange('en');
    expect(cards().map((card) => Number(card.getAttribute('data-product-id')))).toEqual(
      Array.from({ length: 21 }, (_, index) => index + 1),
    );
    for (const category of ['fragrance', 'cosmetics', 'sustainable'] as const) {
      const list = screen.getByRole('list', {
        name: catalogueEn.productRange.categories[category].title,
      });
      expect(within(list).getAllByRole('button')).toHaveLength(
        productSheets('en', category).length,
      );
    }
  });

  it('opens a card on tap, with Benefits and Sustainability tabs and its options as chips', () => {
    renderRange('en');
    const sheet = productSheets('en').find((candidate) => candidate.id === 5)!;
    fireEvent.click(screen.getByRole('button', { name: new RegExp(sheet.name) }));
    const dialog = screen.getByRole('dialog', { name: sheet.name });

    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Benefits', 'Sustainability']);
    expect(within(dialog).getByRole('tablist', { name: sheet.name })).toBeTruthy();
    const [benefits, sustainability] = tabs as [HTMLElement, HTMLElement];
    expect(benefits.getAttribute('aria-selected')).toBe('true');
    let panel = within(dialog).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(benefits.id);
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(sheet.benefits);

    fireEvent.click(sustainability);
    expect(sustainability.getAttribute('aria-selected')).toBe('true');
    expect(benefits.getAttribute('aria-selected')).toBe('false');
    panel = within(dialog).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(sustainability.id);
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(sheet.sustainability);

    // Arrow keys move between the tabs too.
    fireEvent.keyDown(sustainability, { key: 'ArrowLeft' });
    expect(benefits.getAttribute('aria-selected')).toBe('true');

    const chipTexts = (name: string) =>
      within(within(dialog).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent);
    expect(chipTexts('Dosage')).toEqual(['200\u00a0µl', '240\u00a0µl']);
    expect(chipTexts('Colours')).toEqual(sheet.sampleColours);
    expect(chipTexts('Recycled content')).toEqual(sheet.recycledContentOptions);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves out the option groups a sheet does not have', () => {
    renderRange('fr');
    const sheet = productSheets('fr').find((candidate) => candidate.id === 4)!;
    expect(sheet.dosageOptions).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: new RegExp(sheet.name) }));
    const dialog = screen.getByRole('dialog', { name: sheet.name });
    expect(within(dialog).queryByRole('list', { name: 'Dosage' })).toBeNull();
    expect(within(dialog).getByRole('list', { name: 'Coloris' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Avantages', 'Durabilité']);
  });

  it('opens the sheet of the news, and once closed the news stays closed until the home is left', () => {
    const { unmount } = renderRange('en');
    const news = catalogueEn.productRange.news;
    const panel = screen.getByRole('complementary', { name: news.title });
    fireEvent.click(within(panel).getByRole('button', { name: news.seeProductLabel }));
    const sheet = productSheets('en').find((candidate) => candidate.id === news.productId)!;
    fireEvent.click(
      within(screen.getByRole('dialog', { name: sheet.name })).getByRole('button', {
        name: 'Close',
      }),
    );

    fireEvent.click(within(panel).getByRole('button', { name: /^Close/ }));
    expect(screen.queryByRole('complementary', { name: news.title })).toBeNull();
    unmount();

    // Elsewhere in the visitor area and back: still closed.
    renderRange('en');
    expect(screen.queryByRole('complementary', { name: news.title })).toBeNull();

    // Back to the root of the breadcrumb (staff home, logo, a new visitor): it shows again.
    act(() => useUiStore.getState().setCrumbs([HOME_CRUMB]));
    expect(screen.getByRole('complementary', { name: news.title })).toBeTruthy();
  });

  it('a return to the root after inactivity shows the news again', () => {
    renderRange('fr');
    const title = catalogueFr.productRange.news.title;
    fireEvent.click(
      within(screen.getByRole('complementary', { name: title })).getByRole('button', {
        name: /^Fermer/,
      }),
    );
    expect(screen.queryByRole('complementary', { name: title })).toBeNull();
    act(() => useUiStore.getState().returnToRoot());
    expect(screen.getByRole('complementary', { name: title })).toBeTruthy();
  });

  it('offers the brochures of the content categories as QR tiles, in the visitor language', async () => {
    await seedSubgroupZone(IMAGE_ZONES.products.fr, MODEL_LABELS.catalogue, [
      {
        name: 'Parfum',
        fields: {
          pages: ['media/images/p1.svg', 'media/images/p2.svg'],
          qr: ['media/images/qr.svg'],
        },
      },
      { name: 'Soin & Cosmétique', fields: { pages: ['media/images/c1.svg'] } },
    ]);
    renderRange('en');
    const brochures = catalogueEn.productRange.brochures;
    const qr = await screen.findByRole(
      'img',
      { name: `${brochures.downloadLabel} — ${brochures.titles.fragrance}` },
      { timeout: 5000 },
    );
    expect(qr.getAttribute('src')).toBe('http://kiosk.test/media/images/qr.svg');
    expect(screen.getByRole('heading', { name: brochures.titles.cosmetics })).toBeTruthy();
    // No QR code yet for that one: the QR tile's in-progress text of the spec (totem-size screen
    // fixes).
    expect(screen.getByText('En cours de déploiement')).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(brochures.downloadLabel).toBe('Download the catalogue');

    fireEvent.click(screen.getByRole('button', { name: `Browse — ${brochures.titles.fragrance}` }));
    const viewer = screen.getByRole('dialog', { name: brochures.titles.fragrance });
    expect(within(viewer).getAllByRole('img')).toHaveLength(2);
    expect(within(viewer).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('says the brochures are coming when the content has none yet', async () => {
    renderRange('fr');
    expect(
      await screen.findByText('Les brochures seront bientôt disponibles.', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('categoryOfName', () => {
  it('maps the content category names to the catalogue families', () => {
    expect(categoryOfName('Parfum')).toBe('fragrance');
    expect(categoryOfName('Soin & Cosmétique')).toBe('cosmetics');
    expect(categoryOfName('Solutions résine durable')).toBe('sustainable');
    expect(categoryOfName('Accessoires')).toBeNull();
  });
});

describe('all 21 product sheets', () => {
  beforeEach(() => resetVisitorState());
  afterEach(async () => {
    vi.restoreAllMocks();
    await clearLocalContent();
  });

  // 21 popups each: generous time for a loaded machine.
  it.each(['fr', 'en'] as const)(
    'each opens with its two tabs filled (%s)',
    { timeout: 60_000 },
    async (language) => {
      const { unmount } = renderRange(language);
      for (const sheet of productSheets(language)) {
        fireEvent.click(cards()[sheet.id - 1]!);
        const dialog = screen.getByRole('dialog', { name: sheet.name });
        const [, sustainability] = within(dialog).getAllByRole('tab') as [HTMLElement, HTMLElement];
        expect(within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(
          sheet.benefits.length,
        );
        fireEvent.click(sustainability);
        expect(within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(
          sheet.sustainability.length,
        );
        fireEvent.keyDown(document, { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      }
      unmount();
    },
  );
});
