/**
 * A totem's page (issue 47): its profile and status from the fleet's live channel (narrowed to its
 * development), its commands' history newest first as the server lists them — read again when
 * the channel says the totem changed — with state, reason, who and when in the plant's zone;
 * « Commandes… » sends one more and shows it at once; a totem not in the fleet is said so.
 */
import { DEFAULT_SETTINGS, pathOf, type KioskCommand } from '@plant-kiosk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { KioskPage } from './kiosk-page';
import { command, FakeEventSource, kiosk, renderAt, sessionOf, user } from './fleet-test-fixtures';

const hall = kiosk({
  kioskId: 'bbbbbbbb-1111-2222-3333-444444444444',
  name: 'Hall d’accueil',
  location: 'Bâtiment A, rez-de-chaussée',
  groups: ['Accueil', 'Bâtiment A'],
  note: 'Écran remplacé en mars.',
  appVersion: '1.4.2',
  flag: 'behind',
  flagMessage: 'En retard de 2 révisions depuis 3 h.',
  contentVersion: 12,
  currentContentVersion: 14,
  upToDate: false,
});

const historyPath = pathOf('adminKioskCommands', {
  params: { devid: 1 },
  query: { kioskId: hall.kioskId, limit: 50 },
});

function serve(history: () => KioskCommand[], who = user()) {
  return mockFetch((call: Call) => {
    if (call.url === pathOf('adminMe')) return sessionOf(who);
    if (call.url === pathOf('adminSettings', { params: { devid: 1 } })) {
      // A plant in New York: the times are its own, not the browser's.
      return {
        data: {
          devid: 1,
          settings: { ...DEFAULT_SETTINGS, timeZone: 'America/New_York' },
          unpublished: false,
        },
      };
    }
    if (call.method === 'GET' && call.url === historyPath) return { data: history() };
    if (call.method === 'POST') {
      return {
        data: {
          batchId: 'b-9',
          commands: [
            command({
              commandId: 9,
              kioskId: hall.kioskId,
              kind: 'resync',
              createdAt: '2026-11-27T15:00:00.000Z',
            }),
          ],
        },
      };
    }
    return undefined;
  });
}

const path = `/parc/1/${hall.kioskId}`;
const open = () => renderAt(path, '/parc/:devid/:kioskId', <KioskPage />);

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => vi.unstubAllGlobals());

describe('a totem’s page', () => {
  it('shows its profile, status and commands, newest first, in the plant’s zone', async () => {
    const calls = serve(() => [
      command({
        commandId: 3,
        kind: 'set-mode',
        mode: 'Moulage',
        state: 'failed',
        reason: 'Écran occupé par une alerte',
        createdAt: '2026-11-27T14:00:00.000Z',
        ackedAt: '2026-11-27T14:00:05.000Z',
        createdBy: 'marie',
      }),
      command({ commandId: 2, state: 'done', createdAt: '2026-11-27T13:00:00.000Z' }),
      command({ commandId: 1, kind: 'reload', state: 'expired', createdBy: null }),
    ]);
    open();
    // The live channel of its development only.
    expect(FakeEventSource.last.url).toBe(pathOf('adminFleetStream', { query: { devid: 1 } }));
    FakeEventSource.last.emit('fleet', [hall, kiosk()]);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hall d’accueil');
    expect(screen.getByTestId('kiosk-location').textContent).toBe('Bâtiment A, rez-de-chaussée');
    expect(screen.getByText('Accueil')).toBeTruthy();
    expect(screen.getByText('Écran remplacé en mars.')).toBeTruthy();
    expect(screen.getByText(hall.kioskId)).toBeTruthy();
    expect(screen.getByTestId('kiosk-state').textContent).toBe(
      'En ligne⚠ à surveillerEn retard de 2 révisions depuis 3 h.',
    );
    expect(screen.getByTestId('kiosk-revision').textContent).toBe('révision 12 — 2 de retard');
    expect(screen.getByText('1.4.2')).toBeTruthy();
    // Its thumbnails under its state, its « Vous êtes ici » points, then the history and the
    // journal's word.
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['État', 'Vignettes', 'Vous êtes ici', 'Commandes', 'Journal']);
    expect(screen.getByText(/ne se lit pas encore totem par totem/)).toBeTruthy();

    const rows = await screen.findAllByTestId('kiosk-command');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Changer de mode (Moulage)',
      'Identifier',
      'Recharger la page',
    ]);
    await waitFor(() => expect(within(rows[0]!).getByText('27/11/2026 09:00')).toBeTruthy());
    expect(within(rows[0]!).getByText('échouée')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Écran occupé par une alerte/)).toBeTruthy();
    expect(within(rows[0]!).getByText('marie')).toBeTruthy();
    expect(within(rows[1]!).getByText('faite')).toBeTruthy();
    expect(within(rows[2]!).getByText('expirée')).toBeTruthy();
    expect(within(rows[2]!).getByText('—')).toBeTruthy();

    // The channel says the totem changed: the history is read again.
    const reads = () => calls.filter((call) => call.url === historyPath).length;
    const before = reads();
    FakeEventSource.last.emit('kiosk', { ...hall, lastSeenAt: new Date().toISOString() });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('sends a command from its page and lists it at once', async () => {
    const calls = serve(() => []);
    open();
    FakeEventSource.last.emit('fleet', [hall]);
    expect(await screen.findByText('Aucune commande envoyée à ce totem.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Commandes…' }));
    const dialog = screen.getByRole('dialog', { name: 'Commande au totem Hall d’accueil' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Resynchroniser' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'resync',
      target: { kind: 'kiosk', kioskId: hall.kioskId },
      expiresInMinutes: 60,
    });
    expect(screen.getByText(/envoyée à 1 totem/)).toBeTruthy();
    const rows = screen.getAllByTestId('kiosk-command');
    expect(rows[0]!.querySelector('td')?.textContent).toBe('Resynchroniser');
  });

  it('says its state in words, on the plant’s clock: offline with its revision, or never seen', async () => {
    serve(() => []);
    open();
    FakeEventSource.last.emit('fleet', [
      {
        ...hall,
        presence: 'offline',
        state: 'offline',
        connected: false,
        lastSeenAt: '2026-11-27T13:03:00.000Z',
      },
    ]);
    // New York: 13:03 UTC is 08:03 there.
    await waitFor(() =>
      expect(screen.getByTestId('kiosk-state').textContent).toBe(
        'Hors ligne — affiche la révision 12 depuis le 27/11/2026 08:03' +
          '⚠ à surveillerEn retard de 2 révisions depuis 3 h.',
      ),
    );
    FakeEventSource.last.emit('kiosk', {
      ...hall,
      presence: 'never-seen',
      state: 'offline',
      connected: false,
      flag: null,
      flagMessage: null,
      contentVersion: null,
      firstSeenAt: '2026-11-27T09:15:00.000Z',
      lastSeenAt: '2026-11-27T09:15:00.000Z',
    });
    expect(screen.getByTestId('kiosk-state').textContent).toBe(
      'Jamais vu — identifié le 27/11/2026 04:15, aucun rapport depuis',
    );
    expect(screen.getByText('jamais')).toBeTruthy();
  });

  it('says so when the totem is not in the fleet, and offers no command', async () => {
    serve(() => []);
    open();
    FakeEventSource.last.emit('fleet', [kiosk()]);
    expect(screen.getByText(/Ce totem n’est pas dans le parc/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Totem bbbbbbbb');
    await screen.findByText('Aucune commande envoyée à ce totem.');
    expect(screen.queryByRole('button', { name: 'Commandes…' })).toBeNull();
  });

  it('refuses an address that names no totem', () => {
    serve(() => []);
    renderAt('/parc/zero/x', '/parc/:devid/:kioskId', <KioskPage />);
    expect(screen.getByText('Adresse de totem invalide.')).toBeTruthy();
  });
});
