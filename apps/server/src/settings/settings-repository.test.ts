/**
 * Published settings: a development's settings are published like content (decision 017) — a saved
 * draft changes nothing the kiosks read until a publish; the publish logs them as kind `setting`; a
 * discard returns the draft to the published settings; a rollback brings an older revision's
 * settings back; contentAt rebuilds them; the delta carries them only when they changed.
 * Runs on SQLite and, in the server-pg project, on PostgreSQL.
 */
import { DEFAULT_SETTINGS, type DevelopmentSettings } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../testing/test-database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';

let handle: DatabaseHandle;
let repos: Repositories;
let developments = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const author = { kind: 'system' as const, name: 'test', userid: null };
const NOW = new Date('2026-03-10T09:00:00.000Z');

async function development(): Promise<number> {
  const { devid } = await repos.developments.create(`settings-${++developments}`, NOW);
  // A first revision, as every development has one.
  await repos.revisions.publishDraft(devid, { author, source: 'creation', now: NOW });
  return devid;
}

const publish = (devid: number) =>
  repos.revisions.publishDraft(devid, { author, source: 'publish', now: NOW });

const form = (url: string): DevelopmentSettings => ({
  ...DEFAULT_SETTINGS,
  suggestionFormUrl: url,
  alarmTone: true,
});

describe('settings published with the revision', () => {
  it('a development without settings has the defaults, draft and published', async () => {
    const devid = await development();
    expect(await repos.settings.draft(devid)).toEqual(DEFAULT_SETTINGS);
    expect(await repos.settings.live(devid)).toEqual(DEFAULT_SETTINGS);
    expect(await repos.settings.unpublished(devid)).toBe(false);
    expect((await repos.live.snapshot(devid, NOW))!.settings).toEqual(DEFAULT_SETTINGS);
  });

  it('a saved setting changes nothing the kiosks read until a publish carries it', async () => {
    const devid = await development();
    const before = (await repos.live.snapshot(devid, NOW))!;
    await repos.settings.saveDraft(devid, form('https://forms.test/a'));
    expect(await repos.settings.unpublished(devid)).toBe(true);
    const unpublished = (await repos.live.snapshot(devid, NOW))!;
    expect(unpublished.settings).toEqual(DEFAULT_SETTINGS);
    expect(unpublished.version).toBe(before.version);
    expect(await repos.deltas.changes(devid, before.version, NOW)).toMatchObject({
      kind: 'unchanged',
    });

    const draft = (await repos.revisions.draftChanges(devid))!;
    expect(draft.counts.setting).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(draft.changes).toMatchObject([
      { kind: 'setting', itemId: devid, before: null, zoneid: null },
    ]);

    const outcome = (await publish(devid))!;
    expect(outcome).toMatchObject({ created: true, revision: before.version + 1 });
    expect(outcome.counts.setting).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(await repos.settings.unpublished(devid)).toBe(false);
    expect((await repos.live.snapshot(devid, NOW))!.settings).toEqual(form('https://forms.test/a'));
    const logged = await repos.revisions.changes(devid, outcome.revision, outcome.revision);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: 'setting', itemId: devid, before: null });
    expect(JSON.parse(String(logged[0]!.after!.settings))).toEqual(form('https://forms.test/a'));

    // The delta from the revision before carries the settings; a delta that does not span a
    // settings change has none.
    const delta = await repos.deltas.changes(devid, before.version, NOW, Number.POSITIVE_INFINITY);
    expect(delta).toMatchObject({ kind: 'delta' });
    if (delta?.kind !== 'delta') throw new Error('expected a delta');
    expect(delta.answer.settings).toEqual(form('https://forms.test/a'));
    await repos.draft.createZone({ devid, zonename: 'Zone', type: 'text' });
    const next = (await publish(devid))!;
    const later = await repos.deltas.changes(
      devid,
      outcome.revision,
      NOW,
      Number.POSITIVE_INFINITY,
    );
    if (later?.kind !== 'delta') throw new Error('expected a delta');
    expect(later.answer.to).toBe(next.revision);
    expect(later.answer).not.toHaveProperty('settings');
  });

  it('a discard returns the draft to the published settings', async () => {
    const devid = await development();
    await repos.settings.saveDraft(devid, form('https://forms.test/published'));
    await publish(devid);
    await repos.settings.saveDraft(devid, form('https://forms.test/draft'));
    const outcome = (await repos.revisions.discardDraft(devid))!;
    expect(outcome.counts.setting).toEqual({ added: 0, changed: 1, removed: 0 });
    expect(await repos.settings.draft(devid)).toEqual(form('https://forms.test/published'));
    expect(await repos.settings.unpublished(devid)).toBe(false);

    // A first save never published: the discard removes it (the defaults again).
    const fresh = await development();
    await repos.settings.saveDraft(fresh, form('https://forms.test/x'));
    await repos.revisions.discardDraft(fresh);
    expect(await repos.settings.draft(fresh)).toEqual(DEFAULT_SETTINGS);
    expect(await repos.settings.unpublished(fresh)).toBe(false);
  });

  it('a rollback restores an older revision’s settings; contentAt rebuilds them', async () => {
    const devid = await development();
    const first = (await repos.developments.find(devid))!.content_version;
    await repos.settings.saveDraft(devid, form('https://forms.test/one'));
    const one = (await publish(devid))!.revision;
    await repos.settings.saveDraft(devid, {
      ...form('https://forms.test/two'),
      inactivitySeconds: 900,
    });
    const two = (await publish(devid))!.revision;

    const at = async (revision: number) => {
      const content = (await repos.revisions.contentAt(devid, revision))!;
      return content.setting.map((row) => JSON.parse(String(row.settings)) as DevelopmentSettings);
    };
    expect(await at(first)).toEqual([]);
    expect(await at(one)).toEqual([form('https://forms.test/one')]);
    expect(await at(two)).toEqual([{ ...form('https://forms.test/two'), inactivitySeconds: 900 }]);

    const rollback = (await repos.revisions.rollbackTo(devid, one, { author, now: NOW }))!;
    expect(rollback).toMatchObject({ status: 'created', revision: two + 1 });
    expect((await repos.live.snapshot(devid, NOW))!.settings).toEqual(
      form('https://forms.test/one'),
    );
    // The draft follows live, as for content.
    expect(await repos.settings.draft(devid)).toEqual(form('https://forms.test/one'));
    expect(await repos.settings.unpublished(devid)).toBe(false);

    // Back to before any settings: the row goes, the defaults come back everywhere.
    await repos.revisions.rollbackTo(devid, first, { author, now: NOW });
    expect((await repos.live.snapshot(devid, NOW))!.settings).toEqual(DEFAULT_SETTINGS);
    expect(await repos.settings.draft(devid)).toEqual(DEFAULT_SETTINGS);
  });

  it('a zone’s publish leaves the settings in the draft', async () => {
    const devid = await development();
    const zone = await repos.draft.createZone({ devid, zonename: 'Zone', type: 'text' });
    await repos.settings.saveDraft(devid, form('https://forms.test/z'));
    await repos.revisions.publishDraft(devid, {
      author,
      source: 'publish',
      now: NOW,
      zoneid: zone.zoneid,
    });
    expect(await repos.settings.live(devid)).toEqual(DEFAULT_SETTINGS);
    expect(await repos.settings.unpublished(devid)).toBe(true);
  });
});

describe('the published opening hours (issue 48, part 2)', () => {
  const weekdays: DevelopmentSettings = {
    ...DEFAULT_SETTINGS,
    timeZone: 'America/New_York',
    openingHours: {
      kind: 'weekly',
      days: [...Array.from({ length: 5 }, () => [{ open: '06:00', close: '20:00' }]), [], []],
    },
  };

  it('travel with the publish, and several developments’ are read in one go', async () => {
    const open = await development();
    const untouched = await development();
    await repos.settings.saveDraft(open, weekdays);
    // A draft is not read: the published settings are.
    expect((await repos.settings.liveOf([open, untouched])).size).toBe(0);
    await publish(open);
    const live = await repos.settings.liveOf([open, untouched]);
    expect(live.get(open)).toEqual(weekdays);
    // Never published any: absent, so the defaults (always open).
    expect(live.has(untouched)).toBe(false);
    expect((await repos.live.snapshot(open, NOW))?.settings?.openingHours).toEqual(
      weekdays.openingHours,
    );
    expect((await repos.settings.liveOf()).get(open)).toEqual(weekdays);
    expect((await repos.settings.liveOf([])).size).toBe(0);
  });
});
