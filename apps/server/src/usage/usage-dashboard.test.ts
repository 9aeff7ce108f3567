/**
 * The usage dashboard and its roll-ups (issue 49, part 2; the contract's usage-dashboard.ts): a
 * batch sent three times counts once, a late event lands in its own (old) day, days and heat-map
 * hours are the plant's (Europe/Paris here), the totem and group filters, visits and engaged
 * visits, top pages and documents, languages, parcours; the range's 400s, the rights' 403, the
 * unknown development's 404; the retention deletes raw events and keeps the roll-ups. Runs on
 * SQLite (`server`) and PostgreSQL (`server-pg`).
 *
 * The suite shares one development: each test sends from its own totems and reads them through
 * `kioskId` or a group of its own, or reads days no other test files events on.
 */
import {
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  USAGE_DASHBOARD_MAX_DAYS,
  USAGE_RAW_RETENTION_DAYS,
  type Envelope,
  type KioskHeartbeat,
  type LoginResponse,
  type UsageBatch,
  type UsageBatchResult,
  type UsageDashboard,
  type UsageEvent,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSuite, type AdminClient, type AdminFixture } from '../testing/admin-fixture.js';
import { DEMO_PASSWORD } from '../testing/fixture.js';
import { itemRange } from './usage-dashboard.js';
import { UsageRetention } from './usage-retention.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
let otherEditor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});
afterEach(() => {
  f.resetClock();
});

interface Totem {
  token: string;
  kioskId: string;
}

/** A totem of development A logging in: the server names it and binds its token to it. */
async function login(): Promise<Totem> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('login'),
    payload: {
      devname: 'neubourg',
      loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token, kioskId } = response.json<Envelope<LoginResponse>>().data!;
  return { token, kioskId: kioskId! };
}

let serial = 0;
/** A page view at `at` unless said otherwise, with a unique id. */
function event(at: string, overrides: Partial<UsageEvent> = {}): UsageEvent {
  serial++;
  return {
    id: `dash-${String(serial).padStart(6, '0')}-${Math.random().toString(36).slice(2, 10)}`,
    kind: 'page_view',
    at,
    route: '/accueil',
    zone: null,
    target: null,
    language: 'fr',
    session: 'session-0001',
    ...overrides,
  };
}

async function send(totem: Totem, events: UsageEvent[]): Promise<UsageBatchResult> {
  const body: UsageBatch = { kioskId: totem.kioskId, events };
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('kioskUsage', { params: { devid: f.ids.devid } }),
    headers: { [TOKEN_HEADER]: totem.token },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<UsageBatchResult>>().data!;
}

/** Built by hand: the 400 tests send queries the contract's type refuses. */
const dashboardPath = (query: Record<string, string>, devid: number = f.ids.devid) =>
  `${pathOf('adminUsageDashboard', { params: { devid }, query: { from: '', to: '' } }).split('?')[0]}?${new URLSearchParams(query)}`;

async function dashboard(
  query: Record<string, string>,
  client: AdminClient = admin,
): Promise<UsageDashboard> {
  const response = await client.get(dashboardPath(query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Envelope<UsageDashboard>>().data!;
}

describe('the usage dashboard', () => {
  it('counts a batch sent three times once', async () => {
    const totem = await login();
    const at = '2026-02-02T10:15:00Z';
    const events = [
      event(at, { kind: 'session_start' }),
      event(at),
      event(at, { route: '/accueil/menus' }),
      event(at, { kind: 'tap', target: '/accueil/menus' }),
      event(at, { kind: 'session_end', target: 'engaged' }),
    ];
    expect((await send(totem, events)).accepted).toBe(5);
    expect((await send(totem, events)).duplicates).toBe(5);
    expect((await send(totem, events)).duplicates).toBe(5);
    const answer = await dashboard({
      from: '2026-02-02',
      to: '2026-02-02',
      kioskId: totem.kioskId,
    });
    expect(answer.totals).toEqual({
      sessions: 1,
      engagedSessions: 1,
      pageViews: 2,
      taps: 1,
      documentsOpened: 0,
      pagesRead: 0,
      alertsShown: 0,
    });
    expect(answer.days).toEqual([
      { day: '2026-02-02', sessions: 1, engagedSessions: 1, pageViews: 2 },
    ]);
    // 10:15 UTC is 11:15 in Paris in winter; 2 February 2026 is a Monday.
    expect(answer.heatmap).toEqual([{ weekday: 1, hour: 11, sessions: 1, pageViews: 2 }]);
    expect(answer.topPages).toEqual([
      { route: '/accueil', pageViews: 1 },
      { route: '/accueil/menus', pageViews: 1 },
    ]);
    expect(answer.timeZone).toBe('Europe/Paris');
    expect(answer.totems).toEqual([
      {
        kioskId: totem.kioskId,
        name: null,
        groups: [],
        sessions: 1,
        engagedSessions: 1,
        pageViews: 2,
      },
    ]);
  });

  it('files a late event in its own day and gives every day of the range', async () => {
    const totem = await login();
    // Sent now (10 March), it happened in January: it counts on 20 January.
    await send(totem, [event('2026-01-20T08:00:00Z', { kind: 'session_start' })]);
    const answer = await dashboard({
      from: '2026-01-19',
      to: '2026-01-22',
      kioskId: totem.kioskId,
    });
    expect(answer.days.map((day) => [day.day, day.sessions])).toEqual([
      ['2026-01-19', 0],
      ['2026-01-20', 1],
      ['2026-01-21', 0],
      ['2026-01-22', 0],
    ]);
  });

  it('reads days and hours on the plant’s clock', async () => {
    const totem = await login();
    // 23:30 UTC on Thursday 15 January is 00:30 on Friday 16 January in Paris (UTC+1 in winter);
    // 22:30 UTC on 10 July is 00:30 on Saturday 11 July in summer (UTC+2).
    await send(totem, [
      event('2026-01-15T23:30:00Z', { kind: 'session_start' }),
      event('2026-01-15T23:30:00Z'),
      event('2026-01-15T22:59:59Z'),
    ]);
    const winter = await dashboard({
      from: '2026-01-15',
      to: '2026-01-16',
      kioskId: totem.kioskId,
    });
    expect(winter.days).toEqual([
      { day: '2026-01-15', sessions: 0, engagedSessions: 0, pageViews: 1 },
      { day: '2026-01-16', sessions: 1, engagedSessions: 0, pageViews: 1 },
    ]);
    expect(winter.heatmap).toEqual([
      { weekday: 4, hour: 23, sessions: 0, pageViews: 1 },
      { weekday: 5, hour: 0, sessions: 1, pageViews: 1 },
    ]);
    // The day before only: the hour after its midnight in Paris is not in it.
    const before = await dashboard({
      from: '2026-01-15',
      to: '2026-01-15',
      kioskId: totem.kioskId,
    });
    expect(before.heatmap).toEqual([{ weekday: 4, hour: 23, sessions: 0, pageViews: 1 }]);
    expect(before.totals.sessions).toBe(0);
  });

  it('narrows to a totem or to a group, ignoring the group’s case', async () => {
    const [hall, canteen, workshop] = [await login(), await login(), await login()];
    /** Through the back-office, as an editor names a totem (it reports first: the fleet knows it). */
    async function name(totem: Totem, label: string, groups: string[]): Promise<void> {
      const heartbeat: KioskHeartbeat = {
        kioskId: totem.kioskId,
        mode: 'totem',
        totem: 'Moulage',
        appVersion: '1.2.3',
        contentVersion: null,
        lastSyncAt: null,
        storageUsedBytes: null,
        storageQuotaBytes: null,
        lastError: null,
      };
      const beat = await f.app.inject({
        method: 'POST',
        url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
        headers: { [TOKEN_HEADER]: totem.token },
        payload: heartbeat,
      });
      expect(beat.statusCode, beat.body).toBe(200);
      const saved = await admin.put(
        pathOf('adminKioskProfile', { params: { devid: f.ids.devid, kioskId: totem.kioskId } }),
        { name: label, location: '', groups, note: '' },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await name(hall, 'Hall d’accueil', ['Bâtiment Dash']);
    await name(canteen, 'Cantine', ['bâtiment dash', 'Restauration']);
    await name(workshop, 'Atelier', ['Ateliers']);
    const at = '2026-02-10T09:00:00Z';
    await send(hall, [event(at, { kind: 'session_start' }), event(at)]);
    await send(canteen, [event(at, { kind: 'session_start' }), event(at), event(at)]);
    await send(workshop, [event(at, { kind: 'session_start' })]);

    const group = await dashboard({ from: '2026-02-10', to: '2026-02-10', group: 'BÂTIMENT DASH' });
    expect(group.totals.sessions).toBe(2);
    expect(group.totals.pageViews).toBe(3);
    expect(group.totems).toEqual([
      {
        kioskId: canteen.kioskId,
        name: 'Cantine',
        groups: ['bâtiment dash', 'Restauration'],
        sessions: 1,
        engagedSessions: 0,
        pageViews: 2,
      },
      {
        kioskId: hall.kioskId,
        name: 'Hall d’accueil',
        groups: ['Bâtiment Dash'],
        sessions: 1,
        engagedSessions: 0,
        pageViews: 1,
      },
    ]);
    expect(group.topPages).toEqual([{ route: '/accueil', pageViews: 3 }]);

    const one = await dashboard({ from: '2026-02-10', to: '2026-02-10', kioskId: hall.kioskId });
    expect(one.totals.pageViews).toBe(1);
    expect(one.totems.map((totem) => totem.kioskId)).toEqual([hall.kioskId]);

    // A totem outside the group: nothing.
    const neither = await dashboard({
      from: '2026-02-10',
      to: '2026-02-10',
      group: 'Bâtiment Dash',
      kioskId: workshop.kioskId,
    });
    expect(neither.totals.sessions).toBe(0);
    expect(neither.totems).toEqual([]);
    expect(neither.days).toHaveLength(1);

    // The whole development: the three totems (no other test files events that day).
    const all = await dashboard({ from: '2026-02-10', to: '2026-02-10' });
    expect(all.totals.sessions).toBe(3);
    expect(all.heatmap).toEqual([{ weekday: 2, hour: 10, sessions: 3, pageViews: 3 }]);

    const unknownGroup = await dashboard({
      from: '2026-02-10',
      to: '2026-02-10',
      group: 'Nulle part',
    });
    expect(unknownGroup.totals.pageViews).toBe(0);
  });

  it('counts engaged visits, documents, pages read, languages, parcours and alerts', async () => {
    const totem = await login();
    const at = '2026-02-20T14:00:00Z';
    await send(totem, [
      event(at, { kind: 'session_start', session: 'visit-0001' }),
      event(at, { kind: 'session_end', target: 'engaged', session: 'visit-0001' }),
      event(at, { kind: 'session_start', session: 'visit-0002' }),
      event(at, { kind: 'session_end', target: null, session: 'visit-0002' }),
      event(at, { kind: 'document_open', target: 'doc-magazine' }),
      event(at, { kind: 'page_read', target: 'doc-magazine', page: 1 }),
      event(at, { kind: 'page_read', target: 'doc-magazine', page: 2 }),
      event(at, { kind: 'document_open', target: 'doc-guide-rh' }),
      event(at, { kind: 'document_open', target: 'doc-guide-rh' }),
      event(at, { kind: 'page_read', target: 'doc-menus', page: 1 }),
      event(at, { route: '/accueil/hse', language: 'en' }),
      event(at, { route: '/accueil/hse', language: 'en' }),
      event(at, { route: '/accueil', language: null }),
      event(at, { route: '/accueil' }),
      event(at, { route: '/accueil/hse' }),
      event(at, { kind: 'parcours', target: 'visiteur' }),
      event(at, { kind: 'parcours', target: 'visiteur' }),
      event(at, { kind: 'parcours', target: 'personnel' }),
      event(at, { kind: 'alert_shown', target: 'evacuation' }),
      event(at, { kind: 'language', language: 'en' }),
      event(at, { kind: 'idle_page', target: '/veille/1' }),
    ]);
    const answer = await dashboard({
      from: '2026-02-20',
      to: '2026-02-20',
      kioskId: totem.kioskId,
    });
    expect(answer.totals).toEqual({
      sessions: 2,
      engagedSessions: 1,
      pageViews: 5,
      taps: 0,
      documentsOpened: 3,
      pagesRead: 3,
      alertsShown: 1,
    });
    expect(answer.topDocuments).toEqual([
      { target: 'doc-guide-rh', opens: 2, pagesRead: 0 },
      { target: 'doc-magazine', opens: 1, pagesRead: 2 },
      { target: 'doc-menus', opens: 0, pagesRead: 1 },
    ]);
    expect(answer.topPages).toEqual([
      { route: '/accueil/hse', pageViews: 3 },
      { route: '/accueil', pageViews: 2 },
    ]);
    // Most first; on a tie, in the order fr, en, unknown.
    expect(answer.languages).toEqual([
      { language: 'fr', pageViews: 2 },
      { language: 'en', pageViews: 2 },
      { language: 'unknown', pageViews: 1 },
    ]);
    expect(answer.parcours).toEqual([
      { parcours: 'visiteur', count: 2 },
      { parcours: 'personnel', count: 1 },
    ]);
  });

  it('sums the « top » lists over whole months and partial ones alike', async () => {
    expect(itemRange('2025-12-15', '2026-03-05')).toEqual({
      months: ['2026-01', '2026-02'],
      days: [
        { from: '2025-12-15', to: '2025-12-31' },
        { from: '2026-03-01', to: '2026-03-05' },
      ],
    });
    expect(itemRange('2026-01-15', '2026-02-10')).toEqual({
      months: [],
      days: [{ from: '2026-01-15', to: '2026-02-10' }],
    });
    expect(itemRange('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02'], days: [] });
    const totem = await login();
    await send(totem, [
      event('2025-12-20T10:00:00Z', { route: '/accueil/hse' }),
      event('2026-01-31T10:00:00Z', { route: '/accueil/hse' }),
      event('2026-01-31T10:00:00Z', { route: '/accueil/hse' }),
      event('2026-01-31T10:00:00Z', { route: '/accueil/menus' }),
      event('2026-02-01T10:00:00Z', { route: '/accueil/menus' }),
      event('2026-02-01T10:00:00Z', { route: '/accueil/menus' }),
      event('2026-02-01T10:00:00Z', { route: '/accueil/menus' }),
      event('2026-02-06T10:00:00Z', { route: '/accueil/hse' }),
    ]);
    const answer = await dashboard({
      from: '2025-12-15',
      to: '2026-02-05',
      kioskId: totem.kioskId,
    });
    expect(answer.topPages).toEqual([
      { route: '/accueil/menus', pageViews: 4 },
      { route: '/accueil/hse', pageViews: 3 },
    ]);
  });

  it('is for admins and the development’s editors', async () => {
    const query = { from: '2026-02-01', to: '2026-02-28' };
    expect((await editor.get(dashboardPath(query))).statusCode).toBe(200);
    const refused = await otherEditor.get(dashboardPath(query));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<unknown>>().error).toBeTruthy();
    const unknown = await admin.get(dashboardPath(query, 987_654));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Envelope<unknown>>().error).toBeTruthy();
  });

  it.each([
    [{ from: '2026-02-01' }, /to/],
    [{ from: '2026-02-01', to: '01/03/2026' }, /to/],
    [{ from: '2026-02-30', to: '2026-03-01' }, /la date 2026-02-30 n’existe pas/],
    [{ from: '2026-03-02', to: '2026-03-01' }, /à l’envers/],
    [
      { from: '2025-01-01', to: '2026-03-01' },
      new RegExp(`425 jours demandés, ${USAGE_DASHBOARD_MAX_DAYS} au plus`),
    ],
    [{ from: '2026-02-01', to: '2026-02-02', group: '' }, /group/],
    [{ from: '2026-02-01', to: '2026-02-02', kioskId: 'pas un id !' }, /kioskId/],
  ])('answers 400 to %j', async (query, message) => {
    const response = await admin.get(dashboardPath(query as Record<string, string>));
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<Envelope<unknown>>();
    expect(body.data).toBeNull();
    expect(body.message).toMatch(message);
  });

  it('takes a range of the longest length', async () => {
    const answer = await dashboard({ from: '2025-02-01', to: '2026-03-07' });
    expect(answer.days).toHaveLength(USAGE_DASHBOARD_MAX_DAYS);
  });
});

describe('the raw events’ retention', () => {
  it('deletes the expired raw events in chunks and keeps the roll-ups', async () => {
    const totem = await login();
    const old = '2025-06-02T08:00:00Z';
    const recent = '2026-03-02T08:00:00Z';
    const events = [
      ...Array.from({ length: 5 }, () => event(old, { kind: 'session_start' })),
      event(old),
      event(recent),
    ];
    await send(totem, events);
    const csv = async () =>
      (
        await admin.get(
          `${pathOf('adminUsageCsv', { params: { devid: f.ids.devid }, query: { from: '', to: '' } }).split('?')[0]}?${new URLSearchParams({ from: '2025-01-01T00:00:00Z', to: '2026-03-10T00:00:00Z' })}`,
        )
      ).body
        .split('\r\n')
        .filter((line) => line.split(',')[1] === totem.kioskId);
    expect(await csv()).toHaveLength(7);

    // 400 days after the old events plus one: they are past the retention, the recent one not.
    const clock = { now: new Date(Date.parse(old) + (USAGE_RAW_RETENTION_DAYS + 1) * 86_400_000) };
    const retention = new UsageRetention({ repos: f.repos, now: () => clock.now }, { chunk: 2 });
    const outcome = await retention.sweepNow();
    expect(outcome.skipped).toBe(false);
    // Other tests' events of that time are gone too: at least this totem's six.
    expect(outcome.deleted).toBeGreaterThanOrEqual(6);
    expect(await csv()).toHaveLength(1);
    // A second sweep finds nothing more.
    expect((await retention.sweepNow()).deleted).toBe(0);

    const answer = await dashboard({
      from: '2025-06-02',
      to: '2025-06-02',
      kioskId: totem.kioskId,
    });
    expect(answer.totals.sessions).toBe(5);
    expect(answer.totals.pageViews).toBe(1);
    expect(answer.heatmap).toEqual([{ weekday: 1, hour: 10, sessions: 5, pageViews: 1 }]);
    await retention.stop();
  });
});
