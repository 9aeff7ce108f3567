/**
 * Concurrent back-office writes to one development. SQLite runs one write at a time; PostgreSQL
 * runs them side by side (several pool connections, several instances), so appends that compute
 * "last order + 1" must still get distinct, contiguous orders, and every write its own version.
 */
import { type AdminElement, type AdminSubgroup, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminFixture, data, type AdminFixture } from '../testing/admin-fixture.js';

let f: AdminFixture;
beforeAll(async () => {
  f = await createAdminFixture();
});
afterAll(async () => {
  await f.close();
});

describe('concurrent back-office writes', () => {
  it('appends elements and sub-groups side by side with distinct, contiguous orders', async () => {
    const admin = await f.asAdmin();
    const versionBefore = (await f.repos.developments.find(f.ids.devid))!.draft_version;
    const count = 8;
    const elements = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        admin.post(pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }), {
          value: `Ajout ${i}`,
          type: 'text',
        }),
      ),
    );
    for (const response of elements) expect(response.statusCode).toBe(201);
    const orders = elements
      .map((response) => data<AdminElement>(response).order)
      .sort((a, b) => a - b);
    // The plan zone holds 7 elements: the new ones follow, one each.
    expect(orders).toEqual(Array.from({ length: count }, (_, i) => 8 + i));

    const groups = await Promise.all(
      Array.from({ length: count }, () =>
        admin.post(pathOf('adminCreateSubgroup', { params: { elementid: f.ids.category } }), {
          model: 'Affiche',
        }),
      ),
    );
    for (const response of groups) expect(response.statusCode, response.body).toBe(201);
    const groupOrders = groups
      .map((response) => data<AdminSubgroup>(response).order)
      .sort((a, b) => a - b);
    expect(groupOrders).toEqual(Array.from({ length: count }, (_, i) => 4 + i));

    // Every write bumped the draft version once.
    const versionAfter = (await f.repos.developments.find(f.ids.devid))!.draft_version;
    expect(versionAfter).toBe(versionBefore + 2 * count);
  });
});
