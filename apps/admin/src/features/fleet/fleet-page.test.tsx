import { DEFAULT_SETTINGS, type KioskStatus } from '@plant-kiosk/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fake-fetch';
import { MemoryRouter } from 'react-router-dom';
import { FleetPage } from './fleet-page';
import { cards } from './fleet-test-fixtures';

// The page links each totem to its own page: it needs a router.
const renderFleet = () =>
  render(
    <MemoryRouter>
      <FleetPage />
    </MemoryRouter>,
  );

class FakeEventSource {
  static last: FakeEventSource;
  static readonly CLOSED = 2;
  readyState = 1;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  emit(name: string, data: unknown) {
    act(() => this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
  close() {
    this.readyState = 2;
  }
}

const kiosk = (overrides: Partial<KioskStatus> = {}): KioskStatus => ({
  kioskId: 'aaaaaaaa-1111-2222-3333-444444444444',
  devid: 1,
  devname: 'neubourg',
  mode: 'totem',
  totem: 'Moulage',
  appVersion: '0.1.0',
  contentVersion: 3,
  currentContentVersion: 3,
  lastSyncAt: '2026-11-23T10:00:00.000Z',
  storageUsedBytes: 5 * 1024 * 1024,
  storageQuotaBytes: 10 * 1024 ** 3,
  lastError: null,
  connected: true,
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  lastHeartbeatAt: null,
  state: 'online',
  upToDate: true,
  aheadOfServer: false,
  behindSince: null,
  flag: null,
  flagMessage: null,
  media: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('FleetPage', () => {
  it('shows the list from the live channel, then updates one kiosk in place', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderFleet();
    expect(FakeEventSource.last.url).toBe('/api/admin/fleet/stream');
    expect(FakeEventSource.last.init).toEqual({ withCredentials: true });

    FakeEventSource.last.emit('fleet', [kiosk()]);
    const rows = cards;
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('En ligne')).toBeTruthy();
    expect(within(rows()[0]!).getByText('À jour')).toBeTruthy();
    expect(within(rows()[0]!).getByText('Totem Moulage')).toBeTruthy();
    // French agreement: "1 totem", not "1 totems" (totem-size screen fixes).
    expect(document.querySelector('.stats .stat')?.textContent).toBe('1 totem');
    // Content-first sync: the revision each totem shows, and how many show the published one.
    expect(within(rows()[0]!).getByText('révision 3 — à jour')).toBeTruthy();
    expect(screen.getByTestId('fleet-progress').textContent).toBe('1 / 1 totem sur la révision 3');

    FakeEventSource.last.emit(
      'kiosk',
      kiosk({
        state: 'offline',
        connected: false,
        upToDate: false,
        contentVersion: 2,
        currentContentVersion: 4,
        flag: 'silent',
        flagMessage: 'Pas de nouvelles depuis 20 minutes.',
        lastError: 'Réseau indisponible',
      }),
    );
    expect(rows()).toHaveLength(1);
    const row = rows()[0]!;
    // An older server's entry (no `presence`): its state and flag say « silencieux ».
    expect(within(row).getByText('Silencieux')).toBeTruthy();
    expect(within(row).getByTestId('fleet-presence').textContent).toMatch(
      /^Silencieux — aucune nouvelle depuis le \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );
    expect(within(row).getByText('En retard')).toBeTruthy();
    expect(within(row).getByText('révision 2 — 2 de retard')).toBeTruthy();
    expect(screen.getByTestId('fleet-progress').textContent).toBe('0 / 1 totem sur la révision 4');
    // Said once, by the state: no « ⚠ silencieux » flag beside the name.
    expect(within(row).queryByText(/⚠/)).toBeNull();
    expect(within(row).getByText('Réseau indisponible')).toBeTruthy();
    expect(row.className).toContain('fleet-card-flagged');

    FakeEventSource.last.emit('fleet', [
      kiosk(),
      kiosk({ kioskId: 'bbbbbbbb-1111-2222-3333-444444444444' }),
    ]);
    expect(document.querySelector('.stats .stat')?.textContent).toBe('2 totems');
  });

  it('says when a totem holds a revision ahead of the server, flagged, and not as behind', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderFleet();
    FakeEventSource.last.emit('fleet', [
      kiosk({
        contentVersion: 5012,
        currentContentVersion: 12,
        upToDate: false,
        aheadOfServer: true,
        flag: 'ahead',
        flagMessage:
          'Révision 5012 — en avance sur le serveur (sauvegarde restaurée ?) : la dernière publiée est la 12.',
      }),
    ]);
    const row = cards()[0]!;
    expect(within(row).getByTestId('fleet-content').textContent).toBe(
      'révision 5012 — en avance sur le serveur (sauvegarde restaurée ?)',
    );
    expect(within(row).getByText('En avance')).toBeTruthy();
    expect(within(row).getByText(/en avance$/)).toBeTruthy();
    expect(row.className).toContain('fleet-card-flagged');
    // Not counted among the totems behind.
    expect(document.querySelectorAll('.stats .stat')[2]?.textContent).toBe('0 en retard');
  });

  it('says whether each totem holds its revision’s media, live', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderFleet();
    const older = kiosk({ kioskId: 'cccccccc-1111-2222-3333-444444444444' });
    FakeEventSource.last.emit('fleet', [
      kiosk({ media: { phase: 'downloading', cached: 12, total: 40 } }),
      older,
    ]);
    const content = () => screen.getAllByTestId('fleet-content').map((cell) => cell.textContent);
    // An older kiosk does not say: nothing rather than a guess.
    expect(content()).toEqual([
      'révision 3 — à jour · médias 12 / 40 en téléchargement',
      'révision 3 — à jour',
    ]);
    FakeEventSource.last.emit(
      'kiosk',
      kiosk({ media: { phase: 'incomplete', cached: 38, total: 40 } }),
    );
    expect(content()[0]).toBe('révision 3 — à jour · médias 38 / 40');
    FakeEventSource.last.emit(
      'kiosk',
      kiosk({
        contentVersion: 4,
        currentContentVersion: 4,
        media: { phase: 'complete', cached: 40, total: 40 },
      }),
    );
    expect(content()[0]).toBe('révision 4 — à jour · médias complets');
    // Never synchronised: no media to speak of.
    FakeEventSource.last.emit(
      'kiosk',
      kiosk({ ...older, contentVersion: null, media: { phase: 'complete', cached: 0, total: 0 } }),
    );
    expect(content()[1]).toBe('jamais synchronisé');
  });

  it('after an HTTP error of the live channel, refreshes by GET and reopens it later', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = mockFetch(() => ({ data: [kiosk({ kioskId: 'bbbbbbbb' })] }));
    renderFleet();
    const first = FakeEventSource.last;
    first.readyState = FakeEventSource.CLOSED;
    await act(async () => {
      first.onerror?.();
      await vi.advanceTimersByTimeAsync(0);
    });
    // Besides the list, only the plant's zone of the totems' development (its settings).
    expect(calls.map((call) => call.url).filter((url) => !url.endsWith('/settings'))).toEqual([
      '/api/admin/fleet',
    ]);
    expect(screen.getByText('bbbbbbbb')).toBeTruthy();
    expect(screen.getByText('Reconnexion…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeEventSource.last).not.toBe(first);
    vi.useRealTimers();
  });

  it('tells each totem’s last sync on its own development’s plant clock', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockFetch((call) => {
      const settings = /^\/api\/admin\/developments\/(\d+)\/settings$/.exec(call.url);
      if (!settings) return undefined;
      const timeZone = settings[1] === '1' ? 'America/New_York' : 'Asia/Tokyo';
      return { data: { devid: Number(settings[1]), settings: { ...DEFAULT_SETTINGS, timeZone } } };
    });
    renderFleet();
    FakeEventSource.last.emit('fleet', [
      kiosk(),
      kiosk({ kioskId: 'cccccccc', devid: 2, devname: 'vernon' }),
    ]);
    // 10:00 UTC: 05:00 in New York, 19:00 in Tokyo.
    return expect
      .poll(() => cards().map((card) => card.textContent))
      .toEqual([
        expect.stringContaining('23/11/2026 05:00'),
        expect.stringContaining('23/11/2026 19:00'),
      ]);
  });

  it('forgets a totem after a confirmation, and purges the silent ones', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls = mockFetch((call) => {
      if (call.method === 'DELETE' && call.url === '/api/admin/developments/1/kiosks/aaaaaaaa')
        return { data: { devid: 1, kioskIds: ['aaaaaaaa'] }, message: 'Totem oublié.' };
      if (call.method === 'POST' && call.url === '/api/admin/developments/1/kiosks/purge')
        return { data: { devid: 1, kioskIds: ['bbbbbbbb'] } };
      return undefined;
    });
    renderFleet();
    FakeEventSource.last.emit('fleet', [
      kiosk({ kioskId: 'aaaaaaaa', name: 'Hall d’accueil' }),
      kiosk({ kioskId: 'bbbbbbbb', state: 'offline' }),
      kiosk({ kioskId: 'cccccccc' }),
    ]);
    act(() => screen.getByRole('button', { name: 'Oublier le totem Hall d’accueil' }).click());
    const dialog = screen.getByRole('dialog', { name: 'Oublier le totem « Hall d’accueil » ?' });
    act(() => within(dialog).getByRole('button', { name: 'Oui, oublier ce totem' }).click());
    expect(await screen.findByText('Totem oublié.')).toBeTruthy();
    expect(screen.queryByText('Hall d’accueil')).toBeNull();

    act(() => screen.getByRole('button', { name: 'Oublier les totems silencieux…' }).click());
    const purge = screen.getByRole('dialog', { name: 'Oublier les totems silencieux ?' });
    act(() => within(purge).getByRole('button', { name: 'Oublier ces totems' }).click());
    expect(await screen.findByText('1 totem silencieux oublié.')).toBeTruthy();
    expect(calls.find((call) => call.url.endsWith('/purge'))?.body).toEqual({
      silentForHours: 24 * 7,
    });
    expect(cards()).toHaveLength(1);
  });

  it('says each totem’s state in words, its times on the plant’s clock', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockFetch((call) =>
      /\/settings$/.test(call.url)
        ? { data: { devid: 1, settings: { ...DEFAULT_SETTINGS, timeZone: 'America/New_York' } } }
        : undefined,
    );
    renderFleet();
    FakeEventSource.last.emit('fleet', [
      kiosk({ kioskId: 'aaaaaaaa', name: 'A en ligne', presence: 'online' }),
      kiosk({
        kioskId: 'bbbbbbbb',
        name: 'B hors ligne',
        presence: 'offline',
        state: 'offline',
        connected: false,
        contentVersion: 12,
        currentContentVersion: 12,
        lastSeenAt: '2026-11-27T13:03:00.000Z',
      }),
      kiosk({
        kioskId: 'cccccccc',
        name: 'C silencieux',
        presence: 'silent',
        state: 'offline',
        connected: false,
        flag: 'silent',
        flagMessage: 'Aucune nouvelle de ce kiosque depuis 2 h.',
        lastSeenAt: '2026-11-27T11:00:00.000Z',
      }),
      kiosk({
        kioskId: 'dddddddd',
        name: 'D jamais vu',
        presence: 'never-seen',
        state: 'offline',
        connected: false,
        mode: null,
        totem: null,
        appVersion: null,
        contentVersion: null,
        upToDate: false,
        lastSyncAt: null,
        firstSeenAt: '2026-11-27T09:15:00.000Z',
        lastSeenAt: '2026-11-27T09:15:00.000Z',
      }),
      kiosk({ kioskId: 'eeeeeeee', name: 'E fermé', presence: 'outside-hours', state: 'offline' }),
    ]);
    const states = () =>
      Object.fromEntries(
        cards().map((row) => [
          within(row).getByTestId('fleet-name').textContent,
          within(row).getByTestId('fleet-presence').textContent,
        ]),
      );
    // New York: 13:03 UTC is 08:03 there.
    return expect
      .poll(states)
      .toEqual({
        'A en ligne': 'En ligne',
        'B hors ligne': 'Hors ligne — affiche la révision 12 depuis le 27/11/2026 08:03',
        'C silencieux': 'Silencieux — aucune nouvelle depuis le 27/11/2026 06:00',
        'D jamais vu': 'Jamais vu — identifié le 27/11/2026 04:15, aucun rapport depuis',
        'E fermé': 'Hors des heures d’ouverture',
      })
      .then(() => {
        const never = screen.getByText('D jamais vu').closest('li')!;
        // Never seen: not « en retard », not « vu il y a… », and nothing to edit yet.
        expect(within(never).queryByText('En retard')).toBeNull();
        expect(within(never).getByText('jamais')).toBeTruthy();
        expect(within(never).queryByRole('button', { name: /^Modifier/ })).toBeNull();
        expect(within(never).getByRole('button', { name: /^Oublier/ })).toBeTruthy();
        expect(document.querySelectorAll('.stats .stat')[2]?.textContent).toBe('0 en retard');
      });
  });

  it('narrows the list to one state', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderFleet();
    FakeEventSource.last.emit('fleet', [
      kiosk({ kioskId: 'aaaaaaaa', name: 'A', presence: 'online' }),
      kiosk({ kioskId: 'bbbbbbbb', name: 'B', presence: 'never-seen', state: 'offline' }),
      kiosk({ kioskId: 'cccccccc', name: 'C', presence: 'never-seen', state: 'offline' }),
    ]);
    const select = screen.getByRole('combobox', { name: 'État' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Tous les états',
      'En ligne',
      'Hors ligne',
      'Silencieux',
      'Jamais vu',
    ]);
    const names = () => screen.queryAllByTestId('fleet-name').map((name) => name.textContent);
    fireEvent.change(select, { target: { value: 'never-seen' } });
    expect(names()).toEqual(['B', 'C']);
    expect(screen.getByText('2 totems à l’état « Jamais vu »')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'silent' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('Aucun totem à l’état « Silencieux ».')).toBeTruthy();
    fireEvent.change(select, { target: { value: '' } });
    expect(names()).toEqual(['A', 'B', 'C']);
  });

  it('shows the server’s refusal in French', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    mockFetch((call) =>
      call.method === 'DELETE'
        ? { status: 404, message: 'Ce totem est inconnu de ce développement.', error: 'not_found' }
        : undefined,
    );
    renderFleet();
    FakeEventSource.last.emit('fleet', [kiosk({ kioskId: 'aaaaaaaa' })]);
    act(() => screen.getByRole('button', { name: 'Oublier le totem aaaaaaaa' }).click());
    act(() =>
      within(screen.getByRole('dialog'))
        .getByRole('button', { name: 'Oui, oublier ce totem' })
        .click(),
    );
    expect(await screen.findByText('Ce totem est inconnu de ce développement.')).toBeTruthy();
    expect(cards()).toHaveLength(1);
  });
});
