import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_NOW, seedFixture, type FixtureIds } from '../testing/fixture.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../testing/test-database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';

let handle: DatabaseHandle;
let repos: Repositories;
let ids: FixtureIds;
const now = FIXTURE_NOW;
const later = new Date(FIXTURE_NOW.getTime() + 3 * 86_400_000);

beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
  ids = await seedFixture(repos);
});
afterAll(async () => {
  await handle.close();
});

const orders = (items: { order: number }[]) => items.map((item) => item.order);

describe('content repository batches', () => {
  it('lists elements sorted by order', async () => {
    expect(orders(await repos.live.listElements(ids.planZone))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('selects the half-open range [order, order + quantity)', async () => {
    expect(orders(await repos.live.listElements(ids.planZone, { order: 1, quantity: 3 }))).toEqual([
      1, 2, 3,
    ]);
    expect(orders(await repos.live.listElements(ids.planZone, { order: 4, quantity: 3 }))).toEqual([
      4, 5, 6,
    ]);
    expect(orders(await repos.live.listElements(ids.planZone, { order: 7, quantity: 3 }))).toEqual([
      7,
    ]);
    expect(await repos.live.listElements(ids.planZone, { order: 10, quantity: 3 })).toEqual([]);
    expect(orders(await repos.live.listElements(ids.planZone, { order: 5 }))).toEqual([5, 6, 7]);
    expect(orders(await repos.live.listElements(ids.planZone, { quantity: 2 }))).toEqual([1, 2]);
  });

  it('batches sub-elements the same way', async () => {
    const element = ids.planElements[0]!;
    expect(orders(await repos.live.listSubelements(element))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(orders(await repos.live.listSubelements(element, { order: 2, quantity: 2 }))).toEqual([
      2, 3,
    ]);
    expect(orders(await repos.live.listSubelements(element, { quantity: 4 }))).toEqual([
      1, 2, 3, 4,
    ]);
  });
});

describe('content repository expiry', () => {
  it('hides expired sub-groups from lists, lookups and populated lists', async () => {
    const live = await repos.live.listSubgroups(ids.category, now);
    expect(live.map((group) => group.subgroupid)).toEqual([ids.liveProduct, ids.catalogue]);
    expect(await repos.live.findSubgroup(ids.expiredProduct, now)).toBeUndefined();
    expect(await repos.live.findPopulatedSubgroup(ids.expiredProduct, now)).toBeUndefined();
    const populated = await repos.live.listPopulatedSubgroups(ids.category, undefined, [], now);
    expect(populated.map((group) => group.subgroupid)).toEqual([ids.liveProduct, ids.catalogue]);
    // The catalogue expires two days after `now`.
    expect((await repos.live.listSubgroups(ids.category, later)).map((g) => g.subgroupid)).toEqual([
      ids.liveProduct,
    ]);
  });

  it("leaves an expired sub-group's sub-elements out of the element's sub-elements", async () => {
    const values = (await repos.live.listSubelements(ids.category, {}, now)).map(
      (sub) => sub.value,
    );
    expect(values).toContain('Pompe Alpha');
    expect(values).not.toContain('Pompe Périmée');
  });

  it('leaves expired content out of the snapshot and knows when the next expiry is', async () => {
    const snapshot = (await repos.live.snapshot(ids.devid, now))!;
    expect(snapshot.subgroups.map((group) => group.subgroupid)).not.toContain(ids.expiredProduct);
    expect(snapshot.subelements.some((sub) => sub.value === 'Pompe Périmée')).toBe(false);
    expect(snapshot.subgroups.map((group) => group.subgroupid)).toContain(ids.catalogue);
    const next = await repos.live.nextExpiration(ids.devid, now);
    expect(next).toBe(new Date(now.getTime() + 2 * 86_400_000).toISOString());
    expect(await repos.live.nextExpiration(ids.devid, later)).toBeNull();
  });

  it('never mixes developments in a snapshot', async () => {
    const snapshot = (await repos.live.snapshot(ids.otherDevid, now))!;
    expect(snapshot.zones.map((zone) => zone.zoneid)).toEqual([ids.otherZone]);
    expect(snapshot.elements.map((element) => element.elementid)).toEqual([ids.otherElement]);
    expect(snapshot.subgroups.map((group) => group.subgroupid)).toEqual([ids.otherSubgroup]);
  });
});

describe('account repository', () => {
  it('bumps the token version to revoke tokens', async () => {
    const before = (await repos.accounts.tokenVersion(ids.otherDevid))!;
    expect(await repos.accounts.revokeTokens(ids.otherDevid)).toBe(before + 1);
    expect(await repos.accounts.tokenVersion(ids.otherDevid)).toBe(before + 1);
    expect(await repos.accounts.tokenVersion(999)).toBeUndefined();
  });
});
