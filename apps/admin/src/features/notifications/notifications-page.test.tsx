/**
 * « Notifications »: the settings as saved (secrets shown as saved, never as values), a save that
 * sends a secret only when typed, the contract's French check before the call, « Envoyer un
 * test » with its result, and the deliveries with their state and last answer — a four-eyes
 * publication notice's among them.
 */
import type { AdminUser, NotificationDelivery, NotificationSettings } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session-context';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { NotificationsPage } from './notifications-page';

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

const SETTINGS: NotificationSettings = {
  webhook: { enabled: true, url: 'https://supervision.usine.example/hooks', hasSecret: true },
  email: {
    enabled: false,
    host: 'relais.usine.example',
    port: 587,
    security: 'starttls',
    user: 'totems',
    hasPassword: false,
    from: 'totems@usine.example',
    to: ['it@usine.example'],
  },
  version: 3,
  updatedAt: '2026-11-27T10:00:00.000Z',
};

const DELIVERY: NotificationDelivery = {
  deliveryId: 'd-1',
  channel: 'webhook',
  event: 'health.raised',
  subject: 'Totem « Hall » silencieux depuis 20 min',
  devname: 'usine',
  state: 'retrying',
  attempts: 2,
  lastResult: 'HTTP 503 — refusé par supervision.usine.example',
  nextAttemptAt: '2026-11-27T10:12:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  deliveredAt: null,
};

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
    if (call.url === '/api/admin/notification-settings' && call.method === 'GET') {
      return { data: SETTINGS };
    }
    if (call.url.startsWith('/api/admin/notification-deliveries')) return { data: [DELIVERY] };
    return undefined;
  });
  render(
    <SessionProvider>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </SessionProvider>,
  );
  return calls;
}

describe('Notifications', () => {
  it('shows the saved settings, a saved secret as such, and the deliveries', async () => {
    setup();
    expect(await screen.findByLabelText('Adresse')).toHaveProperty(
      'value',
      'https://supervision.usine.example/hooks',
    );
    expect(screen.getByText('Secret enregistré — laisser vide pour le garder.')).toBeTruthy();
    expect(screen.getByLabelText('Secret partagé')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Destinataires')).toHaveProperty('value', 'it@usine.example');
    const row = await screen.findByRole('row', { name: /silencieux/ });
    expect(within(row).getByText('Nouvel essai prévu')).toBeTruthy();
    expect(within(row).getByText(/HTTP 503/)).toBeTruthy();
  });

  it('lists a publication notice’s delivery with its event and subject', async () => {
    setup((call) =>
      call.url.startsWith('/api/admin/notification-deliveries')
        ? {
            data: [
              {
                ...DELIVERY,
                deliveryId: 'd-2',
                channel: 'email',
                event: 'publication.requested',
                subject: 'Demande de publication sur « usine » : Nouveau menu de la cantine',
                state: 'delivered',
                attempts: 1,
                lastResult: '250 OK',
                nextAttemptAt: null,
              },
            ],
          }
        : undefined,
    );
    const row = await screen.findByRole('row', { name: /Nouveau menu de la cantine/ });
    expect(within(row).getByText('Demande de publication')).toBeTruthy();
    expect(within(row).getByText('Remis')).toBeTruthy();
  });

  it('saves without the secret unless one is typed, and with the typed password', async () => {
    const calls = setup((call) =>
      call.method === 'PUT'
        ? {
            data: { ...SETTINGS, email: { ...SETTINGS.email, hasPassword: true } },
            message: 'Notifications enregistrées.',
          }
        : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Mot de passe'), 'relais-secret');
    const to = screen.getByLabelText('Destinataires');
    await userEvent.type(to, '\nastreinte@usine.example');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Notifications enregistrées.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      webhook: { enabled: true, url: 'https://supervision.usine.example/hooks' },
      email: {
        enabled: false,
        host: 'relais.usine.example',
        port: 587,
        security: 'starttls',
        user: 'totems',
        password: 'relais-secret',
        from: 'totems@usine.example',
        to: ['it@usine.example', 'astreinte@usine.example'],
      },
    });
  });

  it('says in French what is wrong before calling the server', async () => {
    const calls = setup();
    const url = await screen.findByLabelText('Adresse');
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://supervision.usine.example/');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/http:\/\/ ou https:\/\//);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('sends a test and shows its French result', async () => {
    const calls = setup((call) =>
      call.url === '/api/admin/notification-settings/test'
        ? {
            data: {
              ok: false,
              result: 'Connexion refusée par supervision.usine.example',
              delivery: { ...DELIVERY, event: 'test', state: 'failed' },
            },
          }
        : undefined,
    );
    await screen.findByLabelText('Adresse');
    const webhookTest = screen.getAllByRole('button', { name: 'Envoyer un test' })[0];
    if (!webhookTest) throw new Error('no test button');
    await userEvent.click(webhookTest);
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Échec du test : Connexion refusée par supervision\.usine\.example/,
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ channel: 'webhook' });
  });
});
