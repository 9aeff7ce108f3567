/**
 * « Fréquentation » end to end (issue 49, part 2): a kiosk browses three pages, its events reach
 * the server, and the back-office's page shows them — the totals, the three pages in « Pages les
 * plus vues », the totem in « Par totem », the chart drawn — passes axe, and links the CSV export
 * to the plant's days. With ADMIN_SCREENSHOTS=1: docs/screenshots/admin-frequentation.png
 * (1440 × 900) and admin-frequentation-portrait.png (1080 × 1920).
 */
import { join } from 'node:path';
import {
  pathOf,
  type AdminDevelopment,
  type Envelope,
  type UsageDashboard,
} from '@plant-kiosk/contract';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, locale: 'fr-FR' });

const PAGES = ['/accueil/hse', '/accueil/qualite', '/accueil/moulage'] as const;

/** Today in Paris (the demo plant's zone), `YYYY-MM-DD`. */
const parisDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

test('the page shows what a kiosk was used for, with axe and the CSV link', async ({
  page,
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    await logInAdmin(page, server);
    const developments = (await (
      await page.request.get(`${server.url}${pathOf('adminDevelopments')}`)
    ).json()) as Envelope<AdminDevelopment[]>;
    const { devid } = developments.data!.find((row) => row.devname === DEMO.devname)!;

    // Three pages, each reached from the home's tile and left by the breadcrumb, as a person does.
    for (const route of PAGES) {
      await kiosk.locator(`#contenu a[href="#${route}"]`).first().click();
      await expect(kiosk).toHaveURL(new RegExp(`#${route}$`));
      await kiosk.getByRole('navigation', { name: /fil d/i }).getByRole('link').first().click();
      await expect(kiosk).toHaveURL(/#\/accueil$/);
    }

    // The kiosk sends its events in batches: wait until the dashboard counts the three pages.
    const today = parisDay(new Date());
    await expect
      .poll(
        async () => {
          const response = await page.request.get(
            `${server.url}${pathOf('adminUsageDashboard', {
              params: { devid },
              query: { from: today, to: today },
            })}`,
          );
          if (!response.ok()) return `HTTP ${response.status()}`;
          const { data } = (await response.json()) as Envelope<UsageDashboard>;
          return PAGES.filter((route) => data?.topPages.some((row) => row.route === route)).length;
        },
        { timeout: 60_000 },
      )
      .toBe(PAGES.length);

    // In the top menu; then the demo development's page.
    await page.getByRole('link', { name: 'Fréquentation', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Fréquentation', level: 1 })).toBeVisible();
    await page.goto(`${server.url}/admin/#/frequentation/${devid}`);
    await expect(page.getByRole('heading', { name: 'Fréquentation', level: 1 })).toBeVisible();
    await expect(page.getByText(/heure de Paris/).first()).toBeVisible();

    const totals = page.getByLabel('Totaux de la période');
    const pageViews = totals
      .locator('div', { hasText: /^Pages vues/ })
      .locator('.usage-total-value');
    await expect(pageViews).toBeVisible();
    expect(Number((await pageViews.textContent())!.replace(/\s/g, ''))).toBeGreaterThanOrEqual(
      PAGES.length,
    );

    const pages = page.getByRole('region', { name: 'Pages les plus vues' });
    for (const route of PAGES) {
      await expect(pages.getByRole('row', { name: new RegExp(route) })).toContainText(route);
    }
    await expect(
      page.getByRole('region', { name: 'Par totem' }).getByRole('row').nth(1),
    ).toBeVisible();
    // The chart is drawn (Chart.js, its own chunk) with its summary for screen readers.
    await expect(page.getByRole('img', { name: /^Visites par jour du/ })).toBeVisible();

    // The export covers the plant's days shown: from the first day's start to the day after the
    // last's, with the plant's offset.
    const csv = page.getByRole('link', { name: 'Télécharger le CSV' });
    const href = new URL((await csv.getAttribute('href'))!, server.url);
    expect(href.pathname).toBe(`/api/admin/developments/${devid}/usage.csv`);
    expect(href.searchParams.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);
    const exported = await page.request.get(href.toString());
    expect(exported.ok()).toBe(true);
    for (const route of PAGES) expect(await exported.text()).toContain(`,page_view,${route},`);

    // A quick choice goes to the address and keeps the pages.
    await page.getByRole('button', { name: '7 j' }).click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(pages.getByRole('row', { name: new RegExp(PAGES[0]) })).toBeVisible();

    await expectAccessible(page, 'Fréquentation');
    await captureAdmin(page, 'frequentation');
    if (process.env.ADMIN_SCREENSHOTS === '1') {
      await page.setViewportSize({ width: 1080, height: 1920 });
      await expect(page.getByRole('img', { name: /^Visites par jour du/ })).toBeVisible();
      await expectAccessible(page, 'Fréquentation, 1080 × 1920');
      await page.screenshot({
        path: join(repoRoot, 'docs', 'screenshots', 'admin-frequentation-portrait.png'),
      });
      // The whole page, below the fold too (kept with the test results, not in the docs).
      await page.screenshot({
        path: join(repoRoot, 'test-results', 'e2e', 'admin-usage', 'frequentation-full.png'),
        fullPage: true,
      });
    }
  } finally {
    await context.close();
  }
});
