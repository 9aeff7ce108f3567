/**
 * The week ahead (issue 46) on the admin fixture's clock (2026-03-10 09:00 UTC, plant in
 * Europe/Paris by default): a schedule and the catalogue sub-group expiring in 2 days on their
 * plant-local days, a held publication marked, seven days always, a DST week whose 25 October is
 * one day with nothing lost or listed twice, and 400/401/403.
 */
import {
  pathOf,
  type Envelope,
  type PublishScheduledResponse,
  type WeekAheadEvent,
  type WeekAheadResponse,
} from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminFixture, data, type AdminFixture } from '../testing/admin-fixture.js';
import { TEST_PUBLISH_TOKEN } from '../testing/fixture.js';
import { DEFAULT_MAX_LATENESS_MS, publishDueSets } from './scheduled-publish.js';

let f: AdminFixture;
beforeEach(async () => {
  f = await createAdminFixture();
});
afterEach(async () => {
  await f.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const later = (ms: number) => new Date(f.clock.now.getTime() + ms).toISOString();

const url = (query = '', devid = f.ids.devid) =>
  `${pathOf('adminWeekAhead', { params: { devid } })}${query}`;

async function schedule(payload: object): Promise<PublishScheduledResponse['scheduled']> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Envelope<PublishScheduledResponse>>().data!.scheduled;
}

async function week(query = ''): Promise<WeekAheadResponse> {
  const editor = await f.asEditor();
  const response = await editor.get(url(query));
  expect(response.statusCode, response.body).toBe(200);
  return data<WeekAheadResponse>(response);
}

const all = (answer: WeekAheadResponse): WeekAheadEvent[] =>
  answer.days.flatMap((day) => day.events);
const dayOf = (answer: WeekAheadResponse, predicate: (event: WeekAheadEvent) => boolean) =>
  answer.days.find((day) => day.events.some(predicate))?.date;

async function setExpiration(subgroupid: number, expirationdate: string | null) {
  await f.repos.transaction((trx) =>
    trx
      .updateTable('pub_subgroups')
      .set({ expirationdate })
      .where('subgroupid', '=', subgroupid)
      .execute(),
  );
}

describe('GET /api/admin/developments/:devid/week-ahead', () => {
  it('lists a schedule and the expiring sub-group on their plant-local days, over 7 days', async () => {
    const element = f.ids.planElements[0]!;
    await f.repos.draft.updateElementValue(element, 'Menu de la semaine 49');
    // 23:30 UTC on the 10th is 00:30 on the 11th in Paris (UTC+1 in March).
    const { id, at } = await schedule({ at: '2026-03-10T23:30:00Z', note: 'Menu S49' });
    const answer = await week();
    expect(answer.timeZone).toBe('Europe/Paris');
    expect(answer.from).toBe(f.clock.now.toISOString());
    // The end of the seventh plant-local day: 17 March 00:00 in Paris.
    expect(answer.to).toBe('2026-03-16T23:00:00.000Z');
    expect(answer.days.map((day) => day.date)).toEqual([
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
    expect(answer.days[0]!.label).toBe('mardi 10 mars');
    const publication = all(answer).find((event) => event.setid === id);
    expect(publication).toEqual({
      at,
      kind: 'scheduled-publication',
      status: 'scheduled',
      setid: id,
      title: 'Publication programmée : Menu S49',
      name: 'Menu S49',
      counts: expect.objectContaining({
        element: expect.objectContaining({ changed: 1 }) as unknown,
      }) as unknown,
      previewAt: at,
    });
    expect(dayOf(answer, (event) => event.setid === id)).toBe('2026-03-11');
    // The catalogue expires 2 days from the fixture's now: 12 March 10:00 in Paris.
    const ends = all(answer).find(
      (event) => event.kind === 'subgroup-ends' && event.subgroupid === f.ids.catalogue,
    );
    expect(ends).toMatchObject({
      at: '2026-03-12T09:00:00.000Z',
      previewAt: '2026-03-12T09:00:00.000Z',
      title: 'Fin de “Catalogue”',
      name: 'Catalogue',
      elementid: expect.any(Number) as number,
      zoneid: expect.any(Number) as number,
      zonename: expect.any(String) as string,
    });
    expect(dayOf(answer, (event) => event === ends)).toBe('2026-03-12');
    // Every event is in the window, on its own plant-local day, sorted by instant.
    for (const day of answer.days) {
      const instants = day.events.map((event) => Date.parse(event.at));
      expect(instants).toEqual([...instants].sort((a, b) => a - b));
    }
    for (const event of all(answer)) {
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(Date.parse(answer.from));
      expect(Date.parse(event.at)).toBeLessThan(Date.parse(answer.to));
    }
  });

  it('names a sub-group by its « titre » field: its arrival and its badge ending', async () => {
    const added = '2026-03-10T12:00:00.000Z';
    await f.repos.transaction((trx) =>
      trx
        .updateTable('pub_subgroups')
        .set({ addingdate: added })
        .where('subgroupid', '=', f.ids.liveProduct)
        .execute(),
    );
    const mine = all(await week()).filter((event) => event.subgroupid === f.ids.liveProduct);
    expect(mine.map(({ kind, at, title, name }) => ({ kind, at, title, name }))).toEqual([
      {
        kind: 'subgroup-starts',
        at: added,
        title: 'Arrivée de “Pompe Alpha”',
        name: 'Pompe Alpha',
      },
      {
        kind: 'new-badge-ends',
        at: '2026-03-11T12:00:00.000Z',
        title: 'Badge “nouveau” retiré : Pompe Alpha',
        name: 'Pompe Alpha',
      },
    ]);
  });

  it('answers 404 for a development that does not exist', async () => {
    const admin = await f.asAdmin();
    const response = await admin.get(url('', 999_999));
    expect(response.statusCode, response.body).toBe(404);
  });

  it('answers seven empty days when nothing changes', async () => {
    const answer = await week('?from=2027-06-01T10:00:00Z');
    expect(answer.days).toHaveLength(7);
    expect(answer.days.every((day) => day.events.length === 0)).toBe(true);
    expect(answer.days[0]).toEqual({ date: '2027-06-01', label: 'mardi 1er juin', events: [] });
  });

  it('marks a held publication with its reason', async () => {
    const element = f.ids.planElements[3]!;
    await f.repos.draft.updateElementValue(element, 'Trop tard');
    const start = f.clock.now.toISOString();
    const { id, at } = await schedule({ at: later(HOUR), note: 'Menu' });
    f.clock.now = new Date(f.clock.now.getTime() + HOUR + DEFAULT_MAX_LATENESS_MS + MINUTE);
    const [outcome] = await publishDueSets({ ...f.app.kiosk });
    expect(outcome).toMatchObject({ setid: id, status: 'held' });
    const answer = await week(`?from=${encodeURIComponent(start)}`);
    expect(all(answer).find((event) => event.setid === id)).toMatchObject({
      at,
      kind: 'scheduled-publication',
      status: 'held',
      heldReason: expect.stringMatching(/retard/) as string,
      title: 'Publication retenue : Menu',
      previewAt: at,
    });
  });

  it('keeps a DST week’s 25 October as one day, nothing lost nor listed twice', async () => {
    const from = '2026-10-22T12:00:00Z';
    f.clock.now = new Date(from);
    // Paris: 00:30 (summer time), 02:30 the first time, 02:30 the second time, 23:30 (winter time).
    const instants = [
      '2026-10-24T22:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T22:30:00.000Z',
    ];
    await setExpiration(f.ids.catalogue, instants[0]!);
    const element = f.ids.planElements[0]!;
    await f.repos.draft.updateElementValue(element, 'Changement d’heure');
    const scheduled = [];
    for (const at of instants.slice(1)) {
      await f.repos.draft.updateElementValue(element, `Changement ${at}`);
      scheduled.push((await schedule({ at })).id);
    }
    const answer = await week(`?from=${from}`);
    expect(answer.from).toBe('2026-10-22T12:00:00.000Z');
    // 29 October 00:00 in Paris, winter time.
    expect(answer.to).toBe('2026-10-28T23:00:00.000Z');
    expect(answer.days.map((day) => day.date)).toEqual([
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
    ]);
    const sunday = answer.days[3]!;
    expect(sunday.label).toBe('dimanche 25 octobre');
    expect(sunday.events.map((event) => event.at)).toEqual(instants);
    expect(sunday.events.map((event) => event.setid ?? event.subgroupid)).toEqual([
      f.ids.catalogue,
      ...scheduled,
    ]);
    // Nothing elsewhere: each instant once in the whole week.
    expect(all(answer).map((event) => event.at)).toEqual(instants);
  });

  it('refuses a bad `from` with a French 400', async () => {
    const editor = await f.asEditor();
    for (const from of ['2026-11-30T05:00:00', 'lundi', '2026-13-40T05:00:00Z']) {
      const response = await editor.get(url(`?from=${encodeURIComponent(from)}`));
      expect(response.statusCode, from).toBe(400);
      expect(response.json<Envelope<null>>().message, from).toMatch(
        /^« from » doit être un instant RFC 3339/,
      );
    }
  });

  it('refuses without a session (401) and to an editor of another development (403)', async () => {
    const anonymous = await f.app.inject({ method: 'GET', url: url() });
    expect(anonymous.statusCode).toBe(401);
    const other = await f.asOtherEditor();
    expect((await other.get(url())).statusCode).toBe(403);
  });
});
