/**
 * Remote commands from the fleet page (issue 47): « Commandes… » on a card and « Commande à un
 * groupe… » / « à tous les totems… » above the list send the contract's request (command, mode,
 * target, expiry); the confirmation says how many totems and the offline ones' turn; the server's
 * refusal shows in French in the dialog; only users who may edit the development see the actions;
 * each card shows its last command live; « Prendre une vignette » goes to a group or all the
 * totems too (issue 48).
 */
import { pathOf, type KioskCommandBatch, type KioskStatus } from '@plant-kiosk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { sentMessage } from './command-dialog';
import { FleetPage } from './fleet-page';
import {
  cardOf,
  command,
  FakeEventSource,
  kiosk,
  renderAt,
  sessionOf,
  user,
} from './fleet-test-fixtures';

const hall = kiosk({
  kioskId: 'bbbbbbbb-1111-2222-3333-444444444444',
  name: 'Hall d’accueil',
  groups: ['Accueil'],
});
const atelier = kiosk({
  kioskId: 'cccccccc-1111-2222-3333-444444444444',
  name: 'Atelier moulage',
  groups: ['Ateliers'],
});
const atelier2 = kiosk({
  kioskId: 'dddddddd-1111-2222-3333-444444444444',
  name: 'Atelier assemblage',
  groups: ['Ateliers'],
  state: 'offline',
  connected: false,
});
const other = kiosk({
  kioskId: 'eeeeeeee-1111-2222-3333-444444444444',
  devid: 2,
  devname: 'autre',
  name: 'Usine 2',
});

const sendPath = (devid: number) => pathOf('adminSendKioskCommand', { params: { devid } });

function serve(
  onSend: (call: Call) => { status?: number; data?: unknown; message?: string },
  who = user(),
) {
  return mockFetch((call) => {
    if (call.url === pathOf('adminMe')) return sessionOf(who);
    if (call.method === 'POST' && call.url.startsWith('/api/admin/developments/')) {
      return onSend(call);
    }
    return undefined;
  });
}

const batchOf = (...kiosks: KioskStatus[]): KioskCommandBatch => ({
  batchId: 'batch-1',
  commands: kiosks.map((entry, index) =>
    command({ commandId: index + 1, kioskId: entry.kioskId, devid: entry.devid }),
  ),
});

function open(rows: KioskStatus[] = [hall, atelier, atelier2, other]) {
  renderAt('/parc', '/parc', <FleetPage />);
  FakeEventSource.last.emit('fleet', rows);
}

const rowOf = cardOf;

beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
afterEach(() => vi.unstubAllGlobals());

describe('remote commands on the fleet page', () => {
  it('sends one totem a mode change with the chosen expiry, and confirms in French', async () => {
    const calls = serve(() => ({ data: batchOf(hall) }));
    open();
    fireEvent.click(
      await within(rowOf('Hall d’accueil')).findByRole('button', {
        name: 'Commandes au totem Hall d’accueil',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Commande au totem Hall d’accueil' });
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Recharger la page',
      'Resynchroniser',
      'Reconstruire la copie locale',
      'Identifier',
      'Changer de mode',
      'Prendre une vignette',
      'Redémarrer le navigateur',
      'Redémarrer le totem',
      'Éteindre l’écran',
      'Allumer l’écran',
    ]);
    // « Identifier » by default, an hour to wait for an offline totem.
    expect(
      (within(dialog).getByRole('radio', { name: 'Identifier' }) as HTMLInputElement).checked,
    ).toBe(true);
    const expiry = within(dialog).getByLabelText('Expire dans') as HTMLSelectElement;
    expect(expiry.value).toBe('60');
    expect([...expiry.options].map((option) => option.textContent)).toEqual([
      '15 min',
      '1 h',
      '4 h',
      '24 h',
    ]);
    expect(within(dialog).queryByRole('radio', { name: 'Moulage' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Changer de mode' }));
    const modes = within(dialog).getAllByRole('group')[1]!;
    expect(
      within(modes)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Moulage', 'Assemblage', 'Visiteur']);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Assemblage' }));
    fireEvent.change(expiry, { target: { value: '240' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(sendPath(1));
    expect(sent[0]!.body).toEqual({
      kind: 'set-mode',
      mode: 'Assemblage',
      target: { kind: 'kiosk', kioskId: hall.kioskId },
      expiresInMinutes: 240,
    });
    expect(screen.getByText(/envoyée à 1 totem/).textContent).toBe(
      '« Changer de mode » envoyée à 1 totem, en ligne.',
    );
  });

  it('sends a group, tells the offline totems’ turn, and sends no mode with another command', async () => {
    const calls = serve(() => ({ data: batchOf(atelier, atelier2) }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Commande à un groupe…' }));
    const dialog = screen.getByRole('dialog');
    // Two developments: one is chosen first, then its groups.
    const dev = within(dialog).getByLabelText('Développement') as HTMLSelectElement;
    expect([...dev.options].map((option) => option.textContent)).toEqual(['autre', 'neubourg']);
    fireEvent.change(dev, { target: { value: '1' } });
    const target = within(dialog).getByLabelText('Totems visés') as HTMLSelectElement;
    expect([...target.options].map((option) => option.textContent)).toEqual([
      'Tous les totems de neubourg',
      'Groupe « Accueil »',
      'Groupe « Ateliers »',
    ]);
    fireEvent.change(target, { target: { value: 'Ateliers' } });
    expect(within(dialog).getByText('2 totems visés.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Commande au groupe « Ateliers »' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Changer de mode' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Reconstruire la copie locale' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent[0]!.url).toBe(sendPath(1));
    expect(sent[0]!.body).toEqual({
      kind: 'rebuild',
      target: { kind: 'group', group: 'Ateliers' },
      expiresInMinutes: 60,
    });
    expect(screen.getByText(/envoyée à 2 totems/).textContent).toBe(
      '« Reconstruire la copie locale » envoyée à 2 totems. Le totem hors ligne la recevra à sa reconnexion, si elle a lieu avant l’expiration (1 h).',
    );
  });

  it('sends all the totems of a development', async () => {
    const calls = serve(() => ({ data: batchOf(other) }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Commande à tous les totems…' }));
    const dialog = screen.getByRole('dialog', { name: 'Commande à tous les totems' });
    // « autre » first (French order): its one totem.
    expect(within(dialog).getByText('1 totem visé.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Recharger la page' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.method === 'POST');
    expect(sent[0]!.url).toBe(sendPath(2));
    expect(sent[0]!.body).toEqual({
      kind: 'reload',
      target: { kind: 'all' },
      expiresInMinutes: 60,
    });
  });

  it('takes a thumbnail on every totem of a development, as after a publish', async () => {
    const calls = serve(() => ({ data: batchOf(hall, atelier, atelier2) }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Commande à tous les totems…' }));
    const dialog = screen.getByRole('dialog', { name: 'Commande à tous les totems' });
    fireEvent.change(within(dialog).getByLabelText('Développement'), { target: { value: '1' } });
    const choice = within(dialog).getByRole('radio', { name: 'Prendre une vignette' });
    expect(
      document.getElementById(choice.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toMatch(/dessine sa page tout de suite/);
    fireEvent.click(choice);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'thumbnail',
      target: { kind: 'all' },
      expiresInMinutes: 60,
    });
    expect(screen.getByText(/envoyée à 3 totems/).textContent).toMatch(
      /^« Prendre une vignette » envoyée à 3 totems\./,
    );
  });

  it('shows the server’s refusal in French in the dialog, which stays open', async () => {
    serve(() => ({
      status: 404,
      message: 'Ce totem est inconnu ou a été oublié.',
      data: null,
    }));
    open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Commandes au totem Hall d’accueil' }),
    );
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ce totem est inconnu ou a été oublié.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers commands only on the developments the user may edit', async () => {
    serve(() => ({ data: batchOf(hall) }), user({ role: 'editor', devids: [2], username: 'ed' }));
    open();
    await screen.findByRole('button', { name: 'Commandes au totem Usine 2' });
    expect(screen.queryByRole('button', { name: 'Commandes au totem Hall d’accueil' })).toBeNull();
    // Groups of its developments only: « Usine 2 » has none.
    expect(screen.queryByRole('button', { name: 'Commande à un groupe…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Commande à tous les totems…' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText('Développement')).toBeNull();
  });

  it('shows each card’s last command live: kind, state, reason and when', async () => {
    serve(() => ({ data: batchOf(hall) }));
    open();
    const cell = () => within(rowOf('Hall d’accueil')).queryByTestId('fleet-last-command');
    expect(cell()).toBeNull();
    const now = Date.now();
    FakeEventSource.last.emit(
      'kiosk',
      kiosk({
        ...hall,
        lastCommand: {
          commandId: 7,
          kind: 'identify',
          mode: null,
          state: 'pending',
          reason: null,
          createdAt: new Date(now - 120_000).toISOString(),
          ackedAt: null,
        },
      }),
    );
    expect(cell()?.textContent).toBe('Dernière commande : Identifier en attente il y a 2 min');
    FakeEventSource.last.emit(
      'kiosk',
      kiosk({
        ...hall,
        lastCommand: {
          commandId: 8,
          kind: 'set-mode',
          mode: 'visiteur',
          state: 'failed',
          reason: 'Mode inconnu sur ce totem',
          createdAt: new Date(now - 600_000).toISOString(),
          ackedAt: new Date(now - 2_000).toISOString(),
        },
      }),
    );
    expect(cell()?.textContent).toBe(
      'Dernière commande : Changer de mode (Visiteur) échouée : Mode inconnu sur ce totem à l’instant',
    );
    await waitFor(() => screen.getByRole('button', { name: 'Commande à tous les totems…' }));
  });
});

describe('a totem’s link', () => {
  it('opens its page from its name and short id', async () => {
    serve(() => ({ data: batchOf(hall) }));
    open();
    const link = within(rowOf('Hall d’accueil')).getByRole('link', {
      name: 'Hall d’accueil bbbbbbbb',
    });
    expect(link.getAttribute('href')).toBe(`/parc/1/${hall.kioskId}`);
    await screen.findByRole('button', { name: 'Commande à tous les totems…' });
  });
});

describe('sentMessage', () => {
  it('counts the totems and the offline ones', () => {
    const batch = batchOf(hall, atelier, atelier2, { ...atelier2, kioskId: 'unknown' });
    expect(sentMessage(batch, 'identify', '24 h', [hall, atelier, atelier2])).toBe(
      '« Identifier » envoyée à 4 totems. Les 2 totems hors ligne la recevront à leur reconnexion, si elle a lieu avant l’expiration (24 h).',
    );
    expect(sentMessage(batchOf(hall, atelier), 'resync', '1 h', [hall, atelier])).toBe(
      '« Resynchroniser » envoyée à 2 totems, tous en ligne.',
    );
  });
});
