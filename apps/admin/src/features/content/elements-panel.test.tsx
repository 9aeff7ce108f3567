import type { AdminElement } from '@plant-kiosk/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { ElementsPanel } from './elements-panel';
import { element, ZONE } from './test-data';

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

describe('ElementsPanel', () => {
  it('shows file elements by their name, the path only in the tooltip (issue 29)', () => {
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
        screen.getByRole('button', { name: '+ Ajouter un élément' }),
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
    await user.click(screen.getByRole('button', { name: '+ Ajouter un élément' }));
    await user.click(screen.getByLabelText('Valeur du nouvel élément'));
    await user.paste('x'.repeat(4001));
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('Au plus 4000 caractères.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
