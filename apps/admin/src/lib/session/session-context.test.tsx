/**
 * The session as the page keeps it: recovered from the probe after a reload, its CSRF token sent
 * with the logout, and ended by any other call's 401 — the calls pinned (method, path, header) so
 * that moving them to the typed client (decision 031) changes nothing the server sees.
 */
import { ADMIN_CSRF_HEADER, type AdminUser } from '@plant-kiosk/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { call } from '../api/client';
import { SessionProvider, useSession } from './session-context';

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

function Probe() {
  const { state, logout } = useSession();
  if (state.status === 'loading') return <p>chargement</p>;
  if (state.status === 'anonymous') return <p>anonyme {state.reason ?? ''}</p>;
  return (
    <button type="button" onClick={() => void logout()}>
      Déconnecter {state.user.username}
    </button>
  );
}

describe('the session', () => {
  it('is recovered from the probe, and the logout sends its CSRF token', async () => {
    const calls = mockFetch((request) => {
      if (request.url === '/api/admin/session') {
        return {
          data: { user: ADMIN, csrfToken: 'csrf-5', expiresAt: '2026-12-01T08:00:00.000Z' },
        };
      }
      if (request.url === '/api/admin/logout') return { data: null };
      return undefined;
    });
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Déconnecter admin' }));
    expect(await screen.findByText(/anonyme/)).toBeTruthy();
    expect(
      calls.map((request) => [request.method, request.url, request.headers[ADMIN_CSRF_HEADER]]),
    ).toEqual([
      ['GET', '/api/admin/session', undefined],
      ['POST', '/api/admin/logout', 'csrf-5'],
    ]);
  });

  it('is anonymous outside a session, and ends when another call answers 401', async () => {
    let session: unknown = null;
    mockFetch((request) => {
      if (request.url === '/api/admin/session') return { data: session };
      if (request.url === '/api/admin/users') {
        return { status: 401, message: 'Session expirée.', error: 'unauthorized' };
      }
      return undefined;
    });
    const first = render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('anonyme')).toBeTruthy();
    first.unmount();

    session = { user: ADMIN, csrfToken: 'csrf-5', expiresAt: '2026-12-01T08:00:00.000Z' };
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByRole('button', { name: 'Déconnecter admin' });
    await act(() => call('adminUsers').catch(() => undefined));
    expect(
      await screen.findByText('anonyme Votre session a pris fin : reconnectez-vous.'),
    ).toBeTruthy();
  });
});
