/**
 * The health rules across instances (issue 48, part 2; decision 041): two monitors, each with its
 * own pool on one PostgreSQL schema, check the same totems at the same instants. Each incident's
 * raise and clear is sent once in all — by the instance whose conditional update changed the row.
 * Runs in the server-pg project only.
 */
import type { HealthNotice } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { InMemoryEventBus } from '../lib/event-bus.js';
import { FIXTURE_NOW, seedFixture, type FixtureIds } from '../testing/fixture.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from '../testing/test-database.js';
import { HealthMonitor } from './health-monitor.js';

let schema: TestSchema;
const handles: DatabaseHandle[] = [];
let ids: FixtureIds;
const clock = { now: new Date(FIXTURE_NOW) };
const sent: { instance: string; notice: HealthNotice }[] = [];
const monitors: HealthMonitor[] = [];
let repos: Repositories;

async function instance(name: string): Promise<Repositories> {
  const handle = await openDatabase({ url: schema.url, poolSize: 3 });
  handles.push(handle);
  const own = createRepositories(handle.db);
  monitors.push(
    new HealthMonitor({
      repos: own,
      bus: new InMemoryEventBus(),
      now: () => clock.now,
      notify: async (notice) => {
        sent.push({ instance: name, notice });
      },
    }),
  );
  return own;
}

beforeAll(async () => {
  schema = await createTestSchema(testPostgresUrl()!);
  repos = await instance('a');
  ids = await seedFixture(repos);
  await instance('b');
});
afterAll(async () => {
  for (const monitor of monitors) await monitor.stop();
  for (const handle of handles) await handle.close();
  await schema.drop();
});

const KIOSKS = ['totem-1', 'totem-2', 'totem-3', 'totem-4', 'totem-5'];

async function report(kioskId: string): Promise<void> {
  await repos.kiosks.record({
    devid: ids.devid,
    kioskId,
    now: clock.now,
    report: { mode: 'totem' },
    heartbeat: true,
  });
}

/** Both instances check at once, every minute. */
async function run(minutes: number, alive: boolean): Promise<void> {
  for (let minute = 0; minute < minutes; minute += 1) {
    clock.now = new Date(clock.now.getTime() + 60_000);
    if (alive) for (const kioskId of KIOSKS) await report(kioskId);
    await Promise.all(monitors.map((monitor) => monitor.checkNow()));
  }
}

describe('two instances on one store', () => {
  it('send each raise and each clear once in all', async () => {
    for (const kioskId of KIOSKS) await report(kioskId);
    await run(25, false);
    await run(8, true);
    for (const kioskId of KIOSKS) {
      const notices = sent.filter((item) => item.notice.kioskId === kioskId);
      expect(
        notices.map((item) => item.notice.state),
        kioskId,
      ).toEqual(['raised', 'cleared']);
      expect(notices[0]!.notice.incidentId).toBe(notices[1]!.notice.incidentId);
    }
    expect(sent).toHaveLength(KIOSKS.length * 2);
    const incidents = await repos.health.list(ids.devid);
    expect(incidents.filter((row) => row.rule === 'silent')).toHaveLength(KIOSKS.length);
  });
});
