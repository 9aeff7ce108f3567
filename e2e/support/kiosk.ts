import { expect, type Page } from '@playwright/test';
import { DEMO, type RunningServer } from './server';

/** Opens the kiosk and logs in with the demo account, then waits for the first sync to finish. */
export async function openKioskLoggedIn(page: Page, server: RunningServer) {
  await page.goto(`${server.url}/`);
  await page.getByPlaceholder('Login').fill(DEMO.login);
  await page.getByPlaceholder('Mot de passe').fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await waitForSyncDone(page);
}

/**
 * Waits until the kiosk's latest sync ended well and no other one runs. Reads state that stays put
 * — the sync engine's `kiosk:sync:done` User Timing marks and the banner's `data-status` — rather
 * than the banner's green "Synchronisation terminée !", which shows for 3 s only: on a loaded
 * machine one poll of the page can take longer than that, and the text was missed. The bound only
 * catches a hang: a first sync brings 312 media files, which at load 13 (two kiosks, a clean-clone
 * check and a build on 2 cores) took more than 45 s.
 */
export async function waitForSyncDone(page: Page, timeout = 120_000) {
  // Polled from here, not with an in-page timer: tests that install Playwright's clock fake those.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const banner = document.querySelector('[data-testid="sync-status-banner"]');
          const status = banner?.getAttribute('data-status');
          // Content-first sync: the content is done before the media; a synced kiosk here also
          // holds its media (the tests then go offline), so the media step must be over too.
          if (banner?.getAttribute('data-media') === 'downloading') return false;
          // The green banner, while it shows (always, under Playwright's clock: its 3 s do not
          // pass, and that clock also stubs out the performance marks below).
          if (status === 'success') return true;
          const marks = performance.getEntriesByName('kiosk:sync:done') as PerformanceMark[];
          const last = marks.at(-1)?.detail as { ok?: boolean } | undefined;
          return last?.ok === true && status !== 'pending';
        }),
      { timeout, intervals: [250] },
    )
    .toBe(true);
}

/** Counts the records of one store of the kiosk's IndexedDB (named after the development). */
export async function countLocal(
  page: Page,
  store: 'zones' | 'elements' | 'subelements' | 'subgroups',
) {
  return page.evaluate(
    ([dbName, storeName]) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction(storeName).objectStore(storeName).count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
    [DEMO.devname, store] as const,
  );
}
