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
 * Answers the kiosk's snapshot request with 404, as a server without the snapshot route would, so
 * the sync engine falls back to the spec's per-item calls. Through CDP with a pattern matching that
 * URL alone, so no other request is paused (see the header comment).
 */
export async function refuseSnapshot(page: Page): Promise<() => Promise<void>> {
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
  await session.send('Fetch.enable', {
    patterns: [{ urlPattern: '*/display/snapshot/*', requestStage: 'Request' }],
  });
  return async () => {
    await session.send('Fetch.disable').catch(() => undefined);
    await session.detach().catch(() => undefined);
  };
}

/** A mark as the page's PerformanceObserver saw it (see recordTimeline). */
export interface RecordedMark {
  name: string;
  startTime: number;
  detail: unknown;
}

interface BenchWindow {
  __benchMarks?: RecordedMark[];
  __benchClicks?: number[];
}

/**
 * Before any page script runs, starts recording every User Timing mark (buffered observer, so the
 * kiosk clearing its marks loses nothing here) and the timestamp of every click, on the page's
 * performance.now() timeline. Only numbers and plain details are kept, never DOM nodes.
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
  });
}

export function readTimeline(page: Page): Promise<{ marks: RecordedMark[]; clicks: number[] }> {
  return page.evaluate(() => {
    const source = window as unknown as BenchWindow;
    return { marks: source.__benchMarks ?? [], clicks: source.__benchClicks ?? [] };
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
