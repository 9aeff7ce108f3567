/**
 * Rollback and publish checks: rollback to an earlier revision, who may publish, the media a kept
 * revision needs and the publish checks. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  type AdminElement,
  type AdminUser,
  type DraftChanges,
  type Envelope,
  type PublishRefusal,
  type RevisionContent,
  type RevisionEntry,
  type RollbackResponse,
  type StreamMessage,
  pathOf,
} from '@plant-kiosk/contract';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '../testing/sse-client.js';
import {
  EDITOR_PASSWORD,
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

const messagesIn = (text: string): StreamMessage[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as StreamMessage)
    .filter((message) => message.type === 'sync');

async function setValue(client: AdminClient, elementid: number, value: string): Promise<void> {
  const current = data<AdminElement>(
    await client.get(pathOf('adminElement', { params: { elementid } })),
  );
  const response = await client.patch(pathOf('adminUpdateElement', { params: { elementid } }), {
    expectedVersion: current.version,
    value,
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('rollback', () => {
  let f: AdminFixture;
  let admin: AdminClient;
  let editor: AdminClient;
  let base: string;
  beforeAll(async () => {
    f = await createAdminFixture();
    admin = await f.asAdmin();
    editor = await f.asEditor();
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await f.close();
  });

  const element = () => f.ids.planElements[0]!;
  const liveValue = async () =>
    (
      await f.app.inject({
        method: 'GET',
        url: pathOf('elements', {
          params: { zoneid: f.ids.planZone },
          query: { order: 1, quantity: 1 },
        }),
        headers: await f.auth(),
      })
    ).json<Envelope<AdminElement[]>>().data![0]!.value;
  const publish = async (value: string) => {
    await setValue(editor, element(), value);
    const response = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const rollback = (revision: number, client: AdminClient = editor) =>
    client.post(pathOf('adminRollback', { params: { devid: f.ids.devid, revision } }), {});

  it('publishes an earlier revision’s content as a new revision that reaches the kiosks; the draft follows', async () => {
    await publish('media/images/bon-menu.svg'); // revision 2
    await publish('media/images/mauvais-menu.svg'); // revision 3
    const stream = await openStream(
      `${base}${pathOf('stream', { params: { devid: f.ids.devid }, query: { token: await f.token() } })}`,
    );
    try {
      const response = await rollback(2);
      expect(response.statusCode, response.body).toBe(200);
      const result = data<RollbackResponse>(response);
      expect(result).toMatchObject({ rolledBackTo: 2, revision: 4, created: true, delivered: 1 });
      expect(result.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });
      expect(response.json<Envelope<unknown>>().message).toContain('Retour à la révision 2');
      await stream.waitFor((text) => text.includes('"revision":4'));
      expect(messagesIn(stream.text())).toEqual([
        { devid: f.ids.devid, type: 'sync', version: 4, revision: 4 },
      ]);
    } finally {
      stream.close();
    }
    expect(await liveValue()).toBe('media/images/bon-menu.svg');
    // The draft equals the new live content: nothing left to publish.
    const draft = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    expect(draft).toMatchObject({ publishedRevision: 4, changes: [] });
    expect(
      data<AdminElement>(
        await editor.get(pathOf('adminElement', { params: { elementid: element() } })),
      ).value,
    ).toBe('media/images/bon-menu.svg');
    const [entry] = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    expect(entry).toMatchObject({
      revision: 4,
      source: 'rollback',
      note: 'Retour à la révision 2',
      author: { kind: 'user', name: 'editrice' },
    });
    expect(entry!.summary).toBe('Retour à la révision 2 : 1 élément modifié');
  });

  it('rolls back a rollback, and to the content already live is a no-op that writes nothing', async () => {
    const same = await rollback(2);
    expect(same.statusCode, same.body).toBe(200);
    expect(data<RollbackResponse>(same)).toMatchObject({ revision: 4, created: false });
    expect(same.json<Envelope<unknown>>().message).toContain('Rien à faire');

    const back = await rollback(3); // undo the rollback
    expect(data<RollbackResponse>(back)).toMatchObject({ revision: 5, created: true });
    expect(await liveValue()).toBe('media/images/mauvais-menu.svg');
    const again = await rollback(4); // the rollback revision itself
    expect(data<RollbackResponse>(again)).toMatchObject({ revision: 6, created: true });
    expect(await liveValue()).toBe('media/images/bon-menu.svg');
  });

  it('two rollbacks to the same revision at once: one revision, the other a no-op', async () => {
    const [a, b] = await Promise.all([rollback(3), rollback(3, admin)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const results = [data<RollbackResponse>(a), data<RollbackResponse>(b)];
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(results.map((result) => result.revision)).toEqual([7, 7]);
    const list = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    expect(list[0]!.revision).toBe(7);
  });

  it('refuses while the draft has unpublished changes (409, nothing written); discard then roll back works', async () => {
    await setValue(editor, element(), 'media/images/brouillon.svg');
    const refused = await rollback(2);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<Envelope<unknown>>().message).toContain('modifications non publiées');
    expect(refused.json<Envelope<{ reason: string }>>().data).toMatchObject({
      reason: 'draft-changed',
    });
    const list = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    expect(list[0]!.revision).toBe(7);
    expect(
      data<AdminElement>(
        await editor.get(pathOf('adminElement', { params: { elementid: element() } })),
      ).value,
    ).toBe('media/images/brouillon.svg');

    expect(
      (await editor.post(pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);
    const done = await rollback(2);
    expect(data<RollbackResponse>(done)).toMatchObject({ revision: 8, created: true });
  });

  it('answers 404 for an unknown revision or development, 400 for a bad number', async () => {
    const unknown = await rollback(99);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Envelope<null>>().message).toContain('La révision 99 n’existe pas');
    expect(
      (await admin.post(pathOf('adminRollback', { params: { devid: 9999, revision: 1 } }), {}))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await editor.post(
          pathOf('adminRollback', { params: { devid: f.ids.devid, revision: 0 } }),
          {},
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await editor.get(
          pathOf('adminRevisionContent', { params: { devid: f.ids.devid, revision: 99 } }),
        )
      ).statusCode,
    ).toBe(404);
  });

  it('shows a revision’s content read-only', async () => {
    const before = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    const response = await editor.get(
      pathOf('adminRevisionContent', { params: { devid: f.ids.devid, revision: 3 } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { revision, content } = data<RevisionContent>(response);
    expect(revision.revision).toBe(3);
    const row = content.element!.find((item) => item.elementid === element());
    expect(row?.value).toBe('media/images/mauvais-menu.svg');
    // Looking changed nothing.
    expect(
      data<RevisionEntry[]>(
        await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
      ),
    ).toEqual(before);
  });

  it('an editor without the publish right prepares and looks, but may not publish, roll back or discard (403)', async () => {
    const userid = await f.createUser('preparatrice', 'editor', [f.ids.devid]);
    const preparer = await f.login('preparatrice', EDITOR_PASSWORD);
    const listed = data<AdminUser[]>(await admin.get(pathOf('adminUsers'))).find(
      (user) => user.userid === userid,
    );
    expect(listed?.canPublish).toBe(false);

    await setValue(preparer, element(), 'media/images/prepare.svg');
    expect(
      (await preparer.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })))
        .statusCode,
    ).toBe(200);
    expect(
      (await preparer.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } }))).statusCode,
    ).toBe(200);
    const revisionsBefore = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    for (const response of [
      await preparer.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}),
      await preparer.post(
        pathOf('adminRollback', { params: { devid: f.ids.devid, revision: 2 } }),
        {},
      ),
      await preparer.post(pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }), {}),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<Envelope<null>>().message).toContain('demandez ce droit');
    }
    expect(
      data<RevisionEntry[]>(
        await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
      ),
    ).toEqual(revisionsBefore);

    // An admin allows it: the session's next request has it.
    const allowed = await admin.patch(pathOf('adminUpdateUser', { params: { userid } }), {
      canPublish: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(data<AdminUser>(allowed).canPublish).toBe(true);
    const published = await preparer.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(published.statusCode, published.body).toBe(200);
  });
});

describe('media kept while a revision needs them', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture();
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  it('refuses to delete a file an earlier revision shows, and says which revisions', async () => {
    await f.repos.media.upsert({
      devid: f.ids.devid,
      path: 'uploads/1/ancien-menu-0123abcd.webp',
      content_type: 'image/webp',
      size: 10,
      sha256: 'a'.repeat(64),
    });
    const [row] = (await f.repos.media.list(f.ids.devid)).filter((media) =>
      media.path.includes('ancien-menu'),
    );
    const elementid = f.ids.planElements[1]!;
    await setValue(editor, elementid, 'media/uploads/1/ancien-menu-0123abcd.webp');
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200); // 2
    await setValue(editor, elementid, 'media/images/nouveau-menu.svg');
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200); // 3
    await setValue(editor, elementid, 'media/images/autre-menu.svg');
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200); // 4
    expect(
      (
        await editor.post(
          pathOf('adminRollback', { params: { devid: f.ids.devid, revision: 2 } }),
          {},
        )
      ).statusCode,
    ).toBe(200); // 5
    await setValue(editor, elementid, 'media/images/dernier-menu.svg');
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200); // 6

    // Neither the draft nor live uses it any more; revisions 2 and 5 do.
    expect(
      await f.repos.revisions.revisionsUsing(f.ids.devid, [
        'media/uploads/1/ancien-menu-0123abcd.webp',
      ]),
    ).toEqual([5, 2]);
    const refused = await editor.delete(
      pathOf('adminDeleteMedia', { params: { mediaid: row!.mediaid } }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<Envelope<unknown>>().message).toBe(
      'Ce fichier est utilisé par la révision 5 et 1 autre : il doit rester pour qu’on puisse revenir à ces versions.',
    );
    expect(await f.repos.media.list(f.ids.devid)).toContainEqual(
      expect.objectContaining({ mediaid: row!.mediaid }),
    );
    // A file no revision ever showed goes.
    await f.repos.media.upsert({
      devid: f.ids.devid,
      path: 'uploads/1/jamais-publie-0123abcd.webp',
      content_type: 'image/webp',
      size: 10,
      sha256: 'b'.repeat(64),
    });
    const [unused] = (await f.repos.media.list(f.ids.devid)).filter((media) =>
      media.path.includes('jamais-publie'),
    );
    expect(
      (await editor.delete(pathOf('adminDeleteMedia', { params: { mediaid: unused!.mediaid } })))
        .statusCode,
    ).toBe(200);
  });
});

describe('publish checks', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture({ config: { publishChecks: true } });
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  const refusal = async () => {
    const revisions = data<RevisionEntry[]>(
      await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
    );
    const response = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(response.statusCode, response.body).toBe(409);
    // Nothing written: same revisions.
    expect(
      data<RevisionEntry[]>(
        await editor.get(pathOf('adminRevisions', { params: { devid: f.ids.devid } })),
      ),
    ).toEqual(revisions);
    return response.json<Envelope<PublishRefusal>>();
  };
  const discard = async () => {
    expect(
      (await editor.post(pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);
  };

  it('refuses a media value that names no file of the library, naming the item', async () => {
    await setValue(editor, f.ids.planElements[3]!, 'media/images/introuvable.svg');
    const answer = await refusal();
    expect(answer.message).toContain('Publication refusée : 1 problème');
    expect(answer.data!.problems).toEqual([
      {
        code: 'missing-media',
        zoneid: f.ids.planZone,
        zonename: 'Plan du site',
        elementid: f.ids.planElements[3],
        subgroupid: null,
        subelementid: null,
        message: `Zone « Plan du site » : l’élément ${f.ids.planElements[3]} montre « media/images/introuvable.svg », qui n’est pas dans la médiathèque.`,
      },
    ]);
    await discard();
  });

  it('refuses a product without its title', async () => {
    const group = f.ids.liveProduct;
    // Written as another writer (an import) might: the editor's form asks for no field.
    await f.repos.transaction(async (trx) => {
      await trx
        .deleteFrom('subelements')
        .where('subgroupid', '=', group)
        .where('fieldlabel', '=', 'titre')
        .execute();
    });
    const answer = await refusal();
    expect(answer.data!.problems).toEqual([
      expect.objectContaining({
        code: 'missing-field',
        subgroupid: group,
        zoneid: f.ids.productsZone,
        message: `Zone « Produits » : Produit ${group} sans « titre ».`,
      }),
    ]);
    await discard();
  });

  it('refuses a sub-group that expires before it was added', async () => {
    const group = f.ids.catalogue;
    // The editor refuses such dates (400); another writer (an import, an older server) may not.
    await f.repos.transaction(async (trx) => {
      await trx
        .updateTable('subgroups')
        .set({
          addingdate: '2026-03-10T00:00:00.000Z',
          expirationdate: '2026-03-01T00:00:00.000Z',
        })
        .where('subgroupid', '=', group)
        .execute();
    });
    const answer = await refusal();
    expect(answer.data!.problems).toEqual([
      expect.objectContaining({
        code: 'expires-before-added',
        subgroupid: group,
        message: `Zone « Produits » : Catalogue ${group} expire le 2026-03-01, avant sa date d’ajout (2026-03-10).`,
      }),
    ]);
    await discard();
  });

  it('refuses an empty zone of the emergency page', async () => {
    const created = await editor.post(
      pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
      {
        zonename: 'Défibrillateurs',
        type: 'images',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const zoneid = data<{ zoneid: number }>(created).zoneid;
    const answer = await refusal();
    expect(answer.data!.problems).toEqual([
      expect.objectContaining({
        code: 'empty-emergency-zone',
        zoneid,
        message:
          'Zone « Défibrillateurs » est vide : la page d’urgence des totems la montrerait sans rien.',
      }),
    ]);
    await discard();
    expect(
      (await editor.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {}))
        .statusCode,
    ).toBe(200);
  });
});
