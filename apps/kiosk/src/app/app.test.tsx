import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openKioskDb } from '../lib/local-db/kiosk-db';
import { App } from './app';
import { PosterGate } from './poster-gate';
import { renderInKiosk, resetShellState, TEST_CONFIG } from './testing/render-in-kiosk';

const services = vi.hoisted(() => ({
  start: vi.fn(),
  stop: vi.fn(),
  syncNow: vi.fn(() => Promise.resolve()),
}));
vi.mock('./kiosk-services', () => ({
  startKioskServices: (options: unknown) => {
    services.start(options);
    return { stop: services.stop, syncNow: services.syncNow, lastResult: () => null };
  },
}));

describe('App root', () => {
  beforeEach(() => {
    resetShellState();
    services.start.mockClear();
    services.stop.mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the login page while no token is stored, and no services run', () => {
    render(<App config={TEST_CONFIG} />);
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(services.start).not.toHaveBeenCalled();
  });

  it('after a successful login enters the kiosk and starts the services once', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          data: { token: 'jwt-1', development: { devid: 3, devname: TEST_CONFIG.devname } },
          message: 'ok',
          error: null,
        }),
        { status: 200 },
      ),
    );
    const { unmount } = render(<App config={TEST_CONFIG} />);
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Login'), 'kiosque');
    await user.type(screen.getByPlaceholderText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(services.start).toHaveBeenCalledOnce());
    expect(services.start.mock.calls[0]![0]).toMatchObject({
      config: TEST_CONFIG,
      session: { token: 'jwt-1', devid: 3 },
    });
    expect(await screen.findByTitle('Heure et date')).toBeTruthy();
    unmount();
    expect(services.stop).toHaveBeenCalledOnce();
  });

  it('starts straight into the kiosk frame when a session is stored', async () => {
    localStorage.setItem(`jwt-${TEST_CONFIG.devname}`, 'jwt-2');
    localStorage.setItem(`devid-${TEST_CONFIG.devname}`, '3');
    render(<App config={TEST_CONFIG} />);
    expect(await screen.findByTitle('Heure et date')).toBeTruthy();
    expect(services.start).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTitle('Heure et date'));
  });
});

describe('poster mode', () => {
  beforeAll(async () => {
    const db = openKioskDb(TEST_CONFIG.devname);
    await db.zones.put({
      zoneid: 70,
      zonename: 'Affiche',
      devid: 1,
      type: 'subgroups',
      checkList: false,
    });
    await db.elements.put({
      elementid: 700,
      zoneid: 70,
      order: 1,
      value: 'Affiche du jour',
      type: 'group',
      addingdate: '2024-01-01T00:00:00.000Z',
    });
    await db.subgroups.put({
      subgroupid: 7000,
      elementid: 700,
      modelid: 5,
      label: 'Affiche',
      order: 1,
      addingdate: '2024-01-01T00:00:00.000Z',
      expirationdate: null,
    });
    await db.subelements.put({
      subelementid: 70000,
      elementid: 700,
      order: 1,
      value: 'media/images/affiche-1234abcd.svg',
      type: 'image',
      subgroupinfo: { subgroupid: 7000, fieldlabel: 'image' },
      subgroupid: 7000,
      fieldlabel: 'image',
    });
  });

  it('shows only the poster image when the Affiche zone has one', async () => {
    renderInKiosk(
      <PosterGate>
        <p>le kiosque</p>
      </PosterGate>,
    );
    const poster = await screen.findByRole('img', { name: 'Affiche' });
    expect(poster.getAttribute('src')).toBe('http://kiosk.test/media/images/affiche-1234abcd.svg');
    expect(screen.queryByText('le kiosque')).toBeNull();
  });

  it('shows the kiosk when there is no poster', async () => {
    const db = openKioskDb(TEST_CONFIG.devname);
    await db.subelements.delete(70000);
    renderInKiosk(
      <PosterGate>
        <p>le kiosque</p>
      </PosterGate>,
    );
    expect(await screen.findByText('le kiosque')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Affiche' })).toBeNull();
  });
});
