/**
 * Text alternatives (issue 52, decision 050): an image element or sub-element carries the words a
 * reader says for it. Written through the back-office's content API, an alternative goes through
 * the draft, the publish, the change log, the snapshot, the delta and a rollback like any content;
 * images without one are sent as before (no `alt` on the wire). The draft's warnings name the zones
 * with images lacking one. A change log written before migration 028 reads as « none », so a
 * rollback across it sees no spurious change. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import {
  ALT_TEXT_MAX_LENGTH,
  TOKEN_HEADER,
  type AdminElement,
  type AdminSubgroup,
  type ContentChanges,
  type DraftChanges,
  type Envelope,
  type RevisionChanges,
  type Snapshot,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFixture } from '../testing/fixture.js';
import { openTestDatabase } from '../testing/test-database.js';
import { createRepositories } from '../db/repositories/index.js';
import {
  createAdminFixture,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

describe('an image’s text alternative', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  beforeAll(async () => {
    f = await createAdminFixture();
    editor = await f.asEditor();
  });
  afterAll(async () => {
    await f.close();
  });

  const kiosk = async <T>(url: string): Promise<T> => {
    const response = await f.app.inject({
      method: 'GET',
      url,
      headers: { [TOKEN_HEADER]: await f.token() },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<T>>().data!;
  };
  const snapshot = () => kiosk<Snapshot>(pathOf('snapshot', { params: { devid: f.ids.devid } }));
  const publish = async () => {
    const response = await editor.post(
      pathOf('adminPublish', { params: { devid: f.ids.devid } }),
      {},
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const draftChanges = async () =>
    data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
  const element = async (elementid: number) =>
    data<AdminElement>(await editor.get(pathOf('adminElement', { params: { elementid } })));
  const altWarnings = (draft: DraftChanges) =>
    draft.warnings.filter((warning) => warning.code === 'missing-alt-text');

  it('is written, published, logged, snapshotted, sent in a delta and rolled back', async () => {
    const before = await snapshot();
    // No image of the fixture has one: none is sent.
    expect(before.elements.every((item) => item.alt === undefined)).toBe(true);
    expect(before.subelements.every((item) => item.alt === undefined)).toBe(true);

    const first = f.ids.planElements[0]!;
    const current = await element(first);
    const updated = await editor.patch(pathOf('adminElement', { params: { elementid: first } }), {
      expectedVersion: current.version,
      alt: '  Plan du site :   accueil au nord,\n parking visiteurs à l’est. ',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const alt = 'Plan du site : accueil au nord, parking visiteurs à l’est.';
    expect(data<AdminElement>(updated).alt).toBe(alt);

    const draft = await draftChanges();
    expect(draft.changes).toEqual([
      expect.objectContaining({
        kind: 'element',
        itemId: first,
        after: expect.objectContaining({ alt }),
      }),
    ]);
    // Kiosks do not see a draft.
    expect((await snapshot()).elements.find((item) => item.elementid === first)?.alt).toBe(
      undefined,
    );

    await publish();
    const after = await snapshot();
    const sent = after.elements.find((item) => item.elementid === first);
    expect(sent?.alt).toBe(alt);
    // The other images are sent exactly as before.
    expect(after.elements.filter((item) => item.elementid !== first)).toEqual(
      before.elements.filter((item) => item.elementid !== first),
    );

    const logged = data<RevisionChanges>(
      await editor.get(
        pathOf('adminRevisionChanges', { params: { devid: f.ids.devid, revision: after.version } }),
      ),
    );
    expect(logged.changes).toEqual([
      expect.objectContaining({
        kind: 'element',
        before: expect.objectContaining({ alt: '' }),
        after: expect.objectContaining({ alt }),
      }),
    ]);

    const delta = await kiosk<ContentChanges>(
      pathOf('changes', { params: { devid: f.ids.devid }, query: { since: before.version } }),
    );
    if (delta.full) throw new Error('expected a delta');
    expect(delta.puts.elements).toEqual([sent]);

    const rolled = await editor.post(
      pathOf('adminRollback', { params: { devid: f.ids.devid, revision: before.version } }),
      {},
    );
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect((await snapshot()).elements).toEqual(before.elements);
    expect((await element(first)).alt).toBeUndefined();
  });

  it('is carried by a sub-group’s images', async () => {
    const subgroup = data<AdminSubgroup>(
      await editor.get(pathOf('adminSubgroup', { params: { subgroupid: f.ids.liveProduct } })),
    );
    const response = await editor.patch(
      pathOf('adminSubgroup', { params: { subgroupid: f.ids.liveProduct } }),
      {
        expectedVersion: subgroup.version,
        fields: {
          image: [
            {
              value: '/media/products/alpha-1.png',
              type: 'image',
              alt: 'Pompe Alpha, vue de face',
            },
            { value: '/media/products/alpha-2.png', type: 'image' },
          ],
        },
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(data<AdminSubgroup>(response).fields.image?.map((item) => item.alt)).toEqual([
      'Pompe Alpha, vue de face',
      undefined,
    ]);
    await publish();
    const sent = (await snapshot()).subelements.filter(
      (item) => item.subgroupinfo?.subgroupid === f.ids.liveProduct && item.alt !== undefined,
    );
    expect(sent.map((item) => item.alt)).toEqual(['Pompe Alpha, vue de face']);
  });

  it('is refused, with the JSON envelope, on anything but an image and beyond its length', async () => {
    const zone = f.ids.planZone;
    const onText = await editor.post(pathOf('adminCreateElement', { params: { zoneid: zone } }), {
      value: 'Bienvenue',
      type: 'text',
      alt: 'Un texte',
    });
    expect(onText.statusCode).toBe(400);
    expect(onText.json<Envelope<unknown>>().message).toContain(
      'seule une image prend un texte alternatif',
    );
    const tooLong = await editor.post(pathOf('adminCreateElement', { params: { zoneid: zone } }), {
      value: 'media/images/plan.svg',
      type: 'image',
      alt: 'x'.repeat(ALT_TEXT_MAX_LENGTH + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<Envelope<unknown>>().data ?? null).toBeNull();
  });

  it('goes when the item stops being an image', async () => {
    const created = data<AdminElement>(
      await editor.post(pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }), {
        value: 'media/images/plan-b.svg',
        type: 'image',
        alt: 'Plan B',
      }),
    );
    expect(created.alt).toBe('Plan B');
    const changed = await editor.patch(
      pathOf('adminElement', { params: { elementid: created.elementid } }),
      { expectedVersion: created.version, type: 'text', value: 'Plan B' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data<AdminElement>(changed).alt).toBeUndefined();
  });

  it('is missing from zones the draft’s warnings name, until each image has one', async () => {
    const warned = altWarnings(await draftChanges()).find(
      (warning) => warning.zoneid === f.ids.planZone,
    );
    expect(warned?.zonename).toBe('Plan du site');
    expect(warned?.message).toMatch(/^Zone « Plan du site » : \d+ images sans texte alternatif/);
    // Sub-groups' images count for their zone.
    expect(
      altWarnings(await draftChanges()).some((warning) => warning.zonename === 'Produits'),
    ).toBe(true);

    const images = data<AdminElement[]>(
      await editor.get(pathOf('adminElements', { params: { zoneid: f.ids.planZone } })),
    ).filter((item) => item.type === 'image');
    for (const [index, image] of images.entries()) {
      const response = await editor.patch(
        pathOf('adminElement', { params: { elementid: image.elementid } }),
        { expectedVersion: image.version, alt: `Plan du site, vue ${index + 1}` },
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const left = altWarnings(await draftChanges());
    expect(left.some((warning) => warning.zoneid === f.ids.planZone)).toBe(false);
    // A warning never refuses a publish.
    await publish();
  });
});

describe('a change log written before migration 028', () => {
  it('reads as « no text alternative »: rolling back across it changes nothing else', async () => {
    const handle = await openTestDatabase();
    try {
      const repos = createRepositories(handle.db);
      const ids = await seedFixture(repos);
      const author = { kind: 'system' as const, name: 'test', userid: null };
      const publish = () =>
        repos.revisions.publishDraft(ids.devid, { author, source: 'publish', now: new Date() });
      await publish();
      const base = (await repos.live.snapshot(ids.devid, new Date()))!.version;
      await repos.draft.updateElementValue(ids.planElements[0]!, 'media/images/autre.svg');
      await publish();
      // As 027 logged them: element and sub-element rows without the column 028 added.
      const rows = await handle.db
        .selectFrom('content_changes')
        .select(['changeid', 'before', 'after'])
        .where('devid', '=', ids.devid)
        .where('kind', 'in', ['element', 'subelement'])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const strip = (json: string | null) => {
        if (json === null) return null;
        const { alt: _alt, ...rest } = JSON.parse(json) as Record<string, unknown>;
        return JSON.stringify(rest);
      };
      for (const row of rows)
        await handle.db
          .updateTable('content_changes')
          .set({ before: strip(row.before), after: strip(row.after) })
          .where('changeid', '=', row.changeid)
          .execute();

      const old = (await repos.revisions.contentAt(ids.devid, base))!;
      expect(old.element.every((row) => row.alt === '')).toBe(true);
      expect(old.subelement.every((row) => row.alt === '')).toBe(true);
      const outcome = await repos.revisions.rollbackTo(ids.devid, base, {
        author,
        now: new Date(),
      });
      expect(outcome).toMatchObject({ status: 'created' });
      if (outcome?.status !== 'created') return;
      expect(outcome.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });
      expect(outcome.counts.subelement).toEqual({ added: 0, changed: 0, removed: 0 });
    } finally {
      await handle.close();
    }
  });
});
