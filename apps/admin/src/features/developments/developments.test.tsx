/**
 * Développements and a development's kiosk accounts: what each screen asks the server and what it
 * says back — the calls (method, path, body, CSRF header) pinned so that moving the screens to the
 * typed client (decision 031) changes nothing a user or the server sees.
 */
import {
  ADMIN_CSRF_HEADER,
  type AdminDevelopment,
  type AdminUser,
  type KioskAccount,
} from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { DevelopmentPage } from './development-page';
import { DevelopmentsPage } from './developments-page';

afterEach(() => vi.unstubAllGlobals());

const ADMIN: AdminUser = {
  userid: 1,
  username: 'admin',
  role: 'admin',
  disabled: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  devids: [],
  canPublish: true,
  canAlert: true,
};
const NEUBOURG: AdminDevelopment = {
  devid: 1,
  devname: 'neubourg',
  contentVersion: 3,
  tokenVersion: 0,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const ACCOUNT: KioskAccount = {
  accountid: 4,
  devid: 1,
  login: 'hall',
  createdAt: '2026-11-02T08:00:00.000Z',
};

/** The server as these screens know it; `extra` answers the call under test. */
function server(extra: (call: Call) => ReturnType<Parameters<typeof mockFetch>[0]>) {
  return mockFetch((call) => {
    if (call.url === '/api/admin/session') {
      return { data: { user: ADMIN, csrfToken: 'csrf-9', expiresAt: '2026-12-01T08:00:00.000Z' } };
    }
    if (call.method === 'GET' && call.url === '/api/admin/developments') {
      return { data: [NEUBOURG] };
    }
    if (call.method === 'GET' && call.url === '/api/admin/developments/1/accounts') {
      return { data: [ACCOUNT] };
    }
    return extra(call);
  });
}

const writes = (calls: Call[]) =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => ({
      request: `${call.method} ${call.url}`,
      body: call.body,
      csrf: call.headers[ADMIN_CSRF_HEADER],
    }));

const renderAt = (path: string) =>
  render(
    <SessionProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/developpements" element={<DevelopmentsPage />} />
          <Route path="/developpements/:devid" element={<DevelopmentPage />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );

describe('Développements', () => {
  it('lists the developments and creates one, in the server’s words', async () => {
    const calls = server((call) =>
      call.method === 'POST' && call.url === '/api/admin/developments'
        ? {
            status: 201,
            data: { ...NEUBOURG, devid: 2, devname: 'rouen', contentVersion: 0 },
            message: 'Développement « rouen » créé.',
          }
        : undefined,
    );
    renderAt('/developpements');
    expect(await screen.findByRole('cell', { name: 'neubourg' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Nom du développement/), ' rouen ');
    await userEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Développement « rouen » créé.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'rouen' })).toBeTruthy();
    expect(writes(calls)).toEqual([
      { request: 'POST /api/admin/developments', body: { devname: 'rouen' }, csrf: 'csrf-9' },
    ]);
  });

  it('shows the server’s refusal', async () => {
    server((call) =>
      call.method === 'POST'
        ? { status: 409, message: 'Ce nom est déjà pris.', error: 'conflict' }
        : undefined,
    );
    renderAt('/developpements');
    await userEvent.type(await screen.findByLabelText(/Nom du développement/), 'neubourg');
    await userEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Ce nom est déjà pris.')).toBeTruthy();
  });
});

describe('Comptes des totems', () => {
  it('creates an account, changes a password and revokes the tokens', async () => {
    const calls = server((call) => {
      if (call.method === 'POST' && call.url === '/api/admin/developments/1/accounts') {
        return {
          status: 201,
          data: { ...ACCOUNT, accountid: 5, login: 'cantine' },
          message: 'Compte « cantine » créé.',
        };
      }
      if (call.method === 'PUT' && call.url === '/api/admin/developments/1/accounts/4/password') {
        return { data: ACCOUNT, message: 'Mot de passe de « hall » changé.' };
      }
      if (call.method === 'POST' && call.url === '/api/admin/developments/1/revoke-tokens') {
        return { data: { devid: 1, tokenVersion: 1 }, message: 'Les totems sont déconnectés.' };
      }
      return undefined;
    });
    renderAt('/developpements/1');
    expect(
      await screen.findByRole('heading', { name: 'Comptes des totems — neubourg' }),
    ).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'hall' })).toBeTruthy();

    const form = screen.getByRole('region', { name: 'Nouveau compte de totem' });
    await userEvent.type(within(form).getByLabelText('Identifiant'), 'cantine');
    await userEvent.type(within(form).getByLabelText(/Mot de passe/), 'secret-cantine');
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Compte « cantine » créé.')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'cantine' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Changer le mot de passe de hall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau mot de passe de « hall »' });
    await userEvent.type(within(dialog).getByLabelText(/Nouveau mot de passe/), 'nouveau-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await screen.findByText('Mot de passe de « hall » changé.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Révoquer tous les jetons…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Révoquer tous les jetons ?' });
    await userEvent.click(
      within(confirm).getByRole('button', { name: 'Révoquer tous les jetons' }),
    );
    expect(await screen.findByText('Les totems sont déconnectés.')).toBeTruthy();

    expect(writes(calls)).toEqual([
      {
        request: 'POST /api/admin/developments/1/accounts',
        body: { login: 'cantine', password: 'secret-cantine' },
        csrf: 'csrf-9',
      },
      {
        request: 'PUT /api/admin/developments/1/accounts/4/password',
        body: { password: 'nouveau-secret' },
        csrf: 'csrf-9',
      },
      { request: 'POST /api/admin/developments/1/revoke-tokens', body: undefined, csrf: 'csrf-9' },
    ]);
  });

  it('keeps the password dialog open with the server’s refusal', async () => {
    server((call) =>
      call.method === 'PUT'
        ? { status: 400, message: 'Ce mot de passe est trop court.', error: 'bad_request' }
        : undefined,
    );
    renderAt('/developpements/1');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Changer le mot de passe de hall' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau mot de passe de « hall »' });
    await userEvent.type(within(dialog).getByLabelText(/Nouveau mot de passe/), 'nouveau-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Changer le mot de passe' }));
    expect(await within(dialog).findByText('Ce mot de passe est trop court.')).toBeTruthy();
  });
});
