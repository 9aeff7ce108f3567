/**
 * Publish → every totem synced by delta, 500 totems across two instances over PostgreSQL (issue 54,
 * part 3).
 *
 * Two real built servers (apps/server/dist/server.js) on one fresh PostgreSQL schema and one data
 * directory, as the README deploys them; instance A seeds the demo plant. The totems — each logged
 * in for itself (issue 47) — are stream clients split evenly across both instances; on the stream's
 * `sync` each fetches the changes since the revision it holds from its own instance, as a kiosk
 * does (`GET /display/changes`, decision 016; support/stream-clients.ts `syncByChanges`). The
 * back-office edits one image of the home slideshow and publishes on A, so the totems on B hear of
 * it through LISTEN/NOTIFY and read the delta from B. From the publish request's start to each
 * totem's delta fully received: p50/p99 over every totem and publish (target p99 ≤ 1 s), with how
 * the syncs went (a `full` one would mean the delta path was not taken).
 *
 * Baseline in the same run, on the same PostgreSQL: every totem on instance A alone (B not yet
 * started). The clients run in this process, so the figures include its own event loop's delay.
 *
 * PostgreSQL unreachable: skipped with one line, except under CI (support/postgres.ts).
 */
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { BenchAdmin } from '../support/admin-client.js';
import { DEMO_ACCOUNT } from '../support/browser.js';
import { loginTotems, type TotemSession } from '../support/development-reader.js';
import { addFleetAccount, FLEET_ACCOUNT } from '../support/fleet-developments.js';
import { createBenchSchema, postgresProblem } from '../support/postgres.js';
import { makeDataDir, startRealServer, type Child } from '../support/processes.js';
import { slideshowPublisher } from '../support/slideshow-publisher.js';
import { sized } from '../support/sizes.js';
import { latencySummary, round, waitFor } from '../support/stats.js';
import {
  openStreamClients,
  publishedRevision,
  syncTotals,
  type StreamClient,
} from '../support/stream-clients.js';

const RUNS = sized(5, 1);
const TOTEMS = sized(500, 4);
const TARGET_P99_MS = 1000;

export async function publishDeltaPgBench(log: (line: string) => void) {
  const problem = await postgresProblem();
  if (problem) {
    log(`  skipped: ${problem} (set TEST_POSTGRES_URL)`);
    return { skipped: problem };
  }
  const schema = await createBenchSchema();
  const data = makeDataDir();
  const servers: Child[] = [];
  const start = async () => {
    const server = await startRealServer(data.dir, { DATABASE_URL: schema.url });
    servers.push(server);
    return server;
  };
  try {
    // A seeds the demo plant into the schema and the shared data directory.
    const a = await start();
    const admin = new BenchAdmin(a.url);
    await admin.login();
    // The totems' own account, at the tests' scrypt cost (support/prepare-fleet-developments.ts).
    addFleetAccount(schema.url, DEMO_ACCOUNT.devname);
    const sessions = await loginTotems(
      a.url,
      {
        devname: DEMO_ACCOUNT.devname,
        login: FLEET_ACCOUNT.login,
        passwordHash: hashPasswordForLogin(FLEET_ACCOUNT.password),
      },
      TOTEMS,
      8,
    );
    const devid = sessions[0]!.devid;
    const publisher = await slideshowPublisher(admin, devid);
    let run = 0;

    /** The totems spread evenly over `instances`, then RUNS publishes on A, each timed per totem. */
    const measure = async (instances: Child[]) => {
      const published = await publishedRevision(a.url, devid, sessions[0]!.token);
      const totems: StreamClient[] = [];
      let taken = 0;
      for (const [index, instance] of instances.entries()) {
        const count =
          Math.floor(TOTEMS / instances.length) + (index < TOTEMS % instances.length ? 1 : 0);
        const mine: readonly TotemSession[] = sessions.slice(taken, taken + count);
        taken += count;
        totems.push(
          ...(await openStreamClients(count, {
            base: instance.url,
            devid,
            token: '',
            sessions: mine,
            syncByChanges: { since: published },
          })),
        );
      }
      const all: number[] = [];
      try {
        for (let each = 0; each < RUNS; each++) {
          await publisher.edit(run++);
          for (const totem of totems) totem.syncedAt = undefined;
          const since = performance.now();
          await publisher.publish();
          await waitFor(() => totems.every((totem) => totem.syncedAt !== undefined), 30_000);
          all.push(...totems.map((totem) => (totem.syncedAt ?? Infinity) - since));
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      } finally {
        for (const totem of totems) totem.close();
      }
      return { instances: instances.length, ...latencySummary(all), syncs: syncTotals(totems) };
    };

    log(`  one instance on PostgreSQL, ${TOTEMS} totems…`);
    const one = await measure([a]);
    const b = await start();
    log(`  two instances on PostgreSQL, ${TOTEMS} totems split across them, publish on A…`);
    const two = await measure([a, b]);
    const result = {
      postgres: true,
      totems: TOTEMS,
      publishes: RUNS,
      oneInstance: one,
      twoInstances: two,
      p99RatioToOneInstance: round(two.p99Ms / Math.max(1, one.p99Ms)),
      targetP99Ms: TARGET_P99_MS,
    };
    for (const [name, set] of [
      ['one instance ', one],
      ['two instances', two],
    ] as const) {
      log(
        `  ${name}: publish → delta synced p50 ${set.p50Ms} / p99 ${set.p99Ms} ms ` +
          `(target p99 ≤ ${TARGET_P99_MS}); syncs ${JSON.stringify(set.syncs)}`,
      );
    }
    log(`  two instances / one, p99: ×${result.p99RatioToOneInstance}`);
    return result;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    data.remove();
    await schema.drop();
  }
}
