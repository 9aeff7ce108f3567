/**
 * The rollback preview (issue 41, item 10): what "Revenir à cette version" would change on the
 * totems now — the live content against the revision's — item by item, counted in full and
 * listed up to a limit, and nothing written. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import {
  ROUTES,
  type AdminElement,
  type RevisionEntry,
  type RollbackPreview,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

describe('rollback preview', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture();
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  const element = () => f.ids.planElements[0]!;
  const setValue = async (elementid: number, value: string) => {
    const current = data<AdminElement>(
      await editor.get(pathOf('adminElement', { params: { elementid } })),
    );
    const response = await editor.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
      expectedVersion: current.version,
      value,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const publish = async () => {
    const response = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const preview = (revision: number, limit?: number) =>
    editor.get(
      pathOf('adminRollbackPreview', {
        params: { devid: f.ids.devid, revision },
        query: limit === undefined ? {} : { limit },
      }),
    );
  const revisions = async () =>
    data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    ).map((entry) => entry.revision);

  it('lists what the totems show now against what they would show, and writes nothing', async () => {
    await setValue(element(), 'media/images/bon-menu.svg');
    await publish(); // revision 2
    // Revision 3 changes the menu and adds an element: going back to 2 undoes both.
    await setValue(element(), 'media/images/mauvais-menu.svg');
    const added = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value: 'Fermé le lundi',
        type: 'text',
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const addedId = data<AdminElement>(added).elementid;
    await publish(); // revision 3
    const before = await revisions();

    const response = await preview(2);
    expect(response.statusCode, response.body).toBe(200);
    const result = data<RollbackPreview>(response);
    expect(result).toMatchObject({
      target: 2,
      publishedRevision: 3,
      total: 2,
      limit: 50,
      summary: '1 élément modifié, 1 élément supprimé',
    });
    expect(result.counts.element).toEqual({ added: 0, changed: 1, removed: 1 });
    // In the order the back-office reads them: one zone, by position; `before` is what the
    // totems show now (revision 3), `after` what they will show (revision 2).
    expect(
      result.changes.map((change) => ({
        kind: change.kind,
        itemId: change.itemId,
        revision: change.revision,
        zonename: change.zonename,
        before: change.before?.value ?? null,
        after: change.after?.value ?? null,
      })),
    ).toEqual([
      {
        kind: 'element',
        itemId: element(),
        revision: 4,
        zonename: 'Plan du site',
        before: 'media/images/mauvais-menu.svg',
        after: 'media/images/bon-menu.svg',
      },
      {
        kind: 'element',
        itemId: addedId,
        revision: 4,
        zonename: 'Plan du site',
        before: 'Fermé le lundi',
        after: null,
      },
    ]);
    // Read only: no revision, the draft untouched.
    expect(await revisions()).toEqual(before);
    expect(
      data<AdminElement>(
        await editor.get(pathOf('adminElement', { params: { elementid: element() } })),
      ).value,
    ).toBe('media/images/mauvais-menu.svg');
  });

  it('counts every change and lists the first ones only, by zone then position', async () => {
    const created: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await editor.post(
        pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
        {
          value: `Consigne ${index + 1}`,
          type: 'text',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      created.push(data<AdminElement>(response).elementid);
    }
    await publish(); // revision 4: six elements added
    const result = data<RollbackPreview>(await preview(3, 2));
    expect(result).toMatchObject({ target: 3, publishedRevision: 4, total: 6, limit: 2 });
    expect(result.counts.element).toEqual({ added: 0, changed: 0, removed: 6 });
    expect(result.summary).toBe('6 éléments supprimés');
    expect(result.changes.map((change) => change.before?.value)).toEqual([
      'Consigne 1',
      'Consigne 2',
    ]);
  });

  it('says there is nothing to change for the live revision', async () => {
    const result = data<RollbackPreview>(await preview(4));
    expect(result).toMatchObject({ total: 0, changes: [], summary: 'Aucune modification' });
  });

  it('answers 404 for an unknown revision or development, 400 for a bad limit, 403 for another development', async () => {
    expect((await preview(99)).statusCode).toBe(404);
    expect(
      (
        await editor.get(
          pathOf('adminRollbackPreview', { params: { devid: 999_999, revision: 1 } }),
        )
      ).statusCode,
    ).toBeGreaterThanOrEqual(403);
    expect((await preview(2, 0)).statusCode).toBe(400);
    expect((await preview(2, 501)).statusCode).toBe(400);
    const other = await f.asOtherEditor();
    expect(
      (
        await other.get(
          pathOf('adminRollbackPreview', { params: { devid: f.ids.devid, revision: 2 } }),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('is described in the API document', async () => {
    const response = await f.app.inject({ method: 'GET', url: ROUTES.openapi.path });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toContain(
      '/api/admin/developments/{devid}/revisions/{revision}/rollback-preview',
    );
  });
});
