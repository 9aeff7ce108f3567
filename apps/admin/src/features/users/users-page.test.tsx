import { ADMIN_CSRF_HEADER, type AdminUser } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch } from '../../testing/fake-fetch';
import { UsersPage } from './users-page';

afterEach(() => vi.unstubAllGlobals());

const user = (extra: Partial<AdminUser>): AdminUser => ({
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
  canAlert: true,
  ...extra,
});
const ADMIN = user({});
const EDITOR = user({
  userid: 2,
  username: 'camille',
  role: 'editor',
  devids: [1],
  canPublish: false,
  canAlert: false,
});

describe('Utilisateurs: the publish right (rollback and publish checks, decision 014)', () => {
  it('shows who may publish and lets an admin allow an editor', async () => {
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') {
        return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
      }
      if (call.url === '/api/admin/users') return { data: [ADMIN, EDITOR] };
      if (call.url === '/api/admin/developments') {
        return {
          data: [
            {
              devid: 1,
              devname: 'neubourg',
              contentVersion: 3,
              tokenVersion: 0,
              createdAt: '2026-11-01T08:00:00.000Z',
            },
          ],
        };
      }
      if (call.method === 'PATCH' && call.url === '/api/admin/users/2') {
        return { data: { ...EDITOR, canPublish: true } };
      }
      return undefined;
    });
    render(
      <SessionProvider>
        <MemoryRouter>
          <UsersPage />
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Peut publier' })).toBeTruthy();
    const row = screen.getByRole('row', { name: /camille/ });
    const box = within(row).getByRole('checkbox', { name: /camille peut publier/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(box);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ canPublish: true });
    expect(await within(row).findByText('Oui')).toBeTruthy();
  });

  it('lets an admin allow an editor to trigger alerts (red button and acknowledgements)', async () => {
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') {
        return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
      }
      if (call.url === '/api/admin/users') return { data: [ADMIN, EDITOR] };
      if (call.url === '/api/admin/developments') return { data: [] };
      if (call.method === 'PATCH' && call.url === '/api/admin/users/2') {
        return { data: { ...EDITOR, canAlert: true } };
      }
      return undefined;
    });
    render(
      <SessionProvider>
        <MemoryRouter>
          <UsersPage />
        </MemoryRouter>
      </SessionProvider>,
    );
    expect(
      await screen.findByRole('columnheader', { name: 'Peut déclencher une alerte' }),
    ).toBeTruthy();
    const row = screen.getByRole('row', { name: /camille/ });
    const box = within(row).getByRole('checkbox', { name: /camille peut déclencher/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(box);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ canAlert: true });
    await within(row).findByRole('checkbox', { name: /Oui.*camille peut déclencher/ });
  });
});

describe('Utilisateurs: creating a user (the typed client, decision 031)', () => {
  const renderPage = () =>
    render(
      <SessionProvider>
        <MemoryRouter>
          <UsersPage />
        </MemoryRouter>
      </SessionProvider>,
    );
  const fill = async () => {
    await userEvent.type(await screen.findByLabelText('Identifiant'), 'dominique');
    await userEvent.type(screen.getByLabelText(/Mot de passe/), 'un-mot-de-passe');
    await userEvent.click(screen.getByRole('checkbox', { name: 'neubourg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Créer l’utilisateur' }));
  };
  const NEUBOURG = {
    devid: 1,
    devname: 'neubourg',
    contentVersion: 3,
    tokenVersion: 0,
    createdAt: '2026-11-01T08:00:00.000Z',
  };

  it('sends the new editor with the CSRF token, adds the row and says the server’s words', async () => {
    const created = user({ userid: 3, username: 'dominique', role: 'editor', devids: [1] });
    const calls = mockFetch((call) => {
      if (call.url === '/api/admin/session') {
        return {
          data: { user: ADMIN, csrfToken: 'csrf-7', expiresAt: '2026-12-01T08:00:00.000Z' },
        };
      }
      if (call.method === 'GET' && call.url === '/api/admin/users') return { data: [ADMIN] };
      if (call.url === '/api/admin/developments') return { data: [NEUBOURG] };
      if (call.method === 'POST' && call.url === '/api/admin/users') {
        return { status: 201, data: created, message: 'Utilisateur « dominique » créé.' };
      }
      return undefined;
    });
    renderPage();
    await fill();
    expect(await screen.findByText('Utilisateur « dominique » créé.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      username: 'dominique',
      password: 'un-mot-de-passe',
      role: 'editor',
      devids: [1],
    });
    expect(post?.headers[ADMIN_CSRF_HEADER]).toBe('csrf-7');
    expect(screen.getByRole('row', { name: /dominique/ })).toBeTruthy();
  });

  it('shows the server’s French message when it refuses', async () => {
    mockFetch((call) => {
      if (call.url === '/api/admin/session') {
        return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
      }
      if (call.method === 'GET' && call.url === '/api/admin/users') return { data: [ADMIN] };
      if (call.url === '/api/admin/developments') return { data: [NEUBOURG] };
      if (call.method === 'POST' && call.url === '/api/admin/users') {
        return { status: 409, message: 'Cet identifiant est déjà pris.', error: 'conflict' };
      }
      return undefined;
    });
    renderPage();
    await fill();
    expect(await screen.findByText('Cet identifiant est déjà pris.')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /dominique/ })).toBeNull();
  });
});
