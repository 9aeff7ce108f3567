import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { ZoneForm } from './zone-form';

describe('ZoneForm', () => {
  it('explains each invalid field in French and calls nothing', async () => {
    const calls = mockFetch(() => undefined);
    render(<ZoneForm devid={1} onSaved={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Créer la zone' }));
    const name = screen.getByLabelText('Nom de la zone');
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('error');

    await user.type(name, ' Menu ');
    await user.click(screen.getByRole('button', { name: 'Créer la zone' }));
    expect(screen.getByText('Le nom ne doit ni commencer ni finir par une espace.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message on a 4xx', async () => {
    mockFetch(() => ({ status: 409, message: 'Une zone porte déjà ce nom.' }));
    render(<ZoneForm devid={1} onSaved={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom de la zone'), 'Menu');
    await user.click(screen.getByRole('button', { name: 'Créer la zone' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Une zone porte déjà ce nom.');
  });
});
