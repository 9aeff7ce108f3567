/**
 * « Santé des totems » end to end (issue 48, part 2; decision 041): an admin opens the page from
 * the top menu, changes the silent totem's threshold, saves, and finds it saved after a reload;
 * the page passes axe. With ADMIN_SCREENSHOTS=1: docs/screenshots/admin-sante.png (1440 × 900).
 */
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false, locale: 'fr-FR' });

test('an admin changes a health rule’s threshold and saves it', async ({ page, ownServer }) => {
  const server = await ownServer();
  await logInAdmin(page, server);
  await page.getByRole('link', { name: 'Santé des totems', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Santé des totems', level: 1 })).toBeVisible();

  const silent = page.getByRole('spinbutton', { name: 'Seuil — Totem silencieux' });
  await expect(silent).toHaveValue('15');
  await silent.fill('20');
  await page.getByRole('button', { name: 'Enregistrer les règles' }).click();
  await expect(
    page.getByText(
      'Règles de santé enregistrées : elles s’appliquent dès la prochaine vérification.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Aucun incident : tous les totems vont bien.')).toBeVisible();
  await expectAccessible(page, 'health');

  await page.reload();
  await expect(page.getByRole('spinbutton', { name: 'Seuil — Totem silencieux' })).toHaveValue(
    '20',
  );
  await captureAdmin(page, 'sante');
});
