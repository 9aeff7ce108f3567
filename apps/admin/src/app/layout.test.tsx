import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pathOf } from '@plant-kiosk/contract';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api/client';
import { SessionProvider } from '../lib/session/session-context';
import { mockFetch } from '../testing/fake-fetch';
import { Layout } from './layout';

const session = (role: 'admin' | 'editor') => ({
  user: {
    userid: 2,
    username: 'camille',
    role,
    disabled: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    devids: [1],
  },
  csrfToken: 'csrf-1',
  expiresAt: '2026-12-01T00:00:00.000Z',
});

function renderApp() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Layout />,
      children: [
        {
          index: true,
          element: (
            <button type="button" onClick={() => void api.get('/api/admin/users').catch(() => {})}>
              Charger
            </button>
          ),
        },
        { path: '*', element: <p>Un autre écran</p> },
      ],
    },
  ]);
  return render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

describe('Layout', () => {
  it('shows an editor only the screens an editor may use', async () => {
    mockFetch((call) => (call.url.endsWith('/session') ? { data: session('editor') } : undefined));
    renderApp();
    expect(await screen.findByRole('link', { name: 'Contenu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Parc de totems' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Utilisateurs' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Développements' })).toBeNull();
    expect(screen.getByText('éditeur')).toBeTruthy();
  });

  it('leads to the scheduled publications and the week ahead, after the history', async () => {
    mockFetch((call) => (call.url.endsWith('/session') ? { data: session('editor') } : undefined));
    renderApp();
    await screen.findByRole('link', { name: 'Contenu' });
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Contenu',
      'Médiathèque',
      'Réglages',
      'Modèles d’alerte',
      'Historique',
      'Programmées',
      'Demandes',
      'Semaine à venir',
      'Parc de totems',
      'Santé des totems',
      'Fréquentation',
      'Journal',
    ]);
    // « Fréquentation » (issue 49) is for editors too.
    expect(within(nav).getByRole('link', { name: 'Fréquentation' }).getAttribute('href')).toBe(
      '/frequentation',
    );
    expect(within(nav).getByRole('link', { name: 'Programmées' }).getAttribute('href')).toBe(
      '/programmees',
    );
    expect(within(nav).getByRole('link', { name: 'Semaine à venir' }).getAttribute('href')).toBe(
      '/semaine',
    );
  });

  it('folds the navigation under « Menu » for a phone, and closes it when a screen is chosen', async () => {
    mockFetch((call) => (call.url.endsWith('/session') ? { data: session('admin') } : undefined));
    renderApp();
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(menu.getAttribute('aria-controls')).toBe(nav.id);
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.querySelector('.topbar-open')).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'Journal' }));
    expect(await screen.findByText('Un autre écran')).toBeTruthy();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes back to the login screen, with a message, when a call answers 401', async () => {
    mockFetch((call) =>
      call.url.endsWith('/session')
        ? { data: session('admin') }
        : { status: 401, message: 'Votre session a expiré : reconnectez-vous.' },
    );
    renderApp();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Charger' }));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(screen.getByText('Votre session a pris fin : reconnectez-vous.')).toBeTruthy();
  });

  it('opens the login screen outside a session without any 401 or console error (compression and bundle split, decision 020)', async () => {
    const errors = vi.spyOn(console, 'error');
    const calls = mockFetch((call) =>
      call.url === pathOf('adminSessionProbe')
        ? { data: null }
        : call.url === pathOf('adminSsoStatus')
          ? { data: { enabled: false, displayName: '' } }
          : undefined,
    );
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    // The probe, then the login page's question (decision 046): is « Se connecter avec … » on?
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        `GET ${pathOf('adminSessionProbe')}`,
        `GET ${pathOf('adminSsoStatus')}`,
      ]),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('shows the login screen when the probe itself fails', async () => {
    mockFetch(() => ({ status: 401, message: 'Vous n’êtes pas connecté.' }));
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});
