/**
 * One kiosk shared by a serial group of tests (`test.describe.serial`), so that a group of page
 * checks pays for one server start, one login and one full first sync instead of one per test:
 *
 * - `beforeAll`: a server of the group's own (the group stops it to go offline, so never the
 *   worker's shared one), a browser context and page (with the config's `use` options), a login,
 *   the first sync, and the service worker in control (so a reload works with the server down);
 * - `afterEach`: the mode switcher's storage (`totem`, `parcours`) is cleared, so a test that sets
 *   it cannot leak it into the next (each test starts with a reload, which reads it again);
 * - `afterAll`: the context is closed and the server disposed of.
 *
 * Tests start from a reload (`freshOnline`, `freshOffline`): the kiosk keeps everything but the
 * mode switcher's storage in memory, so a reload is a fresh start (breadcrumb, popups, idle and
 * inactivity timers, visitor news panel) without a new login or sync.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './fixtures';
import { openKioskLoggedIn } from './kiosk';
import { launchServer, type RunningServer } from './server';

export interface SharedKiosk {
  /** The group's page, logged in and synced (only inside the group's tests and hooks). */
  readonly page: Page;
  /** The group's own server (only inside the group's tests and hooks). */
  readonly server: RunningServer;
}

/** Call at the top of a `test.describe.serial` callback. */
export function useSharedKiosk(): SharedKiosk {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async ({ browser }) => {
    // A server start, a login and a whole plant's first sync (with its media).
    test.setTimeout(120_000);
    server = await launchServer();
    context = await browser.newContext();
    page = await context.newPage();
    await openKioskLoggedIn(page, server);
    // The service worker does not claim open pages: once it is active, a reload puts it in control.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
  });

  test.afterEach(async () => {
    await page?.evaluate(() => {
      localStorage.removeItem('totem');
      localStorage.removeItem('parcours');
    });
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.dispose();
  });

  return {
    get page() {
      if (!page) throw new Error('the shared kiosk page exists only inside its serial group');
      return page;
    },
    get server() {
      if (!server) throw new Error('the shared kiosk server exists only inside its serial group');
      return server;
    },
  };
}

/**
 * Online: a fresh start of the kiosk at the staff home (reloaded, as after a login), then `path`
 * by its hash, as a tap would.
 */
export async function freshOnline(kiosk: SharedKiosk, path = '/accueil') {
  const { page, server } = kiosk;
  await page.goto(`${server.url}/#/accueil`);
  await page.reload();
  if (path !== '/accueil') await page.goto(`${server.url}/#${path}`);
}

/** Stops the group's server and reloads: from now on the kiosk runs on its service worker. */
export async function stopServer(kiosk: SharedKiosk) {
  await kiosk.server.stop();
  await kiosk.page.reload();
  await expectOffline(kiosk.page);
}

/**
 * Offline (after `stopServer`): `path` reloaded from the service worker and the local database,
 * as a totem restarted with the server down.
 */
export async function freshOffline(kiosk: SharedKiosk, path: string) {
  const { page, server } = kiosk;
  await page.goto(`${server.url}/#${path}`);
  await page.reload();
  await expectOffline(page);
}

async function expectOffline(page: Page) {
  await expect(page.getByTestId('connection-indicator')).toContainText('Hors ligne', {
    timeout: 20_000,
  });
}
