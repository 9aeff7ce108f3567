/**
 * Scheduled publishing from the revisions feature (issue 45): the publish dialog's
 * « Programmer… » (a date and time in the plant's zone, a spring-gap time and a past one refused),
 * the changes a pending schedule already takes listed apart, and the status bar's count. The list
 * page and the plant-time reading: scheduled/scheduled.test.tsx.
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
import { PublishDialog } from './publish-dialog';
import { UnpublishedIndicator } from './unpublished-indicator';

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

const change = (
  itemId: number,
  value: string,
  scheduled?: { id: number; at: string },
): ContentChangeEntry & { scheduled?: { id: number; at: string } | null } => ({
  revision: 5,
  kind: 'element',
  itemId,
  zoneid: 4,
  zonename: 'Menu',
  lastEdit: { username: 'camille', at: '2026-11-26T09:30:00.000Z' },
  before: { elementid: itemId, zoneid: 4, order: 1, value: 'Avant', type: 'text' },
  after: { elementid: itemId, zoneid: 4, order: 1, value, type: 'text' },
  ...(scheduled ? { scheduled } : { scheduled: null }),
});

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
      { path: '/programmees/:devid', element: null },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the publish dialog’s « Programmer… »', () => {
  it('asks a date and time in the plant’s zone, says what they mean, and schedules', async () => {
    const calls = api(draftOf([change(21, 'Lasagnes')]), (call) =>
      call.method === 'POST'
        ? {
            status: 202,
            data: {
              scheduled: {
                id: 7,
                at: '2026-11-30T04:00:00.000Z',
                scope: { zoneid: null },
                note: 'Menu 49',
              },
            },
          }
        : undefined,
    );
    const onScheduled = vi.fn();
    inRouter(
      <PublishDialog
        devid={1}
        devname="neubourg"
        onClose={() => undefined}
        onScheduled={onScheduled}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Publier sur les totems de neubourg' });
    await within(dialog).findByText('« Lasagnes »');
    expect(within(dialog).getByRole('radio', { name: 'Publier maintenant' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(dialog).getByRole('radio', { name: 'Programmer…' }));
    const date = await within(dialog).findByLabelText('Date (heure de Paris)');
    const time = within(dialog).getByLabelText('Heure (heure de Paris)');
    // First offered: the next whole hour at least a quarter of an hour ahead.
    expect([(date as HTMLInputElement).value, (time as HTMLInputElement).value]).toEqual([
      '2026-11-27',
      '11:00',
    ]);

    // A time the clocks skip: said, and nothing can be sent.
    fireEvent.change(date, { target: { value: '2027-03-28' } });
    fireEvent.change(time, { target: { value: '02:30' } });
    expect(within(dialog).getByText(/02:30 n’existe pas le dimanche 28 mars 2027/)).toBeTruthy();
    const schedule = within(dialog).getByRole('button', { name: 'Programmer la publication' });
    expect(schedule).toHaveProperty('disabled', true);
    expect(time.getAttribute('aria-invalid')).toBe('true');
    // A time already past.
    fireEvent.change(date, { target: { value: '2026-11-27' } });
    fireEvent.change(time, { target: { value: '08:00' } });
    expect(
      within(dialog).getByText(/Cette heure est déjà passée : il est 10:00 à Paris/),
    ).toBeTruthy();

    fireEvent.change(date, { target: { value: '2026-11-30' } });
    fireEvent.change(time, { target: { value: '05:00' } });
    expect(within(dialog).getByText('lundi 30 novembre à 05:00 (heure de Paris)')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Note pour l’historique/), 'Menu 49');
    await user.click(schedule);
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/admin/developments/1/publish',
      body: { note: 'Menu 49', at: '2026-11-30T04:00:00.000Z' },
    });
    const done = await within(dialog).findByRole('status');
    expect(done.textContent).toContain(
      'Publication programmée pour lundi 30 novembre à 05:00 (heure de Paris)',
    );
    expect(
      within(done)
        .getByRole('link', { name: 'Voir les modifications programmées' })
        .getAttribute('href'),
    ).toBe('/programmees/1');
    expect(onScheduled).toHaveBeenCalledWith(
      expect.objectContaining({ id: 7 }),
      'Publication programmée pour lundi 30 novembre à 05:00 (heure de Paris)',
    );
  });

  it('takes one zone’s changes when opened for a zone, and shows the development’s own zone', async () => {
    const calls = api(
      draftOf([change(21, 'Lasagnes')]),
      (call) =>
        call.method === 'POST'
          ? {
              status: 202,
              data: {
                scheduled: {
                  id: 8,
                  at: '2026-11-30T10:00:00.000Z',
                  scope: { zoneid: 4 },
                  note: null,
                },
              },
            }
          : undefined,
      'America/New_York',
    );
    inRouter(
      <PublishDialog
        devid={1}
        devname="neubourg"
        zone={{ zoneid: 4, zonename: 'Menu' }}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog', { name: 'Publier la zone « Menu »' });
    await user.click(within(dialog).getByRole('radio', { name: 'Programmer…' }));
    const date = await within(dialog).findByLabelText('Date (heure de New York)');
    fireEvent.change(date, { target: { value: '2026-11-30' } });
    fireEvent.change(within(dialog).getByLabelText('Heure (heure de New York)'), {
      target: { value: '05:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Programmer la publication' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      zoneid: 4,
      at: '2026-11-30T10:00:00.000Z',
    });
    expect(
      await within(dialog).findByText(/lundi 30 novembre à 05:00 \(heure de New York\)/),
    ).toBeTruthy();
  });

  it('says why scheduling failed and keeps the dialog open', async () => {
    api(draftOf([change(21, 'Lasagnes')]), (call) =>
      call.method === 'POST' ? { status: 400, message: '« at » est dans le passé.' } : undefined,
    );
    inRouter(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Programmer…' }));
    await within(dialog).findByLabelText('Date (heure de Paris)');
    await user.click(within(dialog).getByRole('button', { name: 'Programmer la publication' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'La programmation a échoué : « at » est dans le passé.',
    );
  });

  it('lists apart what a pending schedule already takes; a publish now leaves it out unless ticked', async () => {
    const calls = api(
      draftOf([
        change(21, 'Lasagnes'),
        change(22, 'Gratin', { id: 7, at: '2026-11-30T04:00:00.000Z' }),
      ]),
      (call) =>
        call.method === 'POST'
          ? {
              data: {
                delivered: 1,
                message: { devid: 1, type: 'sync', version: 5, revision: 5 },
                revision: 5,
                created: true,
                counts: counts(),
                scheduledLeftOut: 0,
              },
            }
          : undefined,
    );
    inRouter(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    const apart = await within(dialog).findByRole('region', {
      name: 'Modifications déjà programmées',
    });
    expect(within(apart).getByText('« Gratin »')).toBeTruthy();
    expect(
      within(apart).getByText('Programmé pour lundi 30 novembre à 05:00 (heure de Paris) :'),
    ).toBeTruthy();
    expect(within(apart).getByText(/elles ne partent pas maintenant/)).toBeTruthy();
    await user.click(
      within(apart).getByRole('checkbox', {
        name: 'Les publier maintenant aussi, sans attendre leur heure',
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ includeScheduled: true });
  });

  it('publishes the rest now and says what stays for its time', async () => {
    const calls = api(
      draftOf([
        change(21, 'Lasagnes'),
        change(22, 'Gratin', { id: 7, at: '2026-11-30T04:00:00.000Z' }),
      ]),
      (call) =>
        call.method === 'POST'
          ? {
              data: {
                delivered: 1,
                message: { devid: 1, type: 'sync', version: 5, revision: 5 },
                revision: 5,
                created: true,
                counts: counts({ added: 0, changed: 1, removed: 0 }),
                scheduledLeftOut: 1,
              },
            }
          : undefined,
    );
    inRouter(<PublishDialog devid={1} devname="neubourg" onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    // What goes now and what waits are two lists: « Lasagnes » outside the schedule's.
    const apart = await within(dialog).findByRole('region', {
      name: 'Modifications déjà programmées',
    });
    expect(within(apart).queryByText('« Lasagnes »')).toBeNull();
    expect(within(dialog).getByText('« Lasagnes »')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
    expect(
      await within(dialog).findByText(
        'Révision 5 publiée — envoyée à 1 totem. 1 modification déjà programmée partira à son heure.',
      ),
    ).toBeTruthy();
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

describe('the status bar', () => {
  it('counts the scheduled and held publications and links to their list', async () => {
    api(draftOf([change(21, 'Lasagnes')]), (call) =>
      call.url === '/api/admin/developments/1/scheduled' ? { data: { items: LIST } } : undefined,
    );
    const router = createMemoryRouter(
      [{ path: '/modifications/:devid', element: <UnpublishedIndicator /> }],
      { initialEntries: ['/modifications/1'] },
    );
    render(<RouterProvider router={router} />);
    const link = await screen.findByRole('link', { name: '2 programmées' });
    expect(link.getAttribute('href')).toBe('/programmees/1');
    expect(screen.getByRole('link', { name: 'Modifications non publiées (1)' })).toBeTruthy();
  });

  it('says nothing of schedules when none is open', async () => {
    api(draftOf([]), (call) =>
      call.url === '/api/admin/developments/1/scheduled'
        ? { data: { items: [LIST[2], LIST[3]] } }
        : undefined,
    );
    const router = createMemoryRouter(
      [{ path: '/modifications/:devid', element: <UnpublishedIndicator /> }],
      { initialEntries: ['/modifications/1'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByRole('link', { name: 'Tout est publié' });
    expect(screen.queryByRole('link', { name: /programmée/ })).toBeNull();
  });
});
