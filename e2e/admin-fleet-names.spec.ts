/**
 * The fleet by name (issue 47, part 1; decision 038): a totem opened beside the back-office shows
 * in « Parc de totems » as « Sans nom » with its short id; « Modifier » refuses a name too long in
 * French, then names it « Hall d’accueil » with its place, groups and note — in force at once,
 * without a publish, on this page (live) and after a reload; the « Groupe » filter narrows the
 * list. The page and the form pass axe; the named fleet is captured at 1080×1920
 * (docs/screenshots/admin-parc-nom.png).
 */
import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/server';

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: false, locale: 'fr-FR' });

test('a totem is named, placed and grouped from the fleet page, at once and without a publish', async ({
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
  await expect(row.getByText('Sans nom')).toBeVisible();
  const shortId = ((await row.locator('.mono').textContent()) ?? '').trim();
  expect(shortId).toMatch(/^\S{8}$/);

  await row.getByRole('button', { name: `Modifier le totem ${shortId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Modifier le totem ${shortId}` });
  await expect(dialog.getByLabel('Nom')).toBeFocused();
  await expectAccessible(page, 'fleet: the totem form');

  // Too long: said in French under the field, nothing sent.
  await dialog.getByLabel('Nom').fill('H'.repeat(61));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Le nom ne doit pas dépasser 60 caractères.')).toBeVisible();

  await dialog.getByLabel('Nom').fill('  Hall d’accueil ');
  await dialog.getByLabel('Lieu').fill('Bâtiment A, rez-de-chaussée');
  await dialog.getByLabel('Groupes').fill('Bâtiment A, Accueil, , accueil');
  await dialog.getByLabel('Note').fill('Écran remplacé en mars.');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'sans publication' })).toBeVisible();

  await expect(row.getByTestId('fleet-name')).toHaveText('Hall d’accueil');
  await expect(row.getByText(shortId)).toBeVisible();
  await expect(row.getByTestId('fleet-location')).toHaveText('Bâtiment A, rez-de-chaussée');
  await expect(row.locator('.fleet-groups .badge')).toHaveText(['Bâtiment A', 'Accueil']);
  await expectAccessible(page, 'fleet: a named totem');
  // No wait for "networkidle": the page's live channel stays open.
  await page.screenshot({
    path: join(repoRoot, 'docs', 'screenshots', 'admin-parc-nom.png'),
    timeout: 60_000,
  });

  // The server holds it: after a reload, from the list itself.
  await page.reload();
  await expect(page.getByTestId('fleet-card').first().getByTestId('fleet-name')).toHaveText(
    'Hall d’accueil',
  );
  const select = page.getByLabel('Groupe');
  await select.selectOption('Accueil');
  await expect(page.getByTestId('fleet-card')).toHaveCount(1);
  await expect(page.getByText('1 totem dans « Accueil »')).toBeVisible();

  await context.close();
});
