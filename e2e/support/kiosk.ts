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

/** Waits until the sync banner has said "Synchronisation terminée !". */
export async function waitForSyncDone(page: Page, timeout = 45_000) {
  await expect(page.getByText('Synchronisation terminée !')).toBeVisible({ timeout });
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
