/**
 * Open kiosk streams at scale on one instance (issue 54, part 3): 10,000 totems over ten
 * developments — each development holds the per-development bound of totems (1,000, issue 47),
 * so ten of them is how one instance reaches 10,000 — each totem logged in for itself and holding
 * its own stream, opened as the kiosk opens it (a single-use ticket, then the stream with the
 * ticket and the totem's identity in its URL; decision 028), on the real built server (SQLite).
 *
 * Figures:
 * - the server's memory per stream: its resident memory with every stream open minus with one per
 *   development open, over the streams between (target ≤ 10 KB), each read right after a full
 *   garbage collection in the server (support/gc-on-signal.cjs: read without one, the same
 *   streams measured 12 to 19 KB each from one run to the next — the garbage of the burst of
 *   connections); with the JS heap's share (heap used + external) beside it;
 * - publish → message received, p50/p99 over every stream the publish is for: one development's
 *   publish (its 1,000 streams, while the 9,000 others stay open), one development after another,
 *   and the ten developments' publishes sent at once (all 10,000 streams), timed from the first
 *   publish's start (target p99 ≤ 100 ms); beside them, one stream alone on the same server in the
 *   same run, the baseline.
 *
 * The clients run in this process (support/stream-clients.ts), so each latency includes this
 * process's own delay in reading thousands of sockets on the same two cores as the server: an
 * upper bound of the server's. The totems' accounts are stored at the tests' scrypt cost
 * (support/prepare-fleet-developments.ts says why).
 */
import { join } from 'node:path';
import { hashPasswordForLogin } from '@plant-kiosk/contract';
import { loginTotems, type TotemSession } from '../support/development-reader.js';
import {
  FLEET_ACCOUNT,
  prepareFleetDevelopments,
  sqliteStoreOf,
} from '../support/fleet-developments.js';
import {
  BENCH_METRICS_TOKEN,
  collectableServerEnv,
  histogramSince,
  scrapeHistogram,
  collectedMemory,
  makeDataDir,
  publishWithBenchToken,
  startRealServer,
} from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { latencySummary, percentile, round, waitFor } from '../support/stats.js';
import { openStreamClients, type StreamClient } from '../support/stream-clients.js';

const DEVELOPMENTS = sized(10, 2);
/** The per-development bound of totems (apps/server/src/fleet/fleet.ts). */
const PER_DEVELOPMENT = sized(1000, 5);
const RUNS = sized(
  { single: 5, oneDevelopment: 10, all: 5 },
  { single: 1, oneDevelopment: 2, all: 1 },
);
const TARGETS = { bytesPerStream: 10 * 1024, p99Ms: 100 };
const FAN_OUT_METRIC = 'plant_kiosk_stream_fanout_seconds';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** performance.now() of a client's first `sync` message since its list was last cleared. */
const syncAt = (client: StreamClient) => client.received.find((m) => m.type === 'sync')?.at;

export async function streamScaleBench(log: (line: string) => void) {
  const data = makeDataDir();
  const developments = prepareFleetDevelopments(sqliteStoreOf(data.dir), DEVELOPMENTS);
  const memoryFile = join(data.dir, 'memory.json');
  const server = await startRealServer(data.dir, {
    ...collectableServerEnv(memoryFile),
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  });
  /** The server's own fan-out time (its metrics: bus → last socket written, per development). */
  const fanOut = () => scrapeHistogram(server.url, FAN_OUT_METRIC);
  try {
    const publish = (devid: number) => publishWithBenchToken(server.url, devid);
    /** Each measured publish's own p99 (ms): one slow publish makes the whole p99, and shows here. */
    const runP99s: { oneDevelopment: number[]; all: number[] } = { oneDevelopment: [], all: [] };
    /** Publishes to `devids` at once; per client of `clients`, publish start → its `sync` (ms). */
    const measure = async (devids: number[], clients: StreamClient[]) => {
      for (const client of clients) client.received.length = 0;
      const since = performance.now();
      await Promise.all(devids.map(publish));
      await waitFor(() => clients.every((client) => syncAt(client) !== undefined), 60_000);
      const latencies = clients.map((client) => (syncAt(client) ?? Infinity) - since);
      await pause(300);
      return latencies;
    };

    // Every totem logged in for itself: its own token and identity (issue 47).
    const loginStarted = performance.now();
    const sessions = new Map<number, TotemSession[]>();
    for (const development of developments) {
      sessions.set(
        development.devid,
        await loginTotems(
          server.url,
          {
            devname: development.devname,
            login: FLEET_ACCOUNT.login,
            passwordHash: hashPasswordForLogin(FLEET_ACCOUNT.password),
          },
          PER_DEVELOPMENT,
          8,
        ),
      );
    }
    const loginSeconds = (performance.now() - loginStarted) / 1000;
    log(`  ${DEVELOPMENTS * PER_DEVELOPMENT} totems logged in (${round(loginSeconds)} s)`);

    const open = (devid: number, from: number, to: number) =>
      openStreamClients(to - from, {
        base: server.url,
        devid,
        token: '',
        sessions: sessions.get(devid)!.slice(from, to),
        withTicket: true,
      });

    // The baseline: one stream alone on this server.
    const first = developments[0]!.devid;
    const single = await open(first, 0, 1);
    const singleLatencies: number[] = [];
    for (let run = 0; run < RUNS.single; run++)
      singleLatencies.push(...(await measure([first], single)));

    // One stream per development, then all of them.
    const byDevelopment = new Map<number, StreamClient[]>([[first, single]]);
    for (const { devid } of developments.slice(1))
      byDevelopment.set(devid, await open(devid, 0, 1));
    await pause(1000);
    const before = await collectedMemory(server, memoryFile);
    log(`  opening ${DEVELOPMENTS * PER_DEVELOPMENT} streams…`);
    const opened = performance.now();
    for (const { devid } of developments)
      byDevelopment.get(devid)!.push(...(await open(devid, 1, PER_DEVELOPMENT)));
    const openMs = performance.now() - opened;
    await pause(2000);
    const after = await collectedMemory(server, memoryFile);
    const streams = DEVELOPMENTS * PER_DEVELOPMENT;
    const perStream = (bytes: number) => bytes / (streams - DEVELOPMENTS);
    const bytesPerStream = perStream(after.rss - before.rss);
    const heapBytesPerStream = perStream(
      after.heapUsed + after.external - (before.heapUsed + before.external),
    );

    try {
      // The first scrape starts the server's fan-out histogram.
      const beforeOne = await fanOut();
      const oneDevelopment: number[] = [];
      for (let run = 0; run < RUNS.oneDevelopment; run++) {
        const { devid } = developments[run % DEVELOPMENTS]!;
        const latencies = await measure([devid], byDevelopment.get(devid)!);
        runP99s.oneDevelopment.push(round(percentile(latencies, 99)));
        oneDevelopment.push(...latencies);
      }
      const afterOne = await fanOut();
      const everyStream = [...byDevelopment.values()].flat();
      const all: number[] = [];
      for (let run = 0; run < RUNS.all; run++) {
        const latencies = await measure(
          developments.map(({ devid }) => devid),
          everyStream,
        );
        runP99s.all.push(round(percentile(latencies, 99)));
        all.push(...latencies);
      }
      const serverFanOut = {
        oneDevelopment: histogramSince(beforeOne, afterOne),
        everyDevelopmentAtOnce: histogramSince(afterOne, await fanOut()),
      };
      const result = {
        developments: DEVELOPMENTS,
        streams,
        totemsLoginSeconds: round(loginSeconds),
        openAllMs: Math.round(openMs),
        rssBeforeMB: round(before.rss / 2 ** 20),
        rssAfterMB: round(after.rss / 2 ** 20),
        bytesPerStream: Math.round(bytesPerStream),
        kbPerStream: round(bytesPerStream / 1024),
        heapKbPerStream: round(heapBytesPerStream / 1024),
        oneStreamAlone: { publishes: RUNS.single, ...latencySummary(singleLatencies) },
        oneDevelopmentPublish: {
          publishes: RUNS.oneDevelopment,
          streamsEach: PER_DEVELOPMENT,
          ...latencySummary(oneDevelopment),
          eachPublishP99Ms: runP99s.oneDevelopment,
        },
        everyDevelopmentAtOnce: {
          publishes: RUNS.all,
          streamsEach: streams,
          ...latencySummary(all),
        },
        serverFanOut,
        targets: { kbPerStream: TARGETS.bytesPerStream / 1024, p99Ms: TARGETS.p99Ms },
      };
      log(
        `  ${streams} streams over ${DEVELOPMENTS} developments: ${result.kbPerStream} KB per stream (target ≤ ${TARGETS.bytesPerStream / 1024}; JS heap ${result.heapKbPerStream}); ` +
          `publish → received, one development's ${PER_DEVELOPMENT}: p50 ${result.oneDevelopmentPublish.p50Ms} / p99 ${result.oneDevelopmentPublish.p99Ms} ms; ` +
          `all ${streams} at once: p50 ${result.everyDevelopmentAtOnce.p50Ms} / p99 ${result.everyDevelopmentAtOnce.p99Ms} ms (target p99 ≤ ${TARGETS.p99Ms}); ` +
          `one stream alone: p99 ${result.oneStreamAlone.p99Ms} ms; ` +
          `the server's own fan-out to a development (its metrics): mean ${round(serverFanOut.oneDevelopment.meanMs)} ms, p99 ≤ ${serverFanOut.oneDevelopment.p99AtMostMs} ms; ` +
          `all at once: mean ${round(serverFanOut.everyDevelopmentAtOnce.meanMs)} ms each, p99 ≤ ${serverFanOut.everyDevelopmentAtOnce.p99AtMostMs} ms`,
      );
      return result;
    } finally {
      for (const client of [...byDevelopment.values()].flat()) client.close();
    }
  } finally {
    await server.stop();
    data.remove();
  }
}
