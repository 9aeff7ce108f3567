/**
 * The back-office's preview snapshot (issue 46, first step), on both stores (projects server and
 * server-pg): the in-memory snapshot equals the kiosk's on live content (so the preview speaks
 * the kiosk's format); the draft, a date and a change set each show what they should and the
 * kiosk's snapshot does not; never cached; 401, 403, 400, 404.
 */
import {
  pathOf,
  type Envelope,
  type PublishScheduledResponse,
  type Snapshot,
} from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdminFixture, data, type AdminFixture } from '../testing/admin-fixture.js';
import { TEST_PUBLISH_TOKEN, publishDraftDirectly } from '../testing/fixture.js';
import { liveContent } from './live-apply.js';
import { snapshotOf } from './preview-snapshot.js';

let f: AdminFixture;
beforeEach(async () => {
  f = await createAdminFixture();
});
afterEach(async () => {
  await f.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const later = (ms: number) => new Date(f.clock.now.getTime() + ms).toISOString();

const previewUrl = (query: string, devid = f.ids.devid) =>
  `${pathOf('adminPreview', { params: { devid } })}${query}`;

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

async function preview(query: string): Promise<Snapshot> {
  const admin = await f.asAdmin();
  const response = await admin.get(previewUrl(query));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return data<Snapshot>(response);
}

const kioskSnapshot = async () => (await f.repos.live.snapshot(f.ids.devid, f.clock.now))!;
const valueOf = (snapshot: Snapshot, elementid: number) =>
  snapshot.elements.find((element) => element.elementid === elementid)?.value;
const models = async () =>
  new Map((await f.repos.models.list()).map((model) => [model.modelid, model.label]));

describe('snapshotOf', () => {
  it('builds from live rows exactly the kiosk’s snapshot (sub-groups, templates, settings)', async () => {
    // Templates and settings published too, so that every part of the format is compared.
    await f.repos.alerts.createDraftTemplate(f.ids.devid, {
      name: 'Évacuation',
      kind: 'evacuation',
      titleFr: 'Évacuation',
      titleEn: 'Evacuation',
      instructionsFr: 'Sortez.',
      instructionsEn: 'Leave.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: null,
      endTextFr: null,
      endTextEn: null,
    });
    const settings = await f.repos.settings.draft(f.ids.devid);
    await f.repos.settings.saveDraft(f.ids.devid, { ...settings, slideshowIntervalSeconds: 9 });
    await publishDraftDirectly(f.repos, f.ids.devid);
    const expected = await kioskSnapshot();
    expect(expected.alertTemplates).toHaveLength(1);
    expect(expected.settings?.slideshowIntervalSeconds).toBe(9);
    // The fixture holds an expired sub-group: it must be left out the same way.
    expect(expected.subgroups.map((group) => group.subgroupid)).not.toContain(f.ids.expiredProduct);
    const built = snapshotOf(
      f.ids.devid,
      expected.version,
      await f.repos.revisions.transaction((trx) => liveContent(trx, f.ids.devid)),
      await models(),
      f.clock.now,
    );
    expect(built).toEqual(expected);
  });

  it('drops a sub-group whose window has closed at the instant given, with its sub-elements', async () => {
    const expected = await kioskSnapshot();
    const content = await f.repos.revisions.transaction((trx) => liveContent(trx, f.ids.devid));
    const inThreeDays = snapshotOf(
      f.ids.devid,
      1,
      content,
      await models(),
      new Date(later(3 * DAY)),
    );
    expect(expected.subgroups.map((group) => group.subgroupid)).toContain(f.ids.catalogue);
    expect(inThreeDays.subgroups.map((group) => group.subgroupid)).not.toContain(f.ids.catalogue);
    expect(
      inThreeDays.subelements.some((sub) => sub.subgroupinfo?.subgroupid === f.ids.catalogue),
    ).toBe(false);
  });
});

describe('GET /api/admin/developments/:devid/preview', () => {
  it('of a draft with nothing unpublished is the kiosk’s snapshot', async () => {
    expect(await preview('?source=draft')).toEqual(await kioskSnapshot());
  });

  it('shows the draft’s unpublished edit, which the kiosk’s snapshot does not', async () => {
    const element = f.ids.planElements[0]!;
    await f.repos.draft.updateElementValue(element, 'Plan en préparation');
    const snapshot = await preview('?source=draft');
    expect(valueOf(snapshot, element)).toBe('Plan en préparation');
    expect(valueOf(await kioskSnapshot(), element)).not.toBe('Plan en préparation');
    // Built on the live revision: the version the totems hold.
    expect(snapshot.version).toBe((await kioskSnapshot()).version);
    expect(snapshot.devid).toBe(f.ids.devid);
  });

  it('at an instant: live plus the scheduled sets due by then, windows evaluated then', async () => {
    const element = f.ids.planElements[1]!;
    await f.repos.draft.updateElementValue(element, 'Menu de lundi');
    await schedule({ at: later(2 * HOUR) });
    // A second set later, stacked on the first.
    await f.repos.draft.updateElementValue(element, 'Menu de mardi');
    await schedule({ at: later(DAY) });
    const live = valueOf(await kioskSnapshot(), element);

    const before = await preview(`?at=${encodeURIComponent(later(HOUR))}`);
    expect(valueOf(before, element)).toBe(live);
    expect(before.generatedAt).toBe(later(HOUR));
    const between = await preview(`?at=${encodeURIComponent(later(3 * HOUR))}`);
    expect(valueOf(between, element)).toBe('Menu de lundi');
    // An offset is an instant like any other; past the catalogue's window (2 days) it is gone.
    const inThreeDays = new Date(f.clock.now.getTime() + 3 * DAY);
    const offset = new Date(inThreeDays.getTime() + HOUR).toISOString().replace('Z', '+01:00');
    const after = await preview(`?at=${encodeURIComponent(offset)}`);
    expect(valueOf(after, element)).toBe('Menu de mardi');
    expect(after.subgroups.map((group) => group.subgroupid)).not.toContain(f.ids.catalogue);
    // Nothing went live.
    expect(valueOf(await kioskSnapshot(), element)).toBe(live);
  });

  it('with one set: live plus that set only', async () => {
    const first = f.ids.planElements[2]!;
    const second = f.ids.planElements[3]!;
    await f.repos.draft.updateElementValue(first, 'Premier');
    const { id } = await schedule({ at: later(HOUR) });
    await f.repos.draft.updateElementValue(second, 'Second');
    await schedule({ at: later(2 * HOUR) });
    const live = await kioskSnapshot();
    const snapshot = await preview(`?set=${id}`);
    expect(valueOf(snapshot, first)).toBe('Premier');
    expect(valueOf(snapshot, second)).toBe(valueOf(live, second));
  });

  it('may be asked by an editor of the development', async () => {
    const editor = await f.asEditor();
    const response = await editor.get(previewUrl('?source=draft'));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses without a session (401) and to an editor of another development (403), uncached', async () => {
    const anonymous = await f.app.inject({ method: 'GET', url: previewUrl('?source=draft') });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const other = await f.asOtherEditor();
    const forbidden = await other.get(previewUrl('?source=draft'));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');
    expect(forbidden.json<Envelope<null>>().data).toBeNull();
  });

  it('answers 400 in French unless given exactly one valid input, uncached', async () => {
    const admin = await f.asAdmin();
    for (const query of [
      '',
      '?source=draft&set=1',
      `?source=draft&at=${encodeURIComponent(later(HOUR))}`,
      '?source=live',
      '?at=demain',
      '?at=2026-11-30T05:00:00',
      '?set=abc',
      '?set=0',
    ]) {
      const response = await admin.get(previewUrl(query));
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['cache-control'], query).toBe('no-store');
      const body = response.json<Envelope<null>>();
      expect(body.data, query).toBeNull();
      expect(body.message, query).toMatch(/[«é]/);
    }
  });

  it('answers 404 for a set of another development or none, and a development that does not exist', async () => {
    const admin = await f.asAdmin();
    await f.repos.draft.updateElementValue(f.ids.planElements[0]!, 'Ailleurs');
    const { id } = await schedule({ at: later(HOUR) });
    const missing = await admin.get(previewUrl(`?set=${id + 100}`));
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json<Envelope<null>>().message).toMatch(/n’existe pas/);
    const elsewhere = await admin.get(previewUrl(`?set=${id}`, f.ids.otherDevid));
    expect(elsewhere.statusCode).toBe(404);
    const nowhere = await admin.get(previewUrl('?source=draft', 999_999));
    expect(nowhere.statusCode).toBe(404);
  });
});
