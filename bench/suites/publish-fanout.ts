/**
 * The back-office and fleet's and the scale-out and reliability's stream figures, on the real built
 * server with the demo plant.
 *
 * 1. Publish to screen (back-office and fleet, decision 008): the back-office's own calls (PATCH an
 * element of the home
 *    slideshow, then POST publish) and a real kiosk in headless Chromium; the time is from the
 *    publish request's start to the frame where the new image is in the page. Alone, then while
 *    50 more kiosks (stream clients that fetch the snapshot on `sync`, as a kiosk's sync engine
 *    does) are connected; for those 50, publish → snapshot fully received, p50/p99.
 * 2. Stream at scale (scale-out and reliability, decision 005): 5,000 concurrent stream connections
 * on one instance: the
 *    server's resident memory per connection (RSS with 5,000 open minus RSS with 10 open, over
 *    4,990), and publish → message received latency p50/p99 across all clients, against the same
 *    latency with one client in the same run (targets: ≤ 20 KB per connection, p99 ≤ 250 ms).
 *    The clients run in this process, so the latency includes their own event loop's delay in
 *    reading 5,000 sockets: an upper bound of the server's.
 */
import { readFileSync } from 'node:fs';
import { hashPasswordForLogin, type AdminElement, pathOf } from '@plant-kiosk/contract';
import {
  DEMO_ACCOUNT,
  newKioskContext,
  openLoggedInKiosk,
  startDemoServer,
  withBrowser,
} from '../support/browser.js';
import { login, loginTotems } from '../support/development-reader.js';
import { BenchAdmin } from '../support/admin-client.js';
import { BENCH_PUBLISH_TOKEN } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { latencySummary, median, percentile, round, waitFor } from '../support/stats.js';
import { openStreamClients, residentBytes, type StreamClient } from '../support/stream-clients.js';

const SLIDESHOW = 'Diaporama accueil';
const RUNS = sized({ alone: 5, withFleet: 5, scale: 5 }, { alone: 1, withFleet: 1, scale: 1 });
const FLEET = sized(50, 3);
const SCALE = sized(5000, 20);
const TARGETS = { bytesPerConnection: 20 * 1024, scaleP99Ms: 250 };

const fileName = (value: string) => value.split('/').pop()!;

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
    const zones = await admin.call<{ zoneid: number; zonename: string }[]>(
      'GET',
      pathOf('adminZones', { params: { devid } }),
    );
    const slideshow = zones.find((zone) => zone.zonename === SLIDESHOW)!;
    const plan = zones.find((zone) => zone.zonename === 'Plan du site')!;
    const [target] = await admin.call<AdminElement[]>(
      'GET',
      pathOf('adminElements', { params: { zoneid: slideshow.zoneid } }),
    );
    const [planImage] = await admin.call<AdminElement[]>(
      'GET',
      pathOf('adminElements', { params: { zoneid: plan.zoneid } }),
    );
    const values = [planImage!.value, target!.value];

    const publishToScreen = await withBrowser(async (browser) => {
      const context = await newKioskContext(browser);
      const page = await openLoggedInKiosk(context, server.url, DEMO_ACCOUNT);
      let version = target!.version;
      /** One edit + publish; resolves with publish → new image in the page (ms). */
      const once = async (run: number) => {
        const value = values[run % 2]!;
        const edited = await admin.call<AdminElement>(
          'PATCH',
          pathOf('adminUpdateElement', { params: { elementid: target!.elementid } }),
          {
            expectedVersion: version,
            value,
          },
        );
        version = edited.version;
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
          fileName(value),
          { timeout: 30_000 },
        );
        const started = Date.now();
        await admin.call('POST', pathOf('adminPublish', { params: { devid } }), { type: 'sync' });
        return (await (await onScreen).jsonValue()) - started;
      };

      const alone: number[] = [];
      for (let run = 0; run < RUNS.alone; run++) alone.push(await once(run));
      log(`  publish → on screen, one kiosk: ${alone.map(Math.round).join(', ')} ms`);

      // A fleet of totems, each logged in for itself (issue 47: one token, one totem).
      const sessions = await loginTotems(
        server.url,
        {
          devname: DEMO_ACCOUNT.devname,
          login: DEMO_ACCOUNT.login,
          passwordHash: hashPasswordForLogin(DEMO_ACCOUNT.password),
        },
        FLEET,
      );
      const fleet = await openStreamClients(FLEET, {
        base: server.url,
        devid,
        token: kiosk.token,
        fetchSnapshot: true,
        sessions,
      });
      const screenWithFleet: number[] = [];
      const fleetLatencies: number[] = [];
      try {
        for (let run = 0; run < RUNS.withFleet; run++) {
          for (const client of fleet) client.snapshotAt = undefined;
          const since = performance.now();
          screenWithFleet.push(await once(RUNS.alone + run));
          await waitFor(() => fleet.every((client) => client.snapshotAt !== undefined), 30_000);
          fleetLatencies.push(...latencies(fleet, since, (client) => client.snapshotAt));
        }
      } finally {
        for (const client of fleet) client.close();
      }
      log(
        `  with ${FLEET} more kiosks: on screen ${screenWithFleet.map(Math.round).join(', ')} ms; their snapshots p50 ${round(percentile(fleetLatencies, 50))} / p99 ${round(percentile(fleetLatencies, 99))} ms`,
      );
      await context.close();
      return {
        oneKioskMs: { runs: alone.map(Math.round), median: round(median(alone)) },
        with50Kiosks: {
          browserKioskMs: {
            runs: screenWithFleet.map(Math.round),
            median: round(median(screenWithFleet)),
          },
          streamKiosksSnapshotReceived: {
            clients: FLEET,
            publishes: RUNS.withFleet,
            ...latencySummary(fleetLatencies),
          },
        },
      };
    });

    // Stream at scale.
    const publish = async () => {
      const response = await fetch(server.url + pathOf('publish', { params: { devid } }), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${BENCH_PUBLISH_TOKEN}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ type: 'sync' }),
      });
      if (!response.ok) throw new Error(`publish: HTTP ${response.status}`);
    };
    const measure = async (clients: StreamClient[], runs: number) => {
      const all: number[] = [];
      for (let run = 0; run < runs; run++) {
        for (const client of clients) client.received.length = 0;
        const since = performance.now();
        await publish();
        await waitFor(
          () => clients.every((client) => client.received.some((m) => m.type === 'sync')),
          30_000,
        );
        all.push(
          ...latencies(
            clients,
            since,
            (client) => client.received.find((m) => m.type === 'sync')?.at,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return all;
    };
    const read = (path: string) => readFileSync(path, 'utf8');
    const pid = server.process.pid!;

    const single = await openStreamClients(1, { base: server.url, devid, token: kiosk.token });
    const singleLatencies = await measure(single, RUNS.scale);
    for (const client of single) client.close();

    const warm = await openStreamClients(10, {
      base: server.url,
      devid,
      token: kiosk.token,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = residentBytes(pid, read);
    log(`  opening ${SCALE} streams…`);
    const opened = performance.now();
    const many = await openStreamClients(SCALE - 10, {
      base: server.url,
      devid,
      token: kiosk.token,
    });
    const openMs = performance.now() - opened;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfter = residentBytes(pid, read);
    const bytesPerConnection = (rssAfter - rssBefore) / (SCALE - 10);
    const scaleLatencies = await measure([...warm, ...many], RUNS.scale);
    for (const client of [...warm, ...many]) client.close();
    const scale = {
      connections: SCALE,
      openAllMs: Math.round(openMs),
      rssBeforeMB: round(rssBefore / 2 ** 20),
      rssAfterMB: round(rssAfter / 2 ** 20),
      bytesPerConnection: Math.round(bytesPerConnection),
      kbPerConnection: round(bytesPerConnection / 1024),
      publishes: RUNS.scale,
      latency: latencySummary(scaleLatencies),
      oneClientLatency: latencySummary(singleLatencies),
      p99RatioToOneClient: round(
        percentile(scaleLatencies, 99) / Math.max(1, percentile(singleLatencies, 99)),
      ),
      targets: { kbPerConnection: TARGETS.bytesPerConnection / 1024, p99Ms: TARGETS.scaleP99Ms },
    };
    log(
      `  ${SCALE} streams: ${scale.kbPerConnection} KB per connection (target ≤ ${TARGETS.bytesPerConnection / 1024}); ` +
        `publish → received p50 ${scale.latency.p50Ms} / p99 ${scale.latency.p99Ms} ms (target p99 ≤ ${TARGETS.scaleP99Ms}); ` +
        `one client: p99 ${scale.oneClientLatency.p99Ms} ms`,
    );
    return { publishToScreen, streamAtScale: scale };
  } finally {
    await server.stop();
  }
}
