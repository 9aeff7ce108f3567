import {
  type DraftChanges,
  type RevisionChanges,
  type RevisionEntry,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

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

describe('revisions and unpublished changes', () => {
  it('lists the draft’s changes, publishes them with a note, then shows the revision and what it changed', async () => {
    const clean = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    expect(clean).toMatchObject({
      publishedRevision: 1,
      summary: 'Aucune modification non publiée',
      changes: [],
    });

    const elementid = f.ids.planElements[4]!;
    const edit = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
      expectedVersion: 1,
      value: 'media/images/nouveau-plan.svg',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const created = await editor.post(
      pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
      {
        zonename: 'Cantine',
        type: 'text',
      },
    );
    expect(created.statusCode).toBe(201);

    const draft = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    expect(draft.summary).toBe('1 zone ajoutée, 1 élément modifié');
    expect(draft.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          revision: 2,
          kind: 'element',
          itemId: elementid,
          before: expect.objectContaining({ value: '/media/images/plan-5.png' }),
          after: expect.objectContaining({ value: 'media/images/nouveau-plan.svg' }),
        }),
        expect.objectContaining({ kind: 'zone', before: null }),
      ]),
    );
    // Listing changes publishes nothing.
    expect((await f.repos.live.findElement(elementid))?.item.value).toBe(
      '/media/images/plan-5.png',
    );

    const published = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {
        note: 'Nouveau plan et cantine',
      },
    );
    expect(published.statusCode, published.body).toBe(200);

    const list = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    expect(list.map((entry) => entry.revision)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({
      revision: 2,
      note: 'Nouveau plan et cantine',
      author: { kind: 'user', name: 'editrice', userid: f.users.editor },
      source: 'publish',
      summary: '1 zone ajoutée, 1 élément modifié',
    });
    expect(list[1]).toMatchObject({ revision: 1, source: 'seed' });

    const changes = data<RevisionChanges>(
      await editor.get(
        pathOf('adminRevisionChanges', { params: { devid: f.ids.devid, revision: 2 } }),
      ),
    );
    expect(changes.revision.revision).toBe(2);
    expect(changes.changes).toHaveLength(2);
    expect(
      data<DraftChanges>(
        await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
      ).changes,
    ).toEqual([]);

    // Paging: older than revision 2.
    const older = data<RevisionEntry[]>(
      await admin.get(
        pathOf('adminRevisions', {
          params: { devid: f.ids.devid },
          query: { before: 2, limit: 5 },
        }),
      ),
    );
    expect(older.map((entry) => entry.revision)).toEqual([1]);
  });

  it('answers 404 for an unknown revision or development, 400 for a bad number, in the envelope', async () => {
    const unknown = await admin.get(
      pathOf('adminRevisionChanges', { params: { devid: f.ids.devid, revision: 999 } }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ data: null, error: 'not_found' });
    expect(unknown.json<{ message: string }>().message).toContain('La révision 999 n’existe pas');
    expect(
      (await admin.get(pathOf('adminRevisions', { params: { devid: 999_999 } }))).statusCode,
    ).toBe(404);
    expect(
      (await admin.get(pathOf('adminDraftChanges', { params: { devid: 999_999 } }))).statusCode,
    ).toBe(404);
    const bad = await admin.get(
      `${pathOf('adminRevisions', { params: { devid: f.ids.devid } })}/abc/changes`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: null, error: 'bad_request' });
    expect(
      (
        await admin.get(
          pathOf('adminRevisions', { params: { devid: f.ids.devid }, query: { limit: 0 } }),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('shows a development’s history only to those who may edit it (403)', async () => {
    expect(
      (await otherEditor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })))
        .statusCode,
    ).toBe(403);
    expect(
      (await otherEditor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await otherEditor.get(
          pathOf('adminRevisionChanges', { params: { devid: f.ids.devid, revision: 1 } }),
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('discarding unpublished changes and publishing one zone', () => {
  type Element = { elementid: number; value: string; version: number };
  const element = async (elementid: number) =>
    data<Element>(await editor.get(pathOf('adminElement', { params: { elementid } })));
  const edit = async (elementid: number, value: string) => {
    const current = await element(elementid);
    const response = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
      expectedVersion: current.version,
      value,
    });
    expect(response.statusCode, response.body).toBe(200);
    return data<Element>(response);
  };
  const draft = async () =>
    data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
  const discard = (body: object = {}) =>
    editor.post(pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }), body);

  it('says who changed what, where; publishes one zone alone; discards a zone, then nothing', async () => {
    expect((await draft()).changes).toEqual([]);
    const plan = f.ids.planElements[1]!;
    const planBefore = await element(plan);
    await edit(plan, '/media/images/plan-brouillon.png');
    await edit(f.ids.category, 'Catégorie brouillon');

    const both = await draft();
    expect(both.changes).toHaveLength(2);
    expect(both.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'element',
          itemId: plan,
          zoneid: f.ids.planZone,
          zonename: 'Plan du site',
          lastEdit: { username: 'editrice', at: expect.any(String) },
        }),
        expect.objectContaining({
          kind: 'element',
          itemId: f.ids.category,
          zoneid: f.ids.productsZone,
        }),
      ]),
    );

    // Publish the products zone alone: the plan's change stays in the draft.
    const published = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {
        note: 'Produits seulement',
        zoneid: f.ids.productsZone,
      },
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(data<{ created: boolean }>(published).created).toBe(true);
    const left = await draft();
    expect(left.changes.map((change) => change.itemId)).toEqual([plan]);
    expect((await f.repos.live.findElement(f.ids.category))?.item.value).toBe(
      'Catégorie brouillon',
    );
    expect((await f.repos.live.findElement(plan))?.item.value).toBe(planBefore.value);
    const [latest] = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    expect(latest).toMatchObject({ note: 'Produits seulement', summary: '1 élément modifié' });

    // Discard the plan zone: the element is back to its published value, with a new version.
    const stale = await element(plan);
    const discarded = await discard({ zoneid: f.ids.planZone });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(data(discarded)).toMatchObject({
      discarded: true,
      zoneid: f.ids.planZone,
      summary: '1 élément modifié',
    });
    const restored = await element(plan);
    expect(restored.value).toBe(planBefore.value);
    expect(restored.version).toBeGreaterThan(stale.version);
    const late = await editor.patch(pathOf('adminUpdateElement', { params: { elementid: plan } }), {
      expectedVersion: stale.version,
      value: 'trop tard',
    });
    expect(late.statusCode).toBe(409);
    expect((await draft()).changes).toEqual([]);

    // Nothing left: a clear no-op, in the envelope.
    const nothing = await discard();
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({
      data: { discarded: false },
      message: expect.stringContaining('Rien à annuler'),
    });
    const nothingInZone = await discard({ zoneid: f.ids.productsZone });
    expect(nothingInZone.json()).toMatchObject({ data: { discarded: false } });

    const audit = data<Array<{ action: string; targetId: number }>>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 5 } })),
    );
    expect(audit.filter((entry) => entry.action === 'draft.discard')).toEqual([
      expect.objectContaining({ targetId: f.ids.planZone }),
    ]);
  });

  it('returns the whole draft: added items go, deleted ones come back with their ids', async () => {
    const gone = f.ids.planElements[2]!;
    const before = await element(gone);
    const deleted = await editor.delete(
      pathOf('adminDeleteElement', {
        params: { elementid: gone },
        query: { expectedVersion: before.version },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const created = await editor.post(
      pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
      {
        zonename: 'Brouillon',
        type: 'text',
      },
    );
    expect(created.statusCode).toBe(201);
    const zoneid = data<{ zoneid: number }>(created).zoneid;
    await edit(f.ids.category, 'Encore un brouillon');
    // The deletion renumbers the plan's later elements: 4 orders + the category changed.
    expect((await draft()).summary).toBe('1 zone ajoutée, 5 éléments modifiés, 1 élément supprimé');

    const discarded = await discard();
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(data(discarded)).toMatchObject({ discarded: true, zoneid: null });
    expect((await draft()).changes).toEqual([]);
    expect((await element(gone)).value).toBe(before.value);
    expect((await editor.get(pathOf('adminZone', { params: { zoneid } }))).statusCode).toBe(404);
  });

  it('a discard racing an edit: one of them wins whole, never a mix', async () => {
    const target = f.ids.planElements[3]!;
    const published = (await element(target)).value;
    for (let round = 0; round < 4; round++) {
      const draftEdit = await edit(target, `brouillon ${round}`);
      const [late, discarded] = await Promise.all([
        editor.patch(pathOf('adminUpdateElement', { params: { elementid: target } }), {
          expectedVersion: draftEdit.version,
          value: `concurrent ${round}`,
        }),
        discard({ zoneid: f.ids.planZone }),
      ]);
      expect(discarded.statusCode, discarded.body).toBe(200);
      const now = await element(target);
      if (late.statusCode === 200) {
        // The edit went first, then the discard undid it all.
        expect(now.value).toBe(published);
      } else {
        // The discard went first: the edit, made on a version that no longer exists, was refused.
        expect(late.statusCode).toBe(409);
        expect(now.value).toBe(published);
      }
      expect((await draft()).changes).toEqual([]);
    }
  });

  it('refuses an unknown or foreign zone, an unknown development, bad input, strangers (4xx envelope)', async () => {
    const unknown = await discard({ zoneid: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ data: null, error: 'not_found' });
    expect((await discard({ zoneid: f.ids.otherZone })).statusCode).toBe(404);
    expect(
      (
        await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {
          zoneid: f.ids.otherZone,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.post(pathOf('adminDiscardDraft', { params: { devid: 999_999 } }), {}))
        .statusCode,
    ).toBe(404);
    const bad = await discard({ zoneid: 'tout' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: null, error: 'bad_request' });
    expect(
      (await otherEditor.post(pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(403);
    const noCsrf = await editor.post(
      pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }),
      {},
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
    const anonymous = await f.app.inject({
      method: 'POST',
      url: pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }),
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ data: null });
  });
});
