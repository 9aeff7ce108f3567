/**
 * The delta sync's figures: after a one-element publish on the large plant (100 zones × 50 elements
 * × 20 sub-elements, 105,100 records), the sync of an open kiosk by the delta (`GET
 * /display/changes/:devid?since=N`) against the full snapshot sync kiosks did before it, in one
 * run, on a real kiosk in headless Chromium (service workers blocked, as in kiosk-sync).
 *
 * One kiosk logs in and does its first (full) sync. Cache Storage is hidden from its page
 * (support/browser.ts `hideCacheStorage`), so the engine's media step keeps nothing and ends at
 * once in both cases: the generated plant's media values name 55,000 files that do not exist, and
 * each sync would otherwise time their failures (and end in error, never "terminée"). Leaving the
 * media step out favours the full case (on a real plant it would re-read the whole media cache;
 * the delta path fetches only new media), so the time ratio is a floor. Every sync then runs to
 * its end and the banner says "Synchronisation terminée !". Then, again and again: one element
 * of the draft changed (its
 * adding date) and published through the server's publish call; the kiosk gets the stream's
 * `sync` message and syncs. Measured for that sync (reason `stream-message`), on the page's clock:
 * from the engine's `kiosk:sync:start` mark to its `kiosk:sync:records-written` mark (records), to
 * `kiosk:sync:done` (the run's end), and to the banner showing "Synchronisation terminée !";
 * and the bytes on the wire (CDP `encodedDataLength`: compressed body and headers) of its
 * /display/changes and /display/snapshot requests.
 *
 * Delta case: the kiosk as built. Full case, after it in the same page: /display/changes answered
 * 404 (CDP, that URL alone), so the engine does what a kiosk did before delta sync — a publish's
 * message, the snapshot with its ETag (a 200: the content changed), 105,100 records rewritten.
 * The only extra is one refused /display/changes request (no network: CDP answers it) in the
 * first full run. The engine remembers the 404 for its lifetime, hence the order (every delta
 * run, then every full run). Clearing the kiosk's sync meta and reloading
 * instead would time a cold start (app boot, reason `start`), not a publish reaching a running
 * totem.
 *
 * The suite fails, naming the requests it saw, when the delta case did not use the delta (a
 * kiosk without its delta path fetches the snapshot): no ratio is reported then.
 */
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import {
  fillLogin,
  firstMark,
  hideCacheStorage,
  newKioskContext,
  readTimeline,
  recordTimeline,
  refuseRequests,
  SYNC_MARK,
  withBrowser,
  type RecordedMark,
} from '../support/browser.js';
import { editOneElement, publishDraft } from '../support/draft-editor.js';
import { LARGE_PLANT_ACCOUNT, prepareLargePlant } from '../support/large-plant.js';
import { meterNetwork, type MeteredRequest, type NetworkMeter } from '../support/network-meter.js';
import { makeDataDir, startRealServer } from '../support/processes.js';
import { LARGE_PLANT_SIZE, sized } from '../support/sizes.js';
import { median, round } from '../support/stats.js';

/**
 * A delta sync takes about a second, a full one of the large plant 20–40 s on these machines
 * (plus its first sync, once): 5 + 3 runs keep this suite within about three minutes.
 */
const RUNS = sized({ delta: 5, full: 3 }, { delta: 1, full: 1 });
const TARGETS = { bytesRatio: 100, timeRatio: 20 };
/** The large plant's first sync and a full sync under load; generous, as they are not figures. */
const SYNC_TIMEOUT_MS = 300_000;

type Case = 'delta' | 'full';

interface RouteUse {
  requests: number;
  statuses: (number | null)[];
  bytes: number;
}

interface SyncRun {
  revision: number;
  /** The `source` of the engine's records-written mark ('delta', 'snapshot', …). */
  source: string | null;
  /** What the local stores hold after the write (the records-written mark's counts), not the change. */
  recordsHeld: number;
  recordsMs: number;
  doneMs: number;
  bannerMs: number;
  changes: RouteUse;
  snapshot: RouteUse;
  /** The two routes' bytes: what this sync's records cost on the wire. */
  recordsBytes: number;
  /** Every other request that finished during the sync (media, fleet report…). */
  otherRequests: number;
  otherBytes: number;
}

const detailOf = (mark: RecordedMark) =>
  (mark.detail ?? {}) as {
    reason?: string;
    source?: string | null;
    ok?: boolean;
    error?: string | null;
    recordsChanged?: boolean;
    counts?: Record<string, number>;
  };

function routeUse(requests: MeteredRequest[], fragment: string): RouteUse {
  const matching = requests.filter((request) => request.url.includes(fragment));
  return {
    requests: matching.length,
    statuses: matching.map((request) => request.status),
    bytes: matching.reduce((sum, request) => sum + request.bytes, 0),
  };
}

/**
 * Waits until the kiosk is idle: its stream is open and caught up (a run with reason
 * `stream-open` is over) and every run that started has ended.
 */
async function waitIdle(page: Page): Promise<void> {
  await page.waitForFunction(
    ([start, done]) => {
      const marks = (window as unknown as { __benchMarks: { name: string; detail: unknown }[] })
        .__benchMarks;
      const starts = marks.filter((mark) => mark.name === start).length;
      const dones = marks.filter((mark) => mark.name === done);
      return (
        starts > 0 &&
        starts === dones.length &&
        dones.some((mark) => (mark.detail as { reason?: string }).reason === 'stream-open')
      );
    },
    [SYNC_MARK.start, SYNC_MARK.done] as const,
    { timeout: SYNC_TIMEOUT_MS, polling: 100 },
  );
}

/** One element changed and published; the open kiosk's resulting sync, measured. */
async function publishAndMeasure(
  page: Page,
  meter: NetworkMeter,
  publish: () => Promise<number>,
): Promise<SyncRun> {
  await waitIdle(page);
  const since = await page.evaluate(() => performance.now());
  meter.reset();
  const revision = await publish();
  // The run the stream's message started, over, and (when it succeeded) the banner's success.
  await page.waitForFunction(
    ([since, start, done]) => {
      const target = window as unknown as {
        __benchMarks: { name: string; startTime: number; detail: unknown }[];
        __benchBanner: { status: string; at: number }[];
      };
      const begun = target.__benchMarks.find(
        (mark) =>
          mark.name === start &&
          mark.startTime >= since &&
          (mark.detail as { reason?: string }).reason === 'stream-message',
      );
      if (!begun) return false;
      const ended = target.__benchMarks.find(
        (mark) => mark.name === done && mark.startTime >= begun.startTime,
      );
      if (!ended) return false;
      if ((ended.detail as { ok?: boolean }).ok !== true) return true;
      return target.__benchBanner.some(
        (change) => change.status === 'success' && change.at >= begun.startTime,
      );
    },
    [since, SYNC_MARK.start, SYNC_MARK.done] as const,
    { timeout: SYNC_TIMEOUT_MS, polling: 50 },
  );
  const { marks, banner } = await readTimeline(page);
  const start = marks.find(
    (mark) =>
      mark.name === SYNC_MARK.start &&
      mark.startTime >= since &&
      detailOf(mark).reason === 'stream-message',
  )!;
  const done = firstMark(marks, SYNC_MARK.done, start.startTime)!;
  const written = firstMark(marks, SYNC_MARK.written, start.startTime);
  const ended = detailOf(done);
  if (ended.ok !== true) {
    throw new Error(`the sync after revision ${revision}'s publish failed: ${ended.error}`);
  }
  if (!written || written.startTime > done.startTime) {
    throw new Error(`the sync after revision ${revision}'s publish wrote no records`);
  }
  const shown = banner.find(
    (change) => change.status === 'success' && change.at >= start.startTime,
  )!;
  // The page has read every body before its done mark; Chromium's events reach us a moment later.
  const records = () =>
    meter
      .requests()
      .filter((r) => r.url.includes('/display/changes/') || r.url.includes('/display/snapshot/'));
  const deadline = Date.now() + 10_000;
  while (records().some((r) => !r.finished && !r.failed) && Date.now() < deadline) {
    await page.waitForTimeout(20);
  }
  const requests = meter.requests();
  const changes = routeUse(requests, '/display/changes/');
  const snapshot = routeUse(requests, '/display/snapshot/');
  const others = requests.filter(
    (r) =>
      r.finished && !r.url.includes('/display/changes/') && !r.url.includes('/display/snapshot/'),
  );
  const counts = detailOf(written).counts ?? {};
  return {
    revision,
    source: detailOf(written).source ?? null,
    recordsHeld: Object.values(counts).reduce((sum, count) => sum + count, 0),
    recordsMs: written.startTime - start.startTime,
    doneMs: done.startTime - start.startTime,
    bannerMs: shown.at - start.startTime,
    changes,
    snapshot,
    recordsBytes: changes.bytes + snapshot.bytes,
    otherRequests: others.length,
    otherBytes: others.reduce((sum, r) => sum + r.bytes, 0),
  };
}

/** What is wrong with a run of this case, or null: the case must have used its route. */
function wrongPath(kind: Case, run: SyncRun): string | null {
  const seen = `source '${run.source}'; /display/changes ×${run.changes.requests} (${run.changes.statuses.join(', ')}), /display/snapshot ×${run.snapshot.requests} (${run.snapshot.statuses.join(', ')})`;
  if (kind === 'delta') {
    const used =
      run.source === 'delta' &&
      run.snapshot.requests === 0 &&
      run.changes.statuses.some((status) => status === 200);
    return used ? null : `the delta case did not sync by the delta: ${seen}`;
  }
  const used = run.source === 'snapshot' && run.snapshot.statuses.some((status) => status === 200);
  return used ? null : `the full case did not sync by the snapshot: ${seen}`;
}

function summarize(runs: SyncRun[]) {
  const pick = (key: 'recordsMs' | 'doneMs' | 'bannerMs' | 'recordsBytes' | 'otherBytes') =>
    round(median(runs.map((run) => run[key])));
  return {
    runs: runs.length,
    source: runs[0]?.source ?? null,
    routes: {
      changes: runs.map((run) => run.changes.statuses),
      snapshot: runs.map((run) => run.snapshot.statuses),
    },
    recordsHeld: runs[0]?.recordsHeld ?? 0,
    recordsBytes: pick('recordsBytes'),
    recordsMs: pick('recordsMs'),
    doneMs: pick('doneMs'),
    bannerMs: pick('bannerMs'),
    otherBytes: pick('otherBytes'),
    all: {
      recordsBytes: runs.map((run) => run.recordsBytes),
      bannerMs: runs.map((run) => round(run.bannerMs)),
      recordsMs: runs.map((run) => round(run.recordsMs)),
    },
  };
}

const loads = () => loadavg().map((value) => round(value));

export async function deltaSyncBench(log: (line: string) => void) {
  const data = makeDataDir();
  try {
    log(
      `preparing the large plant (${LARGE_PLANT_SIZE.zones} zones × ${LARGE_PLANT_SIZE.elementsPerZone} elements × ${LARGE_PLANT_SIZE.subelementsPerElement} sub-elements)…`,
    );
    const { devid } = prepareLargePlant(data.dir);
    // /config.json then names the large plant; the demo seed sees it exists and skips.
    const server = await startRealServer(data.dir, { DEMO_DEVNAME: LARGE_PLANT_ACCOUNT.devname });
    try {
      return await withBrowser(async (browser) => {
        const context = await newKioskContext(browser, { serviceWorkers: 'block' });
        const page = await context.newPage();
        await recordTimeline(page);
        await hideCacheStorage(page);
        const meter = await meterNetwork(page);
        await page.goto(`${server.url}/`);
        if (await page.evaluate(() => typeof caches !== 'undefined')) {
          throw new Error('Cache Storage is still visible to the kiosk: its media step would run');
        }
        log('first sync…');
        const firstStarted = performance.now();
        await (await fillLogin(page, LARGE_PLANT_ACCOUNT)).click();
        await waitIdle(page);
        const first = (await readTimeline(page)).marks.filter(
          (mark) => mark.name === SYNC_MARK.done,
        );
        const failed = first.find((mark) => detailOf(mark).ok !== true);
        if (failed) throw new Error(`the first sync failed: ${detailOf(failed).error}`);
        log(`first sync over in ${Math.round(performance.now() - firstStarted)} ms`);

        let stamp = 0;
        const publish = () => {
          editOneElement(data.dir, devid, ++stamp);
          return publishDraft(server.url, devid);
        };
        const loadBefore = loads();
        const delta: SyncRun[] = [];
        for (let i = 0; i < RUNS.delta; i++)
          delta.push(await publishAndMeasure(page, meter, publish));
        log(
          `delta case: ${delta.map((run) => `${Math.round(run.bannerMs)} ms ${run.recordsBytes} B (${run.source})`).join(', ')}`,
        );
        const stopRefusing = await refuseRequests(page, '*/display/changes/*');
        const full: SyncRun[] = [];
        try {
          for (let i = 0; i < RUNS.full; i++) {
            full.push(await publishAndMeasure(page, meter, publish));
          }
        } finally {
          await stopRefusing();
        }
        log(
          `full case: ${full.map((run) => `${Math.round(run.bannerMs)} ms ${run.recordsBytes} B (${run.source})`).join(', ')}`,
        );
        const loadAfter = loads();
        await meter.stop();
        await context.close();

        const problems = [
          ...delta.map((run) => wrongPath('delta', run)),
          ...full.map((run) => wrongPath('full', run)),
        ].filter((problem): problem is string => problem !== null);
        if (problems.length > 0) {
          // No ratio from a case that did not take its path: say what was seen, and fail.
          throw new Error(
            `${[...new Set(problems)].join('; ')}. Measured (not comparable): delta ${JSON.stringify(summarize(delta))}; full ${JSON.stringify(summarize(full))}`,
          );
        }
        const d = summarize(delta);
        const f = summarize(full);
        const bytesRatio = round(f.recordsBytes / d.recordsBytes, 1);
        const bannerRatio = round(f.bannerMs / d.bannerMs, 1);
        const recordsRatio = round(f.recordsMs / d.recordsMs, 1);
        log(
          `bytes: full ${f.recordsBytes} B / delta ${d.recordsBytes} B = ${bytesRatio}× (target ≥ ${TARGETS.bytesRatio}×)`,
        );
        log(
          `to "Synchronisation terminée !": full ${f.bannerMs} ms / delta ${d.bannerMs} ms = ${bannerRatio}× (target ≥ ${TARGETS.timeRatio}×); records written: ${recordsRatio}×`,
        );
        return {
          plant: LARGE_PLANT_SIZE,
          note: 'one-element publish; times from kiosk:sync:start (page clock) to the banner "Synchronisation terminée !" (bannerMs), to kiosk:sync:done (doneMs) and to kiosk:sync:records-written (recordsMs); bytes = CDP encodedDataLength (compressed body + headers) of /display/changes and /display/snapshot during that sync; media step skipped in both cases (Cache Storage hidden: the generated plant\'s media files do not exist), which favours the full case',
          loadAverage: { before: loadBefore, after: loadAfter },
          delta: d,
          full: f,
          fullOverDelta: { bytes: bytesRatio, bannerMs: bannerRatio, recordsMs: recordsRatio },
          targets: { bytes: `≥ ${TARGETS.bytesRatio}×`, time: `≥ ${TARGETS.timeRatio}×` },
        };
      });
    } finally {
      await server.stop();
    }
  } finally {
    data.remove();
  }
}
