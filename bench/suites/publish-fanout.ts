/**
 * Publish → on screen, on the real built server with the demo plant (back-office and fleet,
 * decision 008; 500 totems with delta sync, issue 54 part 3).
 *
 * The back-office's own calls (PATCH an element of the home slideshow, then POST publish) and a
 * real kiosk in headless Chromium; the time is from the publish request's start to the frame where
 * the new image is in the page. Alone, then while 499 more totems are connected — each logged in
 * for itself (issue 47) and holding its stream, and on the stream's `sync` fetching the changes
 * since the revision it holds, as a kiosk does (`GET /display/changes`, decision 016;
 * support/stream-clients.ts `syncByChanges`). For those totems, publish → the delta fully received,
 * p50/p99 over every totem and publish (target p99 ≤ 1 s), with how their syncs went (delta,
 * unchanged, full, failed): a full one would mean the delta path was not taken. They do not write
 * the records into IndexedDB nor draw them; the browser kiosk, measured at the same time, does.
 *
 * The same over two instances on PostgreSQL: publish-delta-pg. 10,000 streams on one instance:
 * stream-scale.
 */
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import {
  DEMO_ACCOUNT,
  newKioskContext,
  openLoggedInKiosk,
  startDemoServer,
  withBrowser,
} from '../support/browser.js';
import { login, loginTotems } from '../support/development-reader.js';
import { addFleetAccount, FLEET_ACCOUNT, sqliteStoreOf } from '../support/fleet-developments.js';
import { BenchAdmin } from '../support/admin-client.js';
import { sized } from '../support/sizes.js';
import { latencySummary, median, round, waitFor } from '../support/stats.js';
import { slideshowPublisher } from '../support/slideshow-publisher.js';
import {
  openStreamClients,
  publishedRevision,
  syncTotals,
  type StreamClient,
} from '../support/stream-clients.js';

const RUNS = sized({ alone: 5, withFleet: 5 }, { alone: 1, withFleet: 1 });
/** The totems besides the browser kiosk. */
const FLEET = sized(499, 3);
const TARGET_FLEET_P99_MS = 1000;

function latencies(
  clients: StreamClient[],
  since: number,
  pick: (client: StreamClient) => number | undefined,
) {
  return clients.map((client) => {
    const at = pick(client);
    return at === undefined ? Number.POSITIVE_INFINITY : at - since;
  });
}

export async function publishFanoutBench(log: (line: string) => void) {
  const server = await startDemoServer();
  try {
    const admin = new BenchAdmin(server.url);
    await admin.login();
    const kiosk = await login(
      server.url,
      DEMO_ACCOUNT.devname,
      DEMO_ACCOUNT.login,
      hashPasswordForLogin(DEMO_ACCOUNT.password),
    );
    const devid = kiosk.devid;
    const publisher = await slideshowPublisher(admin, devid);

    const publishToScreen = await withBrowser(async (browser) => {
      const context = await newKioskContext(browser);
      const page = await openLoggedInKiosk(context, server.url, DEMO_ACCOUNT);
      /** performance.now() at the last publish request's start. */
      let publishStarted = 0;
      /** One edit + publish; resolves with publish → new image in the page (ms). */
      const once = async (run: number) => {
        const name = await publisher.edit(run);
        const onScreen = page.waitForFunction(
          (name) =>
            new Promise<number>((resolve) => {
              const check = () =>
                Array.from(document.querySelectorAll('.home-slideshow img')).some((img) =>
                  (img as HTMLImageElement).src.endsWith(name),
                )
                  ? resolve(Date.now())
                  : requestAnimationFrame(check);
              check();
            }),
          name,
          { timeout: 30_000 },
        );
        const started = Date.now();
        publishStarted = performance.now();
        await publisher.publish();
        return (await (await onScreen).jsonValue()) - started;
      };

      const alone: number[] = [];
      for (let run = 0; run < RUNS.alone; run++) alone.push(await once(run));
      log(`  publish → on screen, one kiosk: ${alone.map(Math.round).join(', ')} ms`);

      // The fleet: totems each logged in for itself (issue 47: one token, one totem), on an
      // account of their own at the tests' scrypt cost (support/prepare-fleet-developments.ts).
      addFleetAccount(sqliteStoreOf(server.dataDir), DEMO_ACCOUNT.devname);
      const sessions = await loginTotems(
        server.url,
        {
          devname: DEMO_ACCOUNT.devname,
          login: FLEET_ACCOUNT.login,
          passwordHash: hashPasswordForLogin(FLEET_ACCOUNT.password),
        },
        FLEET,
        8,
      );
      // Each holds the published revision, as a synced totem does.
      const published = await publishedRevision(server.url, devid, kiosk.token);
      const fleet = await openStreamClients(FLEET, {
        base: server.url,
        devid,
        token: kiosk.token,
        syncByChanges: { since: published },
        sessions,
      });
      const screenWithFleet: number[] = [];
      const fleetLatencies: number[] = [];
      try {
        for (let run = 0; run < RUNS.withFleet; run++) {
          for (const client of fleet) client.syncedAt = undefined;
          screenWithFleet.push(await once(RUNS.alone + run));
          await waitFor(() => fleet.every((client) => client.syncedAt !== undefined), 30_000);
          fleetLatencies.push(...latencies(fleet, publishStarted, (client) => client.syncedAt));
        }
      } finally {
        for (const client of fleet) client.close();
      }
      const syncs = syncTotals(fleet);
      const fleetSummary = latencySummary(fleetLatencies);
      log(
        `  with ${FLEET} more totems: on screen ${screenWithFleet.map(Math.round).join(', ')} ms; ` +
          `their delta synced p50 ${fleetSummary.p50Ms} / p99 ${fleetSummary.p99Ms} ms (target p99 ≤ ${TARGET_FLEET_P99_MS}); ` +
          `syncs ${JSON.stringify(syncs)}`,
      );
      await context.close();
      return {
        oneKioskMs: { runs: alone.map(Math.round), median: round(median(alone)) },
        withFleet: {
          totems: FLEET + 1,
          browserKioskOnScreenMs: {
            runs: screenWithFleet.map(Math.round),
            median: round(median(screenWithFleet)),
            ratioToAlone: round(median(screenWithFleet) / Math.max(1, median(alone))),
          },
          totemsDeltaSynced: {
            clients: FLEET,
            publishes: RUNS.withFleet,
            ...fleetSummary,
            syncs,
          },
          targets: { p99Ms: TARGET_FLEET_P99_MS },
        },
      };
    });

    return { publishToScreen };
  } finally {
    await server.stop();
  }
}
