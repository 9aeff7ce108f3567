/**
 * « Connexion SSO »: the settings as saved (the secret shown as « Secret enregistré », never its
 * value), a save that sends the secret only when typed, the contract's French check before the
 * call, « Tester la connexion » with its French result, and the groups → rights table editor.
 */
import type { AdminUser, SsoGroupRights, SsoSettings } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { SsoPage } from './sso-page';

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

const SETTINGS: SsoSettings = {
  enabled: true,
  issuer: 'https://idp.groupe.example/realms/usines',
  clientId: 'totems',
  hasSecret: true,
  displayName: 'le compte du groupe',
  groupsClaim: 'groups',
  scopes: 'openid profile email',
  publicBaseUrl: 'https://totems.usine.example',
  redirectUri: 'https://totems.usine.example/api/admin/sso/callback',
  version: 2,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const RIGHTS: SsoGroupRights = {
  rules: [
    { group: 'it-admins', role: 'admin', developments: 'all', canPublish: true, canAlert: true },
  ],
};

const DEVELOPMENTS = [
  {
    devid: 1,
    devname: 'neubourg',
    contentVersion: 3,
    tokenVersion: 1,
    createdAt: SETTINGS.updatedAt,
  },
  {
    devid: 2,
    devname: 'vaudreuil',
    contentVersion: 1,
    tokenVersion: 1,
    createdAt: SETTINGS.updatedAt,
  },
];

function setup(
  extra: (call: Call) => { status?: number; data?: unknown; message?: string } | undefined = () =>
    undefined,
) {
  const calls = mockFetch((call) => {
    if (call.url === '/api/admin/session') {
      return { data: { user: ADMIN, csrfToken: 'x', expiresAt: '2026-12-01T08:00:00.000Z' } };
    }
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/sso/settings' && call.method === 'GET') return { data: SETTINGS };
    if (call.url === '/api/admin/sso/group-rights' && call.method === 'GET')
      return { data: RIGHTS };
    if (call.url === '/api/admin/developments') return { data: DEVELOPMENTS };
    return undefined;
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <SsoPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  return calls;
}

describe('SsoPage', () => {
  it('shows the saved settings, the redirect URI to register, and the secret as saved only', async () => {
    setup();
    expect(await screen.findByLabelText('Émetteur (issuer)')).toHaveProperty(
      'value',
      SETTINGS.issuer,
    );
    expect(screen.getByText(SETTINGS.redirectUri)).toBeTruthy();
    const secret = screen.getByLabelText('Secret du client');
    expect(secret).toHaveProperty('value', '');
    expect(screen.getByText(/Secret enregistré/)).toBeTruthy();
  });

  it('saves without the secret when none is typed, with it when replaced', async () => {
    const calls = setup((call) =>
      call.method === 'PUT' && call.url === '/api/admin/sso/settings'
        ? { data: SETTINGS, message: 'Connexion par le compte du groupe enregistrée.' }
        : undefined,
    );
    const user = userEvent.setup();
    await screen.findByLabelText('Émetteur (issuer)');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Connexion par le compte du groupe enregistrée.')).toBeTruthy();
    const first = calls.filter((call) => call.method === 'PUT')[0]!;
    expect(first.body).not.toHaveProperty('clientSecret');
    await user.type(screen.getByLabelText('Secret du client'), 'nouveau-secret');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]!.body).toMatchObject({
      clientSecret: 'nouveau-secret',
    });
  });

  it('checks the settings in French before calling the server', async () => {
    const calls = setup();
    const user = userEvent.setup();
    const issuer = await screen.findByLabelText('Émetteur (issuer)');
    await user.clear(issuer);
    await user.type(issuer, 'http://idp.groupe.example');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('doit commencer par https://');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('tests the connection and shows the result in French', async () => {
    setup((call) =>
      call.url === '/api/admin/sso/settings/test'
        ? {
            data: {
              ok: false,
              result:
                'Le fournisseur d’identité est injoignable à https://idp.groupe.example/realms/usines (ECONNREFUSED).',
              authorizationEndpoint: null,
              endSessionEndpoint: null,
            },
          }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Tester la connexion' }));
    expect((await screen.findByRole('alert')).textContent).toContain('injoignable');
  });

  it('edits the groups → rights table: adds an editor group with one development', async () => {
    const calls = setup((call) =>
      call.method === 'PUT' && call.url === '/api/admin/sso/group-rights'
        ? { data: call.body, message: 'Correspondance des groupes enregistrée.' }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un groupe' }));
    const groups = screen.getAllByLabelText('Nom du groupe');
    await user.type(groups[1]!, 'totems-editeurs');
    const fieldset = screen.getByRole('group', { name: 'totems-editeurs' });
    await user.click(within(fieldset).getByLabelText('neubourg'));
    await user.click(within(fieldset).getByLabelText('Peut publier'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les droits' }));
    expect(await screen.findByText('Correspondance des groupes enregistrée.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      rules: [
        RIGHTS.rules[0],
        {
          group: 'totems-editeurs',
          role: 'editor',
          developments: [1],
          canPublish: true,
          canAlert: false,
        },
      ],
    });
  });

  it('refuses an editor group without any development before calling the server', async () => {
    const calls = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ajouter un groupe' }));
    await user.type(screen.getAllByLabelText('Nom du groupe')[1]!, 'vide');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les droits' }));
    expect((await screen.findByRole('alert')).textContent).toContain('aucun développement');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
