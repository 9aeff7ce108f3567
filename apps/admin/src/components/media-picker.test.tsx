/**
 * The media picker over a library of hundreds of files (issue 41, item 11): searched by name,
 * filtered by type, an upload in place that picks the file sent (or says why the server refused
 * it), and a close button that stays at the top whatever the length of the list.
 */
import type { MediaItem, MediaKind } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../testing/fake-fetch';
import { FakeXhr } from '../testing/fake-xhr';
import { ALL_MEDIA_KINDS, MediaPicker } from './media-picker';

afterEach(() => vi.unstubAllGlobals());

const item = (mediaid: number, kind: MediaKind, originalName: string): MediaItem =>
  ({
    mediaid,
    devid: 1,
    kind,
    originalName,
    contentType: kind === 'pdf' ? 'application/pdf' : 'image/webp',
    bytes: 1000,
    width: null,
    height: null,
    value: `media/uploads/1/${mediaid}.webp`,
    url: `/media/uploads/1/${mediaid}.webp`,
    thumbnailUrl: kind === 'image' ? `/media/uploads/1/thumbs/${mediaid}.webp` : null,
    createdAt: '2026-11-01T08:00:00.000Z',
    usedBy: [],
    usedByTemplates: [],
    // fileProblem (media integrity, decision 029) lands beside this test: `as` compiles either way.
    fileProblem: null,
  }) as MediaItem;

/** 317 files, as the plant's library: one menu among them. */
const IMAGES = [
  ...Array.from({ length: 316 }, (_, index) => item(index + 1, 'image', `photo-${index + 1}.jpg`)),
  item(400, 'image', 'Menu de la semaine 48.jpg'),
];
const PDFS = [item(500, 'pdf', 'Règlement intérieur.pdf')];

function library() {
  return mockFetch((call) => {
    if (!call.url.startsWith('/api/admin/developments/1/media')) return undefined;
    return { data: call.url.includes('kind=pdf') ? PDFS : IMAGES };
  });
}

function renderPicker(onPick = vi.fn(), kinds?: readonly MediaKind[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/contenu/:devid',
        element: <MediaPicker kind="image" onPick={onPick} {...(kinds ? { kinds } : {})} />,
      },
    ],
    { initialEntries: ['/contenu/1'] },
  );
  render(<RouterProvider router={router} />);
  return onPick;
}

async function openPicker() {
  await userEvent.click(screen.getByRole('button', { name: 'Choisir dans la médiathèque…' }));
  const dialog = screen.getByRole('dialog', { name: 'Choisir une image' });
  await within(dialog).findByRole('list', { name: 'Fichiers de la médiathèque' });
  return dialog;
}

describe('the media picker', () => {
  it('finds a file by name among hundreds, with the close button above the list', async () => {
    library();
    const onPick = renderPicker();
    const dialog = await openPicker();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(317);
    // The search field has the focus; the close button is in the header, before the list.
    const search = within(dialog).getByRole('searchbox', { name: 'Rechercher' });
    expect(document.activeElement).toBe(search);
    const close = within(dialog).getByRole('button', { name: 'Fermer' });
    expect(close.closest('.dialog-head')).toBeTruthy();
    expect(within(dialog).getByRole('list').closest('.dialog-head')).toBeNull();

    await userEvent.type(search, 'menu semaine');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(within(dialog).getByRole('status').textContent).toBe('1 fichier pour « menu semaine »');
    await userEvent.clear(search);
    await userEvent.type(search, 'introuvable');
    expect(within(dialog).getByText('Aucun fichier ne correspond à « introuvable ».')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'MÉNU 48');
    // By keyboard: Tab from the search (past the upload button and the scrolling list's box)
    // reaches the file, Enter picks it.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Menu de la semaine 48.jpg');
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('media/uploads/1/400.webp', IMAGES[316]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with the close button or Escape, picking nothing', async () => {
    library();
    const onPick = renderPicker();
    await userEvent.click(within(await openPicker()).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await openPicker();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('filters by type when the field may take several', async () => {
    library();
    const onPick = renderPicker(vi.fn(), ALL_MEDIA_KINDS);
    const dialog = await openPicker();
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'pdf');
    const pdf = await within(dialog).findByRole('button', { name: 'Règlement intérieur.pdf' });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(pdf);
    expect(onPick).toHaveBeenCalledWith(PDFS[0]!.value, PDFS[0]);
  });

  it('offers no type filter where only one type fits', async () => {
    library();
    renderPicker();
    expect(within(await openPicker()).queryByRole('combobox', { name: 'Type' })).toBeNull();
  });

  it('uploads in place and picks the file sent', async () => {
    library();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onPick = renderPicker();
    const dialog = await openPicker();
    const input = within(dialog).getByLabelText('Fichier à envoyer (images)');
    expect(input.getAttribute('accept')).toContain('image/png');
    await userEvent.upload(input, new File(['png'], 'Menu 49.png', { type: 'image/png' }));
    FakeXhr.last.progress(50, 100);
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Envoi de Menu 49.png' }),
    ).toBeTruthy();
    const sent = item(401, 'image', 'Menu 49.png');
    FakeXhr.last.answer(201, { data: sent, message: 'Fichier ajouté', error: null });
    await vi.waitFor(() => expect(onPick).toHaveBeenCalledWith(sent.value, sent));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why the server refused a file, and stays open', async () => {
    library();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const onPick = renderPicker();
    const dialog = await openPicker();
    const input = within(dialog).getByLabelText('Fichier à envoyer (images)');
    await userEvent.upload(input, new File(['big'], 'affiche.png', { type: 'image/png' }));
    FakeXhr.last.answer(413, {
      data: null,
      message: 'Fichier trop volumineux : une image ne peut dépasser 20 Mo.',
      error: 'payload_too_large',
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '« affiche.png » n’a pas été ajouté : Fichier trop volumineux : une image ne peut dépasser 20 Mo.',
    );
    await userEvent.upload(input, new File(['x'], 'logo.png', { type: 'image/png' }));
    FakeXhr.last.answer(415, {
      data: null,
      message:
        'Type de fichier refusé : seules les images JPEG, PNG, WebP, GIF ou AVIF sont acceptées.',
      error: 'unsupported_media_type',
    });
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '« logo.png » n’a pas été ajouté : Type de fichier refusé',
    );
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
