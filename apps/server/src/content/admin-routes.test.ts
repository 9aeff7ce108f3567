import {
  type AdminElement,
  type AdminSubelement,
  type AdminSubgroup,
  type AdminZone,
  type AuditEntry,
  type ContentModel,
  type DeletedResponse,
  type Envelope,
  type Subelement,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../lib/admin/errors.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

// One fixture for the file (building the app is the slow part): each test works on zones it
// creates, or on fixture content no other test relies on.
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

const envelope = <T>(response: { json: <U>() => U }) => response.json<Envelope<T>>();
let zoneCount = 0;

async function newZone(
  client: AdminClient = admin,
  body: Record<string, unknown> = {},
): Promise<AdminZone> {
  const response = await client.post(
    pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
    {
      zonename: `Zone d’essai ${++zoneCount}`,
      type: 'images',
      ...body,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return data<AdminZone>(response);
}

async function newElement(zoneid: number, value: string): Promise<AdminElement> {
  const response = await admin.post(pathOf('adminCreateElement', { params: { zoneid } }), {
    value,
    type: 'text',
  });
  expect(response.statusCode, response.body).toBe(201);
  return data<AdminElement>(response);
}

async function snapshotEtag(): Promise<string> {
  const response = await f.app.inject({
    method: 'GET',
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers: await f.auth(),
  });
  expect(response.statusCode).toBe(200);
  return String(response.headers.etag);
}

/**
 * Publishes the draft (the back-office's button), then hands the kiosk's reads of the live
 * content: what these tests check of the kiosk side only shows once published.
 */
async function live() {
  const response = await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {});
  expect(response.statusCode, response.body).toBe(200);
  return f.repos.live;
}

const draftVersion = async () => (await f.repos.developments.find(f.ids.devid))!.draft_version;

/** Every sub-element of an element as the kiosk reads them (spec call) once published, in order. */
async function kioskSubelements(elementid: number): Promise<Subelement[]> {
  await live();
  const response = await f.app.inject({
    method: 'GET',
    url: pathOf('subelements', { params: { elementid } }),
    headers: await f.auth(),
  });
  return envelope<Subelement[]>(response).data!;
}

describe('zones', () => {
  it('creates a zone (version 1), lists it, and refuses a second zone of the same name', async () => {
    const response = await admin.post(
      pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
      {
        zonename: 'Consignes',
        type: 'text',
        checkList: true,
      },
    );
    expect(response.statusCode).toBe(201);
    const zone = data<AdminZone>(response);
    expect(zone).toMatchObject({
      devid: f.ids.devid,
      zonename: 'Consignes',
      type: 'text',
      checkList: true,
      version: 1,
    });
    const list = data<AdminZone[]>(
      await admin.get(pathOf('adminZones', { params: { devid: f.ids.devid } })),
    );
    expect(list.map((item) => item.zonename)).toContain('Consignes');
    expect(list.find((item) => item.zonename === 'Plan du site')?.version).toBe(1);

    const again = await admin.post(pathOf('adminCreateZone', { params: { devid: f.ids.devid } }), {
      zonename: 'Consignes',
      type: 'images',
    });
    expect(again.statusCode).toBe(409);
    expect(envelope<null>(again)).toEqual({
      data: null,
      message: 'Une zone nommée « Consignes » existe déjà dans ce développement.',
      error: 'conflict',
    });
  });

  it('answers 400 with a French message for each invalid field, and writes nothing', async () => {
    const before = (await f.repos.draft.listZones(f.ids.devid)).length;
    const cases: Array<[unknown, string]> = [
      [{ type: 'images' }, 'Le champ « zonename » est obligatoire.'],
      [{ zonename: '', type: 'images' }, 'Le champ « zonename » ne doit pas être vide.'],
      [
        { zonename: ' Menu', type: 'images' },
        'Le champ « zonename » ne doit pas commencer ni finir par un espace.',
      ],
      [
        { zonename: 'x'.repeat(121), type: 'images' },
        'Le champ « zonename » ne doit pas dépasser 120 caractères.',
      ],
      [
        { zonename: 'Menu 2', type: 'photos' },
        'Le champ « type » doit valoir "images", "subgroups", "text", "videos".',
      ],
      [
        { zonename: 'Menu 2', type: 'images', checkList: 'oui' },
        'Le champ « checkList » doit être vrai ou faux.',
      ],
      [[], 'Le corps de la requête doit être un objet JSON.'],
    ];
    for (const [payload, message] of cases) {
      const response = await admin.post(
        pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
        payload,
      );
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope<null>(response)).toEqual({ data: null, message, error: 'bad_request' });
    }
    expect(await f.repos.draft.listZones(f.ids.devid)).toHaveLength(before);
  });

  it('renames with the version it edited; a stale version gets 409 with the current zone and changes nothing', async () => {
    const zone = await newZone();
    const first = await admin.patch(
      pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }),
      {
        expectedVersion: 1,
        zonename: 'Renommée par Alice',
      },
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(data<AdminZone>(first)).toMatchObject({ zonename: 'Renommée par Alice', version: 2 });

    // Bob still has version 1 on screen.
    const second = await editor.patch(
      pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }),
      {
        expectedVersion: 1,
        zonename: 'Renommée par Bob',
        type: 'videos',
      },
    );
    expect(second.statusCode).toBe(409);
    const body = envelope<AdminZone>(second);
    expect(body.error).toBe('conflict');
    expect(body.message).toBe(ADMIN_MESSAGES.versionConflict);
    expect(body.message).toMatch(/^Cet élément a été modifié par quelqu’un d’autre/);
    expect(body.data).toMatchObject({
      zoneid: zone.zoneid,
      zonename: 'Renommée par Alice',
      version: 2,
    });
    expect(await (await live()).findZone(zone.zoneid)).toMatchObject({
      zonename: 'Renommée par Alice',
      type: 'images',
    });
  });

  it('refuses an update that changes nothing, or renames onto another zone', async () => {
    const zone = await newZone();
    const empty = await admin.patch(
      pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }),
      { expectedVersion: 1 },
    );
    expect(empty.statusCode).toBe(400);
    expect(envelope<null>(empty).message).toBe(ADMIN_MESSAGES.nothingToChange);
    const taken = await admin.patch(
      pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }),
      {
        expectedVersion: 1,
        zonename: 'Plan du site',
      },
    );
    expect(taken.statusCode).toBe(409);
    const missingVersion = await admin.patch(
      pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }),
      {
        zonename: 'Sans version',
      },
    );
    expect(missingVersion.statusCode).toBe(400);
    expect(envelope<null>(missingVersion).message).toBe(
      'Le champ « expectedVersion » est obligatoire.',
    );
  });

  it('deletes a zone with everything in it, only at the expected version', async () => {
    const zone = await newZone(admin, { type: 'subgroups' });
    const element = await newElement(zone.zoneid, 'Catégorie');
    await admin.post(
      pathOf('adminCreateSubelement', { params: { elementid: element.elementid } }),
      { value: 'Note', type: 'text' },
    );
    const group = await admin.post(
      pathOf('adminCreateSubgroup', { params: { elementid: element.elementid } }),
      {
        model: 'Affiche',
        fields: { image: [{ value: 'media/images/affiche.svg', type: 'image' }] },
      },
    );
    expect(group.statusCode, group.body).toBe(201);
    const subgroupid = data<AdminSubgroup>(group).subgroupid;

    for (const url of [
      `${pathOf('adminZone', { params: { zoneid: zone.zoneid } })}`,
      `${pathOf('adminZone', { params: { zoneid: zone.zoneid } })}?expectedVersion=abc`,
      `${pathOf('adminZone', { params: { zoneid: zone.zoneid } })}?expectedVersion=0x1`,
    ]) {
      expect((await admin.delete(url)).statusCode, url).toBe(400);
    }
    const stale = await admin.delete(
      pathOf('adminDeleteZone', { params: { zoneid: zone.zoneid }, query: { expectedVersion: 7 } }),
    );
    expect(stale.statusCode).toBe(409);
    expect(envelope<AdminZone>(stale).data?.version).toBe(1);
    expect(await (await live()).findZone(zone.zoneid)).toBeDefined();

    const deleted = await admin.delete(
      pathOf('adminDeleteZone', { params: { zoneid: zone.zoneid }, query: { expectedVersion: 1 } }),
    );
    expect(deleted.statusCode).toBe(200);
    expect(data<DeletedResponse>(deleted)).toEqual({ deleted: zone.zoneid });
    expect(await (await live()).findZone(zone.zoneid)).toBeUndefined();
    expect(await (await live()).findElement(element.elementid)).toBeUndefined();
    expect(await (await live()).listSubelements(element.elementid)).toEqual([]);
    expect(await f.repos.draft.findSubgroup(subgroupid, f.clock.now)).toBeUndefined();
    expect(
      (
        await admin.delete(
          pathOf('adminDeleteZone', {
            params: { zoneid: zone.zoneid },
            query: { expectedVersion: 1 },
          }),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('elements', () => {
  it('appends elements in order and lists them with their versions', async () => {
    const zone = await newZone();
    const a = await newElement(zone.zoneid, 'A');
    const b = await newElement(zone.zoneid, 'B');
    expect([a.order, b.order]).toEqual([1, 2]);
    expect(a.version).toBe(1);
    expect(a.addingdate).toBe(f.clock.now.toISOString());
    const list = data<AdminElement[]>(
      await admin.get(pathOf('adminElements', { params: { zoneid: zone.zoneid } })),
    );
    expect(list.map((item) => [item.value, item.order, item.version])).toEqual([
      ['A', 1, 1],
      ['B', 2, 1],
    ]);
  });

  it('edits value and type with the version; a stale save gets 409 and overwrites nothing', async () => {
    const zone = await newZone();
    const element = await newElement(zone.zoneid, 'Texte');
    const saved = await admin.patch(
      pathOf('adminUpdateElement', { params: { elementid: element.elementid } }),
      {
        expectedVersion: 1,
        type: 'image',
        value: 'media/images/plan.svg',
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<AdminElement>(saved)).toMatchObject({ type: 'image', version: 2 });

    const stale = await editor.patch(
      pathOf('adminUpdateElement', { params: { elementid: element.elementid } }),
      {
        expectedVersion: 1,
        value: 'media/images/autre.svg',
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(envelope<AdminElement>(stale).data).toMatchObject({
      value: 'media/images/plan.svg',
      version: 2,
    });
    expect((await (await live()).findElement(element.elementid))?.item.value).toBe(
      'media/images/plan.svg',
    );
  });

  it('refuses values that do not fit their type', async () => {
    const zone = await newZone();
    const element = await newElement(zone.zoneid, 'Texte');
    for (const [type, value] of [
      ['image', 'javascript:alert(1)'],
      ['link', 'data:text/html,<script>alert(1)</script>'],
      ['image', '//evil.example/x.png'],
      ['pdf', 'pdf/../../secrets/jwt-secret'],
      ['image', ''],
      ['date', 'mars 2026'],
    ]) {
      const response = await admin.patch(
        pathOf('adminUpdateElement', { params: { elementid: element.elementid } }),
        {
          expectedVersion: 1,
          type,
          value,
        },
      );
      expect(response.statusCode, `${type} ${value}`).toBe(400);
      expect(envelope<null>(response).message).toMatch(/^La valeur d’un élément de type/);
    }
    for (const [type, value] of [
      ['link', 'https://intranet.example/standards'],
      ['image', 'media/images/plan.svg'],
    ]) {
      const created = await admin.post(
        pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }),
        { type, value },
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    expect((await (await live()).findElement(element.elementid))?.item).toMatchObject({
      type: 'text',
      value: 'Texte',
    });
  });

  it('deletes an element with its sub-elements and sub-groups; the remaining orders close up', async () => {
    const zone = await newZone();
    const elements = [];
    for (const value of ['A', 'B', 'C', 'D']) elements.push(await newElement(zone.zoneid, value));
    const b = elements[1]!;
    await admin.post(pathOf('adminCreateSubelement', { params: { elementid: b.elementid } }), {
      value: 'note',
      type: 'text',
    });
    const group = data<AdminSubgroup>(
      await admin.post(pathOf('adminCreateSubgroup', { params: { elementid: b.elementid } }), {
        model: 'Affiche',
      }),
    );

    const response = await admin.delete(
      pathOf('adminDeleteElement', {
        params: { elementid: b.elementid },
        query: { expectedVersion: 1 },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const list = data<AdminElement[]>(
      await admin.get(pathOf('adminElements', { params: { zoneid: zone.zoneid } })),
    );
    expect(list.map((item) => [item.value, item.order])).toEqual([
      ['A', 1],
      ['C', 2],
      ['D', 3],
    ]);
    expect(await (await live()).listSubelements(b.elementid)).toEqual([]);
    expect(await f.repos.draft.findSubgroup(group.subgroupid, f.clock.now)).toBeUndefined();
  });

  it('reorders with the full list of ids: orders rewritten 1..n; a stale list gets 409', async () => {
    const zone = await newZone();
    const [a, b, c] = [
      await newElement(zone.zoneid, 'A'),
      await newElement(zone.zoneid, 'B'),
      await newElement(zone.zoneid, 'C'),
    ];
    const response = await admin.put(
      pathOf('adminReorderElements', { params: { zoneid: zone.zoneid } }),
      {
        ids: [c!.elementid, a!.elementid, b!.elementid],
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(data<AdminElement[]>(response).map((item) => [item.value, item.order])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    // The kiosk reads the new order, once published.
    await live();
    const kiosk = await f.app.inject({
      method: 'GET',
      url: pathOf('elements', {
        params: { zoneid: zone.zoneid },
        query: { order: 1, quantity: 2 },
      }),
      headers: await f.auth(),
    });
    expect(envelope<AdminElement[]>(kiosk).data!.map((item) => item.value)).toEqual(['C', 'A']);

    for (const ids of [
      [a!.elementid, b!.elementid],
      [a!.elementid, b!.elementid, c!.elementid, f.ids.planElements[0]!],
    ]) {
      const stale = await admin.put(
        pathOf('adminReorderElements', { params: { zoneid: zone.zoneid } }),
        { ids },
      );
      expect(stale.statusCode).toBe(409);
      expect(envelope<AdminElement[]>(stale).message).toBe(ADMIN_MESSAGES.listChanged);
      expect(envelope<AdminElement[]>(stale).data!.map((item) => item.value)).toEqual([
        'C',
        'A',
        'B',
      ]);
    }
    const duplicated = await admin.put(
      pathOf('adminReorderElements', { params: { zoneid: zone.zoneid } }),
      {
        ids: [a!.elementid, a!.elementid, b!.elementid],
      },
    );
    expect(duplicated.statusCode).toBe(400);
    expect(envelope<null>(duplicated).message).toBe(
      'Le champ « ids » ne doit pas contenir de doublons.',
    );
  });

  it('keeps orders contiguous when the plan zone of the fixture is reordered', async () => {
    const ids = [...f.ids.planElements].reverse();
    const response = await admin.put(
      pathOf('adminReorderElements', { params: { zoneid: f.ids.planZone } }),
      { ids },
    );
    expect(response.statusCode).toBe(200);
    const list = data<AdminElement[]>(
      await admin.get(pathOf('adminElements', { params: { zoneid: f.ids.planZone } })),
    );
    expect(list.map((item) => item.elementid)).toEqual(ids);
    expect(list.map((item) => item.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('sub-elements', () => {
  it('adds, edits, reorders and deletes plain sub-elements; every sub-element stays contiguous', async () => {
    // The category has three sub-groups (one expired) with field values.
    const element = f.ids.category;
    const first = await admin.post(
      pathOf('adminCreateSubelement', { params: { elementid: element } }),
      {
        value: 'Première',
        type: 'text',
      },
    );
    expect(first.statusCode, first.body).toBe(201);
    const second = await admin.post(
      pathOf('adminCreateSubelement', { params: { elementid: element } }),
      {
        value: 'Seconde',
        type: 'text',
      },
    );
    const [one, two] = [data<AdminSubelement>(first), data<AdminSubelement>(second)];
    expect([one.order, two.order]).toEqual([1, 2]);

    const all = await (await live()).listSubelements(element, {}, new Date('2000-01-01'));
    expect(all.map((item) => item.order)).toEqual(all.map((_, index) => index + 1));
    // Plain ones first, then the sub-groups' values by sub-group order and model field order.
    expect(all.slice(0, 3).map((item) => item.value)).toEqual([
      'Première',
      'Seconde',
      'Pompe Alpha',
    ]);

    const reordered = await admin.put(
      pathOf('adminReorderSubelements', { params: { elementid: element } }),
      {
        ids: [two.subelementid, one.subelementid],
      },
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(data<AdminSubelement[]>(reordered).map((item) => [item.value, item.order])).toEqual([
      ['Seconde', 1],
      ['Première', 2],
    ]);

    const edited = await admin.patch(
      pathOf('adminUpdateSubelement', { params: { subelementid: one.subelementid } }),
      {
        expectedVersion: 1,
        value: 'Première (corrigée)',
      },
    );
    expect(data<AdminSubelement>(edited)).toMatchObject({
      value: 'Première (corrigée)',
      version: 2,
    });
    const stale = await admin.patch(
      pathOf('adminUpdateSubelement', { params: { subelementid: one.subelementid } }),
      {
        expectedVersion: 1,
        value: 'écrasée ?',
      },
    );
    expect(stale.statusCode).toBe(409);

    expect(
      (
        await admin.delete(
          pathOf('adminDeleteSubelement', {
            params: { subelementid: two.subelementid },
            query: { expectedVersion: 1 },
          }),
        )
      ).statusCode,
    ).toBe(200);
    const kiosk = await kioskSubelements(element);
    expect(kiosk[0]?.value).toBe('Première (corrigée)');
    const after = await (await live()).listSubelements(element, {}, new Date('2000-01-01'));
    expect(after.map((item) => item.order)).toEqual(after.map((_, index) => index + 1));
  });

  it('refuses to edit a sub-group’s value as a plain sub-element', async () => {
    const groupValue = (await (await live()).listSubgroupSubelements(f.ids.catalogue))[0]!;
    const response = await admin.patch(
      pathOf('adminUpdateSubelement', { params: { subelementid: groupValue.subelementid } }),
      {
        expectedVersion: 1,
        value: 'x',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(envelope<null>(response).message).toMatch(/modifiez-le depuis le sous-groupe/);
  });
});

describe('sub-groups', () => {
  it('lists the content models', async () => {
    const models = data<ContentModel[]>(await editor.get(pathOf('adminContentModels')));
    expect(models.find((model) => model.label === 'Produit')?.fields).toEqual([
      'titre',
      'image',
      'détail_produit',
      'vidéo',
    ]);
  });

  it('creates a sub-group by model label with its field values, in model field order', async () => {
    const zone = await newZone(admin, { type: 'subgroups' });
    const element = await newElement(zone.zoneid, 'Soins');
    const response = await admin.post(
      pathOf('adminCreateSubgroup', { params: { elementid: element.elementid } }),
      {
        model: 'Produit',
        addingdate: '2026-03-01T08:00:00+01:00',
        expirationdate: '2026-12-31T23:00:00.000Z',
        fields: {
          image: [
            { value: 'media/products/a-1.svg', type: 'image' },
            { value: 'media/products/a-2.svg', type: 'image' },
          ],
          titre: [{ value: 'Pompe Bêta', type: 'text' }],
        },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const group = data<AdminSubgroup>(response);
    expect(group).toMatchObject({
      label: 'Produit',
      order: 1,
      version: 1,
      expired: false,
      addingdate: '2026-03-01T07:00:00.000Z',
      expirationdate: '2026-12-31T23:00:00.000Z',
    });
    expect(Object.keys(group.fields)).toEqual(['titre', 'image', 'détail_produit', 'vidéo']);
    expect(group.fields.image!.map((item) => item.value)).toEqual([
      'media/products/a-1.svg',
      'media/products/a-2.svg',
    ]);
    const kiosk = await kioskSubelements(element.elementid);
    expect(kiosk.map((item) => [item.subgroupinfo?.fieldlabel, item.order])).toEqual([
      ['titre', 1],
      ['image', 2],
      ['image', 3],
    ]);
  });

  it('refuses an unknown model, a field the model lacks, or an expiration before the adding date', async () => {
    const url = pathOf('adminSubgroups', { params: { elementid: f.ids.planElements[1]! } });
    const cases: Array<[unknown, RegExp]> = [
      [
        { model: 'Inconnu' },
        /^Modèle de contenu inconnu : « Inconnu » \(modèles : Magazine, Produit/,
      ],
      [
        { model: 'Affiche', fields: { titre: [{ value: 'x', type: 'text' }] } },
        /^« titre » n’est pas un champ du modèle « Affiche » \(champs : image\)\.$/,
      ],
      [
        {
          model: 'Affiche',
          addingdate: '2026-03-10T00:00:00Z',
          expirationdate: '2026-03-09T00:00:00Z',
        },
        /^La date d’expiration doit être postérieure à la date d’ajout\.$/,
      ],
      [
        { model: 'Affiche', expirationdate: 'demain' },
        /^Le champ « expirationdate » doit être une date et heure ISO 8601/,
      ],
      [
        { model: 'Affiche', fields: { image: [{ value: 'javascript:x', type: 'image' }] } },
        /^Une valeur du champ « image » d’un élément de type image/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await admin.post(url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(envelope<null>(response).message).toMatch(message);
    }
    expect(await f.repos.draft.listSubgroups(f.ids.planElements[1]!, f.clock.now)).toEqual([]);
  });

  it('edits fields and dates with the version; expiring hides it from kiosks; a stale save gets 409', async () => {
    const zone = await newZone(admin, { type: 'subgroups' });
    const element = await newElement(zone.zoneid, 'Règlement');
    const group = data<AdminSubgroup>(
      await admin.post(
        pathOf('adminCreateSubgroup', { params: { elementid: element.elementid } }),
        {
          model: 'Catalogue',
          fields: {
            pages: [{ value: 'media/c/1.svg', type: 'image' }],
            qr: [{ value: 'media/c/qr.svg', type: 'image' }],
          },
        },
      ),
    );
    const saved = await editor.patch(
      pathOf('adminUpdateSubgroup', { params: { subgroupid: group.subgroupid } }),
      {
        expectedVersion: 1,
        fields: {
          pages: [
            { value: 'media/c/1-bis.svg', type: 'image' },
            { value: 'media/c/2.svg', type: 'image' },
          ],
        },
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const updated = data<AdminSubgroup>(saved);
    expect(updated.version).toBe(2);
    expect(updated.fields.pages!.map((item) => item.value)).toEqual([
      'media/c/1-bis.svg',
      'media/c/2.svg',
    ]);
    expect(updated.fields.qr!.map((item) => item.value)).toEqual(['media/c/qr.svg']);
    expect((await kioskSubelements(element.elementid)).map((item) => item.order)).toEqual([
      1, 2, 3,
    ]);

    const stale = await admin.patch(
      pathOf('adminUpdateSubgroup', { params: { subgroupid: group.subgroupid } }),
      {
        expectedVersion: 1,
        fields: { qr: [] },
      },
    );
    expect(stale.statusCode).toBe(409);
    expect(envelope<AdminSubgroup>(stale).data?.fields.qr).toHaveLength(1);
    expect(await (await live()).listSubgroupSubelements(group.subgroupid, 'qr')).toHaveLength(1);

    const expired = await admin.patch(
      pathOf('adminUpdateSubgroup', { params: { subgroupid: group.subgroupid } }),
      {
        expectedVersion: 2,
        addingdate: '2026-01-01T00:00:00.000Z',
        expirationdate: '2026-03-01T00:00:00.000Z',
      },
    );
    expect(expired.statusCode, expired.body).toBe(200);
    expect(data<AdminSubgroup>(expired)).toMatchObject({ expired: true, version: 3 });
    await live();
    const kiosk = await f.app.inject({
      method: 'GET',
      url: pathOf('subgroups', { params: { elementid: element.elementid } }),
      headers: await f.auth(),
    });
    expect(envelope<unknown[]>(kiosk).data).toEqual([]);
    // The back-office still lists it, flagged.
    const list = data<AdminSubgroup[]>(
      await admin.get(pathOf('adminSubgroups', { params: { elementid: element.elementid } })),
    );
    expect(list.map((item) => [item.subgroupid, item.expired])).toEqual([[group.subgroupid, true]]);
  });

  it('reorders sub-groups (orders stay unique) and deletes one with its values', async () => {
    const zone = await newZone(admin, { type: 'subgroups' });
    const element = await newElement(zone.zoneid, 'Magazine');
    const groups: AdminSubgroup[] = [];
    for (const month of ['2026-01-01', '2026-02-01', '2026-03-01']) {
      const response = await admin.post(
        pathOf('adminCreateSubgroup', { params: { elementid: element.elementid } }),
        {
          model: 'Magazine',
          fields: { mois: [{ value: month, type: 'date' }] },
        },
      );
      groups.push(data<AdminSubgroup>(response));
    }
    expect(groups.map((group) => group.order)).toEqual([1, 2, 3]);
    const [jan, feb, mar] = groups as [AdminSubgroup, AdminSubgroup, AdminSubgroup];
    const reordered = await admin.put(
      pathOf('adminReorderSubgroups', { params: { elementid: element.elementid } }),
      {
        ids: [mar.subgroupid, jan.subgroupid, feb.subgroupid],
      },
    );
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(
      data<AdminSubgroup[]>(reordered).map((group) => [group.subgroupid, group.order]),
    ).toEqual([
      [mar.subgroupid, 1],
      [jan.subgroupid, 2],
      [feb.subgroupid, 3],
    ]);
    expect((await kioskSubelements(element.elementid)).map((item) => item.value)).toEqual([
      '2026-03-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    const stale = await admin.put(
      pathOf('adminReorderSubgroups', { params: { elementid: element.elementid } }),
      {
        ids: [jan.subgroupid, feb.subgroupid],
      },
    );
    expect(stale.statusCode).toBe(409);

    expect(
      (
        await admin.delete(
          pathOf('adminDeleteSubgroup', {
            params: { subgroupid: jan.subgroupid },
            query: { expectedVersion: 1 },
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await (await live()).listSubgroupSubelements(jan.subgroupid)).toEqual([]);
    expect(
      (await kioskSubelements(element.elementid)).map((item) => [item.value, item.order]),
    ).toEqual([
      ['2026-03-01', 1],
      ['2026-02-01', 2],
    ]);
  });
});

describe('roles', () => {
  it('lets an editor edit the developments given to them, and nothing else (403, nothing written)', async () => {
    const zone = await newZone(editor);
    expect(zone.devid).toBe(f.ids.devid);

    const calls = [
      () => otherEditor.get(pathOf('adminZones', { params: { devid: f.ids.devid } })),
      () =>
        otherEditor.post(pathOf('adminCreateZone', { params: { devid: f.ids.devid } }), {
          zonename: 'Intrus',
          type: 'images',
        }),
      () =>
        otherEditor.patch(pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }), {
          expectedVersion: 1,
          zonename: 'Intrus',
        }),
      () =>
        otherEditor.delete(
          pathOf('adminDeleteZone', {
            params: { zoneid: zone.zoneid },
            query: { expectedVersion: 1 },
          }),
        ),
      () =>
        otherEditor.post(pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }), {
          value: 'x',
          type: 'text',
        }),
      () =>
        otherEditor.put(pathOf('adminReorderElements', { params: { zoneid: f.ids.planZone } }), {
          ids: f.ids.planElements,
        }),
      () =>
        otherEditor.patch(
          pathOf('adminUpdateElement', { params: { elementid: f.ids.planElements[0]! } }),
          {
            expectedVersion: 1,
            value: 'x',
          },
        ),
      () => otherEditor.get(pathOf('adminSubgroups', { params: { elementid: f.ids.category } })),
      () =>
        otherEditor.patch(
          pathOf('adminUpdateSubgroup', { params: { subgroupid: f.ids.liveProduct } }),
          {
            expectedVersion: 1,
            expirationdate: null,
          },
        ),
      () => otherEditor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}),
      () => editor.get(pathOf('adminZones', { params: { devid: f.ids.otherDevid } })),
      () =>
        editor.delete(
          pathOf('adminDeleteElement', {
            params: { elementid: f.ids.otherElement },
            query: { expectedVersion: 1 },
          }),
        ),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(envelope<null>(response).message).toBe(ADMIN_MESSAGES.otherDevelopment);
    }
    expect((await f.repos.draft.findZone(zone.zoneid))?.zonename).toBe(zone.zonename);
    expect(await f.repos.draft.findElement(f.ids.otherElement)).toBeDefined();
  });

  it('answers 401 to every content call without a session', async () => {
    for (const url of [
      pathOf('adminZones', { params: { devid: f.ids.devid } }),
      pathOf('adminElements', { params: { zoneid: f.ids.planZone } }),
    ]) {
      const response = await f.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('what every write does besides writing', () => {
  it('bumps the draft version, leaves the kiosk snapshot alone and writes an audit entry, each time', async () => {
    const zone = await newZone();
    const element = await newElement(zone.zoneid, 'Avant');
    const writes: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
      [
        'zone.update',
        () =>
          admin.patch(pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }), {
            expectedVersion: 1,
            checkList: true,
          }),
      ],
      [
        'element.create',
        () =>
          admin.post(pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }), {
            value: 'Deux',
            type: 'text',
          }),
      ],
      [
        'element.update',
        () =>
          admin.patch(pathOf('adminUpdateElement', { params: { elementid: element.elementid } }), {
            expectedVersion: 1,
            value: 'Après',
          }),
      ],
      [
        'subelement.create',
        () =>
          admin.post(
            pathOf('adminCreateSubelement', { params: { elementid: element.elementid } }),
            { value: 'note', type: 'text' },
          ),
      ],
      [
        'subgroup.create',
        () =>
          admin.post(pathOf('adminCreateSubgroup', { params: { elementid: element.elementid } }), {
            model: 'Affiche',
          }),
      ],
      [
        'elements.reorder',
        async () => {
          const ids = data<AdminElement[]>(
            await admin.get(pathOf('adminElements', { params: { zoneid: zone.zoneid } })),
          ).map((item) => item.elementid);
          return admin.put(pathOf('adminReorderElements', { params: { zoneid: zone.zoneid } }), {
            ids: ids.reverse(),
          });
        },
      ],
      [
        'element.delete',
        () =>
          admin.delete(
            pathOf('adminDeleteElement', {
              params: { elementid: element.elementid },
              query: { expectedVersion: 2 },
            }),
          ),
      ],
      [
        'zone.delete',
        () =>
          admin.delete(
            pathOf('adminDeleteZone', {
              params: { zoneid: zone.zoneid },
              query: { expectedVersion: 2 },
            }),
          ),
      ],
    ];
    const etag = await snapshotEtag();
    let version = await draftVersion();
    for (const [action, write] of writes) {
      const response = await write();
      expect(response.statusCode, `${action}: ${response.body}`).toBeLessThan(300);
      const next = await draftVersion();
      expect(next, action).toBe(version + 1);
      // The gate: the kiosks' snapshot does not move until a publish.
      expect(await snapshotEtag(), action).toBe(etag);
      version = next;
      const [latest] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
      expect(latest, action).toMatchObject({
        action,
        username: 'admin',
        userid: f.users.admin,
        devid: f.ids.devid,
      });
    }
    const [update] = await f.repos.audit
      .list({ devid: f.ids.devid, limit: 50 })
      .then((entries) =>
        entries.filter(
          (entry) => entry.action === 'element.update' && entry.targetId === element.elementid,
        ),
      );
    expect(update?.summary).toEqual({ before: { value: 'Avant' }, after: { value: 'Après' } });
  });

  it('a refused write (conflict, validation, rights) bumps nothing and audits nothing', async () => {
    const zone = await newZone();
    const version = await draftVersion();
    const [latest] = await f.repos.audit.list({ devid: f.ids.devid, limit: 1 });
    expect(
      (
        await admin.patch(pathOf('adminUpdateZone', { params: { zoneid: zone.zoneid } }), {
          expectedVersion: 9,
          zonename: 'x',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await admin.post(pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }), {
          value: 'javascript:x',
          type: 'link',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await otherEditor.delete(
          pathOf('adminDeleteZone', {
            params: { zoneid: zone.zoneid },
            query: { expectedVersion: 1 },
          }),
        )
      ).statusCode,
    ).toBe(403);
    expect(await draftVersion()).toBe(version);
    expect((await f.repos.audit.list({ devid: f.ids.devid, limit: 1 }))[0]).toEqual(latest);
  });

  it('lets editors read the audit log of their developments only', async () => {
    await newZone(editor);
    const mine = data<AuditEntry[]>(
      await editor.get(pathOf('adminAudit', { query: { limit: 5 } })),
    );
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => entry.devid === f.ids.devid)).toBe(true);
    expect(mine[0]).toMatchObject({
      action: 'zone.create',
      username: 'editrice',
      targetType: 'zone',
    });
    expect(
      (await editor.get(pathOf('adminAudit', { query: { devid: f.ids.otherDevid } }))).statusCode,
    ).toBe(403);
    expect(
      data<AuditEntry[]>(await otherEditor.get(pathOf('adminAudit'))).every(
        (entry) => entry.devid === f.ids.otherDevid,
      ),
    ).toBe(true);
    const page = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 2 } })),
    );
    expect(page).toHaveLength(2);
    const older = data<AuditEntry[]>(
      await admin.get(
        pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 2, before: page[1]!.id } }),
      ),
    );
    expect(older[0]!.id).toBeLessThan(page[1]!.id);
    expect((await admin.get(`${pathOf('adminAudit')}?limit=0`)).statusCode).toBe(400);
  });
});
