/**
 * English content, the back-office's side of a zone's English version. A zone's orders run through
 * its French elements, then its English ones (decision 021), whatever order elements are added or
 * reordered in. The draft's changes carry the publish's warnings — the visitor zones with French
 * content and no English version — and a publish with such warnings still goes through (a warning
 * never refuses it). The fixture's development holds two visitor zones, both French only: "Plan
 * du site" and "Produits". Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  type AdminElement,
  type DraftChanges,
  type PublishResponse,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

describe('missing translations, warned before a publish', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture();
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  // The translation warnings (the images' missing text alternatives are warnings of their own).
  const warnings = async () =>
    data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    ).warnings.filter((warning) => warning.code === 'missing-translation');

  it('names each French-only visitor zone until it has an English element', async () => {
    expect((await warnings()).map((warning) => [warning.code, warning.zonename])).toEqual([
      ['missing-translation', 'Plan du site'],
      ['missing-translation', 'Produits'],
    ]);

    const created = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value: 'Site plan',
        type: 'text',
        lang: 'en',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(data<AdminElement>(created).lang).toBe('en');

    const left = await warnings();
    expect(left).toEqual([
      {
        code: 'missing-translation',
        zoneid: f.ids.productsZone,
        zonename: 'Produits',
        elementid: null,
        subgroupid: null,
        subelementid: null,
        message:
          'Zone « Produits » (page visiteurs « Gamme ») n’a pas de version anglaise : les visiteurs en anglais la verront en français.',
      },
    ]);

    // A warning does not refuse the publish.
    const published = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(data<PublishResponse>(published).created).toBe(true);
    // Nothing left to publish, but the warning stays as long as the zone is untranslated.
    expect(await warnings()).toHaveLength(1);
  });

  it('is refused, in French, for a language the content does not have', async () => {
    const refused = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.productsZone } }),
      {
        value: 'Perfume',
        type: 'group',
        lang: 'de',
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ data: null, error: 'bad_request' });
    expect(await warnings()).toHaveLength(1);
  });
});

describe('a zone’s orders: French first, then English', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture();
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  const add = async (value: string, lang?: 'en') => {
    const response = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value,
        type: 'text',
        ...(lang ? { lang } : {}),
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    return data<AdminElement>(response);
  };
  const listed = async () =>
    data<AdminElement[]>(
      await editor.get(pathOf('adminElements', { params: { zoneid: f.ids.planZone } })),
    ).map((e) => [e.value, e.order, e.lang ?? 'fr']);

  it('keeps the English elements after the French ones when adding and reordering', async () => {
    const french = (await listed()).map(([value]) => value);
    expect(french).toHaveLength(7);
    await add('Site plan', 'en');
    await add('Gate', 'en');
    // A French element added after English ones takes the last French place.
    const late = await add('Légende ajoutée');
    expect(late.order).toBe(8);
    expect((await listed()).slice(6)).toEqual([
      ['/media/images/plan-7.png', 7, 'fr'],
      ['Légende ajoutée', 8, 'fr'],
      ['Site plan', 9, 'en'],
      ['Gate', 10, 'en'],
    ]);

    // The English column reordered: the whole zone's ids, French ones untouched.
    const ids = data<AdminElement[]>(
      await editor.get(pathOf('adminElements', { params: { zoneid: f.ids.planZone } })),
    ).map((e) => e.elementid);
    const swapped = [...ids.slice(0, 8), ids[9]!, ids[8]!];
    const reordered = await editor.put(
      pathOf('adminReorderElements', { params: { zoneid: f.ids.planZone } }),
      { ids: swapped },
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await listed()).slice(8)).toEqual([
      ['Gate', 9, 'en'],
      ['Site plan', 10, 'en'],
    ]);

    // An order that mixes the languages is put back in the rule's shape, each keeping its sequence.
    const mixed = [swapped[8]!, ...swapped.slice(0, 8), swapped[9]!];
    const fixed = await editor.put(
      pathOf('adminReorderElements', { params: { zoneid: f.ids.planZone } }),
      { ids: mixed },
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(data<AdminElement[]>(fixed).map((e) => e.elementid)).toEqual(swapped);
  });
});
