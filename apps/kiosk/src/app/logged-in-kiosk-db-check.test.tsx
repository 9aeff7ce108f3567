/**
 * The database check at the logged-in kiosk's start (power cuts, decision 051): the services (the
 * alert stream among them) and the screens wait for it — never longer than its bound, which
 * db-recovery.test.ts proves — while the emergency takeover never waits, and a slow check shows the
 * built-in emergency numbers rather than an empty frame.
 */
import type { ActiveAlert } from '@plant-kiosk/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiveAlert, useAlertStore } from '../features/emergency-alert/alert-store';
import type { DbCheckOutcome } from '../lib/local-db/db-recovery';
import { closeKioskDb, openKioskDb } from '../lib/local-db/kiosk-db';
import { TEST_CONFIG } from './testing/render-in-kiosk';
import LoggedInKiosk from './logged-in-kiosk';

const checks = vi.hoisted(() => ({
  resolve: null as ((outcome: DbCheckOutcome) => void) | null,
}));
vi.mock('../lib/local-db/db-recovery', () => ({
  ensureKioskDb: () =>
    new Promise<DbCheckOutcome>((resolve) => {
      checks.resolve = resolve;
    }),
}));
const services = vi.hoisted(() => ({ started: 0, stopped: 0 }));
vi.mock('./kiosk-services', () => ({
  startKioskServices: () => {
    services.started++;
    return {
      stop: () => services.stopped++,
      syncNow: () => Promise.resolve(),
      lastResult: () => null,
    };
  },
}));
vi.mock('./routes', () => ({
  createKioskRouter: () => createMemoryRouter([{ path: '*', element: <p>Page d’accueil</p> }]),
}));

const DEV = TEST_CONFIG.devname;
const ALERT: ActiveAlert = {
  templateid: 1,
  templateName: 'Évacuation',
  kind: 'evacuation',
  drill: false,
  startedAt: new Date().toISOString(),
  startedBy: 'api',
  maxDurationMinutes: 120,
};

const renderKiosk = () =>
  render(
    <LoggedInKiosk config={TEST_CONFIG} session={{ token: 't', devid: 1 }} logout={() => {}} />,
  );

beforeEach(() => {
  localStorage.clear();
  checks.resolve = null;
  services.started = 0;
  services.stopped = 0;
  useAlertStore.setState({
    devname: null,
    active: null,
    ending: null,
    receivedAt: null,
    ack: null,
  });
});
afterEach(async () => {
  cleanup();
  await openKioskDb(DEV).delete();
  closeKioskDb(DEV);
});

describe('the database check at start (decision 051)', () => {
  it('starts the services and the screens once the check is over, the takeover at once', async () => {
    // An alert latched before the reload.
    receiveAlert(DEV, ALERT);
    useAlertStore.setState({ devname: null, active: null });
    renderKiosk();
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(services.started).toBe(0);
    expect(screen.queryByText('Page d’accueil')).toBeNull();

    await act(async () => checks.resolve?.('ok'));
    expect(services.started).toBe(1);
    expect(await screen.findByText('Page d’accueil')).toBeTruthy();
  });

  it('shows the built-in emergency numbers while a slow check runs, never an empty frame', async () => {
    renderKiosk();
    expect(screen.queryByTestId('emergency-fallback')).toBeNull();
    expect(await screen.findByTestId('emergency-fallback', {}, { timeout: 3000 })).toBeTruthy();
    await act(async () => checks.resolve?.('timed-out'));
    expect(await screen.findByText('Page d’accueil')).toBeTruthy();
    expect(screen.queryByTestId('emergency-fallback')).toBeNull();
    expect(services.started).toBe(1);
  });

  it('starts nothing when unmounted before the check ends', async () => {
    const { unmount } = renderKiosk();
    unmount();
    await act(async () => checks.resolve?.('ok'));
    expect(services.started).toBe(0);
  });
});
