import type { AdminElement } from '@plant-kiosk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { ElementsPanel } from './elements-panel';
import { element, ZONE } from './testing/content-data';

function Harness({ initial }: { initial: AdminElement[] }) {
  const [elements, setElements] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <ElementsPanel
      zone={ZONE}
      elements={elements}
      setElements={setElements}
      selectedId={selected}
      onSelect={setSelected}
    />
  );
}

/** The content page's two columns: one list of the zone's elements, a panel per language. */
function TwoLanguages({ initial }: { initial: AdminElement[] }) {
  const [elements, setElements] = useState(initial);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <>
      {(['fr', 'en'] as const).map((lang) => (
        <section key={lang} aria-label={lang === 'fr' ? 'Français' : 'English'}>
          <ElementsPanel
            zone={ZONE}
            lang={lang}
            elements={elements}
            setElements={setElements}
            selectedId={selected}
            onSelect={setSelected}
          />
        </section>
      ))}
    </>
  );
}

const english = (id: number, value: string, order: number): AdminElement => ({
  ...element(id, value),
  order,
  lang: 'en',
});

describe('ElementsPanel', () => {
  it('shows file elements by their name, the path only in the tooltip (totem-size screen fixes)', () => {
    mockFetch(() => undefined);
    render(
      <Harness
        initial={[
          { ...element(21, 'media/uploads/1/plan-du-site-0a1b2c3d.webp'), type: 'image' },
          { ...element(22, 'media/videos/film-60-ans.mp4'), type: 'video' },
        ]}
      />,
    );
    expect(screen.getByText('plan du site')).toBeTruthy();
    expect(screen.getByText('film 60 ans').getAttribute('title')).toBe(
      'media/videos/film-60-ans.mp4',
    );
    expect(screen.queryByText('media/uploads/1/plan-du-site-0a1b2c3d.webp')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Modifier l’élément 1 « plan du site »' }),
    ).toBeTruthy();
  });

  it('asks for confirmation before deleting, and Annuler deletes nothing', async () => {
    const calls = mockFetch((call) =>
      call.method === 'DELETE' ? { data: { deleted: 11 }, message: 'Supprimé.' } : undefined,
    );
    render(
      <Harness initial={[element(11, 'Lundi : couscous', 3), element(12, 'Mardi : gratin')]} />,
    );
    const user = userEvent.setup();

    await user.click(
      screen.getByRole('button', { name: 'Supprimer l’élément 1 « Lundi : couscous »' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cet élément ?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Supprimer l’élément 1 « Lundi : couscous »' }),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer définitivement' }));
    const deletion = calls.find((call) => call.method === 'DELETE');
    expect(deletion?.url).toBe('/api/admin/elements/11?expectedVersion=3');
    expect(await screen.findByText('Supprimé.')).toBeTruthy();
    expect(screen.queryByText('Lundi : couscous')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: '+ Ajouter un élément en français' }),
      ),
    );
  });

  it('Escape closes the confirmation', async () => {
    mockFetch(() => undefined);
    render(<Harness initial={[element(11, 'Lundi')]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Supprimer l’élément 1/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reorders by keyboard through the order call', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PUT'
        ? { data: [element(12, 'Mardi', 2), element(11, 'Lundi', 2)], message: 'Enregistré.' }
        : undefined,
    );
    render(<Harness initial={[element(11, 'Lundi'), element(12, 'Mardi')]} />);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Monter l’élément 2 « Mardi »' }));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admin/zones/7/elements/order');
    expect(put?.body).toEqual({ ids: [12, 11] });
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Mardi');
  });

  it('validates a new element with the contract’s schema', async () => {
    const calls = mockFetch(() => undefined);
    render(<Harness initial={[]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Ajouter un élément en français' }));
    await user.click(screen.getByLabelText('Valeur du nouvel élément en français'));
    await user.paste('x'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('Au plus 4000 caractères.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('ElementsPanel in two languages', () => {
  const ZONE_ELEMENTS = [
    element(11, 'Lundi : couscous'),
    element(12, 'Mardi : gratin'),
    english(13, 'Monday: couscous', 3),
    english(14, 'Tuesday: gratin', 4),
  ];

  it('shows each language in its own column, English elements named as such', () => {
    mockFetch(() => undefined);
    render(<TwoLanguages initial={ZONE_ELEMENTS} />);
    const french = screen.getByRole('region', { name: 'Français' });
    const englishColumn = screen.getByRole('region', { name: 'English' });
    expect(
      within(french)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.element-value')?.textContent),
    ).toEqual(['Lundi : couscous', 'Mardi : gratin']);
    expect(
      within(englishColumn)
        .getAllByRole('listitem')
        .map((row) => row.querySelector('.element-value')?.textContent),
    ).toEqual(['Monday: couscous', 'Tuesday: gratin']);
    expect(
      within(englishColumn).getByRole('button', {
        name: 'Modifier l’élément anglais 1 « Monday: couscous »',
      }),
    ).toBeTruthy();
    expect(within(englishColumn).getByRole('list').getAttribute('aria-label')).toBe(
      'Éléments en anglais de la zone Menu',
    );
  });

  it('says a zone has no English version yet, and adds English elements after the French ones', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? { status: 201, data: english(15, 'Monday: couscous', 3), message: 'Élément ajouté.' }
        : undefined,
    );
    render(<TwoLanguages initial={ZONE_ELEMENTS.slice(0, 2)} />);
    const englishColumn = screen.getByRole('region', { name: 'English' });
    expect(within(englishColumn).getByText(/Pas encore de version anglaise/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(
      within(englishColumn).getByRole('button', { name: '+ Ajouter un élément en anglais' }),
    );
    await user.click(within(englishColumn).getByLabelText('Valeur du nouvel élément en anglais'));
    await user.paste('Monday: couscous');
    await user.click(within(englishColumn).getByRole('button', { name: 'Ajouter' }));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/admin/zones/7/elements',
      body: { value: 'Monday: couscous', type: 'text', lang: 'en' },
    });
    expect(await within(englishColumn).findByText('Monday: couscous')).toBeTruthy();
    // The French column is unchanged; a French element is created without a language (French).
    const french = screen.getByRole('region', { name: 'Français' });
    expect(within(french).getAllByRole('listitem')).toHaveLength(2);
  });

  it('creates French elements without a language', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST' ? { status: 201, data: element(16, 'Mercredi') } : undefined,
    );
    render(<TwoLanguages initial={ZONE_ELEMENTS} />);
    const french = screen.getByRole('region', { name: 'Français' });
    const user = userEvent.setup();
    await user.click(
      within(french).getByRole('button', { name: '+ Ajouter un élément en français' }),
    );
    await user.click(within(french).getByLabelText('Valeur du nouvel élément en français'));
    await user.paste('Mercredi');
    await user.click(within(french).getByRole('button', { name: 'Ajouter' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      value: 'Mercredi',
      type: 'text',
    });
    expect(await within(french).findByText('Mercredi')).toBeTruthy();
  });

  it('reorders within a language, sending the zone’s whole order, French first', async () => {
    const calls = mockFetch((call) =>
      call.method === 'PUT'
        ? {
            data: [ZONE_ELEMENTS[0], ZONE_ELEMENTS[1], ZONE_ELEMENTS[3], ZONE_ELEMENTS[2]],
            message: 'Enregistré.',
          }
        : undefined,
    );
    render(<TwoLanguages initial={ZONE_ELEMENTS} />);
    const englishColumn = screen.getByRole('region', { name: 'English' });
    await userEvent.setup().click(
      within(englishColumn).getByRole('button', {
        name: 'Monter l’élément anglais 2 « Tuesday: gratin »',
      }),
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ids: [11, 12, 14, 13] });
    await waitFor(() =>
      expect(within(englishColumn).getAllByRole('listitem')[0]!.textContent).toContain(
        'Tuesday: gratin',
      ),
    );
    const french = screen.getByRole('region', { name: 'Français' });
    expect(within(french).getAllByRole('listitem')[0]!.textContent).toContain('Lundi');
  });
});

describe('ElementsPanel, images’ text alternatives', () => {
  const IMAGES_ZONE = { ...ZONE, type: 'images' as const };
  const image = (id: number, path: string, alt?: string): AdminElement => ({
    ...element(id, path),
    type: 'image',
    ...(alt === undefined ? {} : { alt }),
  });

  function ImagesHarness({ initial }: { initial: AdminElement[] }) {
    const [elements, setElements] = useState(initial);
    return (
      <ElementsPanel
        zone={IMAGES_ZONE}
        elements={elements}
        setElements={setElements}
        selectedId={null}
        onSelect={() => undefined}
      />
    );
  }

  it('flags the images without one in the list', () => {
    mockFetch(() => undefined);
    render(
      <ImagesHarness
        initial={[
          image(21, 'media/uploads/1/menu-lundi-0a1b2c3d.webp'),
          image(22, 'media/uploads/1/menu-mardi-0a1b2c3d.webp', 'Menu du mardi : gratin.'),
          element(23, 'Bon appétit'),
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('sans texte alternatif').className).toContain('badge-warn');
    expect(within(rows[1]!).queryByText('sans texte alternatif')).toBeNull();
    expect(within(rows[2]!).queryByText('sans texte alternatif')).toBeNull();
  });

  it('asks for one when adding an image, and sends it', async () => {
    const calls = mockFetch((call) =>
      call.method === 'POST'
        ? {
            status: 201,
            data: image(24, 'media/uploads/1/menu-0a1b2c3d.webp', 'Menu de la semaine.'),
          }
        : undefined,
    );
    render(<ImagesHarness initial={[]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+ Ajouter un élément en français' }));
    await user.click(screen.getByLabelText('Valeur du nouvel élément en français'));
    await user.paste('media/uploads/1/menu-0a1b2c3d.webp');
    const alt = screen.getByLabelText('Texte alternatif du nouvel élément en français');
    await user.type(alt, 'Menu de la semaine.');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      value: 'media/uploads/1/menu-0a1b2c3d.webp',
      type: 'image',
      alt: 'Menu de la semaine.',
    });
    expect(await screen.findByText('Élément ajouté.')).toBeTruthy();
    expect(screen.queryByText('sans texte alternatif')).toBeNull();

    // Another type has none to give.
    await user.click(screen.getByRole('button', { name: '+ Ajouter un élément en français' }));
    await user.selectOptions(screen.getByLabelText('Type du nouvel élément en français'), 'text');
    expect(screen.queryByLabelText('Texte alternatif du nouvel élément en français')).toBeNull();
  });
});
