import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { AlertTokenPanel, exampleCall, maskToken } from './alert-token-panel';

const GENERATED = 'généré-0123456789abcdefghijklmnopqrstuvwxyzABCD';
const NEW_TOKEN = 'nouveau-0123456789abcdefghijklmnopqrstuvwxyzWXYZ';

function serve(origin: 'file' | 'environment', regenerate?: { status: number; message: string }) {
  let token = GENERATED;
  return mockFetch((call) => {
    const view = () => ({
      token,
      origin,
      changedAt: origin === 'file' ? '2026-11-20T08:30:00.000Z' : null,
      canRegenerate: origin === 'file',
    });
    if (call.url === '/api/admin/alert-token' && call.method === 'GET') return { data: view() };
    if (call.url === '/api/admin/alert-token/regenerate' && call.method === 'POST') {
      if (regenerate) return { status: regenerate.status, message: regenerate.message };
      token = NEW_TOKEN;
      return {
        data: view(),
        message: 'Nouveau jeton d’alerte enregistré : l’ancien est refusé dès maintenant.',
      };
    }
    return undefined;
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('Jeton d’alerte (red button and acknowledgements, decision 018)', () => {
  it('masks the token until "Afficher", copies it, and shows the call with this server and development', async () => {
    serve('file');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<AlertTokenPanel devid={7} />);

    const value = await screen.findByTestId('alert-token-value');
    expect(value.textContent).toBe(maskToken(GENERATED));
    expect(value.textContent).not.toContain(GENERATED.slice(0, 10));
    const example = screen.getByTestId('alert-token-example');
    expect(example.textContent).toContain(`curl -X POST ${window.location.origin}/api/alerts/7`);
    expect(example.textContent).toContain('Bearer <jeton d’alerte>');
    expect(screen.getByTestId('alert-token-origin').textContent).toMatch(/Généré par le serveur/);

    await userEvent.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(value.textContent).toBe(GENERATED);
    expect(example.textContent).toContain(`Bearer ${GENERATED}`);
    await userEvent.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(value.textContent).toBe(maskToken(GENERATED));

    await userEvent.click(screen.getByRole('button', { name: 'Copier' }));
    expect(writeText).toHaveBeenCalledWith(GENERATED);
    expect(await screen.findByText('Jeton copié dans le presse-papiers.')).toBeTruthy();
  });

  it('says so when the browser refuses the copy', async () => {
    serve('file');
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<AlertTokenPanel devid={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copier' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/copiez-le à la main/);
  });

  it('regenerates after a confirmation that says panels using the old token stop working', async () => {
    const calls = serve('file');
    render(<AlertTokenPanel devid={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Régénérer' }));
    const dialog = screen.getByRole('dialog', { name: 'Régénérer le jeton d’alerte ?' });
    expect(dialog.textContent).toMatch(/ne pourront plus déclencher ni terminer d’alerte/);

    // Cancelling sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Régénérer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Régénérer le jeton' }));
    expect(await screen.findByText(/l’ancien est refusé dès maintenant/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(screen.getByTestId('alert-token-value').textContent).toBe(maskToken(NEW_TOKEN));
  });

  it('shows the server’s refusal', async () => {
    serve('file', { status: 409, message: 'Le jeton d’alerte est fixé par ALERT_TOKEN.' });
    render(<AlertTokenPanel devid={7} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Régénérer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Régénérer le jeton' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/fixé par ALERT_TOKEN/);
    expect(screen.getByTestId('alert-token-value').textContent).toBe(maskToken(GENERATED));
  });

  it('set by ALERT_TOKEN: says so, and offers no regeneration', async () => {
    serve('environment');
    render(<AlertTokenPanel devid={7} />);
    const origin = await screen.findByTestId('alert-token-origin');
    expect(origin.textContent).toMatch(/fixé par la variable d’environnement ALERT_TOKEN/);
    expect(screen.queryByRole('button', { name: 'Régénérer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Afficher' })).toBeTruthy();
  });
});

describe('the example call', () => {
  it('is a drill on this development, ready to paste', () => {
    expect(exampleCall('https://kiosk.example', 3, 'T')).toBe(
      [
        'curl -X POST https://kiosk.example/api/alerts/3 \\',
        '  -H "Authorization: Bearer T" \\',
        "  -H 'content-type: application/json' \\",
        `  -d '{"template":"Évacuation","drill":true}'`,
      ].join('\n'),
    );
  });
});
