/**
 * A plain sub-element that is an image (a page of a document) carries its text alternative:
 * flagged in the list while it has none, edited in its row, asked when one is added.
 */
import type { AdminSubelement } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { SubelementsPanel } from './subelements-panel';

const page = (id: number, alt?: string, version = 1): AdminSubelement => ({
  subelementid: id,
  elementid: 5,
  order: id,
  value: `media/uploads/1/page-${id}-0a1b2c3d.webp`,
  type: 'image',
  subgroupinfo: null,
  version,
  ...(alt === undefined ? {} : { alt }),
});

const renderPanel = () =>
  render(
    <MemoryRouter>
      <SubelementsPanel elementid={5} />
    </MemoryRouter>,
  );

describe('SubelementsPanel, images’ text alternatives', () => {
  it('flags a page without one, and saves the one written in its row', async () => {
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/elements/5/subelements' && call.method === 'GET')
        return { data: [page(1), page(2, 'Page 2 : le planning des équipes.')] };
      if (call.method === 'PATCH')
        return { data: page(1, 'Page 1 : les horaires.', 2), message: 'Enregistré.' };
      return undefined;
    });
    renderPanel();
    const first = await screen.findByRole('form', { name: 'Sous-élément 1' });
    const second = screen.getByRole('form', { name: 'Sous-élément 2' });
    expect(within(first).getByText('sans texte alternatif')).toBeTruthy();
    expect(within(second).queryByText('sans texte alternatif')).toBeNull();
    expect(
      (within(second).getByLabelText('Texte alternatif du sous-élément 2') as HTMLTextAreaElement)
        .value,
    ).toBe('Page 2 : le planning des équipes.');

    const user = userEvent.setup();
    const save = within(first).getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(
      within(first).getByLabelText('Texte alternatif du sous-élément 1'),
      'Page 1 : les horaires.',
    );
    // Writing an alternative is a change to save.
    expect(save.disabled).toBe(false);
    await user.click(save);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      expectedVersion: 1,
      value: page(1).value,
      type: 'image',
      alt: 'Page 1 : les horaires.',
    });
    expect(await within(first).findByText('Enregistré.')).toBeTruthy();
    expect(within(first).queryByText('sans texte alternatif')).toBeNull();
  });

  it('asks for one when adding an image page, and sends it', async () => {
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/elements/5/subelements' && call.method === 'GET')
        return { data: [] };
      if (call.method === 'POST')
        return { status: 201, data: page(3, 'Page 3 : la carte du site.') };
      return undefined;
    });
    renderPanel();
    const form = await screen.findByRole('form', { name: 'Nouveau sous-élément' });
    const user = userEvent.setup();
    await user.type(
      within(form).getByLabelText('Valeur du nouveau sous-élément'),
      'media/uploads/1/page-3-0a1b2c3d.webp',
    );
    await user.type(
      within(form).getByLabelText('Texte alternatif du nouveau sous-élément'),
      'Page 3 : la carte du site.',
    );
    await user.click(within(form).getByRole('button', { name: '+ Ajouter le sous-élément' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      value: 'media/uploads/1/page-3-0a1b2c3d.webp',
      type: 'image',
      alt: 'Page 3 : la carte du site.',
    });
    expect(await screen.findByRole('form', { name: 'Sous-élément 1' })).toBeTruthy();
    // The form is ready for the next page.
    expect(
      (
        within(form).getByLabelText(
          'Texte alternatif du nouveau sous-élément',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('');
  });

  it('shows the alternative now on the server in a conflict', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/elements/5/subelements' && call.method === 'GET')
        return { data: [page(1)] };
      if (call.method === 'PATCH')
        return {
          status: 409,
          error: 'conflict',
          message: 'Modifié entre-temps.',
          data: page(1, 'Page 1 : horaires d’été.', 4),
        };
      return undefined;
    });
    renderPanel();
    const row = await screen.findByRole('form', { name: 'Sous-élément 1' });
    const user = userEvent.setup();
    await user.type(within(row).getByLabelText('Texte alternatif du sous-élément 1'), 'Horaires');
    await user.click(within(row).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(row).findByText('Page 1 : horaires d’été.')).toBeTruthy();
    expect(within(row).getByText('Texte alternatif', { selector: 'dt' })).toBeTruthy();
  });
});
