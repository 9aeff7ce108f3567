import {
  type Element,
  type Envelope,
  type PopulatedSubgroup,
  type Subelement,
  type Subgroup,
  type Zone,
  pathOf,
} from '@plant-kiosk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, publishDraftDirectly, type Fixture } from '../testing/fixture.js';

let f: Fixture;
let headers: Record<string, string>;

beforeAll(async () => {
  f = await createFixture();
  headers = await f.auth();
});
afterAll(async () => {
  await f.close();
});

const get = (url: string) => f.app.inject({ method: 'GET', url, headers });
const body = <T>(response: LightMyRequestResponse) => response.json<Envelope<T>>();
const data = async <T>(url: string): Promise<T> => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  const envelope = body<T>(response);
  expect(envelope.error).toBeNull();
  return envelope.data as T;
};
const expectError = async (url: string, status: number, message: RegExp) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(status);
  const envelope = body<null>(response);
  expect(envelope.data).toBeNull();
  expect(envelope.error).toEqual(expect.any(String));
  expect(envelope.message).toMatch(message);
};
const orders = (items: { order: number }[]) => items.map((item) => item.order);

describe('HEAD /display/ping', () => {
  it('answers 200 with no body and needs no token', async () => {
    const response = await f.app.inject({ method: 'HEAD', url: pathOf('ping') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('zones', () => {
  it('lists the zones of the development', async () => {
    const zones = await data<Zone[]>(pathOf('zones', { params: { devid: f.ids.devid } }));
    expect(zones.map((zone) => zone.zonename)).toEqual(['Plan du site', 'Produits']);
    expect(zones[0]).toEqual({
      zoneid: f.ids.planZone,
      zonename: 'Plan du site',
      devid: f.ids.devid,
      type: 'images',
      checkList: false,
    });
  });

  it('finds one zone by name, accents and spaces included', async () => {
    const zone = await data<Zone>(
      pathOf('zone', { params: { devid: f.ids.devid, zonename: 'Plan du site' } }),
    );
    expect(zone.zoneid).toBe(f.ids.planZone);
    await expectError(
      pathOf('zone', { params: { devid: f.ids.devid, zonename: 'Défibrillateurs' } }),
      404,
      /"Défibrillateurs" not found/,
    );
  });
});

describe('elements and sub-elements', () => {
  it('lists elements sorted by order', async () => {
    const elements = await data<Element[]>(
      pathOf('elements', { params: { zoneid: f.ids.planZone } }),
    );
    expect(orders(elements)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(elements[0]).toMatchObject({ zoneid: f.ids.planZone, type: 'image' });
  });

  it('pages through batches "from order N, Q items" until an empty batch', async () => {
    const seen: number[][] = [];
    for (let order = 1; ; order += 3) {
      const batch = await data<Element[]>(
        pathOf('elements', { params: { zoneid: f.ids.planZone }, query: { order, quantity: 3 } }),
      );
      if (batch.length === 0) break;
      seen.push(orders(batch));
    }
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(
      orders(
        await data<Element[]>(
          pathOf('elements', { params: { zoneid: f.ids.planZone }, query: { quantity: 2 } }),
        ),
      ),
    ).toEqual([1, 2]);
    expect(
      orders(
        await data<Element[]>(
          pathOf('elements', { params: { zoneid: f.ids.planZone }, query: { order: 6 } }),
        ),
      ),
    ).toEqual([6, 7]);
  });

  it('lists and batches sub-elements', async () => {
    const element = f.ids.planElements[0]!;
    expect(
      orders(await data<Subelement[]>(pathOf('subelements', { params: { elementid: element } }))),
    ).toEqual([1, 2, 3, 4, 5, 6]);
    expect(
      orders(
        await data<Subelement[]>(
          pathOf('subelements', {
            params: { elementid: element },
            query: { order: 5, quantity: 5 },
          }),
        ),
      ),
    ).toEqual([5, 6]);
    const withGroups = await data<Subelement[]>(
      pathOf('subelements', { params: { elementid: f.ids.category } }),
    );
    expect(withGroups.find((sub) => sub.value === 'Pompe Alpha')?.subgroupinfo).toEqual({
      subgroupid: f.ids.liveProduct,
      fieldlabel: 'titre',
    });
  });

  it('hides the sub-elements of an expired sub-group', async () => {
    const values = (
      await data<Subelement[]>(pathOf('subelements', { params: { elementid: f.ids.category } }))
    ).map((s) => s.value);
    expect(values).not.toContain('Pompe Périmée');
  });

  it('answers 404 for an element list of a zone that does not exist', async () => {
    await expectError(
      pathOf('elements', { params: { zoneid: 999_999 } }),
      404,
      /Zone 999999 not found/,
    );
    await expectError(
      pathOf('subelements', { params: { elementid: 999_999 } }),
      404,
      /Element 999999 not found/,
    );
  });
});

describe('sub-groups', () => {
  it("lists an element's live sub-groups sorted by order", async () => {
    const groups = await data<Subgroup[]>(
      pathOf('subgroups', { params: { elementid: f.ids.category } }),
    );
    expect(groups.map((group) => [group.order, group.label])).toEqual([
      [1, 'Produit'],
      [3, 'Catalogue'],
    ]);
  });

  it('populates sub-groups by model label, with only the requested fields', async () => {
    const products = await data<PopulatedSubgroup[]>(
      pathOf('populatedSubgroups', {
        params: { elementid: f.ids.category, modelLabel: 'Produit' },
        query: { fields: ['titre', 'image'] },
      }),
    );
    expect(products).toHaveLength(1);
    expect(products[0]!.subgroupid).toBe(f.ids.liveProduct);
    expect(Object.keys(products[0]!.fields).sort()).toEqual(['image', 'titre']);
    expect(products[0]!.fields.image!.map((sub) => sub.order)).toEqual([1, 2]);
  });

  it('takes a single `fields` value as a one-item list', async () => {
    const products = await data<PopulatedSubgroup[]>(
      `/display/subgroups/${f.ids.category}/populated/Produit?fields=titre`,
    );
    expect(Object.keys(products[0]!.fields)).toEqual(['titre']);
  });

  it('populates every model with `all`, all fields when none are asked for', async () => {
    const groups = await data<PopulatedSubgroup[]>(
      pathOf('populatedSubgroups', { params: { elementid: f.ids.category, modelLabel: 'all' } }),
    );
    expect(groups.map((group) => group.label)).toEqual(['Produit', 'Catalogue']);
    expect(Object.keys(groups[1]!.fields).sort()).toEqual(['pages', 'qr']);
  });

  it('answers 404 naming the label and the known labels for an unknown model', async () => {
    await expectError(
      pathOf('populatedSubgroups', {
        params: { elementid: f.ids.category, modelLabel: 'Produits' },
      }),
      404,
      /Unknown model label "Produits": known labels are .*"Produit".*"all"/,
    );
  });

  it('answers 400 for a field no model has', async () => {
    await expectError(
      pathOf('populatedSubgroups', {
        params: { elementid: f.ids.category, modelLabel: 'Produit' },
        query: { fields: ['prix'] },
      }),
      400,
      /'fields': "prix" not a field of "Produit"/,
    );
  });

  it("lists one sub-group's sub-elements, and one field's", async () => {
    const all = await data<Subelement[]>(
      pathOf('subgroupSubelements', { params: { subgroupid: f.ids.liveProduct } }),
    );
    expect(all.map((sub) => sub.subgroupinfo?.fieldlabel).sort()).toEqual([
      'détail_produit',
      'image',
      'image',
      'titre',
    ]);
    const images = await data<Subelement[]>(
      pathOf('subgroupFieldSubelements', {
        params: { subgroupid: f.ids.liveProduct, fieldlabel: 'image' },
      }),
    );
    expect(images.map((sub) => sub.value)).toEqual([
      '/media/products/alpha-1.png',
      '/media/products/alpha-2.png',
    ]);
    await expectError(
      pathOf('subgroupFieldSubelements', {
        params: { subgroupid: f.ids.liveProduct, fieldlabel: 'prix' },
      }),
      404,
      /"prix" is not a field of model "Produit"/,
    );
  });

  it('returns one populated sub-group', async () => {
    const group = await data<PopulatedSubgroup>(
      pathOf('populatedSubgroup', { params: { subgroupid: f.ids.catalogue } }),
    );
    expect(group).toMatchObject({ subgroupid: f.ids.catalogue, label: 'Catalogue', order: 3 });
    expect(group.fields.pages!.map((sub) => sub.order)).toEqual([1, 2]);
  });

  it('serves no expired sub-group anywhere (404 for a direct lookup)', async () => {
    const id = f.ids.expiredProduct;
    await expectError(
      pathOf('populatedSubgroup', { params: { subgroupid: id } }),
      404,
      /not found \(or expired\)/,
    );
    await expectError(
      pathOf('subgroupSubelements', { params: { subgroupid: id } }),
      404,
      /not found \(or expired\)/,
    );
    await expectError(
      pathOf('subgroupFieldSubelements', { params: { subgroupid: id, fieldlabel: 'titre' } }),
      404,
      /not found \(or expired\)/,
    );
    const listed = await data<Subgroup[]>(
      pathOf('subgroups', { params: { elementid: f.ids.category } }),
    );
    expect(listed.map((group) => group.subgroupid)).not.toContain(id);
    const populated = await data<PopulatedSubgroup[]>(
      pathOf('populatedSubgroups', { params: { elementid: f.ids.category, modelLabel: 'all' } }),
    );
    expect(populated.map((group) => group.subgroupid)).not.toContain(id);
  });

  it('stops serving a sub-group once its expiration date passes', async () => {
    f.clock.now = new Date(f.clock.now.getTime() + 3 * 86_400_000);
    try {
      await expectError(
        pathOf('populatedSubgroup', { params: { subgroupid: f.ids.catalogue } }),
        404,
        /expired/,
      );
      const listed = await data<Subgroup[]>(
        pathOf('subgroups', { params: { elementid: f.ids.category } }),
      );
      expect(listed.map((group) => group.subgroupid)).toEqual([f.ids.liveProduct]);
    } finally {
      f.clock.now = new Date(f.clock.now.getTime() - 3 * 86_400_000);
    }
  });
});

describe('bad input: 400 with the parameter named, never 5xx', () => {
  it.each([
    ['/display/elements/abc', /path parameter 'zoneid'.*got "abc"/],
    ['/display/elements/0', /'zoneid': must be an integer from 1 to 2147483647/],
    ['/display/elements/-3', /'zoneid'/],
    ['/display/elements/1.5', /'zoneid'/],
    ['/display/elements/0x10', /'zoneid'/],
    ['/display/elements/1e3', /'zoneid'/],
    ['/display/elements/2147483648', /'zoneid'/],
    ['/display/elements/99999999999999999999', /'zoneid'/],
    ['/display/zones/x', /'devid'/],
    ['/display/subelements/%20', /'elementid'/],
    ['/display/x/subgroups', /'elementid'/],
    ['/display/subgroup/abc/populated', /'subgroupid'/],
    ['/display/subgroups/abc/populated/all', /'elementid'/],
  ])('%s', async (url, message) => {
    await expectError(url, 400, message);
  });

  it.each([
    ['quantity=0', /query parameter 'quantity': must be an integer from 1 to 1000/],
    ['quantity=-1', /'quantity'/],
    ['quantity=1001', /'quantity'/],
    ['quantity=99999999999', /'quantity'/],
    ['quantity=abc', /'quantity'.*"abc"/],
    ['order=-1', /query parameter 'order': must be an integer from 0 to 1000000/],
    ['order=1000001', /'order'/],
    ['order=1&order=2', /'order'/],
  ])('elements?%s', async (query, message) => {
    await expectError(`/display/elements/${f.ids.planZone}?${query}`, 400, message);
  });

  it('rejects more than 40 fields', async () => {
    const query = Array.from({ length: 41 }, (_, i) => `fields=f${i}`).join('&');
    await expectError(
      `/display/subgroups/${f.ids.category}/populated/all?${query}`,
      400,
      /'fields'/,
    );
  });
});

describe('response cache', () => {
  it('serves a change at once after a publish through this server', async () => {
    const c = await createFixture();
    try {
      const auth = await c.auth();
      const url = pathOf('elements', { params: { zoneid: c.ids.planZone } });
      const values = async () =>
        (await c.app.inject({ url, headers: auth }))
          .json<Envelope<Element[]>>()
          .data!.map((e) => e.value);
      expect(await values()).toHaveLength(7);
      await c.repos.draft.updateElementValue(c.ids.planElements[0]!, '/media/images/new-plan.png');
      const published = await c.app.inject({
        method: 'POST',
        url: pathOf('publish', { params: { devid: c.ids.devid } }),
        headers: { authorization: `Bearer ${c.config.publishToken}` },
      });
      expect(published.statusCode).toBe(200);
      expect((await values())[0]).toBe('/media/images/new-plan.png');
    } finally {
      await c.close();
    }
  });

  it('sees a version bumped by another process within the version check delay', async () => {
    const clock = { ms: 0 };
    const c = await createFixture({
      app: { contentVersionCacheMs: 100, cacheClock: () => clock.ms },
    });
    try {
      const auth = await c.auth();
      const names = async () =>
        (
          await c.app.inject({
            url: pathOf('zones', { params: { devid: c.ids.devid } }),
            headers: auth,
          })
        )
          .json<Envelope<Zone[]>>()
          .data!.map((zone) => zone.zonename);
      expect(await names()).toEqual(['Plan du site', 'Produits']);
      // As the back-office or the CLI would, from another process: write, then publish.
      await c.repos.draft.createZone({ devid: c.ids.devid, zonename: 'Menu', type: 'images' });
      await publishDraftDirectly(c.repos, c.ids.devid);
      clock.ms = 99;
      expect(await names()).toEqual(['Plan du site', 'Produits']);
      clock.ms = 100;
      expect(await names()).toEqual(['Plan du site', 'Produits', 'Menu']);
    } finally {
      await c.close();
    }
  });

  it('still refuses another development on a cached response', async () => {
    const url = pathOf('elements', { params: { zoneid: f.ids.planZone } });
    expect((await get(url)).statusCode).toBe(200);
    expect(f.app.kiosk.responses.size).toBeGreaterThan(0);
    const other = await f.app.inject({ url, headers: await f.auth(f.ids.otherDevid) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('plan-1.png');
  });
});
