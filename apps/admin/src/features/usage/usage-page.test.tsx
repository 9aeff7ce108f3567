/**
 * « Fréquentation » (issue 49, part 2) as a user sees it: the range and filters in the address and
 * in the dashboard's query, the totals and tables of an answer, the chart's data and its text
 * equivalent, the empty and error states, and the CSV link for the chosen days.
 *
 * jsdom has no canvas: Chart.js is replaced here by a stand-in that records what it was asked to
 * draw (the real chart is checked in the browser, e2e/admin-usage.spec.ts).
 */
import { DEFAULT_SETTINGS, type UsageDashboard } from '@plant-kiosk/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Call } from '../../testing/fake-fetch';
import { UsagePage } from './usage-page';

const drawn = vi.hoisted(() => ({ configs: [] as unknown[], destroyed: 0 }));

vi.mock('chart.js', () => {
  class Chart {
    static register(): void {}
    constructor(_canvas: unknown, config: unknown) {
      drawn.configs.push(config);
    }
    destroy(): void {
      drawn.destroyed += 1;
    }
  }
  const part = {};
  return {
    Chart,
    BarController: part,
    BarElement: part,
    CategoryScale: part,
    Legend: part,
    LinearScale: part,
    Tooltip: part,
  };
});

// Friday 27 November 2026, 10:00 in Paris. Only Date is faked.
const NOW = new Date('2026-11-27T09:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  drawn.configs.length = 0;
  drawn.destroyed = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const FLEET = [
  { kioskId: 'k-hall', devid: 1, name: 'Hall d’accueil', groups: ['Accueil'] },
  { kioskId: 'k-cantine', devid: 1, name: 'Cantine', groups: ['Restauration', 'Accueil'] },
  { kioskId: 'k-atelier', devid: 1, name: null, groups: [] },
];

function days(from: string, count: number, fill: (index: number) => [number, number, number]) {
  return Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [sessions, engagedSessions, pageViews] = fill(index);
    return { day, sessions, engagedSessions, pageViews };
  });
}

const DASHBOARD: UsageDashboard = {
  from: '2026-10-29',
  to: '2026-11-27',
  timeZone: 'Europe/Paris',
  totals: {
    sessions: 12,
    engagedSessions: 9,
    pageViews: 57,
    taps: 40,
    documentsOpened: 5,
    pagesRead: 23,
    alertsShown: 1,
  },
  days: days('2026-10-29', 30, (index) =>
    index === 29 ? [8, 6, 40] : index === 28 ? [4, 3, 17] : [0, 0, 0],
  ),
  heatmap: [
    { weekday: 5, hour: 9, sessions: 8, pageViews: 40 },
    { weekday: 4, hour: 14, sessions: 4, pageViews: 17 },
  ],
  topPages: [
    { route: '/accueil/menus', pageViews: 30 },
    { route: '/accueil/projets', pageViews: 27 },
  ],
  topDocuments: [{ target: 'doc-1289', opens: 5, pagesRead: 23 }],
  languages: [
    { language: 'fr', pageViews: 50 },
    { language: 'en', pageViews: 7 },
  ],
  parcours: [{ parcours: 'visiteur', count: 6 }],
  totems: [
    {
      kioskId: 'k-hall',
      name: 'Hall d’accueil',
      groups: ['Accueil'],
      sessions: 8,
      engagedSessions: 6,
      pageViews: 40,
    },
    {
      kioskId: 'k-atelier',
      name: null,
      groups: [],
      sessions: 4,
      engagedSessions: 3,
      pageViews: 17,
    },
  ],
};

const EMPTY: UsageDashboard = {
  ...DASHBOARD,
  totals: {
    sessions: 0,
    engagedSessions: 0,
    pageViews: 0,
    taps: 0,
    documentsOpened: 0,
    pagesRead: 0,
    alertsShown: 0,
  },
  days: days('2026-10-29', 30, () => [0, 0, 0]),
  heatmap: [],
  topPages: [],
  topDocuments: [],
  languages: [],
  parcours: [],
  totems: [],
};

type Reply = { status?: number; data?: unknown; message?: string; error?: string } | undefined;

const USAGE_URL = '/api/admin/developments/1/usage';

function api(usage: (call: Call, query: URLSearchParams) => Reply) {
  return mockFetch((call) => {
    const [path, search = ''] = call.url.split('?');
    if (path === USAGE_URL) return usage(call, new URLSearchParams(search));
    if (call.url === '/api/admin/developments')
      return { data: [{ devid: 1, devname: 'neubourg', contentVersion: 4 }] };
    if (call.url === '/api/admin/developments/1/settings')
      return { data: { devid: 1, settings: DEFAULT_SETTINGS, unpublished: false } };
    if (call.url === '/api/admin/fleet?devid=1') return { data: FLEET };
    return undefined;
  });
}

const usageCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.split('?')[0] === USAGE_URL).map((call) => call.url);

function open(path = '/frequentation/1') {
  const router = createMemoryRouter(
    [
      { path: '/frequentation', element: <UsagePage /> },
      { path: '/frequentation/:devid', element: <UsagePage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const search = (router: ReturnType<typeof open>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

const section = (name: string) => screen.getByRole('region', { name });

describe('« Fréquentation »', () => {
  it('shows the plant’s last 30 days: totals, tables, heat map and the chart’s data', async () => {
    const calls = api(() => ({ data: DASHBOARD }));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fréquentation' }));
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls)).toEqual([`${USAGE_URL}?from=2026-10-29&to=2026-11-27`]);
    // The plant's zone is named.
    expect(screen.getAllByText(/heure de Paris/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Du/, { selector: '.usage-period' }).textContent).toBe(
      'Du jeudi 29 octobre 2026 au vendredi 27 novembre 2026 inclus (30 jours).',
    );

    const totals = screen.getByLabelText('Totaux de la période');
    const figure = (label: string) =>
      within(totals).getByText(label).nextElementSibling!.textContent;
    expect(figure('Visites')).toBe('12');
    expect(figure('Visites engagées')).toBe('975 % des visites');
    expect(figure('Pages vues')).toBe('57');
    expect(figure('Documents ouverts')).toBe('5');
    expect(figure('Pages lues')).toBe('23');

    const pages = within(section('Pages les plus vues'));
    const rows = pages.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '/accueil/menus3053 %',
      '/accueil/projets2747 %',
    ]);
    const documents = within(section('Documents les plus ouverts'));
    expect(documents.getByRole('row', { name: /doc-1289/ }).textContent).toBe(
      'doc-12895100 %234,6',
    );
    expect(within(section('Langues')).getByRole('row', { name: /Anglais/ }).textContent).toBe(
      'Anglais712 %',
    );
    expect(within(section('Parcours choisis')).getByRole('row', { name: /Visiteur/ }));

    const totems = within(section('Par totem'));
    expect(totems.getByRole('row', { name: /Hall d’accueil/ }).textContent).toBe(
      'Hall d’accueil k-hallAccueil86 (75 %)40',
    );
    expect(totems.getByRole('row', { name: /Sans nom/ }).textContent).toBe(
      'Sans nom k-atelier—43 (75 %)17',
    );

    // The heat map: 7 weekdays × 24 hours, the counts as text; Friday 9 h holds 8 visits.
    const heat = within(section('Carte des visites par jour et par heure'));
    const friday = heat.getByRole('row', { name: /vendredi/ });
    const cells = within(friday).getAllByRole('cell');
    expect(cells).toHaveLength(24);
    expect(cells[9]!.textContent).toBe('8');
    expect(cells[9]!.getAttribute('title')).toBe('vendredi 9 h : 8 visites, 40 pages vues');
    expect(cells[10]!.textContent).toBe('0');
    expect(heat.getAllByRole('row')).toHaveLength(8);

    // The chart: engaged visits stacked under the others, a day per bar, a summary for readers.
    const chart = await screen.findByRole('img', { name: /Visites par jour/ });
    expect(chart.getAttribute('aria-label')).toBe(
      'Visites par jour du jeudi 29 octobre 2026 au vendredi 27 novembre 2026 : 12 visites, dont 9 engagées. Jour le plus fréquenté : vendredi 27 novembre 2026, 8 visites.',
    );
    // Chart.js draws from an effect after the canvas is in the page: wait for that drawing.
    await vi.waitFor(() => expect(drawn.configs.length).toBeGreaterThan(0));
    const config = drawn.configs.at(-1) as {
      data: { labels: string[]; datasets: { label: string; data: number[] }[] };
    };
    expect(config.data.labels).toHaveLength(30);
    expect(config.data.datasets.map((set) => [set.label, set.data.slice(-2)])).toEqual([
      ['Visites engagées', [3, 6]],
      ['Autres visites', [1, 2]],
    ]);
    // Its text equivalent: the days in a table.
    const daysTable = within(section('Visites par jour, en chiffres'));
    expect(daysTable.getAllByRole('row')).toHaveLength(31);
    expect(daysTable.getByRole('row', { name: /27 nov/ }).textContent).toMatch(/86 ?40$/);
  });

  it('links the CSV export to the chosen days, from the first day’s start to the day after the last', async () => {
    api(() => ({ data: DASHBOARD }));
    open('/frequentation/1?from=2026-03-01&to=2026-03-31');
    const link = await screen.findByRole('link', { name: 'Télécharger le CSV' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/api/admin/developments/1/usage.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-04-01T00:00:00+02:00',
    });
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('keeps a quick choice and typed dates in the address and asks for them', async () => {
    const calls = api(() => ({ data: DASHBOARD }));
    const router = open();
    const user = userEvent.setup();
    await screen.findByText('Pages les plus vues');

    const thirty = screen.getByRole('button', { name: '30 j' });
    expect(thirty.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '7 j' }));
    expect(search(router)).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(screen.getByRole('button', { name: '7 j' }).getAttribute('aria-pressed')).toBe('true');
    expect(thirty.getAttribute('aria-pressed')).toBe('false');
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls).at(-1)).toBe(`${USAGE_URL}?from=2026-11-21&to=2026-11-27`);
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2026-11-21');

    await user.click(screen.getByRole('button', { name: '6 mois' }));
    expect(search(router)).toEqual({ from: '2026-05-28', to: '2026-11-27' });

    const from = screen.getByLabelText('Du');
    const to = screen.getByLabelText('Au (inclus)');
    await user.clear(from);
    await user.type(from, '2026-09-01');
    await user.clear(to);
    await user.type(to, '2026-09-30');
    // Nothing asked while typing: the dates apply with « Afficher ».
    expect(search(router)).toEqual({ from: '2026-05-28', to: '2026-11-27' });
    await user.click(screen.getByRole('button', { name: 'Afficher' }));
    expect(search(router)).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls).at(-1)).toBe(`${USAGE_URL}?from=2026-09-01&to=2026-09-30`);
  });

  it('narrows to a totem or a group of the fleet, kept in the address', async () => {
    const calls = api(() => ({ data: DASHBOARD }));
    const router = open('/frequentation/1?from=2026-11-01&to=2026-11-27');
    const user = userEvent.setup();
    await screen.findByText('Pages les plus vues');

    const totem = screen.getByRole('combobox', { name: 'Totem' });
    await screen.findByRole('option', { name: 'Cantine (k-cantine)' });
    expect(
      within(totem)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les totems', 'Cantine (k-cantine)', 'Hall d’accueil (k-hall)', 'k-atelier']);
    const group = screen.getByRole('combobox', { name: 'Groupe' });
    expect(
      within(group)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les groupes', 'Accueil', 'Restauration']);

    await user.selectOptions(totem, 'k-hall');
    expect(search(router)).toEqual({ from: '2026-11-01', to: '2026-11-27', kioskId: 'k-hall' });
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls).at(-1)).toBe(
      `${USAGE_URL}?from=2026-11-01&to=2026-11-27&kioskId=k-hall`,
    );
    // The export has no totem filter: the link says it takes every totem.
    expect(screen.getByText(/pour tous les totems/));

    await user.selectOptions(totem, '');
    await user.selectOptions(group, 'Restauration');
    expect(search(router)).toEqual({ from: '2026-11-01', to: '2026-11-27', group: 'Restauration' });
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls).at(-1)).toBe(
      `${USAGE_URL}?from=2026-11-01&to=2026-11-27&group=Restauration`,
    );
  });

  it('opens a shared link as it was: its range, totem and group', async () => {
    const calls = api(() => ({ data: DASHBOARD }));
    open('/frequentation/1?from=2026-11-01&to=2026-11-15&kioskId=k-parti&group=Accueil');
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls)).toEqual([
      `${USAGE_URL}?from=2026-11-01&to=2026-11-15&kioskId=k-parti&group=Accueil`,
    ]);
    // A totem the fleet no longer lists stays the select's choice.
    expect((screen.getByRole('combobox', { name: 'Totem' }) as HTMLSelectElement).value).toBe(
      'k-parti',
    );
    expect((screen.getByRole('combobox', { name: 'Groupe' }) as HTMLSelectElement).value).toBe(
      'Accueil',
    );
    expect((screen.getByLabelText('Du') as HTMLInputElement).value).toBe('2026-11-01');
  });

  it('says when nothing was recorded on those days', async () => {
    api(() => ({ data: EMPTY }));
    open();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Aucune visite sur cette période' }),
    );
    expect(screen.queryByText('Pages les plus vues')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Télécharger le CSV' }));
  });

  it('shows the server’s refusal in its own words, and asks again on « Réessayer »', async () => {
    let refuse = true;
    const calls = api(() =>
      refuse
        ? {
            status: 400,
            error: 'validation',
            message: 'La période ne peut dépasser 400 jours.',
          }
        : { data: DASHBOARD },
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^La période ne peut dépasser 400 jours\./);
    refuse = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('Pages les plus vues');
    expect(usageCalls(calls)).toHaveLength(2);
  });

  it('refuses a reversed or too long range before asking, in French', async () => {
    const calls = api(() => ({ data: DASHBOARD }));
    open('/frequentation/1?from=2026-11-20&to=2026-11-10');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'La date de début doit précéder la date de fin (ou lui être égale).',
    );
    expect(screen.queryByRole('link', { name: 'Télécharger le CSV' })).toBeNull();
    expect(usageCalls(calls)).toEqual([]);
  });

  it('shows a loading state until the answer comes', async () => {
    api(() => ({ data: DASHBOARD }));
    const answered = globalThis.fetch;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith(USAGE_URL)) await held;
      return answered(input, init);
    });
    open();
    expect(await screen.findByText('Chargement de la fréquentation…'));
    release();
    await screen.findByText('Pages les plus vues');
    expect(screen.queryByText('Chargement de la fréquentation…')).toBeNull();
  });
});
