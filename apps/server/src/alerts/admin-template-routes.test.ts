/**
 * Red button and acknowledgements, alert templates edited in the back-office (decision 022),
 * through the admin API (and, in the server-pg project, on PostgreSQL): written to the draft with
 * the development's draft_version and an audit entry, listed in the unpublished changes, carried by
 * the publish into the snapshot; refused in French for bad input, wrong rights, a stale version, a
 * taken name, and — for a delete — while the template is the one of the alert in force.
 */
import {
  type AdminAlertTemplate,
  type AdminAlertTemplateList,
  type AlertTemplateInput,
  type AuditEntry,
  type DraftChanges,
  type Envelope,
  type Snapshot,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishDraftDirectly } from '../testing/fixture.js';
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
const IMAGE = 'media/images/plan-evacuation-test.svg';

beforeAll(async () => {
  ({ f, admin, editor, otherEditor } = await createAdminSuite());
  await f.repos.media.upsert({
    devid: f.ids.devid,
    path: 'images/plan-evacuation-test.svg',
    content_type: 'image/svg+xml',
    size: 100,
    sha256: 'a'.repeat(64),
  });
  await f.repos.media.upsert({
    devid: f.ids.otherDevid,
    path: 'images/autre-site.svg',
    content_type: 'image/svg+xml',
    size: 100,
    sha256: 'b'.repeat(64),
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
});
beforeEach(async () => {
  f.resetClock();
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
});
afterAll(async () => {
  await f.close();
});

let names = 0;
const input = (overrides: Partial<AlertTemplateInput> = {}): AlertTemplateInput => ({
  name: `Modèle ${++names}`,
  kind: 'evacuation',
  titleFr: 'Évacuation immédiate',
  titleEn: 'Evacuate now',
  instructionsFr: 'Sortez par la sortie la plus proche.',
  instructionsEn: 'Leave by the nearest exit.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: 'Fin de l’alerte.',
  endTextEn: 'All clear.',
  maxDurationMinutes: 120,
  ...overrides,
});

const list = () => pathOf('adminAlertTemplates', { params: { devid: f.ids.devid } });
const item = (id: number) =>
  pathOf('adminUpdateAlertTemplate', { params: { devid: f.ids.devid, templateid: id } });

async function create(client: AdminClient, overrides: Partial<AlertTemplateInput> = {}) {
  const response = await client.post(list(), input(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return data<AdminAlertTemplate>(response);
}

const withoutView = ({
  templateid: _id,
  version: _version,
  unpublished: _unpublished,
  inUse: _inUse,
  ...rest
}: AdminAlertTemplate) => rest;

/** The development's draft_version, which every draft write bumps (the unpublished count's source). */
async function draftVersion(): Promise<number> {
  return f.repos.transaction(
    async (trx) =>
      (
        await trx
          .selectFrom('developments')
          .select('draft_version')
          .where('devid', '=', f.ids.devid)
          .executeTakeFirstOrThrow()
      ).draft_version,
  );
}

async function snapshot(): Promise<Snapshot> {
  const response = await f.app.inject({
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers: await f.auth(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Envelope<Snapshot>>().data!;
}

async function publish(client: AdminClient = admin) {
  const response = await client.post(
    pathOf('adminPublish', { params: { devid: f.ids.devid } }),
    {},
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('alert templates in the back-office', () => {
  it('creates a template in the draft: draft_version, audit entry, unpublished change, not on the totems', async () => {
    const before = await draftVersion();
    const wanted = input({ name: '  Évacuation B  ', image: IMAGE });
    const response = await editor.post(list(), wanted);
    expect(response.statusCode, response.body).toBe(201);
    const created = data<AdminAlertTemplate>(response);
    expect(response.json<Envelope<unknown>>().message).toMatch(/Publiez/);
    expect(withoutView(created)).toEqual({ ...wanted, name: 'Évacuation B' });
    expect(created).toMatchObject({ version: 1, unpublished: true, inUse: false });
    expect(await draftVersion()).toBe(before + 1);

    const listed = data<AdminAlertTemplateList>(await editor.get(list()));
    expect(listed.templates.find((t) => t.templateid === created.templateid)).toEqual(created);

    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
    );
    expect(audit[0]).toMatchObject({
      action: 'alert_template.create',
      targetType: 'alert_template',
      targetId: created.templateid,
      username: 'editrice',
    });

    const changes = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    const change = changes.changes.find(
      (entry) => entry.kind === 'alert_template' && entry.itemId === created.templateid,
    );
    expect(change).toMatchObject({ before: null, lastEdit: { username: 'editrice' } });
    expect(change?.after).toMatchObject({ name: 'Évacuation B', title_en: 'Evacuate now' });
    expect(changes.summary).toMatch(/modèle d’alerte/);
    expect(
      ((await snapshot()).alertTemplates ?? []).some((t) => t.templateid === created.templateid),
    ).toBe(false);
  });

  it('changes a template, and the publish carries it to the snapshot', async () => {
    const created = await create(editor);
    await publish();
    const published = data<AdminAlertTemplateList>(await editor.get(list())).templates.find(
      (t) => t.templateid === created.templateid,
    );
    expect(published?.unpublished).toBe(false);

    const response = await editor.put(item(created.templateid), {
      ...input({ name: created.name, titleEn: 'Leave the building now', colour: 'bleu' }),
      expectedVersion: created.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = data<AdminAlertTemplate>(response);
    expect(updated).toMatchObject({
      version: 2,
      titleEn: 'Leave the building now',
      colour: 'bleu',
      unpublished: true,
    });
    const audit = data<AuditEntry[]>(
      await admin.get(pathOf('adminAudit', { query: { devid: f.ids.devid, limit: 1 } })),
    );
    expect(audit[0]).toMatchObject({
      action: 'alert_template.update',
      summary: {
        before: { titleEn: 'Evacuate now', colour: 'rouge' },
        after: { titleEn: 'Leave the building now', colour: 'bleu' },
      },
    });
    expect(
      (await snapshot()).alertTemplates?.find((t) => t.templateid === created.templateid)?.titleEn,
    ).toBe('Evacuate now');
    await publish(editor);
    expect(
      (await snapshot()).alertTemplates?.find((t) => t.templateid === created.templateid),
    ).toMatchObject({ titleEn: 'Leave the building now', colour: 'bleu' });
  });

  it('refuses bad input with a French message, and writes nothing', async () => {
    const before = await draftVersion();
    const cases: Array<[Partial<AlertTemplateInput> | Record<string, unknown>, RegExp]> = [
      [{ pictogram: 'skull' }, /Pictogramme inconnu : « skull ».*evacuation \(Évacuation\)/],
      [{ colour: 'violet' }, /Couleur inconnue : « violet ».*rouge \(Rouge\)/],
      [{ titleFr: '   ' }, /titre en français est obligatoire/],
      [{ name: ' ' }, /nom du modèle est obligatoire/],
      [{ maxDurationMinutes: 0 }, /durée maximale.*entre 1 et 10/],
      [{ maxDurationMinutes: 7 * 24 * 60 + 1 }, /durée maximale/],
      [{ image: 'media/images/inconnue.svg' }, /n’est pas une image de la médiathèque/],
      [{ image: 'media/images/autre-site.svg' }, /n’est pas une image de la médiathèque/],
      [{ image: 'javascript:alert(1)' }, /n’est pas une image de la médiathèque/],
      [{ kind: 'incendie' }, /« kind » doit valoir/],
      [{ titleFr: 'x'.repeat(201) }, /« titleFr » ne doit pas dépasser 200 caractères/],
    ];
    for (const [overrides, message] of cases) {
      const response = await editor.post(list(), { ...input(), ...overrides });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = response.json<Envelope<null>>();
      expect(body.data).toBeNull();
      expect(body.error).toBeTruthy();
      expect(body.message, JSON.stringify(overrides)).toMatch(message);
    }
    expect(await draftVersion()).toBe(before);
  });

  it('refuses a name already taken in the development, whatever its case (409)', async () => {
    const first = await create(editor, { name: 'Incendie atelier' });
    const again = await editor.post(list(), input({ name: 'INCENDIE ATELIER' }));
    expect(again.statusCode).toBe(409);
    expect(again.json<Envelope<null>>().message).toBe(
      'Un modèle d’alerte nommé « INCENDIE ATELIER » existe déjà dans ce développement.',
    );
    const second = await create(editor);
    const renamed = await editor.put(item(second.templateid), {
      ...input({ name: 'incendie atelier' }),
      expectedVersion: second.version,
    });
    expect(renamed.statusCode).toBe(409);
    // Its own name, changed in case only, is fine.
    const own = await editor.put(item(first.templateid), {
      ...input({ name: 'Incendie Atelier' }),
      expectedVersion: first.version,
    });
    expect(own.statusCode, own.body).toBe(200);
    // Another development may use the name.
    const elsewhere = await otherEditor.post(
      pathOf('adminCreateAlertTemplate', { params: { devid: f.ids.otherDevid } }),
      input({ name: 'Incendie atelier' }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('answers 409 with the current template to a stale version, for a change and a delete', async () => {
    const created = await create(editor);
    const first = await admin.put(item(created.templateid), {
      ...input({ name: created.name, titleFr: 'Par l’admin' }),
      expectedVersion: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await editor.put(item(created.templateid), {
      ...input({ name: created.name, titleFr: 'Par l’éditrice' }),
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    const body = stale.json<Envelope<AdminAlertTemplate>>();
    expect(body.message).toMatch(/modifié par quelqu’un d’autre/);
    expect(body.data).toMatchObject({
      templateid: created.templateid,
      version: 2,
      titleFr: 'Par l’admin',
    });
    const staleDelete = await editor.delete(
      pathOf('adminDeleteAlertTemplate', {
        params: { devid: f.ids.devid, templateid: created.templateid },
        query: { expectedVersion: 1 },
      }),
    );
    expect(staleDelete.statusCode).toBe(409);
    expect(staleDelete.json<Envelope<AdminAlertTemplate>>().data?.version).toBe(2);
    const deleted = await editor.delete(
      pathOf('adminDeleteAlertTemplate', {
        params: { devid: f.ids.devid, templateid: created.templateid },
        query: { expectedVersion: 2 },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(data(deleted)).toEqual({ deleted: created.templateid });
    const gone = await editor.put(item(created.templateid), {
      ...input(),
      expectedVersion: 2,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<Envelope<null>>().message).toMatch(/n’existe pas/);
  });

  it('keeps the templates to who may edit the development', async () => {
    const created = await create(editor);
    expect((await otherEditor.get(list())).statusCode).toBe(403);
    const refused = await otherEditor.post(list(), input());
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Envelope<null>>().message).toBe(
      'Vous n’avez pas accès à ce développement.',
    );
    expect(
      (
        await otherEditor.put(item(created.templateid), {
          ...input(),
          expectedVersion: created.version,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await otherEditor.delete(
          pathOf('adminDeleteAlertTemplate', {
            params: { devid: f.ids.devid, templateid: created.templateid },
            query: { expectedVersion: created.version },
          }),
        )
      ).statusCode,
    ).toBe(403);
    // A template of development A named under development B's path: not found there.
    const crossed = await admin.put(
      pathOf('adminUpdateAlertTemplate', {
        params: { devid: f.ids.otherDevid, templateid: created.templateid },
      }),
      { ...input(), expectedVersion: created.version },
    );
    expect(crossed.statusCode).toBe(404);
    // No CSRF token: refused; no session: 401.
    expect((await editor.post(list(), input(), { csrf: null })).statusCode).toBe(403);
    const anonymous = await f.app.inject({ method: 'GET', url: list() });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await admin.get(pathOf('adminAlertTemplates', { params: { devid: 999_999 } }))).statusCode,
    ).toBe(404);
  });

  it('refuses to delete the template of the alert in force, naming the alert; deletes it once ended', async () => {
    const created = await create(editor, { name: 'Fuite de gaz', kind: 'free' });
    await publish();
    const started = await admin.post(
      pathOf('adminStartAlert', { params: { devid: f.ids.devid } }),
      {
        templateid: created.templateid,
        drill: false,
      },
    );
    expect(started.statusCode, started.body).toBe(200);
    const listed = data<AdminAlertTemplateList>(await editor.get(list()));
    expect(listed.templates.find((t) => t.templateid === created.templateid)?.inUse).toBe(true);

    const before = await draftVersion();
    const refused = await editor.delete(
      pathOf('adminDeleteAlertTemplate', {
        params: { devid: f.ids.devid, templateid: created.templateid },
        query: { expectedVersion: created.version },
      }),
    );
    expect(refused.statusCode).toBe(409);
    const body = refused.json<Envelope<null>>();
    expect(body.data).toBeNull();
    expect(body.message).toMatch(
      /^Le modèle « Fuite de gaz » est celui de l’alerte en cours \(« Fuite de gaz », déclenchée par admin le .*\) : il ne peut pas être supprimé\. Terminez l’alerte/,
    );
    expect(await draftVersion()).toBe(before);
    expect(await f.repos.alertTemplates.find(f.ids.devid, created.templateid)).toBeDefined();

    // Editing it stays possible (the totems get the change with the next publish).
    const edited = await editor.put(item(created.templateid), {
      ...input({ name: 'Fuite de gaz', kind: 'free', titleEn: 'Gas leak' }),
      expectedVersion: created.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(
      (await admin.delete(pathOf('adminEndAlert', { params: { devid: f.ids.devid } }))).statusCode,
    ).toBe(200);
    const deleted = await editor.delete(
      pathOf('adminDeleteAlertTemplate', {
        params: { devid: f.ids.devid, templateid: created.templateid },
        query: { expectedVersion: 2 },
      }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = data<AdminAlertTemplateList>(await editor.get(list()));
    expect(after.removedUnpublished).toContainEqual({
      templateid: created.templateid,
      name: 'Fuite de gaz',
    });
    await publish();
    expect(
      ((await snapshot()).alertTemplates ?? []).some((t) => t.templateid === created.templateid),
    ).toBe(false);
  });

  it('gives a discarded template a new version, so an open form gets a 409', async () => {
    const created = await create(editor);
    await publish();
    const changed = await editor.put(item(created.templateid), {
      ...input({ name: created.name, titleFr: 'Brouillon' }),
      expectedVersion: 1,
    });
    expect(data<AdminAlertTemplate>(changed).version).toBe(2);
    const discard = await admin.post(
      pathOf('adminDiscardDraft', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(discard.statusCode, discard.body).toBe(200);
    const restored = await f.repos.alertTemplates.find(f.ids.devid, created.templateid);
    expect(restored).toMatchObject({ titleFr: 'Évacuation immédiate', version: 3 });
    const stale = await editor.put(item(created.templateid), {
      ...input({ name: created.name }),
      expectedVersion: 2,
    });
    expect(stale.statusCode).toBe(409);
  });
});
