/**
 * The kiosk's cost of recording usage (issue 49): the main-thread time one usage event costs the
 * totem, in headless Chromium at 1080 × 1920, on the real built server with the demo plant, the
 * kiosk logged in and synced (its usage feature running as on a totem).
 *
 * What is measured, per event: a tap — a click on a button named by `data-usage`, the event the
 * kiosk records most — in its own task, and the main-thread time it costs:
 * - `handler`: the click's dispatch, synchronous (the usage listener: naming what was tapped,
 *   building the event, queueing it);
 * - `write`: the task that follows, where the recorder writes its queue to IndexedDB (one bulk
 *   put). Measured between two timers of our own, one set before the click and one after: the
 *   recorder's timer, set during the click, runs between them (timers of the same delay run in
 *   order), so the gap between the first one's end and the second one's start is its task.
 * Not in the figure: IndexedDB's completion callback (the journal check), a later task.
 *
 * Baseline in the same run, the same taps with usage recording off: a window capture listener
 * installed before the kiosk's scripts stops the click before the usage listener (the only
 * window-level click listener of the kiosk) when the bench says "off". In both modes a listener
 * added after the usage feature started stops the click right after it, so nothing else of the
 * kiosk runs: the difference between on and off is the usage feature's alone. Samples alternate
 * on and off; a message-channel task between samples keeps the timers unclamped.
 *
 * The batches are not sent (the usage route is refused in this browser): the events stay in the
 * totem's log, where the suite checks that every "on" tap was recorded and no "off" one was.
 */
import type { Page } from 'playwright-core';
import {
  DEMO_ACCOUNT,
  newKioskContext,
  openLoggedInKiosk,
  startDemoServer,
  withBrowser,
} from '../support/browser.js';
import { sized } from '../support/sizes.js';
import { percentile, round } from '../support/stats.js';

const SAMPLES = sized(400, 20);
/** Taps before measuring (JIT, the first IndexedDB transaction). */
const WARM_UP = sized(40, 4);
const BENCH_TAP = 'bench-usage-tap';

interface Sample {
  on: boolean;
  handlerMs: number;
  writeMs: number;
}

/** Before any script of the page: the "off" gate, first of the window's click listeners. */
function installGate(): void {
  const host = window as unknown as { __usageGate?: { off: boolean } };
  const gate = { off: false };
  host.__usageGate = gate;
  window.addEventListener(
    'click',
    (event) => {
      if (gate.off && event.target instanceof Element && event.target.closest('[data-bench-tap]'))
        event.stopImmediatePropagation();
    },
    { capture: true },
  );
}

/** After the kiosk started: the button tapped, and the stop right after the usage listener. */
async function installTarget(page: Page): Promise<void> {
  await page.evaluate((name) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.usage = name;
    button.dataset.benchTap = '';
    button.textContent = 'bench';
    button.style.cssText = 'position:fixed;left:-200px;top:0;width:10px;height:10px';
    document.body.append(button);
    window.addEventListener(
      'click',
      (event) => {
        if (event.target === button) event.stopImmediatePropagation();
      },
      { capture: true },
    );
  }, BENCH_TAP);
}

/** Runs the taps in the page; each in a task of its own. */
function tapInPage(page: Page, modes: boolean[]): Promise<Sample[]> {
  return page.evaluate(async (modes) => {
    const gate = (window as unknown as { __usageGate: { off: boolean } }).__usageGate;
    const button = document.querySelector('[data-bench-tap]')!;
    // A task that is not a timer: the timers set from it are not nested (never clamped).
    const freshTask = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(0);
      });
    const samples: { on: boolean; handlerMs: number; writeMs: number }[] = [];
    for (const on of modes) {
      await freshTask();
      gate.off = !on;
      const sample = await new Promise<{ on: boolean; handlerMs: number; writeMs: number }>(
        (resolve) => {
          let before = 0;
          setTimeout(() => {
            before = performance.now();
          }, 0);
          const start = performance.now();
          button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
          const handlerMs = performance.now() - start;
          setTimeout(() => resolve({ on, handlerMs, writeMs: performance.now() - before }), 0);
        },
      );
      samples.push(sample);
    }
    gate.off = false;
    return samples;
  }, modes);
}

/** How many bench taps the totem's log holds (the kiosk's IndexedDB, by its development). */
function tapsInLog(page: Page, devname: string): Promise<number> {
  return page.evaluate(
    ({ devname, target }) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(devname);
        opening.onerror = () => reject(new Error(String(opening.error)));
        opening.onsuccess = () => {
          const db = opening.result;
          const all = db.transaction('usageEvents').objectStore('usageEvents').getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => {
            const rows = all.result as { event?: { kind?: string; target?: string } }[];
            db.close();
            resolve(
              rows.filter((row) => row.event?.kind === 'tap' && row.event.target === target).length,
            );
          };
        };
      }),
    { devname, target: BENCH_TAP },
  );
}

/**
 * performance.now() moves by 0.1 ms steps in a page that is not cross-origin isolated (the
 * kiosk's): percentiles come in such steps, the mean (over hundreds of samples) is finer. The
 * ratio is on the means, its baseline floored at a tenth of a step (a ratio against zero means
 * nothing).
 */
const CLOCK_STEP_MS = 0.1;

const summary = (values: number[]) => ({
  p50Ms: round(percentile(values, 50), 4),
  p95Ms: round(percentile(values, 95), 4),
  meanMs: round(values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1), 4),
});

export async function usageRecordingBench(log: (line: string) => void) {
  log('starting a server with the demo plant…');
  const server = await startDemoServer();
  try {
    return await withBrowser(async (browser) => {
      const context = await newKioskContext(browser);
      await context.addInitScript(installGate);
      // The events stay in the totem's log (counted below); the server's side is not measured.
      await context.route('**/display/usage/**', (route) => route.abort());
      try {
        const page = await openLoggedInKiosk(context, server.url, DEMO_ACCOUNT);
        await installTarget(page);
        const before = await tapsInLog(page, DEMO_ACCOUNT.devname);
        await tapInPage(
          page,
          Array.from({ length: WARM_UP }, (_, i) => i % 2 === 0),
        );
        const modes = Array.from({ length: SAMPLES * 2 }, (_, i) => i % 2 === 0);
        const samples = await tapInPage(page, modes);
        // The last write lands: wait for the log to hold every "on" tap.
        const expected = before + WARM_UP / 2 + SAMPLES;
        let held = 0;
        for (let tries = 0; tries < 50; tries++) {
          held = await tapsInLog(page, DEMO_ACCOUNT.devname);
          if (held >= expected) break;
          await page.waitForTimeout(100);
        }
        if (held !== expected)
          throw new Error(`the log holds ${held} bench taps, ${expected} expected`);

        const on = samples.filter((sample) => sample.on);
        const off = samples.filter((sample) => !sample.on);
        const total = (list: Sample[]) => list.map((s) => s.handlerMs + s.writeMs);
        const onTotal = summary(total(on));
        const offTotal = summary(total(off));
        const perEvent = {
          p50Ms: round(Math.max(0, onTotal.p50Ms - offTotal.p50Ms), 4),
          p95Ms: round(Math.max(0, onTotal.p95Ms - offTotal.p95Ms), 4),
          meanMs: round(Math.max(0, onTotal.meanMs - offTotal.meanMs), 4),
        };
        // On means: the percentiles are too coarse for a ratio (both p50 are one step or none).
        const ratio = round(onTotal.meanMs / Math.max(offTotal.meanMs, CLOCK_STEP_MS / 10));
        const handler = summary(on.map((s) => s.handlerMs));
        const write = summary(on.map((s) => s.writeMs));
        log(
          `per event on the main thread (recording on − off): p50 ${perEvent.p50Ms} ms, p95 ${perEvent.p95Ms} ms, mean ${perEvent.meanMs} ms (${SAMPLES} taps each way; clock step ${CLOCK_STEP_MS} ms)`,
        );
        log(
          `  on: p50 ${onTotal.p50Ms} ms, p95 ${onTotal.p95Ms} ms, mean ${onTotal.meanMs} ms (handler p50 ${handler.p50Ms} / p95 ${handler.p95Ms} ms, write task p50 ${write.p50Ms} / p95 ${write.p95Ms} ms)`,
        );
        log(
          `  off (baseline, same taps): p50 ${offTotal.p50Ms} ms, p95 ${offTotal.p95Ms} ms, mean ${offTotal.meanMs} ms; on/off (means) ${ratio}×`,
        );
        log(`  the totem's log holds every recorded tap (${held - before}), none of the others`);
        return {
          samples: SAMPLES,
          perEventP50Ms: perEvent.p50Ms,
          perEventP95Ms: perEvent.p95Ms,
          perEventMeanMs: perEvent.meanMs,
          onP50Ms: onTotal.p50Ms,
          onP95Ms: onTotal.p95Ms,
          onMeanMs: onTotal.meanMs,
          handlerP50Ms: handler.p50Ms,
          handlerP95Ms: handler.p95Ms,
          writeTaskP50Ms: write.p50Ms,
          writeTaskP95Ms: write.p95Ms,
          baselineOffP50Ms: offTotal.p50Ms,
          baselineOffP95Ms: offTotal.p95Ms,
          baselineOffMeanMs: offTotal.meanMs,
          onOverOffMean: ratio,
          recordedTaps: held - before,
        };
      } finally {
        await context.close();
      }
    });
  } finally {
    await server.stop();
  }
}
