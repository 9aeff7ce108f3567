/**
 * Issue 2's figures. (1) Throughput and p99 of GET /display/elements/{zoneid} and of the snapshot,
 * each as a ratio to a bare Fastify route returning the same bytes, in the same run (target ≥ 0.5).
 * (2) Time to read a whole development through the spec's per-item calls versus one snapshot, for
 * the demo plant and the generated large plant (target: snapshot ≥ 20× faster on the large plant).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { apiPaths, hashPasswordForLogin, TOKEN_HEADER } from '@plant-kiosk/contract';
import { login, readPerItem, readSnapshot } from '../support/development-reader.js';
import { compareLoad } from '../support/http-load.js';
import {
  BENCH_PUBLISH_TOKEN,
  makeDataDir,
  repoRoot,
  startBareServer,
  startRealServer,
} from '../support/processes.js';
import { median, round, timed } from '../support/stats.js';

const LARGE = { devname: 'grande-usine', login: 'kiosk', password: 'kiosk-large' };

async function publishSync(base: string, devid: number) {
  const response = await fetch(`${base}${apiPaths.publish(devid)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'sync' }),
  });
  if (!response.ok) throw new Error(`publish: HTTP ${response.status}`);
}

export async function contentServiceBench(log: (line: string) => void) {
  const data = makeDataDir();
  log('preparing the large plant (100 zones × 50 elements × 20 sub-elements)…');
  const prepared = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
        join(import.meta.dirname, '../support/prepare-large-plant.ts'),
        data.dir,
        LARGE.devname,
        LARGE.login,
        LARGE.password,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    )
      .trim()
      .split('\n')
      .pop()!,
  ) as { devid: number; ms: number };
  const real = await startRealServer(data.dir);
  try {
    const demo = await login(real.url, 'neubourg', 'kiosk', hashPasswordForLogin('kiosk'));
    const large = await login(
      real.url,
      LARGE.devname,
      LARGE.login,
      hashPasswordForLogin(LARGE.password),
    );
    const headers = { [TOKEN_HEADER]: demo.token };

    // The zone with the most elements of the demo plant is the one we load.
    const zones = (await (
      await fetch(real.url + apiPaths.zones(demo.devid), { headers })
    ).json()) as {
      data: { zoneid: number; zonename: string }[];
    };
    let zone = zones.data[0]!;
    let elementsBody = '';
    for (const candidate of zones.data) {
      const body = await (
        await fetch(real.url + apiPaths.elements(candidate.zoneid), { headers })
      ).text();
      if (body.length > elementsBody.length) {
        elementsBody = body;
        zone = candidate;
      }
    }
    const snapshotBody = await (
      await fetch(real.url + apiPaths.snapshot(demo.devid), {
        headers: { ...headers, 'accept-encoding': 'identity' },
      })
    ).text();

    const bare = await startBareServer({ elements: elementsBody, snapshot: snapshotBody });
    try {
      log(
        `load: elements of "${zone.zonename}" (${elementsBody.length} B) and the demo snapshot (${snapshotBody.length} B)…`,
      );
      const elementsLoad = await compareLoad(
        { url: real.url + apiPaths.elements(zone.zoneid), headers },
        { url: `${bare.url}/bare/elements` },
      );
      log(
        `  elements: ${elementsLoad.real.requestsPerSecond} vs ${elementsLoad.bare.requestsPerSecond} req/s, ` +
          `p99 ${elementsLoad.real.p99Ms} vs ${elementsLoad.bare.p99Ms} ms`,
      );
      const snapshotLoad = await compareLoad(
        {
          url: real.url + apiPaths.snapshot(demo.devid),
          headers: { ...headers, 'accept-encoding': 'identity' },
        },
        { url: `${bare.url}/bare/snapshot` },
      );
      log(
        `  snapshot: ${snapshotLoad.real.requestsPerSecond} vs ${snapshotLoad.bare.requestsPerSecond} req/s, ` +
          `p99 ${snapshotLoad.real.p99Ms} vs ${snapshotLoad.bare.p99Ms} ms`,
      );

      log('reading whole developments: per-item calls vs one snapshot…');
      const readDemoPerItem = [];
      const readDemoSnapshot = [];
      for (let i = 0; i < 5; i++) {
        readDemoPerItem.push((await timed(() => readPerItem(real.url, demo.devid, demo.token))).ms);
        await publishSync(real.url, demo.devid); // a new content version, built by the publish
        readDemoSnapshot.push(
          (await timed(() => readSnapshot(real.url, demo.devid, demo.token))).ms,
        );
      }
      const largePerItem = [];
      const largePublish = [];
      const largeSnapshotCold = [];
      const largeSnapshotWarm = [];
      let largeCounts;
      // Five rounds: the figure is a ratio of medians, and single reads move a lot on this machine.
      for (let i = 0; i < 5; i++) {
        const perItem = await timed(() => readPerItem(real.url, large.devid, large.token));
        largePerItem.push(perItem.ms);
        largeCounts = perItem.value;
        // A publish builds and compresses the new snapshot before it tells the kiosks: its time
        // is the snapshot's build cost, paid once per publish rather than per kiosk.
        largePublish.push((await timed(() => publishSync(real.url, large.devid))).ms);
        largeSnapshotCold.push(
          (await timed(() => readSnapshot(real.url, large.devid, large.token))).ms,
        );
        largeSnapshotWarm.push(
          (await timed(() => readSnapshot(real.url, large.devid, large.token))).ms,
        );
      }

      const ratio = (a: number, b: number) => round(a / b);
      return {
        largePlantGenerationMs: prepared.ms,
        elementsRoute: { zone: zone.zonename, bytes: elementsBody.length, ...elementsLoad },
        snapshotRoute: { bytes: snapshotBody.length, ...snapshotLoad },
        readWholeDevelopment: {
          demo: {
            perItemMs: round(median(readDemoPerItem)),
            snapshotAfterPublishMs: round(median(readDemoSnapshot)),
            speedup: ratio(median(readDemoPerItem), median(readDemoSnapshot)),
          },
          large: {
            counts: largeCounts,
            perItemMs: round(median(largePerItem)),
            publishWithSnapshotBuildMs: round(median(largePublish)),
            snapshotAfterPublishMs: round(median(largeSnapshotCold)),
            snapshotWarmMs: round(median(largeSnapshotWarm)),
            speedupCold: ratio(median(largePerItem), median(largeSnapshotCold)),
            speedupWarm: ratio(median(largePerItem), median(largeSnapshotWarm)),
            // Even counting the whole build against one kiosk's read:
            speedupIncludingBuild: ratio(
              median(largePerItem),
              median(largePublish) + median(largeSnapshotCold),
            ),
          },
        },
      };
    } finally {
      await bare.stop();
    }
  } finally {
    await real.stop();
    data.remove();
  }
}
