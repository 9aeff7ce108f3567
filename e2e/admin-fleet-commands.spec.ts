/**
 * Remote commands from the back-office (issue 47, part 2): with a totem open beside it, « Parc de
 * totems » sends it « Identifier » from its row's « Commandes… » dialog; the confirmation says how
 * many totems it went to, and the row shows the command's state live. The totem's name opens its
 * page (`/parc/:devid/:kioskId`): its status and the command in its history, who sent it. The
 * dialog and the page pass axe; the page fits a 390 px phone. Once the totem is closed its row says
 * « Hors ligne — affiche la révision N depuis le … » (issue 48). With ADMIN_SCREENSHOTS=1 the dialog
 * and the page are saved at 1440 × 900 (docs/screenshots/admin-parc-commandes.png,
 * admin-totem.png).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN, repoRoot } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, locale: 'fr-FR' });

/** No wait for an idle network: the fleet's live channel stays open. */
async function capture(page: Page, name: string, fullPage = false) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  await page.screenshot({
    path: join(repoRoot, 'docs', 'screenshots', `admin-${name}.png`),
    timeout: 60_000,
    fullPage,
  });
}

/** How far the page sticks out of the screen sideways (0 or less: it fits). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });

test('« Identifier » is sent to a totem from the fleet page and shows in the totem’s history', async ({
  page,
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const { context } = await openKioskBeside(browser, server);

  await logInAdmin(page, server);
  await page.getByRole('link', { name: 'Parc de totems' }).click();
  await expect(page.getByText('● En direct')).toBeVisible();
  const row = page.getByTestId('fleet-card').first();
  await expect(row.getByText('En ligne')).toBeVisible({ timeout: 15_000 });
  const shortId = ((await row.locator('.mono').textContent()) ?? '').trim();

  await row.getByRole('button', { name: `Commandes au totem ${shortId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Commande au totem ${shortId}` });
  await expect(dialog.getByRole('radio', { name: 'Identifier' })).toBeChecked();
  await expect(dialog.getByLabel('Expire dans')).toHaveValue('60');
  // The mode choice shows with « Changer de mode » only.
  await dialog.getByRole('radio', { name: 'Changer de mode' }).check();
  await expect(dialog.getByRole('radio', { name: 'Visiteur' })).toBeVisible();
  await expectAccessible(page, 'fleet: the command dialog');
  await dialog.getByRole('radio', { name: 'Identifier' }).check();
  await expect(dialog.getByRole('radio', { name: 'Visiteur' })).toBeHidden();
  await capture(page, 'parc-commandes');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: '« Identifier » envoyée à 1 totem' }),
  ).toBeVisible();

  // The row's last command, live: pending, sent, then done once the totem acknowledges it.
  const last = row.getByTestId('fleet-last-command');
  await expect(last).toContainText('Identifier', { timeout: 15_000 });
  await expect(last).toContainText(/en attente|envoyée|faite/);
  if (process.env.ADMIN_SCREENSHOTS === '1') {
    await page.screenshot({ path: test.info().outputPath('fleet-row.png') });
  }

  await row.getByRole('link', { name: `Sans nom ${shortId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Totem ${shortId}` })).toBeVisible();
  await expect(page.getByTestId('kiosk-state')).toContainText('En ligne');
  const history = page.getByTestId('kiosk-command');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Identifier');
  await expect(history.first()).toContainText(E2E_ADMIN.username);
  await expect(history.first()).toContainText(/en attente|envoyée|faite/);
  await expectAccessible(page, 'the totem’s page');
  // The whole page: its status, « Vous êtes ici », its commands and the journal's word.
  await capture(page, 'totem', true);

  // The page fits a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Commandes', level: 2 })).toBeVisible();
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'the totem’s page on a phone');
  // Looked at beside the others, not kept in docs/ (admin-phone.spec.ts makes those).
  if (process.env.ADMIN_SCREENSHOTS === '1') {
    await page.screenshot({ path: test.info().outputPath('phone-totem.png'), fullPage: true });
  }

  // Back to the fleet, on the phone too: the row (one card) with its last command fits.
  await page.getByRole('link', { name: '← Parc de totems' }).click();
  await expect(page.getByTestId('fleet-last-command')).toContainText('Identifier');
  expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  if (process.env.ADMIN_SCREENSHOTS === '1') {
    await page.screenshot({ path: test.info().outputPath('phone-fleet.png'), fullPage: true });
  }

  // The totem goes away: its state says so in words (issue 48), with the revision it keeps
  // showing and since when, on the plant's clock.
  await page.setViewportSize({ width: 1440, height: 900 });
  await context.close();
  await expect(page.getByTestId('fleet-presence')).toHaveText(
    /^Hors ligne — affiche la révision \d+ depuis le \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    { timeout: 15_000 },
  );
  await expectAccessible(page, 'fleet: a totem offline');
  if (process.env.ADMIN_SCREENSHOTS === '1') {
    await page.screenshot({ path: test.info().outputPath('fleet-offline.png') });
  }
});
