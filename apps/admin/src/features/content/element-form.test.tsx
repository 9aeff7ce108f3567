import type { AdminElement } from '@plant-kiosk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { ElementForm } from './element-form';
import { element } from './testing/content-data';

const renderForm = (onSaved = vi.fn()) =>
  render(
    <MemoryRouter>
      <ElementForm element={element(11, 'Lundi : couscous', 3)} onSaved={onSaved} />
    </MemoryRouter>,
  );

describe('ElementForm', () => {
  it('sends the version it loaded and shows the server’s confirmation', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH'
        ? { data: element(11, 'Lundi : paella', 4), message: 'Enregistré.' }
        : undefined,
    );
    const onSaved = vi.fn();
    renderForm(onSaved);
    const user = userEvent.setup();
    const value = screen.getByLabelText('Valeur');
    await user.clear(value);
    await user.type(value, 'Lundi : paella');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(calls[0]!.body).toMatchObject({ expectedVersion: 3, value: 'Lundi : paella' });
    // The date field shows minutes only: untouched, it is not sent (it would lose its seconds).
    expect(calls[0]!.body).not.toHaveProperty('addingdate');
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ version: 4 }));
  });

  it('on a 409 shows the current values, overwrites nothing, and reloads them on demand', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            error: 'conflict',
            message: 'Cet élément a été modifié par quelqu’un d’autre entre-temps.',
            data: element(11, 'Lundi : lasagnes', 5),
          }
        : undefined,
    );
    renderForm();
    const user = userEvent.setup();
    const value = screen.getByLabelText('Valeur');
    await user.clear(value);
    await user.type(value, 'Lundi : paella');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));

    expect(await screen.findByText(/Ce contenu a été modifié par quelqu’un d’autre/)).toBeTruthy();
    expect(screen.getByText('Lundi : lasagnes')).toBeTruthy();
    // The user's text is still there until they choose.
    expect((screen.getByLabelText('Valeur') as HTMLTextAreaElement).value).toBe('Lundi : paella');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Recharger la version actuelle' }));
    expect((screen.getByLabelText('Valeur') as HTMLTextAreaElement).value).toBe('Lundi : lasagnes');

    // The next save sends the reloaded version.
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(calls[1]!.body).toMatchObject({ expectedVersion: 5 });
  });
});

describe('ElementForm, an image’s text alternative', () => {
  const image = (alt?: string, version = 3): AdminElement => ({
    ...element(11, 'media/uploads/1/menu-0a1b2c3d.webp', version),
    type: 'image',
    ...(alt === undefined ? {} : { alt }),
  });

  it('asks for it on an image, sends it, and shows what the server kept', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH'
        ? { data: image('Menu du lundi : couscous.', 4), message: 'Enregistré.' }
        : undefined,
    );
    render(
      <MemoryRouter>
        <ElementForm element={image()} onSaved={vi.fn()} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const alt = screen.getByLabelText('Texte alternatif');
    expect(screen.getByText(/Sans texte alternatif, le totem ne dira que le nom/)).toBeTruthy();
    await user.type(alt, '  Menu du lundi :{Enter}couscous. ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(calls[0]!.body).toMatchObject({ alt: '  Menu du lundi :\ncouscous. ' });
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    // On one line, trimmed, as the totem will read it.
    expect((alt as HTMLTextAreaElement).value).toBe('Menu du lundi : couscous.');
  });

  it('sends an empty one to remove it, and none once the item is no longer an image', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PATCH' ? { data: image(undefined, 4), message: 'Enregistré.' } : undefined,
    );
    render(
      <MemoryRouter>
        <ElementForm element={image('Ancien menu')} onSaved={vi.fn()} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Texte alternatif'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(calls[0]!.body).toMatchObject({ alt: '' });

    await user.selectOptions(screen.getByLabelText('Type'), 'text');
    expect(screen.queryByLabelText('Texte alternatif')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(calls[1]!.body).not.toHaveProperty('alt');
  });

  it('points out a new picture still described by the old words', async () => {
    mockFetch(() => undefined);
    render(
      <MemoryRouter>
        <ElementForm element={image('Menu de la semaine 47')} onSaved={vi.fn()} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    expect(screen.queryByText(/L’image a changé/)).toBeNull();
    const path = screen.getByLabelText('Valeur');
    await user.clear(path);
    await user.type(path, 'media/uploads/1/menu-48-1a2b3c4d.webp');
    expect(
      screen.getByText(/L’image a changé : vérifiez que ce texte la décrit toujours/),
    ).toBeTruthy();
    // Rewritten for the new picture, the note goes.
    await user.clear(screen.getByLabelText('Texte alternatif'));
    await user.type(screen.getByLabelText('Texte alternatif'), 'Menu de la semaine 48');
    expect(screen.queryByText(/L’image a changé/)).toBeNull();
  });

  it('shows the alternative now on the server in a conflict, and reloads it', async () => {
    mockFetch((call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            error: 'conflict',
            message: 'Cet élément a été modifié par quelqu’un d’autre entre-temps.',
            data: image('Menu de la semaine 48', 5),
          }
        : undefined,
    );
    render(
      <MemoryRouter>
        <ElementForm element={image()} onSaved={vi.fn()} />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Texte alternatif'), 'Menu');
    await user.click(screen.getByRole('button', { name: 'Enregistrer l’élément' }));
    expect(await screen.findByText('Menu de la semaine 48')).toBeTruthy();
    expect(screen.getByText('Texte alternatif', { selector: 'dt' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recharger la version actuelle' }));
    expect((screen.getByLabelText('Texte alternatif') as HTMLTextAreaElement).value).toBe(
      'Menu de la semaine 48',
    );
  });
});
