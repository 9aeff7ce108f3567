/**
 * English content end to end, the back-office's side: a visitor zone edited side by side in French
 * and English (a staff zone has French only). Two visitor zones start without an English version
 * (whatever the demo translated): the "Traductions manquantes" list names both; an English
 * element added in the zone's English column takes it off the list; the preview shows the chosen
 * language; the publish dialog warns of the zone still untranslated, and publishes all the same. axe runs on the side-by-side editor;
 * with ADMIN_SCREENSHOTS=1 it is saved at 1280 wide (docs/screenshots/admin-contenu-fr-en.png).
 */
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { deleteZoneElements, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1280, height: 1000 }, hasTouch: false });

const TRANSLATED = 'EPI';
const UNTRANSLATED = 'PTI';

test('an English element added beside the French ones takes its zone off the missing translations; publishing warns of the others', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  for (const zonename of [TRANSLATED, UNTRANSLATED]) {
    deleteZoneElements(server, zonename, 'en');
    expect(zoneElements(server, zonename).length, zonename).toBeGreaterThan(0);
  }
  const image = zoneElements(server, TRANSLATED)[0]!.value;

  await logInAdmin(page, server);
  // A staff zone has no English column: no totem would show that version.
  await page.getByRole('link', { name: /^Diaporama accueil/ }).click();
  await expect(
    page.getByText('Zone des pages du personnel : les totems la montrent en français.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Français', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'English', exact: true })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Zones' });
  await nav.getByText('Traductions manquantes').click();
  const missing = nav.getByRole('list', { name: 'Zones visiteurs sans version anglaise' });
  await expect(
    missing.getByRole('link', { name: new RegExp(`^${TRANSLATED} page`) }),
  ).toBeVisible();
  await expect(
    missing.getByRole('link', { name: new RegExp(`^${UNTRANSLATED} page`) }),
  ).toBeVisible();

  // The list leads to the zone's editor: French and English side by side.
  await missing.getByRole('link', { name: new RegExp(`^${TRANSLATED} page`) }).click();
  await expect(page.getByRole('heading', { name: TRANSLATED, level: 2 })).toBeVisible();
  const french = page.getByRole('region', { name: 'Français', exact: true });
  const english = page.getByRole('region', { name: 'English', exact: true });
  await expect(french.getByRole('listitem').first()).toBeVisible();
  await expect(english.getByText(/^Pas encore de version anglaise/)).toBeVisible();

  await english.getByRole('button', { name: '+ Ajouter un élément en anglais' }).click();
  await english.getByLabel('Valeur du nouvel élément en anglais').fill(image);
  await english.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(english.getByRole('listitem')).toHaveCount(1);
  expect(zoneElements(server, TRANSLATED, 'en').map((element) => element.value)).toEqual([image]);
  // The element opened for editing says its language; the preview follows it.
  await expect(page.getByRole('heading', { name: /^Modifier l’élément anglais 1 / })).toBeVisible();
  const previewLanguage = page.getByRole('group', { name: 'Langue de l’aperçu' });
  await expect(previewLanguage.getByRole('button', { name: 'EN', pressed: true })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Aperçu en anglais de la zone ${TRANSLATED} sur un totem` })
      .locator('img'),
  ).toHaveCount(1);

  // The zone is off the list; the other one stays.
  await expect(missing.getByRole('link', { name: new RegExp(`^${TRANSLATED} page`) })).toHaveCount(
    0,
  );
  await expect(
    missing.getByRole('link', { name: new RegExp(`^${UNTRANSLATED} page`) }),
  ).toBeVisible();
  await expectAccessible(page, 'admin content side by side FR/EN');
  await captureAdmin(page, 'contenu-fr-en');

  // The publish dialog warns of the zones still without an English version, and publishes.
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await expect(
    dialog.getByText(/des pages visiteurs n’(a|ont) pas de version anglaise/).first(),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Traduire (${UNTRANSLATED})` })).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Traduire (${TRANSLATED})` })).toHaveCount(0);
  await expectAccessible(page, 'admin publish dialog with translation warnings');
  await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(dialog.getByText(/^Révision \d+ publiée/)).toBeVisible();
});
