import {
  adminPaths,
  type DraftChanges,
  type RevisionChanges,
  type RevisionEntry,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSuite, data, type AdminClient, type AdminFixture } from './admin-test-kit.js';

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
    const clean = data<DraftChanges>(await editor.get(adminPaths.draftChanges(f.ids.devid)));
    expect(clean).toMatchObject({
      publishedRevision: 1,
      summary: 'Aucune modification non publiée',
      changes: [],
    });

    const elementid = f.ids.planElements[4]!;
    const edit = await editor.patch(adminPaths.element(elementid), {
      expectedVersion: 1,
      value: 'media/images/nouveau-plan.svg',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const created = await editor.post(adminPaths.zones(f.ids.devid), {
      zonename: 'Cantine',
      type: 'text',
    });
    expect(created.statusCode).toBe(201);

    const draft = data<DraftChanges>(await editor.get(adminPaths.draftChanges(f.ids.devid)));
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
    expect((await f.repos.content.findElement(elementid))?.item.value).toBe(
      '/media/images/plan-5.png',
    );

    const published = await editor.post(adminPaths.publish(f.ids.devid), {
      note: 'Nouveau plan et cantine',
    });
    expect(published.statusCode, published.body).toBe(200);

    const list = data<RevisionEntry[]>(await editor.get(adminPaths.revisions(f.ids.devid)));
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
      await editor.get(adminPaths.revisionChanges(f.ids.devid, 2)),
    );
    expect(changes.revision.revision).toBe(2);
    expect(changes.changes).toHaveLength(2);
    expect(
      data<DraftChanges>(await editor.get(adminPaths.draftChanges(f.ids.devid))).changes,
    ).toEqual([]);

    // Paging: older than revision 2.
    const older = data<RevisionEntry[]>(
      await admin.get(adminPaths.revisions(f.ids.devid, { before: 2, limit: 5 })),
    );
    expect(older.map((entry) => entry.revision)).toEqual([1]);
  });

  it('answers 404 for an unknown revision or development, 400 for a bad number, in the envelope', async () => {
    const unknown = await admin.get(adminPaths.revisionChanges(f.ids.devid, 999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ data: null, error: 'not_found' });
    expect(unknown.json<{ message: string }>().message).toContain('La révision 999 n’existe pas');
    expect((await admin.get(adminPaths.revisions(999_999))).statusCode).toBe(404);
    expect((await admin.get(adminPaths.draftChanges(999_999))).statusCode).toBe(404);
    const bad = await admin.get(`${adminPaths.revisions(f.ids.devid)}/abc/changes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ data: null, error: 'bad_request' });
    expect((await admin.get(adminPaths.revisions(f.ids.devid, { limit: 0 }))).statusCode).toBe(400);
  });

  it('shows a development’s history only to those who may edit it (403)', async () => {
    expect((await otherEditor.get(adminPaths.revisions(f.ids.devid))).statusCode).toBe(403);
    expect((await otherEditor.get(adminPaths.draftChanges(f.ids.devid))).statusCode).toBe(403);
    expect((await otherEditor.get(adminPaths.revisionChanges(f.ids.devid, 1))).statusCode).toBe(
      403,
    );
  });
});
