/**
 * The element editor shows a file as the communication officer knows it (issue 41, item 12): its
 * picture and its name, its type in words — the stored path only in the field below.
 */
import type { AdminElement, MediaItem } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetMediaList } from '../../lib/media-library';
import { mockFetch } from '../../testing/fake-fetch';
import { ElementForm } from './element-form';
import { element } from './testing/content-data';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetMediaList(1);
});

const file = (mediaid: number, kind: MediaItem['kind'], originalName: string): MediaItem =>
  ({
    mediaid,
    devid: 1,
    kind,
    originalName,
    contentType: kind === 'pdf' ? 'application/pdf' : 'image/webp',
    bytes: 245_760,
    width: kind === 'image' ? 1080 : null,
    height: kind === 'image' ? 1920 : null,
    value: `media/uploads/1/${originalName.toLowerCase().replace(/\W+/g, '-')}-1a2b3c4d.webp`,
    url: `/media/uploads/1/${mediaid}.webp`,
    thumbnailUrl: kind === 'image' ? `/media/uploads/1/thumbs/${mediaid}.webp` : null,
    createdAt: '2026-11-01T08:00:00.000Z',
    usedBy: [],
    usedByTemplates: [],
    // fileProblem (media integrity, decision 029) lands beside this test: `as` compiles either way.
    fileProblem: null,
  }) as MediaItem;
const MENU = file(4, 'image', 'Menu semaine 48.jpg');
const GUIDE = file(5, 'pdf', 'Guide accueil.pdf');

function renderEditor(edited: AdminElement) {
  const router = createMemoryRouter(
    [{ path: '/contenu/:devid', element: <ElementForm element={edited} onSaved={vi.fn()} /> }],
    { initialEntries: ['/contenu/1'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the file of an element', () => {
  it('shows its picture and its library name, its type in words', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/admin/developments/1/media') ? { data: [MENU, GUIDE] } : undefined,
    );
    renderEditor({ ...element(11, MENU.value), type: 'image' });
    expect(await screen.findByText('Menu semaine 48.jpg')).toBeTruthy();
    const picture = screen.getByRole('img', { name: 'Aperçu : Menu semaine 48.jpg' });
    expect(picture.getAttribute('src')).toBe(MENU.thumbnailUrl);
    expect(screen.getByText('Image · 240 Ko · 1080 × 1920 px')).toBeTruthy();
    // The type select speaks French, never `image`.
    const type = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(type.selectedOptions[0]!.textContent).toBe('Image');
  });

  it('names a file the library does not list from its path, without the upload hash', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/admin/developments/1/media') ? { data: [] } : undefined,
    );
    renderEditor({
      ...element(12, 'media/images/plan-du-site-881ac1c3.svg'),
      type: 'image',
    });
    expect(await screen.findByText('plan du site')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Aperçu : plan du site' }).getAttribute('src'),
    ).toContain('media/images/plan-du-site-881ac1c3.svg');
  });

  it('follows the file chosen in the picker, and its type when it is another one', async () => {
    mockFetch((call) =>
      call.url.startsWith('/api/admin/developments/1/media')
        ? { data: call.url.includes('kind=pdf') ? [GUIDE] : [MENU] }
        : undefined,
    );
    renderEditor({ ...element(13, MENU.value), type: 'image' });
    await screen.findByText('Menu semaine 48.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Choisir dans la médiathèque…' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'pdf');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Guide accueil.pdf' }));
    expect(screen.getByText('Guide accueil.pdf')).toBeTruthy();
    expect((screen.getByLabelText('Valeur') as HTMLInputElement).value).toBe(GUIDE.value);
    const type = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(type.value).toBe('pdf');
  });
});
