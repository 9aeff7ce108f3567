/**
 * Rollback and publish checks end to end: a wrong menu is published (zone "Menu"), an open kiosk
 * shows it; from the history, "Revenir à cette version" on the revision before publishes that
 * content again as a new revision, and the same kiosk shows the previous menu without a reload. A
 * draft naming a file the library lacks is refused with its problem listed. With
 * ADMIN_SCREENSHOTS=1 the screens are saved at 1440×900
 * (docs/screenshots/admin-history-rollback.png, admin-publish-refused.png).
 */
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin, openKioskBeside } from './support/admin';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import type { RunningServer } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const MENU = 'Menu';
const fileName = (value: string) => value.split('/').pop()!;

async function openKiosk(browser: Browser, server: RunningServer) {
  const opened = await openKioskBeside(browser, server);
  await opened.kiosk.goto(`${server.url}/#/accueil/autresInformations`);
  return opened;
}

async function editMenu(page: Page, value: string) {
  await page.getByRole('link', { name: 'Contenu', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`^${MENU}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page.getByLabel('Valeur', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
}

test('a wrong menu published, rolled back from the history: the open kiosk shows the previous menu without a reload', async ({
  page,
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const menu = zoneElements(server, MENU)[0]!.value;
  // A real file of the library, just not the menu: the publish checks let it through.
  const wrong = zoneElements(server, 'Plan du site')[0]!.value;
  const { context, kiosk } = await openKiosk(browser, server);
  // The menu's own section, by its heading: the site plan above it is the very file published as
  // the wrong menu, and loads on its own — counted page-wide, it raced the count.
  const menuSection = kiosk.getByRole('region', { name: 'Menu du restaurant d’entreprise' });
  const menuImage = menuSection.locator(`img[src$="${fileName(menu)}"]`);
  const wrongImage = menuSection.locator(`img[src$="${fileName(wrong)}"]`);
  await expect(menuImage.first()).toBeAttached();
  await expect(wrongImage).toHaveCount(0);

  await logInAdmin(page, server);
  await editMenu(page, wrong);
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
  const published = dialog.getByText(/^Révision \d+ publiée/);
  await expect(published).toBeVisible();
  const wrongRevision = Number(/^Révision (\d+)/.exec((await published.textContent())!)![1]);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  // The kiosk gets the wrong menu by itself.
  await expect(wrongImage).toHaveCount(1);

  // The history: roll back to the revision before, after a confirmation.
  await page.getByRole('link', { name: 'Historique', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Historique des publications' })).toBeVisible();
  const previous = wrongRevision - 1;
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(previous), exact: true }) });
  await row.getByRole('button', { name: /Revenir à cette version/ }).click();
  const confirm = page.getByRole('dialog', { name: `Revenir à la révision ${previous} ?` });
  await expectAccessible(page, 'admin rollback confirmation');
  await confirm.getByRole('button', { name: 'Revenir à cette version' }).click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Révision ${wrongRevision + 1} publiée : retour à la révision ${previous}`,
    }),
  ).toBeVisible();
  const rollbackRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(wrongRevision + 1), exact: true }) });
  await expect(rollbackRow).toContainText(`Retour à la révision ${previous}`);

  // The kiosk, never reloaded, shows the previous menu again.
  await expect(wrongImage).toHaveCount(0);
  await expect(menuImage.first()).toBeAttached();
  expect(zoneElements(server, MENU)[0]!.value).toBe(menu);
  await expectAccessible(page, 'admin history with a rollback');
  await captureAdmin(page, 'history-rollback');
  await context.close();

  // A draft naming a file the library lacks is refused, its problem listed with a link.
  await editMenu(page, 'media/uploads/1/menu-introuvable.webp');
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const refused = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await refused.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(refused.getByText(/Rien n’a été publié : 1 problème/)).toBeVisible();
  await expect(
    refused.getByText(/menu-introuvable\.webp », qui n’est pas dans la médiathèque/),
  ).toBeVisible();
  await expect(refused.getByRole('link', { name: /Corriger \(Menu, élément/ })).toBeVisible();
  await expectAccessible(page, 'admin refused publish');
  await captureAdmin(page, 'publish-refused');
});
