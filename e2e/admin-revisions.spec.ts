/**
 * Revision history end to end: the back-office's unpublished changes, discard and history against
 * the real server. Two elements are edited in two zones; the header counts them and "Modifications
 * non publiées" lists both (images by thumbnail and name); one zone's changes are discarded after a
 * confirmation; the rest is published with a note through the publish dialog; the history shows
 * that revision with its note and, on demand, what it changed. Every new screen passes axe. With
 * ADMIN_SCREENSHOTS=1 the screens are saved at 1440×900 (docs/screenshots/admin-changes.png,
 * admin-publish-dialog.png, admin-history.png).
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';
const fileName = (value: string) => value.split('/').pop()!;

async function editFirstElement(page: Page, zonename: string, value: string) {
  await page.getByRole('link', { name: new RegExp(`^${zonename}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page.getByLabel('Valeur', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
}

test('two zones edited, both listed as unpublished; one zone discarded, the other published with a note, found in the history', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const slideshow = zoneElements(server, SLIDESHOW);
  const plan = zoneElements(server, PLAN);
  // Each zone's first image becomes the other zone's: real changes, files the library knows.
  const newSlide = plan[0]!.value;
  const newPlan = slideshow[1]!.value;

  await logInAdmin(page, server);
  await expect(page.getByRole('link', { name: 'Tout est publié' })).toBeVisible();
  await editFirstElement(page, SLIDESHOW, newSlide);
  await editFirstElement(page, PLAN, newPlan);

  // The header counts them at once and leads to the list.
  const indicator = page.getByRole('link', { name: 'Modifications non publiées (2)' });
  await expect(indicator).toBeVisible();
  await indicator.click();
  await expect(
    page.getByRole('heading', { name: 'Modifications non publiées', level: 1 }),
  ).toBeVisible();
  const slideshowGroup = page.getByRole('region', { name: `Zone ${SLIDESHOW}` });
  const planGroup = page.getByRole('region', { name: `Zone ${PLAN}` });
  await expect(slideshowGroup.getByText('Modifié')).toBeVisible();
  await expect(planGroup.getByText('Modifié')).toBeVisible();
  // Images by name and thumbnail, with who changed them; no raw paths.
  await expect(slideshowGroup.getByText(fileName(newSlide), { exact: true })).toBeVisible();
  await expect(slideshowGroup.locator(`img[src$="${fileName(newSlide)}"]`)).toBeVisible();
  await expect(slideshowGroup.getByText(/par admin, le/)).toBeVisible();
  await expect(slideshowGroup).not.toContainText('media/');
  await expectAccessible(page, 'admin unpublished changes');
  await captureAdmin(page, 'changes');

  // Discard the plan's change, after a confirmation.
  await planGroup.getByRole('button', { name: 'Annuler les modifications de cette zone' }).click();
  const confirm = page.getByRole('dialog', {
    name: `Annuler les modifications de la zone « ${PLAN} » ?`,
  });
  await expectAccessible(page, 'admin discard confirmation');
  await confirm.getByRole('button', { name: 'Oui, revenir à la version publiée' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Modifications de la zone « ${PLAN} » annulées` }),
  ).toBeVisible();
  await expect(planGroup).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Modifications non publiées (1)' })).toBeVisible();
  expect(zoneElements(server, PLAN)[0]!.value).toBe(plan[0]!.value);

  // Publish the rest with a note, through the dialog that lists it.
  await page.getByRole('button', { name: 'Tout publier…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await expect(dialog.getByRole('region', { name: `Zone ${SLIDESHOW}` })).toBeVisible();
  await expect(dialog.getByRole('region', { name: `Zone ${PLAN}` })).toHaveCount(0);
  await dialog.getByLabel(/Note pour l’historique/).fill('Nouvelle photo d’accueil');
  await expectAccessible(page, 'admin publish dialog');
  await captureAdmin(page, 'publish-dialog');
  await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(dialog.getByText(/^Révision (\d+) publiée — /)).toBeVisible();
  const revision = /^Révision (\d+)/.exec(
    (await dialog.getByText(/^Révision \d+ publiée/).textContent())!,
  )![1]!;
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(page.getByRole('heading', { name: 'Tout est publié' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tout est publié' })).toBeVisible();

  // The history: that revision, its author and note; its changes on demand.
  await page.getByRole('link', { name: 'Historique', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Historique des publications' })).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: revision, exact: true }) });
  await expect(row).toContainText('Nouvelle photo d’accueil');
  await expect(row).toContainText('admin');
  await expect(row).toContainText('1 élément modifié');
  await row
    .getByRole('button', { name: `Voir les modifications de la révision ${revision}` })
    .click();
  await expect(page.getByRole('region', { name: `Zone ${SLIDESHOW}` })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Zone ${SLIDESHOW}` })
      .getByText(fileName(newSlide), { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'admin history');
  await captureAdmin(page, 'history');
});
