/**
 * The app as logged-in-kiosk.tsx mounts it: the page, the identify overlay, the takeover above.
 * A remote command never interrupts an emergency alert (issue 47): « Changer de mode » stores the
 * mode and goes home beneath the takeover, « Identifier » shows under it, and a reload comes back
 * into it (the alert is latched in storage).
 */
import type { ActiveAlert } from '@plant-kiosk/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { receiveAlert, restoreAlert, useAlertStore } from '../features/emergency-alert/alert-store';
import { EmergencyAlertTakeover } from '../features/emergency-alert/emergency-alert-takeover';
import {
  applyKioskMode,
  hideIdentification,
  IdentifyOverlay,
  showIdentification,
} from '../features/remote-commands';
import { closeKioskDb, openKioskDb } from '../lib/local-db/kiosk-db';
import { initialUiState, STAFF_HOME_PATH, useUiStore } from '../lib/ui-store/ui-store';

const DEV = 'commands-alert-test';
const START = Date.parse('2026-11-27T10:00:00.000Z');
const ALERT: ActiveAlert = {
  templateid: 1,
  templateName: 'Évacuation',
  kind: 'evacuation',
  drill: false,
  startedAt: new Date(START).toISOString(),
  startedBy: 'api',
  maxDurationMinutes: 120,
};

function renderKiosk() {
  const db = openKioskDb(DEV);
  return render(
    <>
      <p>Page</p>
      <IdentifyOverlay />
      <EmergencyAlertTakeover db={db} config={{ contentBase: 'http://kiosk.test' }} />
    </>,
  );
}

const resetAlertStore = () =>
  useAlertStore.setState({
    devname: null,
    active: null,
    ending: null,
    receivedAt: null,
    ack: null,
  });

beforeEach(() => {
  // fake-indexeddb works with setImmediate, which stays real.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  vi.setSystemTime(START + 60_000);
  resetAlertStore();
  useUiStore.setState(initialUiState());
});
afterEach(async () => {
  act(() => hideIdentification());
  // Unmounted before the database goes (the takeover reads it).
  cleanup();
  vi.useRealTimers();
  await openKioskDb(DEV).delete();
  closeKioskDb(DEV);
});

describe('remote commands during an alert', () => {
  it('set-mode stores the mode and goes home; the takeover stays', async () => {
    renderKiosk();
    act(() => receiveAlert(DEV, ALERT));
    await screen.findByRole('alertdialog');
    const visited: string[] = [];
    useUiStore.getState().pushCrumb({ label: 'HSE', path: '/accueil/hse' });

    act(() => applyKioskMode('visiteur', (path) => visited.push(path)));
    expect(localStorage.getItem('parcours')).toBe('visiteur');
    expect(useUiStore.getState().crumbs).toHaveLength(1);
    expect(visited).toEqual(['/accueil/visiteur']);
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    act(() => applyKioskMode('Assemblage', (path) => visited.push(path)));
    expect(localStorage.getItem('totem')).toBe('Assemblage');
    expect(localStorage.getItem('parcours')).toBeNull();
    expect(visited.at(-1)).toBe(STAFF_HOME_PATH);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('identify shows its overlay alongside the takeover, which stays on screen', async () => {
    renderKiosk();
    act(() => receiveAlert(DEV, ALERT));
    await screen.findByRole('alertdialog');
    act(() => showIdentification({ name: 'Totem hall', location: null, kioskId: 'k-1' }));
    expect(screen.getByTestId('identify-overlay')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('a reload comes back into the alert: it is latched in storage', async () => {
    const first = renderKiosk();
    act(() => receiveAlert(DEV, ALERT));
    await screen.findByRole('alertdialog');
    first.unmount();
    // The page reloads: memory is gone, storage stays; the app restores the latched alert first.
    resetAlertStore();
    restoreAlert(DEV);
    renderKiosk();
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(useAlertStore.getState().active).toEqual(ALERT);
  });
});
