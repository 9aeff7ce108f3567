/**
 * Scheduled publishing (issue 45), on the fixture's injected clock: the `at` of both publish doors,
 * a set going live on time, late after a restart, held beyond the maximum lateness, cancelled,
 * rescheduled, stacked behind another, held when something else changed its item, refused by a
 * publish check at its time, and published once when two publishers race for it (two connections
 * on PostgreSQL, in the server-pg project).
 */
import {
  pathOf,
  type Envelope,
  type DraftChanges,
  type PublishResponse,
  type PublishScheduledResponse,
  type ScheduledPublication,
  type ScheduledPublicationList,
  type StreamEvent,
} from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { TEST_PUBLISH_TOKEN } from '../testing/fixture.js';
import {
  DEFAULT_MAX_LATENESS_MS,
  publishDueSet,
  publishDueSets,
  type ScheduleDeps,
} from './scheduled-publish.js';
import { ScheduledPublisher } from './scheduled-publisher.js';

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
const advance = (ms: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + ms);
};
const deps = (extra: Partial<ScheduleDeps> = {}): ScheduleDeps => ({ ...f.app.kiosk, ...extra });

const publishApi = (payload: object) =>
  f.app.inject({
    method: 'POST',
    url: pathOf('publish', { params: { devid: f.ids.devid } }),
    headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    payload,
  });

async function schedule(payload: object): Promise<PublishScheduledResponse['scheduled']> {
  const response = await publishApi(payload);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Envelope<PublishScheduledResponse>>().data!.scheduled;
}

const version = async () => (await f.repos.developments.find(f.ids.devid))!.content_version;
const liveValue = async (elementid: number) =>
  (await f.repos.live.listElements(f.ids.planZone)).find((e) => e.elementid === elementid)?.value;
const setOf = async (id: number) =>
  (await f.repos.changeSets.list(f.ids.devid)).find((row) => row.setid === id)!;

describe('POST /api/publish/:devid with `at`', () => {
  it('refuses an instant without its zone, malformed or past, with a French 400', async () => {
    for (const at of ['2026-11-30T05:00:00', 'lundi 5h', '2026-13-40T05:00:00Z', later(-MINUTE)]) {
      const response = await publishApi({ at });
      expect(response.statusCode, at).toBe(400);
      expect(response.json<Envelope<null>>().message, at).toMatch(/« at »/);
    }
    expect(await f.repos.changeSets.countOpen(f.ids.devid)).toBe(0);
  });

  it('answers 202 with the scheduled set and publishes nothing now', async () => {
    const before = await version();
    const element = f.ids.planElements[0]!;
    await f.repos.draft.updateElementValue(element, 'Menu de la semaine 49');
    const at = new Date(f.clock.now.getTime() + HOUR).toISOString().replace('Z', '+00:00');
    const scheduled = await schedule({ at, note: 'Menu S49' });
    expect(scheduled).toEqual({
      id: expect.any(Number) as number,
      at: new Date(Date.parse(at)).toISOString(),
      scope: { zoneid: null },
      note: 'Menu S49',
    });
    expect(await version()).toBe(before);
    expect(await liveValue(element)).not.toBe('Menu de la semaine 49');
    // Not due yet: nothing happens.
    expect(await publishDueSets(deps())).toEqual([]);
  });

  it('refuses to schedule a draft with nothing new (409)', async () => {
    const response = await publishApi({ at: later(HOUR) });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<Envelope<null>>().message).toMatch(/Rien à programmer/);
  });
});

describe('a scheduled set at its time', () => {
  it('goes live once, on time, through the publish path: a revision, its note, the stream message', async () => {
    const element = f.ids.planElements[1]!;
    await f.repos.draft.updateElementValue(element, 'Menu lundi');
    const before = await version();
    const { id } = await schedule({ at: later(30 * MINUTE), note: 'Menu de lundi' });
    const heard: StreamEvent[] = [];
    const stop = f.bus.subscribe(f.ids.devid, (message) => heard.push(message));
    try {
      advance(30 * MINUTE + 1500);
      const outcomes = await publishDueSets(deps());
      expect(outcomes).toEqual([
        { setid: id, status: 'published', revision: before + 1, lateMs: 1500 },
      ]);
      expect(await liveValue(element)).toBe('Menu lundi');
      expect(await f.repos.revisions.find(f.ids.devid, before + 1)).toMatchObject({
        note: 'Menu de lundi',
        source: 'schedule',
        author: { kind: 'api' },
      });
      expect(heard).toEqual([
        { devid: f.ids.devid, type: 'sync', version: before + 1, revision: before + 1 },
      ]);
      // Once: a second tick finds nothing.
      expect(await publishDueSets(deps())).toEqual([]);
      expect(await version()).toBe(before + 1);
    } finally {
      stop();
    }
  });

  it('goes live at start when the server was down at its time, marked late', async () => {
    const element = f.ids.planElements[2]!;
    await f.repos.draft.updateElementValue(element, 'Guide RH du 1er');
    const before = await version();
    const { id } = await schedule({ at: later(HOUR) });
    advance(HOUR + 3 * HOUR + 5 * MINUTE);
    const [outcome] = await publishDueSets(deps());
    expect(outcome).toMatchObject({
      setid: id,
      status: 'published',
      lateMs: 3 * HOUR + 5 * MINUTE,
    });
    expect((await f.repos.revisions.find(f.ids.devid, before + 1))!.note).toBe(
      'Publication programmée (publiée avec 3 h 05 de retard)',
    );
  });

  it('is held beyond the maximum lateness, and publishes nothing', async () => {
    const element = f.ids.planElements[3]!;
    await f.repos.draft.updateElementValue(element, 'Trop tard');
    const before = await version();
    const { id } = await schedule({ at: later(HOUR) });
    advance(HOUR + DEFAULT_MAX_LATENESS_MS + MINUTE);
    const [outcome] = await publishDueSets(deps());
    expect(outcome).toMatchObject({ setid: id, status: 'held' });
    expect((await setOf(id)).held_reason).toMatch(
      /12 h 01 de retard dépassent le maximum de 12 h 00/,
    );
    expect(await version()).toBe(before);
    // Held: a tick leaves it alone until someone decides.
    expect(await publishDueSets(deps())).toEqual([]);
  });

  it('is held, not overwritten, when a publish changed its item in between', async () => {
    const element = f.ids.planElements[4]!;
    await f.repos.draft.updateElementValue(element, 'Version programmée');
    const { id } = await schedule({ at: later(HOUR) });
    // Someone publishes another value of the same item now.
    await f.repos.draft.updateElementValue(element, 'Version urgente');
    const now = await publishApi({});
    expect(now.statusCode, now.body).toBe(200);
    const afterUrgent = await version();
    advance(HOUR + MINUTE);
    const [outcome] = await publishDueSets(deps());
    expect(outcome).toMatchObject({ setid: id, status: 'held' });
    expect((await setOf(id)).held_reason).toMatch(
      new RegExp(
        `un élément a changé sur les totems depuis sa programmation \\(élément ${element}\\)`,
      ),
    );
    expect(await liveValue(element)).toBe('Version urgente');
    expect(await version()).toBe(afterUrgent);
  });

  it('stacks: the later set expects what the earlier one brings, and both go live in turn', async () => {
    const element = f.ids.planElements[5]!;
    await f.repos.draft.updateElementValue(element, 'Menu S49');
    const first = await schedule({ at: later(HOUR) });
    // The same draft again: the earlier set brings it already.
    const nothing = await publishApi({ at: later(2 * HOUR) });
    expect(nothing.statusCode).toBe(409);
    await f.repos.draft.updateElementValue(element, 'Menu S50');
    const second = await schedule({ at: later(2 * HOUR) });
    const before = await version();

    advance(HOUR + MINUTE);
    expect(await publishDueSets(deps())).toMatchObject([{ setid: first.id, status: 'published' }]);
    expect(await liveValue(element)).toBe('Menu S49');
    advance(HOUR);
    expect(await publishDueSets(deps())).toMatchObject([{ setid: second.id, status: 'published' }]);
    expect(await liveValue(element)).toBe('Menu S50');
    expect(await version()).toBe(before + 2);
  });

  it('is held with the check’s reason when a publish check fails at its time', async () => {
    const element = f.ids.planElements[6]!;
    await f.repos.draft.updateElementValue(element, 'media/uploads/1/disparu-0a1b2c3d.webp');
    const { id } = await schedule({ at: later(HOUR) });
    advance(HOUR + MINUTE);
    const checked = deps({
      config: { ...f.config, publishChecks: true, mediaDir: f.config.mediaDir },
    });
    const [outcome] = await publishDueSets(checked);
    expect(outcome).toMatchObject({ setid: id, status: 'held' });
    expect((await setOf(id)).held_reason).toMatch(/^Refusée par les vérifications à son heure/);
  });

  it('is published once when two publishers race for it', async () => {
    const element = f.ids.planElements[0]!;
    await f.repos.draft.updateElementValue(element, 'Course');
    const before = await version();
    const { id } = await schedule({ at: later(MINUTE) });
    advance(2 * MINUTE);
    const outcomes = await Promise.all([publishDueSet(deps(), id), publishDueSet(deps(), id)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['published', 'skipped']);
    expect(await version()).toBe(before + 1);
  });

  it('the publisher’s clock publishes a due set by itself', async () => {
    const element = f.ids.planElements[1]!;
    await f.repos.draft.updateElementValue(element, 'Par lui-même');
    const before = await version();
    await schedule({ at: later(MINUTE) });
    advance(2 * MINUTE);
    const publisher = new ScheduledPublisher(deps(), 5, f.app.log);
    publisher.start();
    try {
      for (let i = 0; (await version()) === before; i++) {
        if (i > 2000) throw new Error('the publisher never published the due set');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await publisher.stop();
    }
    expect(await liveValue(element)).toBe('Par lui-même');
  });
});

describe('a publish now, with a schedule waiting', () => {
  it('leaves out what the schedule brings, lists it apart, and takes it when told to', async () => {
    const admin = await f.asAdmin();
    const [scheduledItem, otherItem] = [f.ids.planElements[0]!, f.ids.planElements[1]!];
    await f.repos.draft.updateElementValue(scheduledItem, 'Menu de lundi');
    const { id, at } = await schedule({ at: later(HOUR) });
    await f.repos.draft.updateElementValue(otherItem, 'Correction urgente');

    const draft = await admin.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } }));
    const changes = draft.json<Envelope<DraftChanges>>().data!.changes;
    expect(changes.find((c) => c.itemId === scheduledItem)!.scheduled).toEqual({ id, at });
    expect(changes.find((c) => c.itemId === otherItem)!.scheduled).toBeNull();

    const now = await publishApi({});
    expect(now.statusCode, now.body).toBe(200);
    const published = now.json<Envelope<PublishResponse>>().data!;
    expect(published.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });
    expect(published.scheduledLeftOut).toBe(1);
    expect(await liveValue(otherItem)).toBe('Correction urgente');
    expect(await liveValue(scheduledItem)).not.toBe('Menu de lundi');

    // Told to, a publish now takes it; the schedule then finds it live at its time.
    const all = await publishApi({ includeScheduled: true });
    expect(all.json<Envelope<PublishResponse>>().data!.scheduledLeftOut).toBeUndefined();
    expect(await liveValue(scheduledItem)).toBe('Menu de lundi');
    const revision = await version();
    advance(HOUR + MINUTE);
    expect(await publishDueSets(deps())).toEqual([{ setid: id, status: 'already-live', revision }]);
    expect(await version()).toBe(revision);
    // Published without a revision of its own, and said so in the journal like the other outcomes.
    const row = await setOf(id);
    expect(row.status).toBe('published');
    expect(row.revision).toBeNull();
    const [entry] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(entry).toMatchObject({
      action: 'publish.schedule-already-live',
      username: 'programmation',
      targetType: 'development',
      targetId: f.ids.devid,
      summary: {
        setid: id,
        revision,
        at,
        counts: { element: { added: 0, changed: 1, removed: 0 } },
        summary: '1 élément modifié',
      },
    });
    // Done: neither moved nor cancelled any more, with a French 409 that makes no revision up.
    const cancel = await admin.delete(
      pathOf('adminCancelScheduled', { params: { devid: f.ids.devid, setid: id } }),
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json<Envelope<null>>().message).toBe(
      `La publication programmée ${id} est déjà en ligne : tout ce qu’elle apportait l’était à son heure.`,
    );
  });
});

describe('the back-office calls: list, reschedule, cancel', () => {
  it('lists, moves, cancels, and refuses what does not exist or is done', async () => {
    const admin = await f.asAdmin();
    await f.repos.draft.updateElementValue(f.ids.planElements[2]!, 'Visite du 3');
    const { id } = await schedule({ at: later(HOUR), note: 'Visite' });
    const list = await admin.get(
      pathOf('adminScheduledPublications', { params: { devid: f.ids.devid } }),
    );
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<Envelope<ScheduledPublicationList>>().data!.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, status: 'scheduled', note: 'Visite', revision: null });
    expect(items[0]!.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });

    const target = later(3 * HOUR);
    const moved = await admin.patch(
      pathOf('adminReschedule', { params: { devid: f.ids.devid, setid: id } }),
      { at: target },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Envelope<ScheduledPublication>>().data!.at).toBe(target);
    const past = await admin.patch(
      pathOf('adminReschedule', { params: { devid: f.ids.devid, setid: id } }),
      { at: later(-HOUR) },
    );
    expect(past.statusCode).toBe(400);

    advance(2 * HOUR);
    expect(await publishDueSets(deps())).toEqual([]);

    const cancel = () =>
      admin.delete(pathOf('adminCancelScheduled', { params: { devid: f.ids.devid, setid: id } }));
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Envelope<ScheduledPublication>>().data!.status).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(409);
    advance(2 * HOUR);
    expect(await publishDueSets(deps())).toEqual([]);
    const unknown = await admin.delete(
      pathOf('adminCancelScheduled', { params: { devid: f.ids.devid, setid: 999_999 } }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('schedules from the back-office door too (202), and another development’s editor may not', async () => {
    const admin = await f.asAdmin();
    await f.repos.draft.updateElementValue(f.ids.planElements[3]!, 'Depuis le back-office');
    const url = pathOf('adminPublish', { params: { devid: f.ids.devid } });
    // The editor of another development.
    const refused = await (await f.asOtherEditor()).post(url, { at: later(HOUR) });
    expect(refused.statusCode).toBe(403);
    const response = await admin.post(url, { at: later(HOUR), zoneid: f.ids.planZone });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<Envelope<PublishScheduledResponse>>().data!.scheduled.scope).toEqual({
      zoneid: f.ids.planZone,
    });
  });
});
