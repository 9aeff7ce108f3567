/**
 * The fleet by name (decision 038): each totem's name first (the id secondary), its place and
 * groups; « Modifier » saves a name, place, groups and note through the typed client and shows it
 * at once; French errors (the form's own, the server's, a concurrent save); a filter by group.
 */
import { pathOf, type KioskProfile, type KioskStatus } from '@plant-kiosk/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { MemoryRouter } from 'react-router-dom';
import { FleetPage } from './fleet-page';
import { profileErrors, screenHeights, splitGroups } from './kiosk-profile-form';
import { cards } from './fleet-test-fixtures';

// The page links each totem to its own page: it needs a router.
const renderFleet = () =>
  render(
    <MemoryRouter>
      <FleetPage />
    </MemoryRouter>,
  );

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
  storageUsedBytes: null,
  storageQuotaBytes: null,
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
  name: null,
  location: null,
  groups: [],
  note: null,
  profileVersion: 0,
  ...overrides,
});

const hall = kiosk({
  kioskId: 'bbbbbbbb-1111-2222-3333-444444444444',
  name: 'Hall d’accueil',
  location: 'Bâtiment A, rez-de-chaussée',
  groups: ['Bâtiment A'],
  profileVersion: 1,
});
const atelier = kiosk({
  kioskId: 'cccccccc-1111-2222-3333-444444444444',
  name: 'Atelier moulage',
  groups: ['Ateliers', 'Bâtiment B'],
  profileVersion: 3,
});
const unnamed = kiosk();

const profilePath = (entry: KioskStatus) =>
  pathOf('adminKioskProfile', { params: { devid: entry.devid, kioskId: entry.kioskId } });

function serve(onPut: (call: Call) => { status?: number; data?: unknown; message?: string }) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url === pathOf('adminFleet')) {
      return { data: [hall, atelier, unnamed] };
    }
    if (call.method === 'PUT') return onPut(call);
    return undefined;
  });
}

const rows = cards;

afterEach(() => vi.unstubAllGlobals());

describe('the fleet by name', () => {
  it('shows each totem by its name, the id secondary, with its place and groups', async () => {
    serve(() => ({ status: 500 }));
    renderFleet();
    await screen.findByText('Hall d’accueil');
    const row = rows().find((r) => within(r).queryByText('Hall d’accueil'))!;
    expect(within(row).getByText('bbbbbbbb')).toBeTruthy();
    expect(within(row).getByText('Bâtiment A, rez-de-chaussée')).toBeTruthy();
    expect(within(row).getByText('Bâtiment A')).toBeTruthy();
    const other = rows().find((r) => within(r).queryByText('aaaaaaaa'))!;
    expect(within(other).getByText('Sans nom')).toBeTruthy();
    // Sorted by name within the development, unnamed ones by their id.
    expect(rows().map((r) => within(r).getAllByRole('strong')[0]?.textContent)).toEqual([
      'Atelier moulage',
      'Hall d’accueil',
      'Sans nom',
    ]);
  });

  it('filters the list by group', async () => {
    serve(() => ({ status: 500 }));
    renderFleet();
    await screen.findByText('Hall d’accueil');
    const select = screen.getByRole('combobox', { name: 'Groupe' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous les totems', 'Ateliers', 'Bâtiment A', 'Bâtiment B']);
    fireEvent.change(select, { target: { value: 'Ateliers' } });
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Atelier moulage')).toBeTruthy();
    expect(screen.getByText('1 totem dans « Ateliers »')).toBeTruthy();
    fireEvent.change(select, { target: { value: '' } });
    expect(rows()).toHaveLength(3);
  });

  it('names a totem: sends the trimmed fields and its version, and shows the name at once', async () => {
    const saved: KioskProfile = {
      devid: 1,
      kioskId: unnamed.kioskId,
      name: 'Cantine',
      location: 'Bâtiment B',
      groups: ['Bâtiment B', 'Restauration'],
      note: 'Près des micro-ondes.',
      screenBottomMm: null,
      screenTopMm: null,
      version: 1,
      updatedAt: '2026-11-27T12:00:00.000Z',
    };
    const calls = serve(() => ({
      data: saved,
      message: 'Totem enregistré : il porte ce nom dès maintenant, sans publication.',
    }));
    renderFleet();
    await screen.findByText('Hall d’accueil');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le totem aaaaaaaa' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le totem aaaaaaaa' });
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: ' Cantine ' } });
    fireEvent.change(within(dialog).getByLabelText('Lieu'), { target: { value: 'Bâtiment B' } });
    fireEvent.change(within(dialog).getByLabelText('Groupes'), {
      target: { value: 'Bâtiment B, , Restauration ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Note'), {
      target: { value: 'Près des micro-ondes.' },
    });
    // A wall bracket: the reach line follows the screen's heights.
    expect(within(dialog).getByText(/Ligne d’atteinte à 1090 px/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Bas de l’écran (mm)'), {
      target: { value: '1000' },
    });
    fireEvent.change(within(dialog).getByLabelText('Haut de l’écran (mm)'), {
      target: { value: '2200' },
    });
    expect(within(dialog).getByText(/Ligne d’atteinte à 1570 px/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await screen.findByText('Totem enregistré : il porte ce nom dès maintenant, sans publication.');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(profilePath(unnamed));
    expect(put.body).toEqual({
      name: 'Cantine',
      location: 'Bâtiment B',
      groups: ['Bâtiment B', 'Restauration'],
      note: 'Près des micro-ondes.',
      screenBottomMm: 1000,
      screenTopMm: 2200,
      version: 0,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = rows().find((r) => within(r).queryByText('Cantine'))!;
    expect(within(row).getByText('aaaaaaaa')).toBeTruthy();
    expect(within(row).getByText('Restauration')).toBeTruthy();
  });

  it('says in French what the form refuses, under the field, and sends nothing', async () => {
    const calls = serve(() => ({ status: 500 }));
    renderFleet();
    await screen.findByText('Hall d’accueil');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le totem Hall d’accueil' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Nom') as HTMLInputElement).value).toBe('Hall d’accueil');
    expect((within(dialog).getByLabelText('Groupes') as HTMLInputElement).value).toBe('Bâtiment A');
    fireEvent.change(within(dialog).getByLabelText('Nom'), { target: { value: 'n'.repeat(61) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getByText('Le nom ne doit pas dépasser 60 caractères.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Nom').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal, and on a concurrent save takes the profile as it is now', async () => {
    let answer: { status: number; data?: unknown; message: string; error: string } = {
      status: 404,
      message: 'Ce totem n’existe pas dans ce développement (il a peut-être été oublié).',
      error: 'not_found',
    };
    serve(() => answer);
    renderFleet();
    await screen.findByText('Hall d’accueil');
    fireEvent.click(screen.getByRole('button', { name: 'Modifier le totem Atelier moulage' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Ce totem n’existe pas/);

    answer = {
      status: 409,
      message: 'Quelqu’un d’autre a modifié ce totem entre-temps.',
      error: 'conflict',
      data: { ...atelier, name: 'Atelier 2', groups: ['Ateliers'], version: 4 },
    };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toMatch(/Quelqu’un d’autre/),
    );
    expect((within(dialog).getByLabelText('Nom') as HTMLInputElement).value).toBe('Atelier 2');
    expect((within(dialog).getByLabelText('Groupes') as HTMLInputElement).value).toBe('Ateliers');
  });
});

describe('profileErrors and splitGroups', () => {
  const ok = {
    name: 'Hall',
    location: '',
    groups: '',
    note: '',
    screenBottomMm: '',
    screenTopMm: '',
  };
  it('accepts the bounds and refuses past them', () => {
    expect(profileErrors(ok)).toEqual({});
    expect(profileErrors({ ...ok, location: 'l'.repeat(81) }).location).toBe(
      'Le lieu ne doit pas dépasser 80 caractères.',
    );
    expect(
      profileErrors({ ...ok, groups: Array.from({ length: 11 }, (_, i) => `G${i}`).join(',') })
        .groups,
    ).toBe('Un totem a au plus 10 groupes (ici 11).');
    expect(profileErrors({ ...ok, groups: 'g'.repeat(41) }).groups).toMatch(/40 caractères/);
    expect(profileErrors({ ...ok, note: 'x'.repeat(501) }).note).toMatch(/500 caractères/);
  });
  it('takes both screen heights or neither, whole millimetres, a screen’s span apart', () => {
    const heights = (screenBottomMm: string, screenTopMm: string) =>
      profileErrors({ ...ok, screenBottomMm, screenTopMm });
    expect(heights('900', '2100')).toEqual({});
    expect(heights('', '')).toEqual({});
    expect(heights('900', '').screenTopMm).toMatch(/les deux hauteurs/);
    expect(heights('9,5', '2100').screenBottomMm).toMatch(/nombre entier de millimètres/);
    expect(heights('900', '3500').screenTopMm).toMatch(/de 200 à 3000/);
    expect(heights('1000', '1100').screenTopMm).toMatch(/au moins 200 mm/);
    expect(screenHeights({ screenBottomMm: ' 900 ', screenTopMm: '' })).toEqual({
      screenBottomMm: 900,
      screenTopMm: null,
    });
  });
  it('splits groups on commas, trimmed, without empties', () => {
    expect(splitGroups(' Bâtiment A ,, Ateliers ,')).toEqual(['Bâtiment A', 'Ateliers']);
  });
});
