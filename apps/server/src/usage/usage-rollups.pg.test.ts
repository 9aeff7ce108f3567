/**
 * The usage roll-ups and the retention across instances (issue 49, part 2): two instances, each
 * with its own pool on one PostgreSQL schema, store batches of several totems at once — every
 * batch twice, once through each — and the roll-ups, whose whole-development rows all of them
 * increment, count each event once (and no transaction deadlocks); two retention sweeps at once
 * delete each expired event once between them. Runs in the server-pg project only.
 */
import type { UsageEvent } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { FIXTURE_NOW, seedFixture, type FixtureIds } from '../testing/fixture.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../testing/test-database.js';
import { usageDashboard } from './usage-dashboard.js';
import { UsageRetention } from './usage-retention.js';
import { ingestBatch } from './usage-service.js';

let schema: TestSchema;
const handles: DatabaseHandle[] = [];
let ids: FixtureIds;
let a: Repositories;
let b: Repositories;

async function instance(): Promise<Repositories> {
  const handle = await openDatabase({ url: schema.url, poolSize: 4 });
  handles.push(handle);
  return createRepositories(handle.db);
}

beforeAll(async () => {
  schema = await createTestSchema(testPostgresUrl()!);
  a = await instance();
  ids = await seedFixture(a);
  b = await instance();
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await schema.drop();
});

const TOTEMS = Array.from({ length: 6 }, (_, i) => `totem-pg-${i + 1}`);

/** `count` events of a totem within one hour: page views and a visit every fourth. */
function events(kioskId: string, batch: number, count: number, at: string): UsageEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${kioskId}-${batch}-${String(i).padStart(4, '0')}`,
    kind: i % 4 === 0 ? 'session_start' : 'page_view',
    at,
    route: `/accueil/page-${i % 5}`,
    language: 'fr',
  }));
}

describe('usage roll-ups on a shared PostgreSQL', () => {
  it('count each event once when batches race through two instances', async () => {
    const at = '2026-02-03T09:30:00Z';
    const sends: Array<Promise<unknown>> = [];
    for (const kioskId of TOTEMS) {
      for (let batch = 0; batch < 4; batch++) {
        const body = { events: events(kioskId, batch, 100, at) };
        for (const repos of [a, b]) {
          sends.push(
            ingestBatch(repos, { devid: ids.devid, kioskId, batch: body, now: FIXTURE_NOW }),
          );
        }
      }
    }
    await Promise.all(sends);
    const answer = await usageDashboard(a, ids.devid, { from: '2026-02-03', to: '2026-02-03' });
    // 6 totems × 4 batches × 100 events: a quarter visits, the rest page views.
    expect(answer.totals.sessions).toBe(600);
    expect(answer.totals.pageViews).toBe(1800);
    expect(answer.heatmap).toEqual([{ weekday: 2, hour: 10, sessions: 600, pageViews: 1800 }]);
    expect(answer.topPages.reduce((sum, page) => sum + page.pageViews, 0)).toBe(1800);
    expect(answer.totems).toHaveLength(TOTEMS.length);
  });

  it('deletes each expired raw event once when two instances sweep together', async () => {
    const old = '2025-01-10T09:00:00Z';
    for (const kioskId of TOTEMS) {
      await ingestBatch(a, {
        devid: ids.devid,
        kioskId,
        batch: { events: events(kioskId, 99, 50, old) },
        now: FIXTURE_NOW,
      });
    }
    const now = () => FIXTURE_NOW;
    const sweeps = [a, b].map((repos) => new UsageRetention({ repos, now }, { chunk: 25 }));
    const outcomes = await Promise.all(sweeps.map((sweep) => sweep.sweepNow()));
    // One may have found the other sweeping and left it the work: a third sweep ends it.
    const last = await sweeps[0]!.sweepNow();
    expect(last.skipped).toBe(false);
    const deleted = outcomes.reduce((sum, outcome) => sum + outcome.deleted, last.deleted);
    expect(deleted).toBe(TOTEMS.length * 50);
    // The roll-ups stay.
    const answer = await usageDashboard(b, ids.devid, { from: '2025-01-10', to: '2025-01-10' });
    expect(answer.totals.sessions).toBe(TOTEMS.length * 13);
    expect(answer.totals.pageViews).toBe(TOTEMS.length * 37);
  });
});
