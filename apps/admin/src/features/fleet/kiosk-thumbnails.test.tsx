/**
 * A totem's thumbnails on its page (issue 48): the newest large, the others small, each with its
 * page, revision and both clocks' times in the plant's zone; « Prendre une vignette maintenant »
 * sends the `thumbnail` command to that totem and follows its state from the live channel, and the
 * new picture shows once it is done; a failure's reason, and a refused request, are said in
 * French; users who may not command the totem see the pictures, not the button.
 */
import {
  DEFAULT_SETTINGS,
  pathOf,
  type KioskStatus,
  type KioskThumbnail,
} from '@plant-kiosk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { useOptionalUser } from '../../lib/session/session-context';
import { KioskPage } from './kiosk-page';
import { command, FakeEventSource, kiosk, renderAt, sessionOf, user } from './fleet-test-fixtures';

const NOW = new Date('2026-11-27T15:10:00.000Z');

const hall = kiosk({
  kioskId: 'bbbbbbbb-1111-2222-3333-444444444444',
  name: 'Hall d’accueil',
  presence: 'online',
  thumbnail: null,
});

const shot = (overrides: Partial<KioskThumbnail> = {}): KioskThumbnail => ({
  thumbnailId: 7,
  devid: 1,
  kioskId: hall.kioskId,
  route: '/zone/Moulage',
  revision: 12,
  // The totem's clock 2 s behind the server's.
  takenAt: '2026-11-27T15:05:10.000Z',
  receivedAt: '2026-11-27T15:05:12.000Z',
  bytes: 30_000,
  placeholders: 0,
  commandId: null,
  ...overrides,
});

const listPath = pathOf('adminKioskThumbnails', { params: { devid: 1, kioskId: hall.kioskId } });
const sendPath = pathOf('adminSendKioskCommand', { params: { devid: 1 } });
const imageOf = (thumbnailId: number) =>
  pathOf('adminKioskThumbnailImage', { params: { devid: 1, kioskId: hall.kioskId, thumbnailId } });

interface Server {
  thumbnails: () => KioskThumbnail[];
  send?: (call: Call) => { status?: number; data?: unknown; message?: string; error?: string };
  who?: ReturnType<typeof user>;
}

function serve({ thumbnails, send, who = user() }: Server) {
  return mockFetch((call) => {
    if (call.url === pathOf('adminMe')) return sessionOf(who);
    if (call.url === pathOf('adminSettings', { params: { devid: 1 } })) {
      // A plant in New York: both clocks' times are read there.
      return {
        data: { devid: 1, settings: { ...DEFAULT_SETTINGS, timeZone: 'America/New_York' } },
      };
    }
    if (call.method === 'GET' && call.url === listPath) return { data: thumbnails() };
    if (call.method === 'POST' && call.url === sendPath && send) return send(call);
    return undefined;
  });
}

/** Who the session says is logged in, once it is known. */
function UserProbe() {
  return <output data-testid="who">{useOptionalUser()?.username ?? ''}</output>;
}

const open = (row: KioskStatus = hall) => {
  renderAt(
    `/parc/1/${hall.kioskId}`,
    '/parc/:devid/:kioskId',
    <>
      <KioskPage />
      <UserProbe />
    </>,
  );
  FakeEventSource.last.emit('fleet', [row]);
};

const section = () =>
  screen.getByRole('heading', { level: 2, name: 'Vignettes' }).closest('section')!;
const button = () => screen.queryByRole('button', { name: 'Prendre une vignette maintenant' });
const requestText = () => screen.getByTestId('thumbnail-request').textContent;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a totem’s thumbnails', () => {
  it('shows the newest large and the others small, with both clocks in the plant’s zone', async () => {
    serve({
      thumbnails: () => [
        shot({ placeholders: 1, commandId: 3 }),
        shot({
          thumbnailId: 6,
          route: '/accueil',
          revision: null,
          takenAt: '2026-11-27T14:55:00.000Z',
          receivedAt: '2026-11-27T14:55:01.000Z',
        }),
      ],
    });
    open();
    const items = await within(section()).findAllByTestId('kiosk-thumbnail');
    expect(items.map((item) => item.className)).toEqual([
      'kiosk-thumb-latest',
      'kiosk-thumb-older',
    ]);
    const [latest, older] = items as [HTMLElement, HTMLElement];
    expect(within(latest).getByRole('img').getAttribute('src')).toBe(imageOf(7));
    expect(within(latest).getByRole('img').className).toBe('thumbnail thumbnail-large');
    expect(within(older).getByRole('img').className).toBe('thumbnail thumbnail-small');
    // New York: 15:05 UTC is 10:05 there.
    await waitFor(() =>
      expect(within(latest).getByText(/^Prise à/).textContent).toBe(
        'Prise à 10:05:10 (horloge du totem)',
      ),
    );
    expect(within(latest).getByText(/^Reçue à/).textContent).toBe(
      'Reçue à 10:05:12 (horloge du serveur)',
    );
    expect(within(latest).getByRole('img').getAttribute('alt')).toBe(
      'Vignette de Hall d’accueil : /zone/Moulage, révision 12, 10:05',
    );
    expect(within(latest).getByText('À la demande')).toBeTruthy();
    expect(within(latest).getByText('1 zone non dessinée (vidéo ou page externe)')).toBeTruthy();
    expect(within(older).getByText('/accueil')).toBeTruthy();
    expect(within(older).getByText('aucune révision')).toBeTruthy();
    expect(within(older).getByText('Automatique')).toBeTruthy();
  });

  it('sends the totem a thumbnail command and shows its state, then the new picture', async () => {
    let list = [shot()];
    const calls = serve({
      thumbnails: () => list,
      send: () => ({
        data: {
          batchId: 'b-1',
          commands: [
            command({ commandId: 21, kioskId: hall.kioskId, kind: 'thumbnail', state: 'pending' }),
          ],
        },
      }),
    });
    open();
    await within(section()).findAllByTestId('kiosk-thumbnail');
    fireEvent.click(button()!);
    await waitFor(() => expect(requestText()).toBe('Vignette demandée : en attente'));
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      kind: 'thumbnail',
      target: { kind: 'kiosk', kioskId: hall.kioskId },
      expiresInMinutes: 15,
    });
    // Listed in the commands' history at once.
    expect(screen.getAllByTestId('kiosk-command')[0]!.querySelector('td')?.textContent).toBe(
      'Prendre une vignette',
    );
    // No second request while this one is under way.
    expect((button() as HTMLButtonElement).disabled).toBe(true);

    const lastCommand = (state: string) => ({
      commandId: 21,
      kind: 'thumbnail',
      mode: null,
      state,
      reason: null,
      createdAt: NOW.toISOString(),
      ackedAt: state === 'done' ? NOW.toISOString() : null,
    });
    FakeEventSource.last.emit('kiosk', { ...hall, lastCommand: lastCommand('sent') });
    expect(requestText()).toBe('Vignette demandée : envoyée');

    // The totem's upload acknowledges the command: done, and the new picture is read.
    list = [shot({ thumbnailId: 8, commandId: 21, route: '/zone/Assemblage' }), shot()];
    FakeEventSource.last.emit('kiosk', { ...hall, lastCommand: lastCommand('done') });
    expect(requestText()).toBe('Vignette demandée : faite');
    await waitFor(() =>
      expect(
        within(section()).getAllByTestId('kiosk-thumbnail')[0]!.querySelector('img')?.src,
      ).toContain(imageOf(8)),
    );
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('says why the totem could not take it', async () => {
    serve({
      thumbnails: () => [],
      send: () => ({
        data: {
          batchId: 'b-1',
          commands: [command({ commandId: 22, kioskId: hall.kioskId, kind: 'thumbnail' })],
        },
      }),
    });
    open();
    expect(await within(section()).findByText(/n’a encore envoyé aucune vignette/)).toBeTruthy();
    fireEvent.click(button()!);
    await waitFor(() => expect(requestText()).toBe('Vignette demandée : en attente'));
    FakeEventSource.last.emit('kiosk', {
      ...hall,
      lastCommand: {
        commandId: 22,
        kind: 'thumbnail',
        mode: null,
        state: 'failed',
        reason: 'Page non dessinable : mémoire insuffisante',
        createdAt: NOW.toISOString(),
        ackedAt: NOW.toISOString(),
      },
    });
    expect(requestText()).toBe(
      'Vignette demandée : échouée : Page non dessinable : mémoire insuffisante',
    );
  });

  it('shows the server’s refusal in French, visibly', async () => {
    serve({
      thumbnails: () => [],
      send: () => ({
        status: 404,
        message: 'Ce totem est inconnu ou a été oublié.',
        error: 'not_found',
      }),
    });
    open();
    await within(section()).findByText(/n’a encore envoyé aucune vignette/);
    fireEvent.click(button()!);
    expect((await within(section()).findByRole('alert')).textContent).toBe(
      'Ce totem est inconnu ou a été oublié.',
    );
    expect(requestText()).toBe('');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the pictures, not the button, to a user who may not command the totem', async () => {
    serve({
      thumbnails: () => [shot()],
      who: user({ role: 'editor', devids: [2], username: 'ed' }),
    });
    open();
    await within(section()).findAllByTestId('kiosk-thumbnail');
    // Once the session is known: an editor of another development.
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('ed'));
    expect(button()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Commandes…' })).toBeNull();
    expect(within(section()).getByRole('img')).toBeTruthy();
  });

  it('reads the list again when the channel brings a new latest thumbnail', async () => {
    let list = [shot()];
    const calls = serve({ thumbnails: () => list });
    open();
    await within(section()).findAllByTestId('kiosk-thumbnail');
    const reads = () => calls.filter((call) => call.url === listPath).length;
    const before = reads();
    list = [shot({ thumbnailId: 9 }), shot()];
    FakeEventSource.last.emit('kiosk', {
      ...hall,
      thumbnail: {
        thumbnailId: 9,
        route: '/zone/Moulage',
        revision: 12,
        takenAt: NOW.toISOString(),
        receivedAt: NOW.toISOString(),
        placeholders: 0,
      },
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
    await waitFor(() =>
      expect(within(section()).getAllByTestId('kiosk-thumbnail')).toHaveLength(2),
    );
  });
});
