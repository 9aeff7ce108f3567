/**
 * The document viewers' figures, in headless Chromium on the demo screen `#/demo/composants` (the
 * way the viewers' e2e spec opens the reader).
 *
 * 1. Time to the first rendered page of the 100-page PDF (`pdf/document-100-pages.pdf`): from the
 *    tap on its button to page 1's canvas finished by PDF.js (the page has `data-loaded` and no
 *    longer its `loadingIcon` class, which PDF.js removes when the render task ends), seen on the
 *    next animation frame. Baseline: the same for a 1-page PDF in the same run — the 100-page
 *    document's own cover, rendered alone by the seed's PDF writer, so the two first pages are
 *    identical and only the page count differs. The demo screen's only button with a free file
 *    name is "PDF introuvable" (`pdf/document-introuvable.pdf`): the bench writes the 1-page file
 *    under that name in its own temporary DATA_DIR, so both go through the same button, server
 *    route, service worker and reader. A first open (PDF.js chunk and worker start) is not timed.
 * 2. Main-thread JS heap (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage) after
 *    opening and closing the reader on the 100-page PDF 100 times, against the heap after the
 *    first time (the issue's figure) and after 10 times (a warmed-up baseline: code compiled and
 *    PDF.js's lazy state created). The PDF.js worker is another thread and is not counted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { hundredPagesSpec } from '../../demo/src/content/documents.js';
import { renderDocumentPdf } from '../../demo/src/pdf/document-pdf.js';
import {
  DEMO_ACCOUNT,
  newKioskContext,
  openLoggedInKiosk,
  readTimeline,
  recordTimeline,
  startDemoServer,
  waitForServiceWorker,
  withBrowser,
} from '../support/browser.js';
import type { Child } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { median, round } from '../support/stats.js';

const RUNS = sized(
  { opens: 7, cycles: 100, warmCycles: 10 },
  { opens: 1, cycles: 3, warmCycles: 2 },
);
const TARGETS = { heapGrowthRatio: 1.1 };
const BUTTONS = { hundred: 'PDF de 100 pages', single: 'PDF introuvable' } as const;
/** Where the demo screen's "PDF introuvable" button points (see the header comment). */
const SINGLE_PAGE_FILE = 'document-introuvable.pdf';

/** Resolves with performance.now() on the first frame where page 1 is fully rendered. */
function waitFirstPageRendered(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const deadline = performance.now() + 30_000;
        const tick = () => {
          const reader = document.querySelector('.pdf-reader');
          if (reader?.getAttribute('data-status') === 'error') {
            reject(new Error('the PDF reader says it cannot load the PDF'));
            return;
          }
          const pageView = reader?.querySelector('.page[data-page-number="1"]');
          const canvas = pageView?.querySelector('canvas');
          if (
            pageView?.getAttribute('data-loaded') === 'true' &&
            !pageView.classList.contains('loadingIcon') &&
            canvas &&
            canvas.width > 0
          ) {
            resolve(performance.now());
            return;
          }
          if (performance.now() > deadline) {
            reject(new Error('no rendered page within 30 s'));
            return;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** Taps a document's button, waits for its first rendered page, closes the reader. */
async function openAndClose(page: Page, button: string): Promise<number> {
  await page.getByRole('button', { name: button, exact: true }).tap();
  const rendered = await waitFirstPageRendered(page);
  const { clicks } = await readTimeline(page);
  const clicked = clicks[clicks.length - 1];
  if (clicked === undefined) throw new Error('the tap was not seen');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
  return rendered - clicked;
}

async function heapUsedMB(cdp: CDPSession, page: Page): Promise<number> {
  // Closing a reader releases its document asynchronously (up to ~3 s): let it finish first.
  await page.waitForTimeout(3500);
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

async function run(server: Child, log: (line: string) => void) {
  return withBrowser(async (browser) => {
    const context = await newKioskContext(browser);
    try {
      const page = await openLoggedInKiosk(context, server.url, DEMO_ACCOUNT);
      await waitForServiceWorker(page);
      await recordTimeline(page);
      // A fresh document (so the click recorder is in), controlled by the service worker.
      await page.evaluate(() => {
        location.hash = '#/demo/composants';
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Lecteur PDF' }).waitFor();

      const firstOpenMs = await openAndClose(page, BUTTONS.hundred);
      await openAndClose(page, BUTTONS.single);
      const hundred: number[] = [];
      const single: number[] = [];
      for (let i = 0; i < RUNS.opens; i++) {
        hundred.push(await openAndClose(page, BUTTONS.hundred));
        single.push(await openAndClose(page, BUTTONS.single));
      }
      const ms = (list: number[]) => list.map((value) => Math.round(value)).join(', ');
      log(`  first page, 100 pages: ${ms(hundred)} ms; 1 page: ${ms(single)} ms`);

      // Heap: a new document, so the opens above do not count.
      await page.reload();
      await page.getByRole('heading', { name: 'Lecteur PDF' }).waitFor();
      const cdp = await context.newCDPSession(page);
      const heap: Record<string, number> = { beforeMB: await heapUsedMB(cdp, page) };
      for (let cycle = 1; cycle <= RUNS.cycles; cycle++) {
        await openAndClose(page, BUTTONS.hundred);
        if (cycle === 1) heap.after1MB = await heapUsedMB(cdp, page);
        if (cycle === RUNS.warmCycles) heap.after10MB = await heapUsedMB(cdp, page);
        if (cycle % 25 === 0) log(`  heap cycles: ${cycle}/${RUNS.cycles}`);
      }
      heap.after100MB = await heapUsedMB(cdp, page);
      await cdp.detach();
      await page.close();

      const hundredMs = median(hundred);
      const singleMs = median(single);
      const growth = heap.after100MB! / heap.after1MB!;
      const warmGrowth = heap.after100MB! / heap.after10MB!;
      const perDocumentKB =
        ((heap.after100MB! - heap.after10MB!) * 1024) / (RUNS.cycles - RUNS.warmCycles);
      log(
        `first rendered page: 100-page PDF ${round(hundredMs)} ms vs 1-page PDF ${round(singleMs)} ms (${round(hundredMs / singleMs)}×)`,
      );
      log(
        `JS heap after ${RUNS.cycles} open/close: ${round(heap.after100MB!)} MB = ${round(growth * 100, 1)}% of after the first (${round(heap.after1MB!)} MB), target ≤ ${round(TARGETS.heapGrowthRatio * 100)}%`,
      );
      log(
        `  warmed-up baseline (after ${RUNS.warmCycles}): ${round(heap.after10MB!)} MB → ${round(warmGrowth * 100, 1)}%, ${round(perDocumentKB, 1)} KB per document after the warm-up`,
      );
      return {
        firstRenderedPage: {
          opens: RUNS.opens,
          hundredPagesMs: round(hundredMs),
          onePageMs: round(singleMs),
          ratio: round(hundredMs / singleMs),
          firstEverOpenMs: round(firstOpenMs),
          all: { hundredPages: hundred.map((v) => round(v)), onePage: single.map((v) => round(v)) },
        },
        heap: {
          cycles: RUNS.cycles,
          document: 'pdf/document-100-pages.pdf',
          beforeFirstOpenMB: round(heap.beforeMB!),
          afterFirstMB: round(heap.after1MB!),
          afterWarmupMB: round(heap.after10MB!),
          after100MB: round(heap.after100MB!),
          growthVsFirst: round(growth, 3),
          growthVsWarmup: round(warmGrowth, 3),
          perDocumentAfterWarmupKB: round(perDocumentKB, 1),
          target: `growthVsFirst ≤ ${TARGETS.heapGrowthRatio}`,
        },
      };
    } finally {
      await context.close();
    }
  });
}

export async function kioskPdfBench(log: (line: string) => void) {
  log('starting a server with the demo plant…');
  const server = await startDemoServer();
  try {
    // The 100-page document's cover alone, rendered by the same writer as the seed's.
    const single = await renderDocumentPdf({ ...hundredPagesSpec(), pages: [] });
    if (single.pageCount !== 1) throw new Error(`the 1-page PDF has ${single.pageCount} pages`);
    writeFileSync(join(server.dataDir, 'media', 'pdf', SINGLE_PAGE_FILE), single.bytes);
    return await run(server, log);
  } finally {
    await server.stop();
  }
}
