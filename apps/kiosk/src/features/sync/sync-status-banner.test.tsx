import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_VISIBLE_MS, SyncStatusBanner } from './sync-status-banner';
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

  describe('media after the content (content-first sync, decision 019)', () => {
    const succeed = () =>
      act(() => {
        useSyncStore.getState().started();
        useSyncStore.getState().succeeded({ at: '2026-01-10T08:00:00.000Z', contentVersion: 3 });
      });
    const report = (
      phase: 'downloading' | 'complete' | 'incomplete',
      cached: number,
      failed = 0,
      error?: string,
    ) =>
      act(() => useSyncStore.getState().mediaReported({ phase, cached, total: 40, failed }, error));

    it('says the sync is done, then counts the files cached and that it is not all offline yet', () => {
      render(<SyncStatusBanner />);
      succeed();
      report('downloading', 12);
      expect(banner().dataset.status).toBe('success');
      expect(banner().dataset.media).toBe('downloading');
      expect(banner().className).toContain('sync-banner--success');
      expect(banner().textContent).toBe(
        'Synchronisation terminée !' +
          'Contenu à jour — médias : 12 / 40 en cache' +
          'Pas encore entièrement disponible hors ligne',
      );
      const bar = screen.getByRole('progressbar', { name: 'Médias en cache' });
      expect(bar.getAttribute('aria-valuenow')).toBe('30');
      expect(bar.getAttribute('aria-valuetext')).toBe('12 / 40');

      // It stays while the files come, however long they take.
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      report('downloading', 39);
      expect(banner().dataset.status).toBe('success');
      expect(banner().textContent).toContain('39 / 40 en cache');
    });

    it('says when every file is cached, then hides after 3 s', () => {
      render(<SyncStatusBanner />);
      succeed();
      report('downloading', 39);
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      report('complete', 40);
      expect(banner().dataset.media).toBe('complete');
      expect(banner().textContent).toBe(
        'Synchronisation terminée !' +
          'Contenu à jour — médias : 40 / 40 en cache' +
          'Tout est disponible hors ligne',
      );
      expect(screen.queryByRole('progressbar')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(SUCCESS_VISIBLE_MS);
      });
      expect(banner().dataset.status).toBe('hidden');
      expect(banner().dataset.media).toBe('complete');
    });

    it('stays amber, saying how many files are missing, until the next sync', () => {
      render(<SyncStatusBanner />);
      succeed();
      report('incomplete', 37, 3, '3 média(s) sur 40 non téléchargé(s)');
      expect(banner().className).toContain('sync-banner--incomplete');
      expect(banner().textContent).toBe(
        'Synchronisation terminée !' +
          'Contenu à jour — médias : 37 / 40 en cache' +
          '3 média(s) indisponible(s) : pas encore entièrement disponible hors ligne',
      );
      expect(useSyncStore.getState().lastError).toBe('3 média(s) sur 40 non téléchargé(s)');
      act(() => {
        vi.advanceTimersByTime(60_000);
      });
      expect(banner().dataset.status).toBe('success');
      act(() => useSyncStore.getState().started());
      expect(banner().dataset.status).toBe('pending');
      expect(banner().dataset.media).toBe('none');
    });
  });
});
