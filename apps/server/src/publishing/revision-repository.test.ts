/**
 * The revision history's property: after any sequence of draft edits, publishes (whole or one zone)
 * and discards (whole or one zone), rebuilding any revision K from today's live content and the
 * change log gives exactly the rows that were live when K was published; a discard leaves no
 * difference in its scope and every other one untouched; a zone's publish leaves none in that zone.
 * Runs on SQLite and, in the server-pg project, on PostgreSQL.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import type { LiveContent } from './revision-repository.js';
import { seedFixture, type FixtureIds } from '../testing/fixture.js';
import { openTestDatabase, testingPostgres } from '../testing/test-database.js';

let handle: DatabaseHandle;
let repos: Repositories;
let ids: FixtureIds;
beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
  ids = await seedFixture(repos);
});
afterAll(async () => {
  await handle.close();
});

type Op =
  | { op: 'addZone' }
  | { op: 'addElement'; pick: number; value: string }
  | { op: 'editElement'; pick: number; value: string }
  | { op: 'deleteElement'; pick: number }
  | { op: 'addSubelement'; pick: number; value: string }
  | { op: 'editSubelement'; pick: number; value: string }
  | { op: 'deleteZone'; pick: number }
  | { op: 'expireSubgroup'; pick: number; days: number }
  | { op: 'publish' }
  | { op: 'publishZone'; pick: number }
  | { op: 'discard' }
  | { op: 'discardZone'; pick: number }
  | { op: 'editSettings'; pick: number };

const value = fc.string({ maxLength: 12 });
const pick = fc.nat({ max: 1000 });
const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ op: 'addZone' }),
  fc.record({ op: fc.constant('addElement' as const), pick, value }),
  fc.record({ op: fc.constant('editElement' as const), pick, value }),
  fc.record({ op: fc.constant('deleteElement' as const), pick }),
  fc.record({ op: fc.constant('addSubelement' as const), pick, value }),
  fc.record({ op: fc.constant('editSubelement' as const), pick, value }),
  fc.record({ op: fc.constant('deleteZone' as const), pick }),
  fc.record({
    op: fc.constant('expireSubgroup' as const),
    pick,
    days: fc.integer({ min: -3, max: 3 }),
  }),
  fc.constant<Op>({ op: 'publish' }),
  fc.constant<Op>({ op: 'publish' }),
  fc.record({ op: fc.constant('publishZone' as const), pick }),
  fc.constant<Op>({ op: 'discard' }),
  fc.record({ op: fc.constant('discardZone' as const), pick }),
  // Published settings: the settings are one more kind of item, in no zone.
  fc.record({ op: fc.constant('editSettings' as const), pick }),
);

let zoneNames = 0;

/** Ids of the development's draft rows of one table, in order. */
async function draftIds(table: 'zones' | 'elements' | 'subelements' | 'subgroups') {
  const devid = ids.devid;
  const query =
    table === 'zones'
      ? sql<{ id: number }>`select zoneid as id from zones where devid = ${devid} order by zoneid`
      : table === 'elements'
        ? sql<{ id: number }>`select e.elementid as id from elements e
            join zones z on z.zoneid = e.zoneid where z.devid = ${devid} order by e.elementid`
        : table === 'subelements'
          ? sql<{ id: number }>`select s.subelementid as id from subelements s
              join elements e on e.elementid = s.elementid join zones z on z.zoneid = e.zoneid
              where z.devid = ${devid} order by s.subelementid`
          : sql<{ id: number }>`select g.subgroupid as id from subgroups g
              join elements e on e.elementid = g.elementid join zones z on z.zoneid = e.zoneid
              where z.devid = ${devid} order by g.subgroupid`;
  return (await query.execute(handle.db)).rows.map((row) => row.id);
}

/** The development's zones in the draft or in the live content (a deleted zone can be published). */
async function liveAndDraftZones(): Promise<number[]> {
  const live = await handle.db
    .selectFrom('pub_zones')
    .select('zoneid')
    .where('devid', '=', ids.devid)
    .execute();
  return [...new Set([...(await draftIds('zones')), ...live.map((row) => row.zoneid)])].sort(
    (a, b) => a - b,
  );
}

const chosen = (list: number[], index: number) =>
  list.length === 0 ? undefined : list[index % list.length];

async function apply(op: Op, published: Map<number, LiveContent>): Promise<void> {
  const { db } = handle;
  switch (op.op) {
    case 'addZone':
      await repos.draft.createZone({
        devid: ids.devid,
        zonename: `Zone ${++zoneNames}`,
        type: 'text',
      });
      return;
    case 'addElement': {
      const zoneid = chosen(await draftIds('zones'), op.pick);
      if (zoneid !== undefined)
        await repos.draft.createElement({
          zoneid,
          order: 100 + op.pick,
          value: op.value,
          type: 'text',
        });
      return;
    }
    case 'editElement': {
      const id = chosen(await draftIds('elements'), op.pick);
      if (id !== undefined) await repos.draft.updateElementValue(id, op.value);
      return;
    }
    case 'deleteElement': {
      const id = chosen(await draftIds('elements'), op.pick);
      if (id !== undefined) await db.deleteFrom('elements').where('elementid', '=', id).execute();
      return;
    }
    case 'addSubelement': {
      const id = chosen(await draftIds('elements'), op.pick);
      if (id !== undefined)
        await repos.draft.createSubelement({
          elementid: id,
          order: 50 + op.pick,
          value: op.value,
          type: 'text',
        });
      return;
    }
    case 'editSubelement': {
      const id = chosen(await draftIds('subelements'), op.pick);
      if (id !== undefined)
        await db
          .updateTable('subelements')
          .set({ value: op.value })
          .where('subelementid', '=', id)
          .execute();
      return;
    }
    case 'deleteZone': {
      const id = chosen(await draftIds('zones'), op.pick);
      if (id !== undefined) await db.deleteFrom('zones').where('zoneid', '=', id).execute();
      return;
    }
    case 'expireSubgroup': {
      const id = chosen(await draftIds('subgroups'), op.pick);
      if (id !== undefined) {
        const date = new Date(Date.UTC(2026, 2, 10) + op.days * 86_400_000).toISOString();
        await db
          .updateTable('subgroups')
          .set({ expirationdate: date })
          .where('subgroupid', '=', id)
          .execute();
      }
      return;
    }
    case 'editSettings': {
      const settings = await repos.settings.draft(ids.devid);
      await repos.settings.saveDraft(ids.devid, {
        ...settings,
        slideshowIntervalSeconds: 2 + (op.pick % 5),
        websiteUrl: op.pick % 2 ? `https://site-${op.pick % 3}.test/` : null,
      });
      return;
    }
    case 'discard': {
      await repos.revisions.discardDraft(ids.devid);
      expect((await repos.revisions.draftChanges(ids.devid))!.changes).toEqual([]);
      return;
    }
    case 'discardZone': {
      const zoneid = chosen(await liveAndDraftZones(), op.pick);
      if (zoneid === undefined) return;
      // The database returns the differences in no particular order.
      const sorted = <T extends { kind: string; itemId: number }>(list: T[]) =>
        list.sort((a, b) => a.kind.localeCompare(b.kind) || a.itemId - b.itemId);
      const others = (await repos.revisions.draftChanges(ids.devid))!.changes.filter(
        (change) => change.zoneid !== zoneid,
      );
      await repos.revisions.discardDraft(ids.devid, zoneid);
      // That zone's changes are gone, every other one is still there.
      expect(sorted((await repos.revisions.draftChanges(ids.devid))!.changes)).toEqual(
        sorted(others),
      );
      return;
    }
    case 'publish':
    case 'publishZone': {
      const zoneid =
        op.op === 'publishZone' ? chosen(await liveAndDraftZones(), op.pick) : undefined;
      const outcome = (await repos.revisions.publishDraft(ids.devid, {
        author: { kind: 'system', name: 'property', userid: null },
        source: 'publish',
        now: new Date(),
        zoneid,
      }))!;
      if (zoneid !== undefined) {
        const left = (await repos.revisions.draftChanges(ids.devid))!.changes;
        expect(left.filter((change) => change.zoneid === zoneid)).toEqual([]);
      }
      if (outcome.created)
        published.set(outcome.revision, await repos.revisions.liveContent(ids.devid));
      // Nothing new: the live content is still that revision's.
      else
        expect(await repos.revisions.liveContent(ids.devid)).toEqual(
          published.get(outcome.revision),
        );
      return;
    }
  }
}

describe('the change log', () => {
  it('rebuilds any revision from the live content and the later changes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 14 }), async (sequence) => {
        const current = (await repos.developments.find(ids.devid))!.content_version;
        const published = new Map<number, LiveContent>([
          [current, await repos.revisions.liveContent(ids.devid)],
        ]);
        for (const op of sequence) await apply(op, published);
        for (const [revision, content] of published) {
          expect(
            await repos.revisions.contentAt(ids.devid, revision),
            `revision ${revision}`,
          ).toEqual(content);
        }
      }),
      { numRuns: testingPostgres() ? 8 : 25 },
    );
    // The other development never moved: its one revision, untouched.
    expect((await repos.developments.find(ids.otherDevid))!.content_version).toBe(1);
  }, 120_000);

  it('knows no revision that does not exist', async () => {
    const latest = (await repos.developments.find(ids.devid))!.content_version;
    expect(await repos.revisions.contentAt(ids.devid, latest + 1)).toBeUndefined();
    expect(await repos.revisions.contentAt(ids.devid, 0)).toBeUndefined();
    expect(await repos.revisions.contentAt(999_999, 1)).toBeUndefined();
  });
});
