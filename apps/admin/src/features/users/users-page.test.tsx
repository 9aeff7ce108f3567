import type { AdminUser } from '@plant-kiosk/contract';
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
