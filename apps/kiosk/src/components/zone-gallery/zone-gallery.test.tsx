import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installObserverShims } from '../image-carousel/testing/layout-shims';
import { ZONE_GALLERY_LABELS_EN, ZoneGallery, type ZoneGalleryItem } from './zone-gallery';

const items: ZoneGalleryItem[] = [
  { src: 'http://kiosk.test/a.svg', alt: 'EPI, 1 / 3' },
  { src: 'http://kiosk.test/b.svg', alt: 'EPI, 2 / 3', isNew: true },
  { src: 'http://kiosk.test/c.svg', alt: 'EPI, 3 / 3' },
];

describe('ZoneGallery', () => {
  beforeEach(() => {
    installObserverShims();
    return () => vi.unstubAllGlobals();
  });

  it('shows every image in order, large, with the "Nouveau" badge only on new items', () => {
    render(<ZoneGallery items={items} emptyMessage="Contenu bientôt disponible" label="EPI" />);
    const list = screen.getByRole('list', { name: 'EPI' });
    const images = within(list).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(items.map((item) => item.src));
    expect(screen.getAllByText('Nouveau')).toHaveLength(1);
    expect(
      within(screen.getByRole('button', { name: 'Agrandir : EPI, 2 / 3, Nouveau' })).getByText(
        'Nouveau',
      ),
    ).toBeTruthy();
  });

  it('opens the tapped image in a zoomable popup that closes with "Fermer"', () => {
    render(<ZoneGallery items={items} emptyMessage="vide" />);
    fireEvent.click(screen.getByRole('button', { name: 'Agrandir : EPI, 3 / 3' }));
    const dialog = screen.getByRole('dialog', { name: 'EPI, 3 / 3' });
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('http://kiosk.test/c.svg');
    expect(within(dialog).getByRole('button', { name: 'Zoomer' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives an image its written text alternative, in the list and zoomed (decision 050)', () => {
    const described: ZoneGalleryItem[] = [
      { ...items[0]!, description: 'Port des bouchons d’oreille : rouler, tirer, insérer.' },
    ];
    render(<ZoneGallery items={described} emptyMessage="vide" label="EPI" />);
    // The button keeps its short name; the picture inside says what it shows.
    const button = screen.getByRole('button', { name: 'Agrandir : EPI, 1 / 3' });
    expect(within(button).getByRole('img').getAttribute('alt')).toBe(
      'Port des bouchons d’oreille : rouler, tirer, insérer.',
    );
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'EPI, 1 / 3' });
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe(
      'Port des bouchons d’oreille : rouler, tirer, insérer.',
    );
  });

  it('lets the caller replace the popup with its own viewer', () => {
    const onOpen = vi.fn();
    render(<ZoneGallery items={items} emptyMessage="vide" onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Agrandir : EPI, 2 / 3, Nouveau' }));
    expect(onOpen).toHaveBeenCalledWith(items[1], 1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('numbers the images as steps in an ordered list', () => {
    render(<ZoneGallery items={items} emptyMessage="vide" layout="steps" label="Alarme" />);
    const list = screen.getByRole('list', { name: 'Alarme' });
    expect(list.tagName).toBe('OL');
    expect(screen.getByLabelText('Étape 1').textContent).toBe('1');
    expect(screen.getByLabelText('Étape 3').textContent).toBe('3');
  });

  it('shows the friendly message when the zone is empty, and a loader while it loads', () => {
    const { rerender } = render(
      <ZoneGallery items={[]} emptyMessage="Contenu bientôt disponible" loading />,
    );
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.queryByText('Contenu bientôt disponible')).toBeNull();
    rerender(<ZoneGallery items={[]} emptyMessage="Contenu bientôt disponible" />);
    expect(screen.getByText('Contenu bientôt disponible')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('speaks English when given the English labels', () => {
    render(
      <ZoneGallery items={items} emptyMessage="Coming soon" labels={ZONE_GALLERY_LABELS_EN} />,
    );
    expect(screen.getByText('New')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge: EPI, 1 / 3' }));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
