/**
 * « La semaine à venir » (issue 46): the days with their events in the plant's time and in French
 * sentences, a held publication marked with why and where to decide, the preview links, the week
 * buttons (never before now), the server's French message with a retry, the minute's refresh.
 */
import type {
  ScheduledPublication,
  WeekAheadDay,
  WeekAheadEvent,
  WeekAheadResponse,
} from '@plant-kiosk/contract';
import { plantDayStart } from '@plant-kiosk/contract';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { REFRESH_MS, WeekAheadPage } from './week-ahead-page';
import { changeCount, previousWeekFrom } from './week-ahead-text';

// Friday 27 November 2026, 10:00 in Paris. Only Date is faked unless a test says otherwise.
const NOW = new Date('2026-11-27T09:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const LABELS = [
  'vendredi 27 novembre',
  'samedi 28 novembre',
  'dimanche 29 novembre',
  'lundi 30 novembre',
  'mardi 1er décembre',
  'mercredi 2 décembre',
  'jeudi 3 décembre',
];

function week(
  events: Record<number, WeekAheadEvent[]> = {},
  over: Partial<WeekAheadResponse> = {},
): WeekAheadResponse {
  const days: WeekAheadDay[] = LABELS.map((label, index) => ({
    date: `2026-${index < 4 ? '11' : '12'}-${String(index < 4 ? 27 + index : index - 3).padStart(2, '0')}`,
    label,
    events: events[index] ?? [],
  }));
  return {
    timeZone: 'Europe/Paris',
    from: NOW.toISOString(),
    to: '2026-12-03T23:00:00.000Z',
    days,
    ...over,
  };
}

const event = (over: Partial<WeekAheadEvent> & Pick<WeekAheadEvent, 'kind' | 'at' | 'title'>) =>
  ({ previewAt: over.at, name: nameIn(over.title), ...over }) as WeekAheadEvent;

/** The server names what an event is about beside its title; the fixtures take it from the title. */
function nameIn(title: string): string {
  return /(?:“(.+)”$| : (.+)$)/s.exec(title)?.slice(1).find(Boolean) ?? title;
}

const none = { added: 0, changed: 0, removed: 0 };
const set = (id: number, changed: number, added = 0): ScheduledPublication => ({
  id,
  devid: 1,
  status: 'scheduled',
  at: '2026-11-30T04:00:00.000Z',
  scope: { zoneid: null },
  note: null,
  author: { kind: 'user', name: 'camille', userid: 2 },
  createdAt: '2026-11-27T08:30:00.000Z',
  counts: {
    zone: none,
    element: { added, changed, removed: 0 },
    subgroup: none,
    subelement: none,
  },
  revision: null,
  publishedAt: null,
  lateMs: null,
  heldReason: null,
});

const FULL = week({
  0: [
    event({
      kind: 'new-badge-ends',
      at: '2026-11-27T15:30:00.000Z',
      subgroupid: 9,
      elementid: 3,
      title: 'Badge “nouveau” retiré : Fraises',
    }),
  ],
  1: [
    event({
      kind: 'scheduled-publication',
      at: '2026-11-28T06:00:00.000Z',
      status: 'held',
      heldReason: 'Ne s’applique plus telle quelle : un élément a changé sur les totems.',
      setid: 8,
      zoneid: 4,
      zonename: 'Menu',
      title: 'Publication retenue : zone « Menu »',
      counts: set(8, 1).counts,
    }),
  ],
  3: [
    event({
      kind: 'scheduled-publication',
      at: '2026-11-30T04:00:00.000Z',
      status: 'scheduled',
      setid: 7,
      title: 'Publication programmée : Menu semaine 49',
      counts: set(7, 2, 1).counts,
    }),
    event({
      kind: 'subgroup-starts',
      at: '2026-11-30T07:00:00.000Z',
      subgroupid: 12,
      elementid: 3,
      zoneid: 5,
      zonename: 'Produits',
      title: 'Arrivée de “Tomates anciennes”',
    }),
    event({
      kind: 'subgroup-ends',
      at: '2026-11-30T16:45:00.000Z',
      subgroupid: 10,
      elementid: 3,
      title: 'Fin de “Catalogue d’automne”',
    }),
  ],
  5: [
    event({
      kind: 'new-badge-ends',
      at: '2026-12-02T10:00:00.000Z',
      elementid: 21,
      zoneid: 6,
      zonename: 'Diaporama accueil',
      title: 'Badge “nouveau” retiré : élément 21 de « Diaporama accueil »',
    }),
  ],
});

type Reply = { status?: number; data?: unknown; message?: string } | undefined;

function api(answer: (call: Call) => Reply) {
  return mockFetch((call) => {
    const reply = answer(call);
    if (reply) return reply;
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    return undefined;
  });
}

const weekCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.startsWith('/api/admin/developments/1/week-ahead'));

/** Where a link led: the path and query the router ended on. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function open(path = '/semaine/1') {
  const router = createMemoryRouter(
    [
      { path: '/semaine', element: <WeekAheadPage /> },
      { path: '/semaine/:devid', element: <WeekAheadPage /> },
      { path: '/apercu/:devid', element: <Landed /> },
      { path: '/programmees/:devid', element: <Landed /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const dayCard = (name: RegExp | string) =>
  screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('« La semaine à venir »', () => {
  it('lists the seven days with their events, in the plant’s time and in French', async () => {
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: FULL } : undefined,
    );
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'La semaine à venir' }));
    await screen.findByRole('heading', { level: 2, name: 'Aujourd’hui, vendredi 27 novembre' });
    // The zone is said once, for every time on the page.
    expect(screen.getAllByText(/heure de Paris/)).toHaveLength(1);
    expect(
      screen.getByText(
        /Les heures sont celles du site \(heure de Paris\), quel que soit le fuseau/,
      ),
    );
    expect(screen.getByRole('navigation', { name: 'Changer de semaine' }).textContent).toContain(
      'Du vendredi 27 novembre (dès maintenant) au jeudi 3 décembre inclus : 6 changements prévus.',
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Aujourd’hui, vendredi 27 novembre',
      'Demain, samedi 28 novembre',
      'Dimanche 29 novembre',
      'Lundi 30 novembre',
      'Mardi 1er décembre',
      'Mercredi 2 décembre',
      'Jeudi 3 décembre',
    ]);
    expect(within(dayCard('Dimanche 29 novembre')).getByText('Rien ne change ce jour-là.'));
    expect(screen.getAllByText('Rien ne change ce jour-là.')).toHaveLength(3);

    // Monday: three events, in time order, each at its Paris time with its sentence.
    const monday = within(dayCard('Lundi 30 novembre')).getAllByRole('listitem');
    expect(monday.map((item) => item.querySelector('time')?.textContent)).toEqual([
      '05:00',
      '08:00',
      '17:45',
    ]);
    expect(monday[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-30T04:00:00.000Z',
    );
    expect(monday[0]!.textContent).toContain(
      'Publication programmée : Menu semaine 49 — 3 modifications',
    );
    expect(monday[1]!.textContent).toContain('Tomates anciennes apparaît dans « Produits »');
    expect(monday[2]!.textContent).toContain('Catalogue d’automne expire et quitte les totems');
    expect(within(dayCard(/vendredi 27 novembre/)).getByRole('listitem').textContent).toContain(
      '16:30Le badge « Nouveau » de Fraises disparaît',
    );
    expect(within(dayCard('Mercredi 2 décembre')).getByRole('listitem').textContent).toContain(
      'Le badge « Nouveau » de l’élément n° 21 de la zone « Diaporama accueil » disparaît',
    );
    // Each day heading carries its date for machines.
    expect(
      screen
        .getByRole('heading', { level: 2, name: 'Lundi 30 novembre' })
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2026-11-30');
  });

  it('marks a held publication, says why, and links to where it is decided', async () => {
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: FULL } : undefined,
    );
    const router = open();
    await screen.findByRole('heading', { level: 2, name: /samedi 28 novembre/ });
    const held = within(dayCard(/samedi 28 novembre/)).getByRole('listitem');
    expect(held.textContent).toContain(
      'Publication programmée : zone « Menu » — 1 modificationRetenue',
    );
    expect(held.textContent).toContain(
      'Retenue : Ne s’applique plus telle quelle : un élément a changé sur les totems. Elle ne partira pas seule',
    );
    await userEvent.click(within(held).getByRole('link', { name: 'Modifications programmées' }));
    expect(router.state.location.pathname).toBe('/programmees/1');
  });

  it('opens the preview of the totem at each event’s moment', async () => {
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: FULL } : undefined,
    );
    open();
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    const links = screen.getAllByRole('link', { name: /^Voir la borne à ce moment/ });
    expect(links).toHaveLength(6);
    // Its accessible name says which moment, for a list of links read out of context.
    const ends = within(dayCard('Lundi 30 novembre')).getAllByRole('link', {
      name: /^Voir la borne à ce moment/,
    })[2]!;
    expect(ends.textContent).toBe('Voir la borne à ce moment (lundi 30 novembre à 17:45)');
    await userEvent.click(ends);
    expect(screen.getByTestId('landed').textContent).toBe(
      '/apercu/1?at=2026-11-30T16%3A45%3A00.000Z',
    );
  });

  it('shows every time in the plant’s zone, not the browser’s', async () => {
    const newYork = week(
      {
        0: [
          event({
            kind: 'subgroup-ends',
            at: '2026-11-27T23:30:00.000Z',
            subgroupid: 10,
            title: 'Fin de “Catalogue”',
          }),
        ],
      },
      { timeZone: 'America/New_York', from: NOW.toISOString() },
    );
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: newYork } : undefined,
    );
    open();
    const item = await screen.findByText(/expire et quitte les totems/);
    expect(item.closest('li')?.querySelector('time')?.textContent).toBe('18:30');
    expect(screen.getByText(/Les heures sont celles du site \(heure de New York\)/));
  });

  it('moves a week forward from where the week ends, and back, never before now', async () => {
    const next = week(
      {},
      {
        from: '2026-12-03T23:00:00.000Z',
        to: '2026-12-10T23:00:00.000Z',
        days: week().days.map((day, index) => ({
          ...day,
          date: `2026-12-${String(4 + index).padStart(2, '0')}`,
          label: `jour ${4 + index} décembre`,
        })),
      },
    );
    const calls = api((call) => {
      if (call.url === '/api/admin/developments/1/week-ahead') return { data: FULL };
      if (call.url.startsWith('/api/admin/developments/1/week-ahead?')) return { data: next };
      return undefined;
    });
    open();
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    const previous = screen.getByRole('button', { name: '← Semaine précédente' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(previous);
    expect(weekCalls(calls)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Semaine suivante →' }));
    await screen.findByRole('heading', { level: 2, name: 'Jour 4 décembre' });
    expect(weekCalls(calls).at(-1)?.url).toBe(
      '/api/admin/developments/1/week-ahead?from=2026-12-03T23%3A00%3A00.000Z',
    );
    expect(screen.queryByRole('heading', { level: 2, name: 'Lundi 30 novembre' })).toBeNull();
    expect(screen.getAllByText('Rien ne change ce jour-là.')).toHaveLength(7);
    expect(screen.getByRole('navigation').textContent).toContain(
      'Du jour 4 décembre au jour 10 décembre inclus : aucun changement prévu.',
    );

    // Back: 27 November's start is already past, so the week starts now again.
    await userEvent.click(screen.getByRole('button', { name: '← Semaine précédente' }));
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    expect(weekCalls(calls).at(-1)?.url).toBe('/api/admin/developments/1/week-ahead');
  });

  it('shows the server’s French message and tries again on « Réessayer »', async () => {
    let fail = true;
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead'
        ? fail
          ? { status: 500, message: 'La semaine à venir n’a pas pu être lue.' }
          : { data: FULL }
        : undefined,
    );
    open();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'La semaine à venir n’a pas pu être lue.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says no count for a publication the server gives none', async () => {
    const [publication] = FULL.days[3]!.events;
    const { counts: _counts, ...uncounted } = publication!;
    const days = FULL.days.map((day, index) =>
      index === 3 ? { ...day, events: [uncounted, ...day.events.slice(1)] } : day,
    );
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: { ...FULL, days } } : undefined,
    );
    open();
    const monday = await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    const first = within(monday.closest('li')!).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('Publication programmée : Menu semaine 49');
    expect(first.textContent).not.toContain('modification');
  });

  it('asks again every minute while it is open', async () => {
    // Faked anew (not added to beforeEach's Date-only clock, which would keep the real ones).
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    let answer = FULL;
    const calls = api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: answer } : undefined,
    );
    open();
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    expect(weekCalls(calls)).toHaveLength(1);
    answer = week();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    await act(async () => {
      vi.advanceTimersByTime(REFRESH_MS);
    });
    expect(weekCalls(calls)).toHaveLength(2);
    expect(await screen.findAllByText('Rien ne change ce jour-là.')).toHaveLength(7);
    // A hidden tab does not ask; shown again, it asks at once.
    visibility.mockReturnValue('hidden');
    await act(async () => {
      vi.advanceTimersByTime(REFRESH_MS);
    });
    expect(weekCalls(calls)).toHaveLength(2);
    visibility.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(weekCalls(calls)).toHaveLength(3);
  });

  it('picks the development when the path has none', async () => {
    api((call) =>
      call.url === '/api/admin/developments/1/week-ahead' ? { data: FULL } : undefined,
    );
    const router = open('/semaine');
    await screen.findByRole('heading', { level: 2, name: 'Lundi 30 novembre' });
    expect(router.state.location.pathname).toBe('/semaine/1');
  });
});

describe('the week’s words and days', () => {
  it('counts every change a publication brings', () => {
    expect(
      changeCount({ ...set(1, 2, 1).counts, setting: { added: 0, changed: 1, removed: 0 } }),
    ).toBe(4);
  });

  it('starts a plant day at its first hour, and never goes back before now', () => {
    expect(plantDayStart('2026-12-04', 'Europe/Paris').toISOString()).toBe(
      '2026-12-03T23:00:00.000Z',
    );
    // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026.
    expect(plantDayStart('2026-09-06', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    expect(previousWeekFrom('2026-12-11', 'Europe/Paris', NOW)).toBe('2026-12-03T23:00:00.000Z');
    expect(previousWeekFrom('2026-12-04', 'Europe/Paris', NOW)).toBeNull();
  });
});
