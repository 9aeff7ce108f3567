/**
 * Scheduled publishing in the back-office (issue 45): the plant-time reading (a spring-gap time,
 * a time past, an autumn overlap) and « Modifications programmées » with reschedule and cancel.
 * The publish dialog's « Programmer… » and the status bar's count: revisions/scheduling.test.tsx.
 */
import {
  DEFAULT_SETTINGS,
  type ContentChangeEntry,
  type DraftChanges,
  type ScheduledPublication,
} from '@plant-kiosk/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { readPlantTime } from './plant-time';
import { ScheduledPage } from './scheduled-page';

// Friday 27 November 2026, 10:00 in Paris: only Date is faked, timers and events run for real.
const NOW = new Date('2026-11-27T09:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const none = { added: 0, changed: 0, removed: 0 };
const counts = (element = none) => ({ zone: none, element, subgroup: none, subelement: none });

const draftOf = (changes: ContentChangeEntry[]): DraftChanges => ({
  publishedRevision: 4,
  counts: counts({ added: 0, changed: changes.length, removed: 0 }),
  summary: `${changes.length} éléments modifiés`,
  changes,
  warnings: [],
});

function api(
  draft: DraftChanges,
  extra: (call: Call) => { status?: number; data?: unknown; message?: string } | undefined = () =>
    undefined,
  timeZone = 'Europe/Paris',
) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    if (call.url === '/api/admin/developments/1/settings')
      return {
        data: { devid: 1, settings: { ...DEFAULT_SETTINGS, timeZone }, unpublished: false },
      };
    if (call.url.startsWith('/api/admin/developments/1/media')) return { data: [] };
    if (call.url === '/api/admin/developments/1/draft/changes') return { data: draft };
    if (call.url === '/api/admin/developments/1/zones')
      return { data: [{ zoneid: 4, zonename: 'Menu' }] };
    return undefined;
  });
}

function inRouter(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/programmees/:devid', element: <ScheduledPage /> },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('readPlantTime', () => {
  it('reads a date and a time in the plant’s zone, whatever the browser’s', () => {
    expect(readPlantTime({ date: '2026-11-30', time: '05:00' }, 'Europe/Paris', NOW)).toEqual({
      ok: true,
      at: '2026-11-30T04:00:00.000Z',
      text: 'lundi 30 novembre à 05:00 (heure de Paris)',
      note: null,
    });
    expect(readPlantTime({ date: '2026-11-30', time: '05:00' }, 'America/New_York', NOW)).toEqual(
      expect.objectContaining({ at: '2026-11-30T10:00:00.000Z' }),
    );
  });

  it('refuses a time the clocks skip, and one already past, in French', () => {
    expect(readPlantTime({ date: '2027-03-28', time: '02:30' }, 'Europe/Paris', NOW)).toEqual({
      ok: false,
      error:
        '02:30 n’existe pas le dimanche 28 mars 2027 (heure de Paris) : cette nuit-là, les horloges passent directement de 02:00 à 03:00. Choisissez une autre heure.',
    });
    expect(readPlantTime({ date: '2026-11-27', time: '09:59' }, 'Europe/Paris', NOW)).toEqual({
      ok: false,
      error:
        'Cette heure est déjà passée : il est 10:00 à Paris. Choisissez une heure à venir, ou publiez maintenant.',
    });
    expect(readPlantTime({ date: '', time: '05:00' }, 'Europe/Paris', NOW)).toEqual({
      ok: false,
      error: 'Choisissez une date.',
    });
  });

  it('says which of an autumn night’s two 02:30 is meant', () => {
    const reading = readPlantTime({ date: '2027-10-31', time: '02:30' }, 'Europe/Paris', NOW);
    expect(reading).toMatchObject({
      ok: true,
      at: '2027-10-31T00:30:00.000Z',
      text: 'dimanche 31 octobre 2027 à 02:30 (heure de Paris, heure d’été)',
    });
    expect(reading.ok && reading.note).toContain('la publication partira à la première');
  });
});

const author = { kind: 'user' as const, name: 'camille', userid: 2 };
const item = (over: Partial<ScheduledPublication>): ScheduledPublication => ({
  id: 7,
  devid: 1,
  status: 'scheduled',
  at: '2026-11-30T04:00:00.000Z',
  scope: { zoneid: null },
  note: 'Menu semaine 49',
  author,
  createdAt: '2026-11-27T08:30:00.000Z',
  counts: counts({ added: 0, changed: 2, removed: 0 }),
  revision: null,
  publishedAt: null,
  lateMs: null,
  heldReason: null,
  ...over,
});

const LIST: ScheduledPublication[] = [
  item({}),
  item({
    id: 8,
    status: 'held',
    scope: { zoneid: 4 },
    note: null,
    at: '2026-11-26T04:00:00.000Z',
    heldReason: 'Ne s’applique plus telle quelle : un élément a changé sur les totems.',
  }),
  item({
    id: 6,
    status: 'published',
    at: '2026-11-23T04:00:00.000Z',
    revision: 4,
    publishedAt: '2026-11-23T05:05:00.000Z',
    lateMs: 3_900_000,
  }),
  item({ id: 5, status: 'cancelled', at: '2026-11-16T04:00:00.000Z' }),
];

describe('« Modifications programmées »', () => {
  it('lists each with its plant time, status, scope, changes, who and when', async () => {
    api(draftOf([]), (call) =>
      call.url === '/api/admin/developments/1/scheduled' ? { data: { items: LIST } } : undefined,
    );
    inRouter(null, '/programmees/1');
    expect(await screen.findByRole('heading', { name: 'Modifications programmées', level: 1 }));
    const cards = await screen.findAllByRole('listitem');
    const texts = cards.map((card) => card.textContent ?? '');
    expect(texts[0]).toContain('lundi 30 novembre à 05:00 (heure de Paris)');
    expect(texts[0]).toContain('en attente');
    expect(texts[0]).toContain('Toutes les modifications');
    expect(texts[0]).toContain('2 éléments modifiés');
    expect(texts[0]).toContain('camille, vendredi 27 novembre à 09:30 (heure de Paris)');
    expect(texts[0]).toContain('Menu semaine 49');
    expect(texts[1]).toContain('retenue');
    expect(texts[1]).toContain(
      'Retenue : Ne s’applique plus telle quelle : un élément a changé sur les totems.',
    );
    expect(texts[1]).toContain('Zone « Menu »');
    expect(texts[2]).toContain('publiée');
    expect(texts[2]).toContain(
      'Publiée : révision 4, lundi 23 novembre à 06:05 (heure de Paris) — avec 1 h 05 de retard.',
    );
    expect(texts[3]).toContain('annulée');
    // Only the open ones can be previewed, moved or cancelled.
    expect(
      screen
        .getAllByRole('link', { name: /^Aperçu sur la borne/ })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/apercu/1?set=7', '/apercu/1?set=8']);
    expect(within(cards[0]!).getByRole('link', { name: /^Aperçu sur la borne/ }).textContent).toBe(
      'Aperçu sur la borne (prévue lundi 30 novembre à 05:00 (heure de Paris))',
    );
    expect(screen.getAllByRole('button', { name: /^Reprogrammer/ })).toHaveLength(2);
    expect(within(cards[2]!).queryByRole('button')).toBeNull();
  });

  it('says plainly when one found everything already live at its time', async () => {
    api(draftOf([]), (call) =>
      call.url === '/api/admin/developments/1/scheduled'
        ? {
            data: {
              items: [
                item({
                  status: 'published',
                  revision: null,
                  publishedAt: '2026-11-30T04:00:01.000Z',
                  lateMs: 1_000,
                }),
              ],
            },
          }
        : undefined,
    );
    inRouter(null, '/programmees/1');
    const card = (await screen.findByRole('heading', { name: 'Dernières programmations' }))
      .parentElement!;
    expect(card.textContent).toContain('déjà en ligne');
    expect(card.textContent).toContain(
      'Déjà en ligne à son heure : rien à publier. Tout ce qu’elle apportait avait été publié entre-temps (constaté lundi 30 novembre à 05:00 (heure de Paris)).',
    );
    expect(card.textContent).not.toContain('Publiée : ');
  });

  it('reschedules one to another plant time', async () => {
    // The server's list follows the PATCH: the list read again after it shows the new time.
    let stored = LIST[0]!;
    const calls = api(draftOf([]), (call) => {
      if (call.method === 'PATCH') {
        stored = item({ at: (call.body as { at: string }).at });
        return { data: stored };
      }
      if (call.url === '/api/admin/developments/1/scheduled') return { data: { items: [stored] } };
      return undefined;
    });
    inRouter(null, '/programmees/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Reprogrammer/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reprogrammer la publication' });
    const date = within(dialog).getByLabelText('Date (heure de Paris)');
    const time = within(dialog).getByLabelText('Heure (heure de Paris)');
    // It starts from its current time.
    expect([(date as HTMLInputElement).value, (time as HTMLInputElement).value]).toEqual([
      '2026-11-30',
      '05:00',
    ]);
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.change(time, { target: { value: '06:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reprogrammer' }));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/admin/developments/1/scheduled/7',
      body: { at: '2026-12-01T05:30:00.000Z' },
    });
    expect((await screen.findByRole('status')).textContent).toContain(
      'Publication reprogrammée pour mardi 1er décembre à 06:30 (heure de Paris).',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'mardi 1er décembre à 06:30 (heure de Paris)' }));
  });

  it('cancels one after a confirmation, and says why when it cannot', async () => {
    let refuse = true;
    const calls = api(draftOf([]), (call) => {
      if (call.method === 'DELETE')
        return refuse
          ? { status: 409, message: 'La publication programmée 7 est déjà en ligne (révision 5).' }
          : { data: item({ status: 'cancelled' }) };
      if (call.url === '/api/admin/developments/1/scheduled')
        return { data: { items: [refuse ? LIST[0] : item({ status: 'cancelled' })] } };
      return undefined;
    });
    inRouter(null, '/programmees/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Annuler la programmation/ }));
    let confirm = screen.getByRole('dialog', { name: 'Annuler la programmation ?' });
    expect(confirm.textContent).toContain('lundi 30 novembre à 05:00 (heure de Paris)');
    await user.click(
      within(confirm).getByRole('button', { name: 'Oui, annuler la programmation' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'L’annulation a échoué : La publication programmée 7 est déjà en ligne (révision 5).',
    );
    refuse = false;
    await user.click(screen.getByRole('button', { name: /^Annuler la programmation/ }));
    confirm = screen.getByRole('dialog', { name: 'Annuler la programmation ?' });
    await user.click(
      within(confirm).getByRole('button', { name: 'Oui, annuler la programmation' }),
    );
    expect(calls.filter((call) => call.method === 'DELETE').at(-1)?.url).toBe(
      '/api/admin/developments/1/scheduled/7',
    );
    expect((await screen.findByRole('status')).textContent).toContain('Programmation annulée');
    expect(await screen.findByText('Aucune publication programmée')).toBeTruthy();
  });
});
