/**
 * « Messages CAP (systèmes du bâtiment) » end to end (issue 50): on the alert templates page an
 * admin adds a rule from a CAP event to a template, saves it, and finds it again after a reload,
 * with who changed it; the section passes axe. With ADMIN_SCREENSHOTS=1:
 * docs/screenshots/admin-cap-mapping.png (1440 × 900, the section in view).
 */
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { devidOf } from './support/content';
import { expect, test } from './support/fixtures';
import { DEMO, E2E_ADMIN } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, locale: 'fr-FR' });

test('an admin maps a CAP event to a template; the rule is kept and passes axe', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const devid = devidOf(server, DEMO.devname);
  await logInAdmin(page, server);
  await page.goto(`${server.url}/admin/#/modeles-alerte/${devid}`);
  await expect(page.getByRole('heading', { name: 'Modèles d’alerte', level: 1 })).toBeVisible();

  const section = page.getByRole('region', { name: 'Messages CAP (systèmes du bâtiment)' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('cap-url')).toHaveText(`/api/alerts/${devid}/cap`);
  await expect(section.getByTestId('cap-mapping-empty')).toBeVisible();
  await expect(section.getByTestId('cap-mapping-updated')).toHaveText('Jamais modifiées.');

  // A code from the building management system, and an event in the fire panel's words.
  await section.getByRole('button', { name: 'Ajouter une règle' }).click();
  await section.getByLabel('valueName de la règle 1 (vide : tout valueName)').fill('profile:BMS');
  await section.getByLabel('Valeur du code de la règle 1').fill('FIRE-3');
  await section.getByLabel('Modèle d’alerte de la règle 1').selectOption({ label: 'Évacuation' });
  await section.getByRole('button', { name: 'Ajouter une règle' }).click();
  await section.getByLabel('Type de la règle 2').selectOption('event');
  await section.getByLabel('Événement de la règle 2').fill('Incendie');
  await section.getByLabel('Modèle d’alerte de la règle 2').selectOption({ label: 'Évacuation' });
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'Règles CAP enregistrées' }),
  ).toBeVisible();
  await expect(section.getByTestId('cap-mapping-updated')).toContainText(
    `par ${E2E_ADMIN.username}`,
  );

  await page.reload();
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId('cap-rule')).toHaveCount(2);
  await expect(section.getByLabel('Valeur du code de la règle 1')).toHaveValue('FIRE-3');
  await expect(section.getByLabel('Type de la règle 2')).toHaveValue('event');
  await expect(section.getByLabel('Événement de la règle 2')).toHaveValue('Incendie');
  await expect(
    section.getByLabel('Modèle d’alerte de la règle 2').locator('option:checked'),
  ).toHaveText('Évacuation');
  await expect(section.getByTestId('cap-mapping-updated')).toContainText(
    `par ${E2E_ADMIN.username}`,
  );

  await expectAccessible(page, 'CAP mapping');
  await section.scrollIntoViewIfNeeded();
  await captureAdmin(page, 'cap-mapping');
});
