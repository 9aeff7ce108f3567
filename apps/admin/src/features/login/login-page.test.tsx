import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch } from '../../testing/fake-fetch';
import { LoginPage } from './login-page';

const USER = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  devids: [],
};

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Identifiant'), username);
  await user.type(screen.getByLabelText('Mot de passe'), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
}

describe('LoginPage', () => {
  it('shows the server’s message on a 401', async () => {
    mockFetch((call) =>
      call.url.endsWith('/login')
        ? { status: 401, message: 'Identifiant ou mot de passe incorrect.' }
        : { status: 401, message: 'Vous n’êtes pas connecté.' },
    );
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    await fillAndSubmit('admin', 'pas-le-bon');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Identifiant ou mot de passe incorrect.',
    );
  });

  it('shows the wait time of a 429', async () => {
    mockFetch((call) =>
      call.url.endsWith('/login')
        ? { status: 429, message: 'Trop de tentatives de connexion. Réessayez dans 840 secondes.' }
        : { status: 401 },
    );
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    await fillAndSubmit('admin', 'encore-faux');
    expect((await screen.findByRole('alert')).textContent).toContain('Réessayez dans 840 secondes');
  });

  it('checks empty fields before calling the server', async () => {
    const calls = mockFetch(() => ({ status: 401 }));
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(calls.filter((call) => call.url.endsWith('/login'))).toHaveLength(0);
  });

  it('lowercases the user name and posts the credentials', async () => {
    const calls = mockFetch((call) =>
      call.url.endsWith('/login')
        ? {
            data: { user: USER, csrfToken: 'tok', expiresAt: '2026-12-01T00:00:00.000Z' },
          }
        : { status: 401 },
    );
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    await fillAndSubmit('Admin', 'un-bon-mot-de-passe');
    const login = calls.find((call) => call.url.endsWith('/login'));
    expect(login?.body).toEqual({ username: 'admin', password: 'un-bon-mot-de-passe' });
  });

  it('offers « Se connecter avec <name> » when the SSO sign-in is on', async () => {
    mockFetch((call) =>
      call.url === '/api/admin/sso/status'
        ? { data: { enabled: true, displayName: 'le compte du groupe' } }
        : { status: 401 },
    );
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Se connecter avec le compte du groupe' });
    expect(link.getAttribute('href')).toBe('/api/admin/sso/login');
    // The local sign-in stays.
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
  });

  it('offers no SSO button when it is off', async () => {
    const calls = mockFetch((call) =>
      call.url === '/api/admin/sso/status'
        ? { data: { enabled: false, displayName: '' } }
        : { status: 401 },
    );
    render(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
    );
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/sso/status')).toBe(true),
    );
    expect(screen.queryByRole('link', { name: /Se connecter avec/ })).toBeNull();
  });

  it('shows the French message of a failed SSO sign-in (?sso_error=…), never a text from the address', async () => {
    mockFetch(() => ({ status: 401 }));
    window.history.replaceState(null, '', '/admin/?sso_error=no_rights');
    try {
      render(
        <SessionProvider>
          <LoginPage />
        </SessionProvider>,
      );
      expect((await screen.findByRole('alert')).textContent).toContain(
        'Votre compte n’appartient à aucun groupe autorisé',
      );
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('ignores an unknown ?sso_error= code', async () => {
    mockFetch(() => ({ status: 401 }));
    window.history.replaceState(null, '', '/admin/?sso_error=Appelez+le+0800');
    try {
      render(
        <SessionProvider>
          <LoginPage />
        </SessionProvider>,
      );
      await screen.findByRole('button', { name: 'Se connecter' });
      expect(screen.queryByText(/0800/)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
