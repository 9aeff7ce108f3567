/**
 * English content, first step (decision 021): a zone's English version is its elements marked `en`.
 * Created through the back-office's content API, it goes through the draft, the publish, the
 * change log, the snapshot, the delta and a rollback like any content; French elements are sent
 * without `lang` (absent means French), so French content is on the wire as before. Also: a change
 * log written before migration 009 (element rows without `lang`) reads as French, so a rollback
 * across it sees no spurious change. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import {
  TOKEN_HEADER,
  type AdminElement,
  type ContentChanges,
  type DraftChanges,
  type Element,
  type Envelope,
  type RevisionChanges,
  type RollbackResponse,
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

describe('a zone’s English version', () => {
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

  it('is created, published, logged, snapshotted, sent in a delta and rolled back', async () => {
    const before = await snapshot();
    // Everything so far is French: no element carries a language on the wire.
    expect(before.elements.every((element) => element.lang === undefined)).toBe(true);

    const created = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value: 'media/images/site-plan-en.svg',
        type: 'image',
        lang: 'en',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const english = data<AdminElement>(created);
    expect(english).toMatchObject({ zoneid: f.ids.planZone, lang: 'en', order: 8 });

    // The draft shows it to be published, with its language.
    const draft = data<DraftChanges>(
      await editor.get(pathOf('adminDraftChanges', { params: { devid: f.ids.devid } })),
    );
    expect(draft.counts.element).toEqual({ added: 1, changed: 0, removed: 0 });
    expect(draft.changes[0]).toMatchObject({
      kind: 'element',
      itemId: english.elementid,
      after: { lang: 'en' },
    });
    // Kiosks do not see a draft.
    expect((await snapshot()).elements.some((e) => e.elementid === english.elementid)).toBe(false);

    await publish();
    const after = await snapshot();
    expect(after.version).toBe(before.version + 1);
    const sent = after.elements.find((element) => element.elementid === english.elementid);
    expect(sent).toMatchObject({ zoneid: f.ids.planZone, lang: 'en', order: 8 });
    const french = after.elements.filter((element) => element.zoneid === f.ids.planZone);
    expect(french.filter((element) => element.lang === undefined)).toHaveLength(7);

    // The change log names it with its language.
    const logged = data<RevisionChanges>(
      await editor.get(
        pathOf('adminRevisionChanges', { params: { devid: f.ids.devid, revision: after.version } }),
      ),
    );
    expect(logged.changes).toEqual([
      expect.objectContaining({
        kind: 'element',
        before: null,
        after: expect.objectContaining({ lang: 'en' }),
      }),
    ]);

    // The kiosk's per-zone read (batches by order) serves it too.
    const batch = await kiosk<Element[]>(
      pathOf('elements', { params: { zoneid: f.ids.planZone }, query: { order: 6, quantity: 5 } }),
    );
    expect(batch.map((element) => element.lang ?? 'fr')).toEqual(['fr', 'fr', 'en']);

    // The delta from the previous revision: exactly that element, and the snapshot's counts.
    const delta = await kiosk<ContentChanges>(
      pathOf('changes', { params: { devid: f.ids.devid }, query: { since: before.version } }),
    );
    if (delta.full) throw new Error('expected a delta');
    expect(delta.puts.elements).toEqual([sent]);
    expect(delta.counts.elements).toBe(after.elements.length);
    expect(delta.counts.elements).toBe(before.elements.length + 1);

    // Rolling back to the previous revision removes the English version, and only it.
    const rolled = await editor.post(
      pathOf('adminRollback', { params: { devid: f.ids.devid, revision: before.version } }),
      {},
    );
    expect(rolled.statusCode, rolled.body).toBe(200);
    const outcome = data<RollbackResponse>(rolled);
    expect(outcome.counts.element).toEqual({ added: 0, changed: 0, removed: 1 });
    const back = await snapshot();
    expect(back.elements).toEqual(before.elements);
    const draftAfter = data<AdminElement[]>(
      await editor.get(pathOf('adminElements', { params: { zoneid: f.ids.planZone } })),
    );
    expect(draftAfter.map((element) => element.lang ?? 'fr')).toEqual(Array(7).fill('fr'));
  });

  it('refuses a language other than fr and en, with the JSON envelope', async () => {
    const response = await editor.post(
      pathOf('adminCreateElement', { params: { zoneid: f.ids.planZone } }),
      {
        value: 'media/images/site-plan-de.svg',
        type: 'image',
        lang: 'de',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope<unknown>>().data ?? null).toBeNull();
  });
});

describe('a change log written before migration 009', () => {
  it('reads as French: rebuilding an old revision and rolling back to it change nothing else', async () => {
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
      // As 008 logged it: the element rows without the column 009 added.
      const rows = await handle.db
        .selectFrom('content_changes')
        .select(['changeid', 'before', 'after'])
        .where('devid', '=', ids.devid)
        .where('kind', '=', 'element')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const strip = (json: string | null) => {
        if (json === null) return null;
        const { lang: _lang, ...rest } = JSON.parse(json) as Record<string, unknown>;
        return JSON.stringify(rest);
      };
      for (const row of rows)
        await handle.db
          .updateTable('content_changes')
          .set({ before: strip(row.before), after: strip(row.after) })
          .where('changeid', '=', row.changeid)
          .execute();

      const old = (await repos.revisions.contentAt(ids.devid, base))!;
      expect(old.element.every((row) => row.lang === 'fr')).toBe(true);
      const outcome = await repos.revisions.rollbackTo(ids.devid, base, {
        author,
        now: new Date(),
      });
      expect(outcome).toMatchObject({ status: 'created' });
      if (outcome?.status !== 'created') return;
      expect(outcome.counts.element).toEqual({ added: 0, changed: 1, removed: 0 });
    } finally {
      await handle.close();
    }
  });
});
