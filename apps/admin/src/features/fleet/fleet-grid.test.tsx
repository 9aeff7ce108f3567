/**
 * The fleet as a grid (issue 48): each card leads with the totem's latest thumbnail — the picture
 * read from its route, its alt text saying whose, which page, which revision and when, the page,
 * revision and age beside it, the areas it could not draw in words — or a box saying there is
 * none; a new thumbnail from the live channel replaces the picture at once. The group and state
 * filters narrow the grid together, and live in the address's query (a link shares them).
 */
import { pathOf, type KioskLatestThumbnail } from '@plant-kiosk/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router-dom';
import { mockFetch } from '../../testing/fake-fetch';
import { FleetPage } from './fleet-page';
import { watchdogText } from './fleet-card';
import {
  cardOf,
  cards,
  FakeEventSource,
  kiosk,
  renderAt,
  sessionOf,
  user,
} from './fleet-test-fixtures';

const NOW = new Date('2026-11-27T13:08:00.000Z');

const thumbnail = (overrides: Partial<KioskLatestThumbnail> = {}): KioskLatestThumbnail => ({
  thumbnailId: 41,
  route: '/zone/Moulage',
  revision: 12,
  takenAt: '2026-11-27T13:04:58.000Z',
  // 14:05 in Paris (the plant's zone when its settings cannot be read), 3 min before NOW.
  receivedAt: '2026-11-27T13:05:00.000Z',
  placeholders: 0,
  ...overrides,
});

const hall = kiosk({
  kioskId: 'bbbbbbbb-1111-2222-3333-444444444444',
  name: 'Hall d’accueil',
  groups: ['Accueil'],
  presence: 'online',
  thumbnail: thumbnail({ placeholders: 2 }),
});
const moulage = kiosk({
  kioskId: 'cccccccc-1111-2222-3333-444444444444',
  name: 'Atelier moulage',
  groups: ['Ateliers'],
  presence: 'online',
  thumbnail: thumbnail({ thumbnailId: 42, route: '/zone/Moulage/four', revision: null }),
  // Its watchdog restarted its browser (issue 53).
  watchdog: {
    attached: true,
    lastEvent: { at: '2026-03-10T09:42:00.000Z', action: 'restart-browser', reason: 'hung' },
    // An X server without DPMS: its screen never sleeps.
    screen: { state: 'refused', reason: 'le serveur X n’a pas de DPMS' },
  },
});
const assemblage = kiosk({
  kioskId: 'dddddddd-1111-2222-3333-444444444444',
  name: 'Atelier assemblage',
  groups: ['Ateliers'],
  presence: 'offline',
  state: 'offline',
  connected: false,
  thumbnail: null,
  storageUsedBytes: 2_000_000,
  storageQuotaBytes: 40_000_000,
  // Its browser may evict the offline content (issue 53).
  storagePersisted: false,
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function open(path = '/parc') {
  renderAt(
    path,
    '/parc',
    <>
      <FleetPage />
      <LocationProbe />
    </>,
  );
  FakeEventSource.last.emit('fleet', [hall, moulage, assemblage]);
}

const names = () => cards().map((card) => within(card).getByTestId('fleet-name').textContent);
const address = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  // Only the clock's date is fixed (« il y a 3 min », « 14:05 »); timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal('EventSource', FakeEventSource);
  mockFetch((call) => (call.url === pathOf('adminMe') ? sessionOf(user()) : undefined));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the fleet grid', () => {
  it('is a list of cards, each headed by the totem’s name', async () => {
    open();
    expect(cards()).toHaveLength(3);
    expect(
      cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual([
      'Atelier assemblage dddddddd',
      'Atelier moulage cccccccc',
      'Hall d’accueil bbbbbbbb',
    ]);
    await screen.findByRole('button', { name: 'Commande à tous les totems…' });
  });

  it('leads each card with the latest thumbnail, what it shows beside it, and the undrawn areas', () => {
    open();
    const card = cardOf('Hall d’accueil');
    const picture = within(card).getByRole('img');
    expect(picture.getAttribute('src')).toBe(
      pathOf('adminKioskThumbnailImage', {
        params: { devid: 1, kioskId: hall.kioskId, thumbnailId: 41 },
      }),
    );
    expect(picture.getAttribute('alt')).toBe(
      'Vignette de Hall d’accueil : /zone/Moulage, révision 12, 14:05',
    );
    // Drawn at the picture's proportions, scaled down by the card.
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['270', '480']);
    const facts = within(card).getByTestId('fleet-thumbnail');
    expect(within(facts).getByText('/zone/Moulage')).toBeTruthy();
    expect(within(facts).getByText('révision 12')).toBeTruthy();
    expect(within(facts).getByText('il y a 3 min')).toBeTruthy();
    expect(within(card).getByTestId('fleet-thumbnail-note').textContent).toBe(
      '2 zones non dessinées (vidéo ou page externe)',
    );

    // Everything drawn: no note; no revision yet: said so.
    const other = cardOf('Atelier moulage');
    expect(within(other).queryByTestId('fleet-thumbnail-note')).toBeNull();
    expect(within(other).getByRole('img').getAttribute('alt')).toBe(
      'Vignette de Atelier moulage : /zone/Moulage/four, aucune révision, 14:05',
    );
  });

  it('shows a box, not an empty frame, for a totem without a thumbnail or whose picture is gone', () => {
    open();
    const none = cardOf('Atelier assemblage');
    expect(within(none).queryByRole('img')).toBeNull();
    expect(within(none).getByTestId('thumbnail-none').textContent).toBe('Aucune vignette');
    expect(within(none).getByText('Pas encore de vignette reçue.')).toBeTruthy();

    // The server keeps only the latest few: a picture that cannot be read says so.
    fireEvent.error(within(cardOf('Hall d’accueil')).getByRole('img'));
    expect(within(cardOf('Hall d’accueil')).getByTestId('thumbnail-none').textContent).toBe(
      'Vignette indisponible',
    );
  });

  it('shows a new thumbnail from the live channel without a reload', () => {
    open();
    FakeEventSource.last.emit('kiosk', {
      ...assemblage,
      thumbnail: thumbnail({
        thumbnailId: 50,
        route: '/zone/Assemblage',
        revision: 13,
        receivedAt: '2026-11-27T13:07:30.000Z',
      }),
    });
    const card = cardOf('Atelier assemblage');
    const picture = within(card).getByRole('img');
    expect(picture.getAttribute('src')).toBe(
      pathOf('adminKioskThumbnailImage', {
        params: { devid: 1, kioskId: assemblage.kioskId, thumbnailId: 50 },
      }),
    );
    expect(picture.getAttribute('alt')).toBe(
      'Vignette de Atelier assemblage : /zone/Assemblage, révision 13, 14:07',
    );
    expect(within(card).getByText('il y a 30 s')).toBeTruthy();
  });

  it('marks a totem whose browser may evict its offline content', () => {
    open();
    expect(within(cardOf('Atelier assemblage')).getByText('non garanti')).toBeTruthy();
    expect(within(cardOf('Hall d’accueil')).queryByText('non garanti')).toBeNull();
  });

  it('says what the totem’s watchdog did last, or that it has none', () => {
    open();
    expect(
      within(cardOf('Atelier moulage')).getByText(
        /^Navigateur redémarré par le chien de garde à .*10:42.* \(la page ne répondait plus\)$/,
      ),
    ).toBeTruthy();
    expect(
      watchdogText(
        { watchdog: { attached: false, lastEvent: null, screen: null } },
        'Europe/Paris',
      ),
    ).toBe('absent');
    expect(
      watchdogText({ watchdog: { attached: true, lastEvent: null, screen: null } }, 'Europe/Paris'),
    ).toBe('actif');
    expect(watchdogText({ watchdog: null }, 'Europe/Paris')).toBe('—');
  });

  it('says when a totem’s screen cannot be switched off, and shows no screen line unknown', () => {
    open();
    expect(
      within(cardOf('Atelier moulage')).getByText(
        'ne se laisse pas éteindre : le serveur X n’a pas de DPMS',
      ),
    ).toBeTruthy();
    expect(within(cardOf('Hall d’accueil')).queryByText('Écran')).toBeNull();
  });

  it('filters by group and by state together, both kept in the address', () => {
    open();
    const group = screen.getByRole('combobox', { name: 'Groupe' });
    const state = screen.getByRole('combobox', { name: 'État' });
    fireEvent.change(group, { target: { value: 'Ateliers' } });
    expect(names()).toEqual(['Atelier assemblage', 'Atelier moulage']);
    expect(address()).toBe('/parc?group=Ateliers');
    fireEvent.change(state, { target: { value: 'online' } });
    expect(names()).toEqual(['Atelier moulage']);
    expect(address()).toBe('/parc?group=Ateliers&state=online');
    expect(screen.getByText('1 totem dans « Ateliers » à l’état « En ligne »')).toBeTruthy();
    fireEvent.change(group, { target: { value: 'Accueil' } });
    expect(names()).toEqual(['Hall d’accueil']);
    fireEvent.change(state, { target: { value: 'offline' } });
    expect(names()).toEqual([]);
    expect(
      screen.getByText('Aucun totem à l’état « Hors ligne » dans le groupe « Accueil ».'),
    ).toBeTruthy();
    fireEvent.change(group, { target: { value: '' } });
    fireEvent.change(state, { target: { value: '' } });
    expect(address()).toBe('/parc');
    expect(names()).toHaveLength(3);
  });

  it('opens with the filters a shared link names', () => {
    open('/parc?group=Ateliers&state=offline');
    expect(names()).toEqual(['Atelier assemblage']);
    expect((screen.getByRole('combobox', { name: 'Groupe' }) as HTMLSelectElement).value).toBe(
      'Ateliers',
    );
    expect((screen.getByRole('combobox', { name: 'État' }) as HTMLSelectElement).value).toBe(
      'offline',
    );
  });

  it('keeps a group the link names but no totem has as a choice, and ignores an unknown state', () => {
    open('/parc?group=Parking&state=endormi');
    const group = screen.getByRole('combobox', { name: 'Groupe' }) as HTMLSelectElement;
    expect(group.value).toBe('Parking');
    expect((screen.getByRole('combobox', { name: 'État' }) as HTMLSelectElement).value).toBe('');
    expect(names()).toEqual([]);
    expect(screen.getByText('Aucun totem dans le groupe « Parking ».')).toBeTruthy();
  });
});
