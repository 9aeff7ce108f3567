/**
 * A sub-group's dates are the plant's wall-clock times (issue 45): shown and asked in the
 * development's zone (New York here, whatever the test machine's), turned into the instant with
 * the contract's plantLocalToInstant, and a time the clocks skip is refused in French before
 * anything is sent.
 */
import { DEFAULT_SETTINGS, type AdminSubgroup } from '@plant-kiosk/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { SubgroupsPanel } from './subgroups-panel';

const SUBGROUP: AdminSubgroup = {
  subgroupid: 30,
  elementid: 5,
  modelid: 2,
  label: 'Produit',
  order: 0,
  // 10:00 in New York (winter time, UTC−5).
  addingdate: '2026-03-01T15:00:00.000Z',
  expirationdate: null,
  version: 3,
  expired: false,
  fields: {
    Nom: [
      {
        subelementid: 300,
        elementid: 5,
        order: 0,
        value: 'Yaourt',
        type: 'text',
        subgroupinfo: null,
        version: 1,
      },
    ],
  },
};

function api(timeZone: string) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/developments/1/settings')
      return {
        data: { devid: 1, settings: { ...DEFAULT_SETTINGS, timeZone }, unpublished: false },
      };
    if (call.url === '/api/admin/elements/5/subgroups') return { data: [SUBGROUP] };
    if (call.url === '/api/admin/content-models')
      return { data: [{ modelid: 2, label: 'Produit', fields: ['Nom'] }] };
    if (call.method === 'PATCH') {
      const body = call.body as { expirationdate?: string | null };
      return {
        data: { ...SUBGROUP, version: 4, expirationdate: body.expirationdate ?? null },
        message: 'Enregistré.',
      };
    }
    return undefined;
  });
}

const renderPanel = () =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [{ path: '/contenu/:devid', element: <SubgroupsPanel elementid={5} /> }],
        { initialEntries: ['/contenu/1'] },
      )}
    />,
  );

describe('a sub-group’s dates, in the plant’s time', () => {
  it('shows and asks them in the development’s zone, and refuses a time the clocks skip', async () => {
    const calls = api('America/New_York');
    renderPanel();
    expect(await screen.findByText(/ajouté le 01\/03\/2026 10:00/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier Produit « Yaourt »' }));
    const form = screen.getByRole('form', { name: 'Modifier Produit' });
    const adding = within(form).getByLabelText('Date d’ajout') as HTMLInputElement;
    expect(adding.value).toBe('2026-03-01T10:00');
    expect(form.textContent).toContain('En heure de New York.');

    // 8 March 2026, 02:30 does not exist in New York: the clocks go from 02:00 to 03:00.
    const expiration = within(form).getByLabelText('Date d’expiration (facultative)');
    fireEvent.change(expiration, { target: { value: '2026-03-08T02:30' } });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer « Produit »' }));
    expect(form.textContent).toContain(
      '02:30 n’existe pas le dimanche 8 mars 2026 (heure de New York) : cette nuit-là, les horloges passent directement de 02:00 à 03:00. Choisissez une autre heure.',
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    // 04:00 that day is summer time (UTC−4); the adding date, untouched, is not sent.
    fireEvent.change(expiration, { target: { value: '2026-03-08T04:00' } });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer « Produit »' }));
    expect(await screen.findByText('Enregistré.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({ expirationdate: '2026-03-08T08:00:00.000Z' });
    expect(patch?.body).not.toHaveProperty('addingdate');
    expect(form.textContent).not.toContain('n’existe pas');
  });

  it('shows Paris times when the development’s settings cannot be read', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/developments/1/settings')
        return { status: 500, message: 'Erreur du serveur.' };
      if (call.url === '/api/admin/elements/5/subgroups') return { data: [SUBGROUP] };
      if (call.url === '/api/admin/content-models')
        return { data: [{ modelid: 2, label: 'Produit', fields: ['Nom'] }] };
      return undefined;
    });
    renderPanel();
    expect(await screen.findByText(/ajouté le 01\/03\/2026 16:00/)).toBeTruthy();
  });
});

describe('a sub-group’s image values and their text alternatives', () => {
  const value = (
    id: number,
    type: AdminSubgroup['fields'][string][number]['type'],
    text: string,
    alt?: string,
  ) => ({
    subelementid: id,
    elementid: 5,
    order: id,
    value: text,
    type,
    subgroupinfo: null,
    version: 1,
    ...(alt === undefined ? {} : { alt }),
  });
  const MAGAZINE: AdminSubgroup = {
    ...SUBGROUP,
    label: 'Magazine',
    fields: {
      titre: [value(400, 'text', 'Le Mag n° 12')],
      pages: [
        value(
          401,
          'image',
          'media/uploads/1/mag-p1-0a1b2c3d.webp',
          'Couverture : la nouvelle presse.',
        ),
        value(402, 'image', 'media/uploads/1/mag-p2-0a1b2c3d.webp'),
        value(403, 'image', 'media/uploads/1/mag-p3-0a1b2c3d.webp'),
      ],
    },
  };

  function magazineApi() {
    return mockFetch((call) => {
      if (call.url === '/api/admin/developments/1/settings')
        return { data: { devid: 1, settings: DEFAULT_SETTINGS, unpublished: false } };
      if (call.url === '/api/admin/elements/5/subgroups') return { data: [MAGAZINE] };
      if (call.url === '/api/admin/content-models')
        return { data: [{ modelid: 2, label: 'Magazine', fields: ['titre', 'pages'] }] };
      if (call.method === 'PATCH') {
        const body = call.body as {
          fields: Record<string, { value: string; type: string; alt?: string }[]>;
        };
        return {
          data: {
            ...MAGAZINE,
            version: 4,
            fields: Object.fromEntries(
              Object.entries(body.fields).map(([label, values]) => [
                label,
                values.map((item, index) => ({
                  ...value(500 + index, item.type as 'text', item.value),
                  ...(item.alt ? { alt: item.alt.replace(/\s+/g, ' ').trim() } : {}),
                })),
              ]),
            ),
          },
          message: 'Enregistré.',
        };
      }
      return undefined;
    });
  }

  it('counts the images without one in the list, asks for each, and sends them with the values', async () => {
    const calls = magazineApi();
    renderPanel();
    const row = (await screen.findByText('Magazine « Le Mag n° 12 »')).closest('li')!;
    expect(within(row).getByText('2 images sans texte alternatif').className).toContain(
      'badge-warn',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Modifier Magazine « Le Mag n° 12 »' }));
    const form = screen.getByRole('form', { name: 'Modifier Magazine' });
    // A text value has none to give; each page has its own.
    expect(within(form).queryByLabelText(/Texte alternatif de « titre »/)).toBeNull();
    expect(
      (within(form).getByLabelText('Texte alternatif de « pages » n° 1') as HTMLTextAreaElement)
        .value,
    ).toBe('Couverture : la nouvelle presse.');
    expect(
      within(form).getAllByText('Sans texte alternatif, le totem ne dira que le nom de la zone.'),
    ).toHaveLength(2);
    await user.type(
      within(form).getByLabelText('Texte alternatif de « pages » n° 2'),
      'Page 2 :{Enter}l’édito.',
    );
    // The third page becomes a link: its (empty) alternative goes with the image it was.
    await user.selectOptions(within(form).getByLabelText('Type de « pages » n° 3'), 'link');
    expect(within(form).queryByLabelText('Texte alternatif de « pages » n° 3')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer « Magazine »' }));
    expect(await within(form).findByText('Enregistré.')).toBeTruthy();
    expect(
      (calls.find((call) => call.method === 'PATCH')?.body as { fields: unknown }).fields,
    ).toEqual({
      titre: [{ value: 'Le Mag n° 12', type: 'text' }],
      pages: [
        {
          value: 'media/uploads/1/mag-p1-0a1b2c3d.webp',
          type: 'image',
          alt: 'Couverture : la nouvelle presse.',
        },
        { value: 'media/uploads/1/mag-p2-0a1b2c3d.webp', type: 'image', alt: 'Page 2 :\nl’édito.' },
        { value: 'media/uploads/1/mag-p3-0a1b2c3d.webp', type: 'link' },
      ],
    });
    // The field shows what the server kept (one line); the list's badge is gone.
    expect(
      (within(form).getByLabelText('Texte alternatif de « pages » n° 2') as HTMLTextAreaElement)
        .value,
    ).toBe('Page 2 : l’édito.');
    expect(within(row).queryByText(/sans texte alternatif/)).toBeNull();
  });
});
