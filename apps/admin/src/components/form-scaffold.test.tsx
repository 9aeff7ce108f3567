import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormCard, FormScaffold } from './form-scaffold';

describe('the form scaffold', () => {
  it('submits without the browser’s submission, and says it is saving while busy', async () => {
    const onSubmit = vi.fn();
    const { rerender } = render(
      <FormScaffold label="Zone" onSubmit={onSubmit} submitLabel="Enregistrer la zone">
        <input aria-label="Nom" />
      </FormScaffold>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la zone' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('form', { name: 'Zone' }).hasAttribute('novalidate')).toBe(true);

    rerender(
      <FormScaffold label="Zone" onSubmit={onSubmit} submitLabel="Enregistrer la zone" busy>
        <input aria-label="Nom" />
      </FormScaffold>,
    );
    expect(screen.getByRole('button', { name: 'Enregistrement…' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the conflict first, then the feedback, the fields and the actions beside the button', () => {
    render(
      <FormScaffold
        label="Élément"
        onSubmit={() => undefined}
        submitLabel="Enregistrer"
        conflict={<p>Modifié entre-temps</p>}
        feedback={{ tone: 'error', text: 'Refusé.' }}
        actions={<button type="button">Annuler</button>}
      >
        <input aria-label="Valeur" />
      </FormScaffold>,
    );
    const form = screen.getByRole('form', { name: 'Élément' });
    const order = [...form.querySelectorAll('p, [role="alert"], input, button')].map(
      (node) => node.textContent || node.getAttribute('aria-label'),
    );
    expect(order).toEqual(['Modifié entre-temps', 'Refusé.', 'Valeur', 'Enregistrer', 'Annuler']);
  });

  it('puts a creation form in a card named by its title', () => {
    render(
      <FormCard title="Nouvel utilisateur" onSubmit={() => undefined} submitLabel="Créer">
        <input aria-label="Identifiant" />
      </FormCard>,
    );
    expect(screen.getByRole('region', { name: 'Nouvel utilisateur' })).toBeTruthy();
  });
});
