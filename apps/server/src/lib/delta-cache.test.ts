/**
 * The delta cache's own rules, on a real store: one build per (development, revision asked) and
 * version, rebuilt when a sub-group expires, bounded by entries and by bytes (oldest evicted).
 * The route's use of it (concurrent kiosks, publishes) is in display/changes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { FIXTURE_NOW, seedFixture, type FixtureIds } from '../testing/fixture.js';
import { openTestDatabase } from '../testing/test-database.js';
import { ContentVersions } from './content-versions.js';
import { DeltaCache } from './delta-cache.js';

const DAY = 86_400_000;

let handle: DatabaseHandle;
let repos: Repositories;
let ids: FixtureIds;
const clock = { now: new Date(FIXTURE_NOW) };
const now = () => clock.now;

beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
  ids = await seedFixture(repos);
  // Revision 2, so that revision 1 has a delta (a body) to keep.
  await repos.draft.updateElementValue(ids.planElements[0]!, '/media/images/cache.png');
  await repos.revisions.publishDraft(ids.devid, {
    author: { kind: 'system', name: 'test', userid: null },
    source: 'publish',
    now: FIXTURE_NOW,
  });
});
afterAll(async () => {
  await handle?.close();
});

const cacheWith = (options: { maxEntries?: number; maxBytes?: number } = {}) =>
  new DeltaCache(repos.deltas, new ContentVersions(repos, now), now, options);

describe('DeltaCache', () => {
  it('keeps an answer until a sub-group expires, then rebuilds it', async () => {
    const cache = cacheWith();
    const build = vi.spyOn(repos.deltas, 'changes');
    try {
      const first = await cache.get(ids.devid, 1);
      expect(first?.body).toBeDefined();
      expect(first?.validUntil).toBe(FIXTURE_NOW.getTime() + 2 * DAY); // the catalogue's date
      expect(await cache.get(ids.devid, 1)).toBe(first);
      expect(await cache.get(ids.devid, 2)).toMatchObject({ body: undefined }); // 304
      expect(build).toHaveBeenCalledTimes(2);
      clock.now = new Date(FIXTURE_NOW.getTime() + 3 * DAY);
      const later = await cache.get(ids.devid, 2);
      expect(later?.body).toBeDefined(); // the catalogue expired since revision 2
      expect(build).toHaveBeenCalledTimes(3);
    } finally {
      clock.now = new Date(FIXTURE_NOW);
      build.mockRestore();
    }
  });

  it('keeps at most maxEntries answers, evicting the oldest', async () => {
    const cache = cacheWith({ maxEntries: 2 });
    const build = vi.spyOn(repos.deltas, 'changes');
    try {
      for (const since of [1, 2, 5]) await cache.get(ids.devid, since);
      expect(cache.size).toBe(2);
      await cache.get(ids.devid, 5);
      await cache.get(ids.devid, 2);
      expect(build).toHaveBeenCalledTimes(3);
      await cache.get(ids.devid, 1); // evicted: built again
      expect(build).toHaveBeenCalledTimes(4);
    } finally {
      build.mockRestore();
    }
  });

  it('keeps at most maxBytes of bodies, and never one larger than that', async () => {
    const size = (await cacheWith().get(ids.devid, 1))!.body!.length;
    const cache = cacheWith({ maxBytes: size });
    await cache.get(ids.devid, 1);
    await cache.get(ids.devid, 0); // a "full" answer, smaller: the delta goes
    expect(cache.size).toBe(1);
    const tiny = cacheWith({ maxBytes: 10 });
    expect((await tiny.get(ids.devid, 1))?.body?.length).toBe(size);
    expect(tiny.size).toBe(0);
  });

  it('answers undefined for a development that does not exist', async () => {
    expect(await cacheWith().get(999_999, 1)).toBeUndefined();
  });
});
