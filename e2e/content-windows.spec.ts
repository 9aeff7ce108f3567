/**
 * Content-first sync end to end: the totem honours the content's windows by itself, live and
 * offline. A product published to expire in four minutes is on the clients and products page; the
 * network goes, and four minutes later (Playwright's clock) the product leaves the page that is
 * open — no tap, no reload, no sync — while the others stay.
 */
import { expect, test } from './support/fixtures';
import { devidOf, setSubgroupExpiration, unexpiringProducts } from './support/content';
import { openKioskBeside } from './support/admin';
import { DEMO, publish } from './support/server';

test('an expired product leaves the open page at its expiration, offline', async ({
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const [leaving, staying] = unexpiringProducts(server);
  expect(leaving && staying).toBeTruthy();
  // Four minutes: before the inactivity warning (at 300 s) would cover the page.
  const expiresAt = new Date(Date.now() + 4 * 60_000);
  setSubgroupExpiration(server, leaving!.subgroupid, expiresAt.toISOString());
  await publish(server, devidOf(server, DEMO.devname));

  const { context, kiosk: page } = await openKioskBeside(browser, server, { clock: true });
  try {
    await page.evaluate(() => (window.location.hash = '#/accueil/nosClientsNosProduits'));
    const tile = (title: string) =>
      page.locator('#contenu').getByRole('button', {
        name: new RegExp(`^${title.toLocaleUpperCase('fr-FR')}( Nouveau)?$`),
      });
    await expect(tile(leaving!.title)).toBeVisible();
    await expect(tile(staying!.title)).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByTestId('connection-indicator')).toContainText('Hors ligne', {
      timeout: 20_000,
    });
    // The page stays open; only the kiosk's clock moves, past the expiration.
    const remaining = expiresAt.getTime() - (await page.evaluate(() => Date.now()));
    await page.clock.runFor(Math.max(0, remaining) + 1000);
    await expect(tile(leaving!.title)).toHaveCount(0);
    await expect(tile(staying!.title)).toBeVisible();
    await expect(page).toHaveURL(/#\/accueil\/nosClientsNosProduits$/);
  } finally {
    await context.close();
  }
});
