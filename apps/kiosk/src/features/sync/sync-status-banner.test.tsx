import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncStatusBanner } from './sync-status-banner';
import { useSyncStore } from './sync-store';

const banner = () => screen.getByTestId('sync-status-banner');

beforeEach(() => {
  vi.useFakeTimers();
  useSyncStore.getState().reset();
});
afterEach(() => vi.useRealTimers());

describe('sync status banner', () => {
  it('is an empty polite status region while nothing happens', () => {
    render(<SyncStatusBanner />);
    expect(banner()).toHaveProperty('textContent', '');
    expect(banner().getAttribute('role')).toBe('status');
    expect(banner().getAttribute('aria-live')).toBe('polite');
  });

  it('shows the pending text in amber with the progress of the current phase', () => {
    render(<SyncStatusBanner />);
    act(() => useSyncStore.getState().started());
    expect(banner().dataset.status).toBe('pending');
    expect(banner().className).toContain('sync-banner--pending');
    expect(screen.getByText(/Synchronisation en cours\.\.\./)).toBeTruthy();

    act(() => useSyncStore.getState().progressed({ phase: 'media', done: 3, total: 12 }));
    expect(banner().textContent).toContain('Médias 25 %');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('shows the success in green and hides it after 3 s', () => {
    render(<SyncStatusBanner />);
    act(() => useSyncStore.getState().started());
    act(() =>
      useSyncStore.getState().succeeded({ at: '2026-01-10T08:00:00.000Z', contentVersion: 3 }),
    );
    expect(banner().dataset.status).toBe('success');
    expect(banner().textContent).toBe('Synchronisation terminée !');

    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(banner().dataset.status).toBe('success');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(banner().dataset.status).toBe('hidden');
    expect(banner().textContent).toBe('');

    // A later success shows again.
    act(() => useSyncStore.getState().started());
    act(() =>
      useSyncStore.getState().succeeded({ at: '2026-01-10T09:00:00.000Z', contentVersion: 4 }),
    );
    expect(banner().dataset.status).toBe('success');
  });

  it('shows the failure in red with its detail until the next sync starts', () => {
    render(<SyncStatusBanner />);
    act(() => useSyncStore.getState().started());
    act(() =>
      useSyncStore.getState().failed({ error: 'Serveur injoignable', contentVersion: null }),
    );
    expect(banner().dataset.status).toBe('error');
    expect(banner().textContent).toBe('La synchronisation a échoué...Serveur injoignable');

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(banner().dataset.status).toBe('error');
    act(() => useSyncStore.getState().started());
    expect(banner().dataset.status).toBe('pending');
  });
});
