/**
 * Headless Chromium for the kiosk benchmarks: Debian's browser (never a downloaded one) driven by
 * playwright-core, in the kiosk's portrait 1080×1920 viewport.
 *
 * Everything stays on loopback: the browser's proxy is a closed loopback port that loopback
 * addresses bypass, so the kiosk reaches the bench's servers directly while anything bound for the
 * Internet (the suggestion form's frame) fails at once. This is deliberately not `route()`: with a
 * route, Playwright pauses every request of the page for a round trip to this process, which
 * would slow the very thing being measured (the per-item sync makes thousands of requests).
 */
import { cpSync, rmSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { makeDataDir, startRealServer, type Child } from './processes.js';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const KIOSK_VIEWPORT = { width: 1080, height: 1920 } as const;

export function launchBrowser(): Promise<Browser> {
  // Playwright appends `<-loopback>` to the bypass list unless told not to, which would send the
  // loopback servers through the dead proxy as well (read by playwright-core in this process).
  process.env.PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK = '1';
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    // Port 9 (discard) is closed on these machines: a proxied request fails immediately.
    proxy: { server: 'http://127.0.0.1:9', bypass: '127.0.0.1,localhost,[::1]' },
  });
}

/** Runs `work` with a browser that is closed afterwards, whatever happens. */
export async function withBrowser<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await launchBrowser();
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/**
 * The bench runs under tsx, whose esbuild `keepNames` wraps named functions in `__name(…)` calls;
 * functions sent to the page (evaluate, init scripts) carry those calls with them, so the page
 * needs the helper too.
 */
const KEEP_NAMES_SHIM = 'globalThis.__name = globalThis.__name || ((target) => target);';

/** A fresh profile (empty IndexedDB, storage and caches) set up like a totem. */
export async function newKioskContext(
  browser: Browser,
  options: Pick<BrowserContextOptions, 'serviceWorkers'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: KIOSK_VIEWPORT,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  return context;
}

export interface Credentials {
  login: string;
  password: string;
}

/**
 * Fills the kiosk's login form and returns the button to press, so the caller decides what to time
 * around the click.
 */
export async function fillLogin(page: Page, credentials: Credentials) {
  await page.getByPlaceholder('Login').fill(credentials.login);
  await page.getByPlaceholder('Mot de passe').fill(credentials.password);
  return page.getByRole('button', { name: 'Se connecter' });
}

/** Waits until the sync banner says the sync is over ("Synchronisation terminée !"). */
export async function waitForSyncDone(page: Page, timeout = 120_000): Promise<void> {
  await page.getByText('Synchronisation terminée !').waitFor({ state: 'visible', timeout });
}

/** Waits until a service worker controls the page (app shell and media then work offline). */
export async function waitForServiceWorker(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout,
  });
}

/**
 * Answers every request of the page whose URL matches `urlPattern` (CDP's glob: `*` for any run of
 * characters) with 404 and the envelope, as a server without that route would. Through CDP with
 * that pattern alone, so no other request is paused (see the header comment). Returns a function
 * that stops refusing.
 */
export async function refuseRequests(page: Page, urlPattern: string): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  const body = Buffer.from(
    JSON.stringify({ data: null, message: 'Not Found', error: 'not_found' }),
  ).toString('base64');
  session.on('Fetch.requestPaused', (event: { requestId: string }) => {
    void session
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 404,
        responseHeaders: [{ name: 'content-type', value: 'application/json; charset=utf-8' }],
        body,
      })
      .catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern, requestStage: 'Request' }] });
  return async () => {
    await session.send('Fetch.disable').catch(() => undefined);
    await session.detach().catch(() => undefined);
  };
}

/** The snapshot URL answered 404, so the sync engine falls back to the spec's per-item calls. */
export const refuseSnapshot = (page: Page) => refuseRequests(page, '*/display/snapshot/*');

/** The sync engine's User Timing marks (apps/kiosk/src/features/sync/sync-marks.ts). */
export const SYNC_MARK = {
  start: 'kiosk:sync:start',
  fetched: 'kiosk:sync:records-fetched',
  written: 'kiosk:sync:records-written',
  done: 'kiosk:sync:done',
} as const;

/** A mark as the page's PerformanceObserver saw it (see recordTimeline). */
export interface RecordedMark {
  name: string;
  startTime: number;
  detail: unknown;
}

/** The sync banner's `data-status` as it changed (pending, success, error, hidden). */
export interface BannerChange {
  status: string;
  at: number;
}

interface BenchWindow {
  __benchMarks?: RecordedMark[];
  __benchClicks?: number[];
  __benchBanner?: BannerChange[];
}

/** The first mark named `name` at or after `after` (the page's performance.now() timeline). */
export function firstMark(
  marks: RecordedMark[],
  name: string,
  after = 0,
): RecordedMark | undefined {
  return marks.find((mark) => mark.name === name && mark.startTime >= after);
}

/**
 * Before any page script runs, starts recording every User Timing mark (buffered observer, so the
 * kiosk clearing its marks loses nothing here) and the timestamp of every click, on the page's
 * performance.now() timeline, and every change of the sync banner's `data-status` (an observer
 * of that one attribute: the banner's progress text changing at each step costs it nothing). Only
 * numbers, strings and plain details are kept, never DOM nodes.
 */
export async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const target = window as unknown as BenchWindow;
    target.__benchMarks = [];
    target.__benchClicks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        target.__benchMarks!.push({
          name: entry.name,
          startTime: entry.startTime,
          detail: (entry as PerformanceMark).detail as unknown,
        });
      }
    }).observe({ type: 'mark', buffered: true });
    window.addEventListener('click', (event) => target.__benchClicks!.push(event.timeStamp), {
      capture: true,
    });
    target.__benchBanner = [];
    new MutationObserver((records) => {
      const at = performance.now();
      for (const record of records) {
        const status = (record.target as Element).getAttribute('data-status');
        if ((record.target as Element).getAttribute('data-testid') === 'sync-status-banner') {
          target.__benchBanner!.push({ status: status ?? '', at });
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status'] });
  });
}

export function readTimeline(
  page: Page,
): Promise<{ marks: RecordedMark[]; clicks: number[]; banner: BannerChange[] }> {
  return page.evaluate(() => {
    const source = window as unknown as BenchWindow;
    return {
      marks: source.__benchMarks ?? [],
      clicks: source.__benchClicks ?? [],
      banner: source.__benchBanner ?? [],
    };
  });
}

/**
 * Before any page script runs, hides Cache Storage from the page, as an insecure context would:
 * the kiosk's media step then keeps nothing and returns at once (media-prefetch.ts), so a sync ends
 * "done" after its records. For the generated large plant, whose media values name 55,000 files
 * that do not exist: trying them all at every sync would time the failures, and caching 55,000
 * placeholders first took 112 s here and then made the sync's IndexedDB write abort.
 */
export async function hideCacheStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'caches', { value: undefined, configurable: true });
  });
}

/** Opens the kiosk, logs in through its form, and waits for the first sync to be over. */
export async function openLoggedInKiosk(
  context: BrowserContext,
  url: string,
  credentials: Credentials,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await (await fillLogin(page, credentials)).click();
  await waitForSyncDone(page);
  return page;
}

export const DEMO_ACCOUNT = { devname: 'neubourg', login: 'kiosk', password: 'kiosk' } as const;

let demoTemplate: string | null = null;

/**
 * The real server on a data directory of its own holding the demo plant. The demo seed runs once
 * per bench process (it takes seconds); later servers start from a copy of that directory.
 */
export async function startDemoServer(
  env: Record<string, string> = {},
): Promise<Child & { dataDir: string }> {
  if (demoTemplate === null) {
    const template = makeDataDir();
    process.once('exit', () => template.remove());
    const seeding = await startRealServer(template.dir);
    await seeding.stop();
    demoTemplate = template.dir;
  }
  const data = makeDataDir();
  cpSync(demoTemplate, data.dir, { recursive: true });
  const server = await startRealServer(data.dir, env);
  return {
    ...server,
    dataDir: data.dir,
    async stop() {
      await server.stop();
      rmSync(data.dir, { recursive: true, force: true });
    },
  };
}
