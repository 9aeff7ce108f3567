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
