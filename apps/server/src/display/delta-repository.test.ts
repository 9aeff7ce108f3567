/**
 * The property of delta sync (decision 016), with a fake clock: applying the delta from
 * N to the latest revision M (deletes first, then puts; unknown ids are no-ops) to the snapshot of
 * N taken at any time t0 since N was published gives the snapshot of M at any later time — and
 * its counts are that snapshot's lengths.
 *
 * Random runs (fast-check: a failure prints its seed and the shrunk sequence) of draft edits of
 * every kind (the published settings included: replaced whole when the delta carries them),
 * sub-groups expiring around the clock, publishes, clock moves, snapshots taken, and
 * checks. Each run works on a development of its own, in one store: an in-memory SQLite database
 * here, a fresh PostgreSQL schema when the same file runs in the `server-pg` project
 * (test-database.ts) — one body for both stores.
 */
import type { Snapshot } from '@plant-kiosk/contract';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { openTestDatabase, testingPostgres } from '../testing/test-database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';

const HOUR = 3_600_000;
const START = Date.parse('2026-03-10T09:00:00.000Z');

// Weighted towards what the delta must get right: sub-groups whose windows open and close
// around the clock between snapshots and publishes.
const OPS = [
  ['addZone', 1],
  ['removeZone', 1],
  ['addElement', 2],
  ['changeElement', 2],
  ['removeElement', 1],
  ['addSubelement', 3],
  ['changeSubelement', 2],
  ['removeSubelement', 2],
  ['addSubgroup', 5],
  ['changeExpiration', 6],
  ['removeSubgroup', 2],
  ['addTemplate', 1],
  ['changeTemplate', 1],
  ['removeTemplate', 1],
  ['changeSettings', 2],
  ['publish', 8],
  ['advance', 6],
  ['snapshot', 7],
  ['check', 2],
] as const;
type OpName = (typeof OPS)[number][0];

interface Op {
  op: OpName;
  /** Picks a target among the existing ones. */
  pick: number;
  /** Hours: an expiration date around the clock, or how far the clock moves. */
  hours: number | null;
}

const opArbitrary: fc.Arbitrary<Op> = fc.record({
  op: fc.oneof(...OPS.map(([name, weight]) => ({ arbitrary: fc.constant(name), weight }))),
  // Small, so that successive operations often pick the same item.
  pick: fc.nat(7),
  hours: fc.option(fc.integer({ min: -3, max: 6 }), { freq: 5 }),
});

/** Per kind, sorted by id, without the fields that say when it was built. */
function normalize(
  snapshot: Pick<Snapshot, 'zones' | 'elements' | 'subelements' | 'subgroups'> & {
    alertTemplates?: Snapshot['alertTemplates'];
  },
) {
  return {
    zones: [...snapshot.zones].sort((a, b) => a.zoneid - b.zoneid),
    elements: [...snapshot.elements].sort((a, b) => a.elementid - b.elementid),
    subelements: [...snapshot.subelements].sort((a, b) => a.subelementid - b.subelementid),
    subgroups: [...snapshot.subgroups].sort((a, b) => a.subgroupid - b.subgroupid),
    alertTemplates: [...(snapshot.alertTemplates ?? [])].sort(
      (a, b) => a.templateid - b.templateid,
    ),
  };
}

let handle: DatabaseHandle;
let db: Kysely<Database>;
let repos: Repositories;
let modelid: number;
let runs = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
  repos = createRepositories(db);
  modelid = (await repos.models.upsert('Produit', ['titre', 'image'])).modelid;
});
afterAll(async () => {
  await handle?.close();
});

/** One random run, on a development of its own. */
async function run(ops: readonly Op[]): Promise<void> {
  const { draft, live, developments, revisions, alerts, deltas } = repos;
  let clock = START + runs * 1000 * HOUR;
  const now = () => new Date(clock);
  const at = (hours: number) => new Date(clock + hours * HOUR).toISOString();
  const development = await developments.create(`delta-${++runs}`, now());
  const devid = development.devid;
  let serial = 0;

  const publish = () =>
    revisions.publishDraft(devid, {
      author: { kind: 'system', name: 'test', userid: null },
      source: 'publish',
      now: now(),
    });
  const pick = <T>(items: readonly T[], index: number): T | undefined =>
    items.length === 0 ? undefined : items[index % items.length];
  const zoneIds = async () =>
    (
      await db
        .selectFrom('zones')
        .select('zoneid')
        .where('devid', '=', devid)
        .orderBy('zoneid')
        .execute()
    ).map((row) => row.zoneid);
  const elementIds = async () =>
    (
      await db
        .selectFrom('elements')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select('elements.elementid')
        .where('zones.devid', '=', devid)
        .orderBy('elements.elementid')
        .execute()
    ).map((row) => row.elementid);
  const subgroups = async () =>
    db
      .selectFrom('subgroups')
      .innerJoin('elements', 'elements.elementid', 'subgroups.elementid')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .select(['subgroups.subgroupid', 'subgroups.elementid'])
      .where('zones.devid', '=', devid)
      .orderBy('subgroups.subgroupid')
      .execute();
  const subelementIds = async () =>
    (
      await db
        .selectFrom('subelements')
        .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
        .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
        .select('subelements.subelementid')
        .where('zones.devid', '=', devid)
        .orderBy('subelements.subelementid')
        .execute()
    ).map((row) => row.subelementid);
  const templateIds = async () =>
    (
      await db
        .selectFrom('alert_templates')
        .select('templateid')
        .where('devid', '=', devid)
        .orderBy('templateid')
        .execute()
    ).map((row) => row.templateid);
  const addSubelement = (elementid: number, subgroupid: number | null) =>
    draft.createSubelement({
      elementid,
      order: ++serial,
      value: `valeur ${serial}`,
      type: 'text',
      subgroupid,
      fieldlabel: subgroupid === null ? null : serial % 2 ? 'titre' : 'image',
    });
  const addTemplate = () =>
    alerts.createDraftTemplate(devid, {
      name: `Modèle ${++serial}`,
      kind: 'free',
      titleFr: `Alerte ${serial}`,
      titleEn: `Alert ${serial}`,
      instructionsFr: 'Sortez.',
      instructionsEn: 'Get out.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: null,
      endTextFr: null,
      endTextEn: null,
    });

  /** Snapshots a kiosk could hold: revision, when it was taken, what it held. */
  const held: Snapshot[] = [];
  const check = async (kept: Snapshot) => {
    const t1 = now();
    const latest = (await live.snapshot(devid, t1))!;
    const outcome = (await deltas.changes(devid, kept.version, t1, Number.POSITIVE_INFINITY))!;
    const context = `delta ${kept.version} (${kept.generatedAt}) → ${latest.version} (${t1.toISOString()})`;
    if (outcome.kind === 'full') throw new Error(`${context}: full (${outcome.answer.reason})`);
    if (outcome.kind === 'unchanged') {
      expect(kept.version, context).toBe(latest.version);
      expect(normalize(kept), context).toEqual(normalize(latest));
      return;
    }
    const delta = outcome.answer;
    expect(delta.from, context).toBe(kept.version);
    expect(delta.to, context).toBe(latest.version);
    const apply = <T>(
      records: readonly T[] | undefined,
      id: (record: T) => number,
      deletes: readonly number[],
      puts: readonly T[],
    ): T[] => {
      const byId = new Map((records ?? []).map((record) => [id(record), record]));
      for (const gone of deletes) byId.delete(gone);
      for (const record of puts) byId.set(id(record), record);
      return [...byId.values()];
    };
    const applied = normalize({
      zones: apply(kept.zones, (z) => z.zoneid, delta.deletes.zones, delta.puts.zones),
      elements: apply(
        kept.elements,
        (e) => e.elementid,
        delta.deletes.elements,
        delta.puts.elements,
      ),
      subelements: apply(
        kept.subelements,
        (s) => s.subelementid,
        delta.deletes.subelements,
        delta.puts.subelements,
      ),
      subgroups: apply(
        kept.subgroups,
        (g) => g.subgroupid,
        delta.deletes.subgroups,
        delta.puts.subgroups,
      ),
      alertTemplates: apply(
        kept.alertTemplates,
        (t) => t.templateid,
        delta.deletes.alertTemplates,
        delta.puts.alertTemplates,
      ),
    });
    const expected = normalize(latest);
    expect(applied, context).toEqual(expected);
    // Published settings: the settings are replaced whole when the delta has them, else kept.
    expect(delta.settings ?? kept.settings, context).toEqual(latest.settings);
    expect(delta.counts, context).toEqual({
      zones: expected.zones.length,
      elements: expected.elements.length,
      subelements: expected.subelements.length,
      subgroups: expected.subgroups.length,
      alertTemplates: expected.alertTemplates.length,
    });
  };

  // A small plant to start from, published (revision 1), so every snapshot is of a revision.
  const zone = await draft.createZone({ devid, zonename: 'Zone 0', type: 'subgroups' });
  for (let order = 1; order <= 3; order++) {
    const element = await draft.createElement({
      zoneid: zone.zoneid,
      order,
      value: `Élément ${order}`,
      type: 'group',
      addingdate: at(0),
    });
    await addSubelement(element.elementid, null);
    // One sub-group that never expires, and two whose windows close within hours.
    const group = await draft.createSubgroup({
      elementid: element.elementid,
      modelid,
      order,
      addingdate: at(0),
      expirationdate: order === 1 ? null : at(order - 1),
    });
    await addSubelement(element.elementid, group.subgroupid);
    await addSubelement(element.elementid, group.subgroupid);
  }
  await publish();
  held.push((await live.snapshot(devid, now()))!);

  for (const { op, pick: index, hours } of ops) {
    switch (op) {
      case 'addZone':
        await draft.createZone({ devid, zonename: `Zone ${++serial}`, type: 'images' });
        break;
      case 'removeZone': {
        const zoneid = pick(await zoneIds(), index);
        if (zoneid !== undefined)
          await db.deleteFrom('zones').where('zoneid', '=', zoneid).execute();
        break;
      }
      case 'addElement': {
        const zoneid = pick(await zoneIds(), index);
        if (zoneid === undefined) break;
        await draft.createElement({
          zoneid,
          order: ++serial,
          value: `Élément ${serial}`,
          type: 'text',
          addingdate: at(0),
        });
        break;
      }
      case 'changeElement': {
        const elementid = pick(await elementIds(), index);
        if (elementid !== undefined) await draft.updateElementValue(elementid, `v${++serial}`);
        break;
      }
      case 'removeElement': {
        const elementid = pick(await elementIds(), index);
        if (elementid !== undefined)
          await db.deleteFrom('elements').where('elementid', '=', elementid).execute();
        break;
      }
      case 'addSubelement': {
        // Half of them in a sub-group (of the sub-group's element), the others plain.
        const group = index % 2 ? pick(await subgroups(), index >> 1) : undefined;
        const elementid = group?.elementid ?? pick(await elementIds(), index);
        if (elementid !== undefined) await addSubelement(elementid, group?.subgroupid ?? null);
        break;
      }
      case 'changeSubelement': {
        const subelementid = pick(await subelementIds(), index);
        if (subelementid !== undefined)
          await db
            .updateTable('subelements')
            .set({ value: `v${++serial}` })
            .where('subelementid', '=', subelementid)
            .execute();
        break;
      }
      case 'removeSubelement': {
        const subelementid = pick(await subelementIds(), index);
        if (subelementid !== undefined)
          await db.deleteFrom('subelements').where('subelementid', '=', subelementid).execute();
        break;
      }
      case 'addSubgroup': {
        const elementid = pick(await elementIds(), index);
        if (elementid === undefined) break;
        const group = await draft.createSubgroup({
          elementid,
          modelid,
          order: ++serial,
          addingdate: at(0),
          expirationdate: hours === null ? null : at(hours),
        });
        for (let i = 0; i < 1 + (index % 3); i++) await addSubelement(elementid, group.subgroupid);
        break;
      }
      case 'changeExpiration': {
        const group = pick(await subgroups(), index);
        if (group)
          await db
            .updateTable('subgroups')
            .set({ expirationdate: hours === null ? null : at(hours) })
            .where('subgroupid', '=', group.subgroupid)
            .execute();
        break;
      }
      case 'removeSubgroup': {
        const group = pick(await subgroups(), index);
        if (group)
          await db.deleteFrom('subgroups').where('subgroupid', '=', group.subgroupid).execute();
        break;
      }
      case 'addTemplate':
        await addTemplate();
        break;
      case 'changeTemplate': {
        const templateid = pick(await templateIds(), index);
        if (templateid !== undefined)
          await db
            .updateTable('alert_templates')
            .set({ title_fr: `Alerte ${++serial}` })
            .where('templateid', '=', templateid)
            .execute();
        break;
      }
      case 'removeTemplate': {
        const templateid = pick(await templateIds(), index);
        if (templateid !== undefined) await alerts.deleteDraftTemplate(templateid);
        break;
      }
      case 'changeSettings': {
        const settings = await repos.settings.draft(devid);
        await repos.settings.saveDraft(devid, {
          ...settings,
          pingIntervalSeconds: 5 + index,
          suggestionFormUrl: hours === null ? null : `https://forms-${index % 3}.test/`,
        });
        break;
      }
      case 'publish':
        clock += 60_000;
        await publish();
        break;
      case 'advance':
        clock += Math.abs(hours ?? 1) * HOUR + (index % 60) * 60_000;
        break;
      case 'snapshot':
        held.push((await live.snapshot(devid, now()))!);
        // A few held at once is enough to cover old and recent revisions.
        if (held.length > 5) held.splice(1 + (index % 4), 1);
        break;
      case 'check':
        await check(pick(held, index)!);
        break;
    }
  }
  for (const kept of held) await check(kept);
}

describe(`delta sync property (${testingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applying delta(N → latest) to snapshot(N) taken at any time gives snapshot(latest) now', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 10, maxLength: 40 }), run),
      {
        numRuns: testingPostgres() ? 15 : 40,
      },
    );
  });
});
