/**
 * Usage analytics, the totem's side (issue 49, first green step): a kiosk loses its network,
 * browses three pages, comes back online, and the back-office's export
 * (`GET /api/admin/developments/:devid/usage.csv`, an admin's session) holds those three page
 * views exactly once — recorded in the totem's own database while offline, sent in batches on the
 * return online, stored once by the server.
 */
import {
  pathOf,
  USAGE_CSV_HEADER,
  type AdminDevelopment,
  type Envelope,
} from '@plant-kiosk/contract';
import type { Page } from '@playwright/test';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO } from './support/server';

const PAGES = ['/accueil/hse', '/accueil/qualite', '/accueil/moulage'] as const;

/** The page views of `routes` the kiosk still holds in its database (not sent yet). */
async function heldPageViews(kiosk: Page, routes: readonly string[]): Promise<number> {
  return kiosk.evaluate(
    ([dbName, wanted]) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('usageEvents')) {
            db.close();
            resolve(0);
            return;
          }
          const all = db.transaction('usageEvents').objectStore('usageEvents').getAll();
          all.onsuccess = () => {
            const rows = all.result as { event: { kind: string; route: string } }[];
            resolve(
              rows.filter(
                (row) => row.event.kind === 'page_view' && wanted.includes(row.event.route),
              ).length,
            );
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    [DEMO.devname, [...routes]] as const,
  );
}

test('a kiosk browses three pages offline; back online, the export holds them exactly once', async ({
  page,
  browser,
  server,
}) => {
  const from = new Date(Date.now() - 60_000).toISOString();
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    await logInAdmin(page, server);
    const developments = (await (
      await page.request.get(`${server.url}${pathOf('adminDevelopments')}`)
    ).json()) as Envelope<AdminDevelopment[]>;
    const { devid } = developments.data!.find((row) => row.devname === DEMO.devname)!;

    const indicator = kiosk.getByTestId('connection-indicator');
    await context.setOffline(true);
    await expect(indicator).toContainText('Hors ligne');

    // Three pages, each reached from the home's tile and left by the breadcrumb, as a person does.
    for (const route of PAGES) {
      await kiosk.locator(`#contenu a[href="#${route}"]`).first().click();
      await expect(kiosk).toHaveURL(new RegExp(`#${route}$`));
      await kiosk.getByRole('navigation', { name: /fil d/i }).getByRole('link').first().click();
      await expect(kiosk).toHaveURL(/#\/accueil$/);
    }
    // Kept in the totem's database while offline.
    await expect.poll(() => heldPageViews(kiosk, PAGES)).toBe(PAGES.length);

    await context.setOffline(false);
    await expect(indicator).toContainText('En ligne', { timeout: 30_000 });
    // Sent on the return online, and forgotten once the server has them.
    await expect.poll(() => heldPageViews(kiosk, PAGES), { timeout: 60_000 }).toBe(0);

    const to = new Date(Date.now() + 3_600_000).toISOString();
    const response = await page.request.get(
      `${server.url}${pathOf('adminUsageCsv', { params: { devid }, query: { from, to } })}`,
    );
    const csv = await response.text();
    expect(response.ok(), csv).toBe(true);
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(USAGE_CSV_HEADER.join(','));
    const kind = USAGE_CSV_HEADER.indexOf('kind');
    const routeColumn = USAGE_CSV_HEADER.indexOf('route');
    const views = lines
      .slice(1)
      .map((line) => line.split(','))
      .filter((cells) => cells[kind] === 'page_view');
    for (const route of PAGES) {
      expect(
        views.filter((cells) => cells[routeColumn] === route),
        `${route} in\n${csv}`,
      ).toHaveLength(1);
    }
  } finally {
    await context.close();
  }
});
