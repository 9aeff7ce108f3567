/**
 * The content service and demo plant's figures. (1) Throughput and p99 of GET
 * /display/elements/{zoneid} and of the snapshot, each as a ratio to a bare Fastify route returning
 * the same bytes, in the same run (target ≥ 0.5; the publishing gate's goal for elements ≥ 0.8).
 * (2) Time to read a whole development through the spec's per-item calls versus one snapshot, for
 * the demo plant and the generated large plant (target: snapshot ≥ 20× faster on the large plant).
 * The publishing gate's figure: (3) a publish of the large plant — one element changed, then one
 * zone (its 1,000 sub-elements) changed — until the new revision is served (the publish's answer,
 * which comes once the revision is committed and its snapshot built, plus the first snapshot read),
 * against a publish that finds nothing new (the diff of 105,100 rows alone) and the per-item read.
 */
import { hashPasswordForLogin, TOKEN_HEADER, pathOf } from '@plant-kiosk/contract';
import { login, readPerItem, readSnapshot } from '../support/development-reader.js';
import { editOneElement, editOneZone, publishDraft } from '../support/draft-editor.js';
import { compareLoad } from '../support/http-load.js';
import { LARGE_PLANT_ACCOUNT, prepareLargePlant } from '../support/large-plant.js';
import { makeDataDir, startBareServer, startRealServer } from '../support/processes.js';
import { LARGE_PLANT_SIZE, SMOKE, sized } from '../support/sizes.js';
import { median, round, timed } from '../support/stats.js';

const LARGE = LARGE_PLANT_ACCOUNT;

export async function contentServiceBench(log: (line: string) => void) {
  const data = makeDataDir();
  log(
    `preparing the large plant (${LARGE_PLANT_SIZE.zones} zones × ${LARGE_PLANT_SIZE.elementsPerZone} elements × ${LARGE_PLANT_SIZE.subelementsPerElement} sub-elements)…`,
  );
  const prepared = prepareLargePlant(data.dir);
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
      await fetch(real.url + pathOf('zones', { params: { devid: demo.devid } }), { headers })
    ).json()) as {
      data: { zoneid: number; zonename: string }[];
    };
    let zone = zones.data[0]!;
    let elementsBody = '';
    for (const candidate of zones.data) {
      const body = await (
        await fetch(real.url + pathOf('elements', { params: { zoneid: candidate.zoneid } }), {
          headers,
        })
      ).text();
      if (body.length > elementsBody.length) {
        elementsBody = body;
        zone = candidate;
      }
    }
    const snapshotBody = await (
      await fetch(real.url + pathOf('snapshot', { params: { devid: demo.devid } }), {
        headers: { ...headers, 'accept-encoding': 'identity' },
      })
    ).text();

    const bare = await startBareServer({ elements: elementsBody, snapshot: snapshotBody });
    try {
      log(
        `load: elements of "${zone.zonename}" (${elementsBody.length} B) and the demo snapshot (${snapshotBody.length} B)…`,
      );
      const load = SMOKE ? { rounds: 1, seconds: 1, warmupSeconds: 1 } : {};
      const elementsLoad = await compareLoad(
        { url: real.url + pathOf('elements', { params: { zoneid: zone.zoneid } }), headers },
        { url: `${bare.url}/bare/elements` },
        load,
      );
      log(
        `  elements: ${elementsLoad.real.requestsPerSecond} vs ${elementsLoad.bare.requestsPerSecond} req/s, ` +
          `p99 ${elementsLoad.real.p99Ms} vs ${elementsLoad.bare.p99Ms} ms`,
      );
      const snapshotLoad = await compareLoad(
        {
          url: real.url + pathOf('snapshot', { params: { devid: demo.devid } }),
          headers: { ...headers, 'accept-encoding': 'identity' },
        },
        { url: `${bare.url}/bare/snapshot` },
        load,
      );
      log(
        `  snapshot: ${snapshotLoad.real.requestsPerSecond} vs ${snapshotLoad.bare.requestsPerSecond} req/s, ` +
          `p99 ${snapshotLoad.real.p99Ms} vs ${snapshotLoad.bare.p99Ms} ms`,
      );

      log('reading whole developments: per-item calls vs one snapshot…');
      const readDemoPerItem = [];
      const readDemoSnapshot = [];
      const rounds = sized(5, 1);
      for (let i = 0; i < rounds; i++) {
        readDemoPerItem.push((await timed(() => readPerItem(real.url, demo.devid, demo.token))).ms);
        editOneElement(data.dir, demo.devid, i);
        await publishDraft(real.url, demo.devid); // a new revision, its snapshot built by the publish
        readDemoSnapshot.push(
          (await timed(() => readSnapshot(real.url, demo.devid, demo.token))).ms,
        );
      }
      const largePerItem = [];
      const largePublish = [];
      const largeSnapshotCold = [];
      const largeSnapshotWarm = [];
      const largePublishNothing = [];
      let largeCounts;
      // Five rounds: the figure is a ratio of medians, and single reads move a lot on this machine.
      for (let i = 0; i < rounds; i++) {
        const perItem = await timed(() => readPerItem(real.url, large.devid, large.token));
        largePerItem.push(perItem.ms);
        largeCounts = perItem.value;
        // A publish diffs the draft against the live content, applies and logs the one change,
        // then builds and compresses the new snapshot before it tells the kiosks (once per
        // publish rather than per kiosk).
        editOneElement(data.dir, large.devid, 100 + i);
        largePublish.push((await timed(() => publishDraft(real.url, large.devid))).ms);
        largeSnapshotCold.push(
          (await timed(() => readSnapshot(real.url, large.devid, large.token))).ms,
        );
        largeSnapshotWarm.push(
          (await timed(() => readSnapshot(real.url, large.devid, large.token))).ms,
        );
        // Nothing new: the diff of the whole development, and no revision.
        largePublishNothing.push(
          (await timed(() => publishDraft(real.url, large.devid, false))).ms,
        );
      }
      log('publishing one zone of the large plant (its 1,000 sub-elements changed)…');
      const zonePublish = [];
      const zoneServed = [];
      let zoneItems = 0;
      for (let i = 0; i < sized(3, 1); i++) {
        zoneItems = editOneZone(data.dir, large.devid, i);
        const publish = await timed(() => publishDraft(real.url, large.devid));
        const read = await timed(() => readSnapshot(real.url, large.devid, large.token));
        zonePublish.push(publish.ms);
        zoneServed.push(publish.ms + read.ms);
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
        publishLargePlant: {
          oneElement: {
            publishMs: round(median(largePublish)),
            servedMs: round(median(largePublish) + median(largeSnapshotCold)),
          },
          oneZone: {
            changedItems: zoneItems,
            publishMs: round(median(zonePublish)),
            servedMs: round(median(zoneServed)),
          },
          nothingNewMs: round(median(largePublishNothing)),
          // Ratios: the served time against the per-item read of the whole development…
          oneElementServedVsPerItemRead: ratio(
            median(largePublish) + median(largeSnapshotCold),
            median(largePerItem),
          ),
          // …and against a publish that finds nothing (what the diff itself costs).
          oneElementPublishVsNothingNew: ratio(median(largePublish), median(largePublishNothing)),
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
