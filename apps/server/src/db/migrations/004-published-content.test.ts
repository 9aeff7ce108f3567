import { createHash } from 'node:crypto';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ContentVersions } from '../../lib/content-versions.js';
import { SnapshotCache } from '../../lib/snapshot-cache.js';
import { toElement, toSubelement, toSubgroup, toZone } from '../../content/index.js';
import { RevisionRepository } from '../../publishing/index.js';
import { createRepositories } from '../repositories/index.js';
import type { Database } from '../schema.js';
import * as initial from './001-initial.js';
import * as admin from './002-admin.js';
import * as mediaFleet from './003-media-fleet.js';
import * as publishedContent from './004-published-content.js';
import * as alerts from './005-alerts.js';
import * as settings from './007-settings.js';
import * as contentLanguage from './009-content-language.js';
import * as textAlternatives from './028-text-alternatives.js';

const NOW = new Date('2026-03-10T09:00:00.000Z');

/**
 * The snapshot content as the server computed it before migration 004, from the editing tables
 * (the queries of ContentRepository.snapshot at that time), and the ETag it sent for it
 * (SnapshotCache: devid, version and a hash of the content without `generatedAt`).
 */
async function preUpgradeEtag(db: Kysely<Database>, devid: number): Promise<string> {
  const { content_version: version } = await db
    .selectFrom('developments')
    .select('content_version')
    .where('devid', '=', devid)
    .executeTakeFirstOrThrow();
  const zones = await db
    .selectFrom('zones')
    .selectAll()
    .where('devid', '=', devid)
    .orderBy('zoneid')
    .execute();
  const elements = await db
    .selectFrom('elements')
    .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
    .selectAll('elements')
    .where('zones.devid', '=', devid)
    .orderBy('elements.zoneid')
    .orderBy('elements.order')
    .orderBy('elements.elementid')
    .execute();
  const subgroups = await db
    .selectFrom('subgroups')
    .innerJoin('content_models', 'content_models.modelid', 'subgroups.modelid')
    .innerJoin('elements', 'elements.elementid', 'subgroups.elementid')
    .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
    .selectAll('subgroups')
    .select('content_models.label')
    .where('zones.devid', '=', devid)
    .where((eb) =>
      eb.or([
        eb('subgroups.expirationdate', 'is', null),
        eb('subgroups.expirationdate', '>', NOW.toISOString()),
      ]),
    )
    .orderBy('subgroups.elementid')
    .orderBy('subgroups.order')
    .execute();
  const live = new Set(subgroups.map((row) => row.subgroupid));
  const subelements = await db
    .selectFrom('subelements')
    .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
    .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
    .selectAll('subelements')
    .where('zones.devid', '=', devid)
    .orderBy('subelements.elementid')
    .orderBy('subelements.order')
    .orderBy('subelements.subelementid')
    .execute();
  const content = {
    devid,
    version,
    zones: zones.map(toZone),
    elements: elements.map(toElement),
    subelements: subelements
      .filter((row) => row.subgroupid === null || live.has(row.subgroupid))
      .map(toSubelement),
    subgroups: subgroups.map((row) => toSubgroup(row, row.label)),
    // Published settings added the settings to every snapshot (the defaults here): the one change
    // of the ETag since, made by that upgrade, not by this migration.
    settings: DEFAULT_SETTINGS,
  };
  const hash = createHash('sha256')
    .update(JSON.stringify(content))
    .digest('base64url')
    .slice(0, 27);
  return `"${devid}-${version}-${hash}"`;
}

describe('migration 004 (published content)', () => {
  it('makes today’s content the base revision: same version, same ETag (a kiosk gets its 304), nothing left to publish', async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    try {
      await initial.up(db);
      await admin.up(db);
      await mediaFleet.up(db);
      // A development edited (and published) 6 times under the old scheme.
      const { devid } = await db
        .insertInto('developments')
        .values({ devname: 'neubourg', created_at: NOW.toISOString(), content_version: 7 })
        .returning('devid')
        .executeTakeFirstOrThrow();
      const { modelid } = await db
        .insertInto('content_models')
        .values({ label: 'Produit', fields: '["titre"]' })
        .returning('modelid')
        .executeTakeFirstOrThrow();
      const { zoneid } = await db
        .insertInto('zones')
        .values({ devid, zonename: 'Produits', type: 'subgroups', checklist: 0 })
        .returning('zoneid')
        .executeTakeFirstOrThrow();
      const element = async (order: number, value: string) =>
        (
          await db
            .insertInto('elements')
            .values({ zoneid, order, value, type: 'text', addingdate: NOW.toISOString() })
            .returning('elementid')
            .executeTakeFirstOrThrow()
        ).elementid;
      const second = await element(2, 'Deuxième');
      const first = await element(1, 'Première');
      const group = async (order: number, expirationdate: string | null) =>
        (
          await db
            .insertInto('subgroups')
            .values({ elementid: first, modelid, order, addingdate: 'x', expirationdate })
            .returning('subgroupid')
            .executeTakeFirstOrThrow()
        ).subgroupid;
      const liveGroup = await group(1, null);
      const expiredGroup = await group(2, '2026-01-01T00:00:00.000Z');
      for (const [subgroupid, value] of [
        [liveGroup, 'Pompe Alpha'],
        [expiredGroup, 'Pompe Périmée'],
      ] as const) {
        await db
          .insertInto('subelements')
          .values({
            elementid: first,
            order: 1,
            value,
            type: 'text',
            subgroupid,
            fieldlabel: 'titre',
          })
          .execute();
      }
      await db
        .insertInto('subelements')
        .values({ elementid: second, order: 1, value: 'Note', type: 'text' })
        .execute();
      const etagBefore = await preUpgradeEtag(db, devid);

      await publishedContent.up(db);
      // Today's repositories also read the tables of the later migrations.
      await alerts.up(db);
      await settings.up(db);
      // English content: French elements are sent without `lang`, so the ETag is still the old one.
      await contentLanguage.up(db);
      // Text alternatives: images without one are sent without `alt`, so the ETag is still the old one.
      await textAlternatives.up(db);

      const repos = createRepositories(db);
      const content = repos.live;
      const now = () => NOW;
      const snapshots = new SnapshotCache(content, new ContentVersions(repos, now), now);
      const entry = (await snapshots.get(devid))!;
      expect(entry.version).toBe(7);
      expect(entry.etag).toBe(etagBefore);

      const revisions = new RevisionRepository(db);
      expect(await revisions.list(devid)).toEqual([
        expect.objectContaining({ revision: 7, source: 'migration', note: null }),
      ]);
      const development = await repos.developments.find(devid);
      expect(development).toMatchObject({ content_version: 7, draft_version: 1 });
      // The draft equals the live content: nothing to publish.
      const outcome = await revisions.publishDraft(devid, {
        author: { kind: 'system', name: null, userid: null },
        source: 'publish',
        now: NOW,
      });
      expect(outcome).toMatchObject({ revision: 7, created: false });
      // An edit after the upgrade is the next revision.
      await db
        .updateTable('elements')
        .set({ value: 'Seconde' })
        .where('elementid', '=', second)
        .execute();
      expect(
        await revisions.publishDraft(devid, {
          author: { kind: 'system', name: null, userid: null },
          source: 'publish',
          now: NOW,
        }),
      ).toMatchObject({ revision: 8, created: true, counts: { element: { changed: 1 } } });
      expect((await content.findElement(second))?.item.value).toBe('Seconde');
    } finally {
      await db.destroy();
    }
  });
});
