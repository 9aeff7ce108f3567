/**
 * Published settings end to end, the back-office's side: the "Réglages" page of a development
 * refuses a `javascript:` address and an out-of-bounds timing with the field's French message,
 * saves a good address to the draft (the header then counts an unpublished change: no totem has it
 * yet) and passes axe. The plant's time zone (issue 45) is Paris in the demo plant, with the time
 * there, and is saved with the rest; so are its opening hours (issue 48), a week refused past
 * midnight under its day. With ADMIN_SCREENSHOTS=1: docs/screenshots/admin-reglages.png and
 * admin-reglages-heures.png.
 *
 * The red button and acknowledgements' alert token (decision 026): an admin reads it on the same
 * page, regenerates it, and
 * /api/alerts takes the new one at once and refuses the old one (admin-alert-token.png).
 */
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

test('the settings page refuses bad addresses and timings in French, and saves to the draft', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  await logInAdmin(page, server);
  await expect(page.getByRole('link', { name: 'Tout est publié' })).toBeVisible();
  await page.getByRole('link', { name: 'Réglages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Réglages', level: 1 })).toBeVisible();

  const form = page.getByLabel('Adresse du formulaire de suggestion');
  // Not configured in the demo plant: no placeholder address anywhere.
  await expect(form).toHaveValue('');
  await form.fill('javascript:alert(1)');
  const idle = page.getByLabel('Retour à l’accueil (secondes)');
  await idle.fill('10');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/Adresse non acceptée/)).toBeVisible();
  await expect(page.getByText(/Un nombre entier de secondes entre 30 et 3600/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tout est publié' })).toBeVisible();
  await expectAccessible(page, 'settings (errors)');

  const zone = page.getByLabel('Fuseau horaire de l’usine');
  await expect(zone).toHaveValue('Europe/Paris');
  await expect(page.getByText(/Il est \d{2}:\d{2} à Paris\./)).toBeVisible();
  await zone.selectOption('Europe/London');
  await expect(page.getByText(/Il est \d{2}:\d{2} à Londres\./)).toBeVisible();

  await form.fill(`${server.url}/forms/suggestions`);
  await idle.fill('500');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/Réglages enregistrés/)).toBeVisible();
  // Saved to the draft only: the header counts it as unpublished.
  await expect(page.getByRole('link', { name: 'Modifications non publiées (1)' })).toBeVisible();
  await expectAccessible(page, 'settings (saved)');
  // The page's top, with what the save said (the click left the window at the form's end).
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureAdmin(page, 'reglages');
  await page.reload();
  await expect(page.getByLabel('Fuseau horaire de l’usine')).toHaveValue('Europe/London');

  // Opening hours (issue 48, part 2): always open in the demo plant; a week typed day by day, an
  // interval past midnight refused in French under its day, then saved.
  await expect(page.getByRole('radio', { name: 'Toujours ouvert (3×8)' })).toBeChecked();
  await page.getByRole('radio', { name: 'Selon un horaire de la semaine' }).check();
  const saturday = page.getByRole('group', { name: 'Samedi' });
  await saturday.getByRole('checkbox', { name: 'Ouvert' }).check();
  await saturday.getByLabel('Samedi : fermeture').fill('12:00');
  await expect(page.getByText('Lun–ven 06:00–20:00 · sam 06:00–12:00 · dim fermé')).toBeVisible();
  const friday = page.getByRole('group', { name: 'Vendredi' });
  await friday.getByLabel('Vendredi : fermeture').fill('02:00');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    friday.getByText(/Vendredi : la plage 06:00–02:00 ferme avant d’ouvrir/),
  ).toBeVisible();
  await expectAccessible(page, 'settings (opening hours refused)');
  await friday.getByLabel('Vendredi : fermeture').fill('20:00');
  const wednesday = page.getByRole('group', { name: 'Mercredi' });
  await wednesday.getByRole('button', { name: 'Ajouter une plage le mercredi' }).click();
  await wednesday.getByLabel('Mercredi, plage 1 : fermeture').fill('12:00');
  await wednesday.getByLabel('Mercredi, plage 2 : ouverture').fill('13:30');
  await wednesday.getByLabel('Mercredi, plage 2 : fermeture').fill('20:00');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/Réglages enregistrés/)).toBeVisible();
  await page.reload();
  await expect(
    page.getByText(
      'Lun–mar 06:00–20:00 · mer 06:00–12:00, 13:30–20:00 · jeu–ven 06:00–20:00 · sam 06:00–12:00 · dim fermé',
    ),
  ).toBeVisible();
  await expectAccessible(page, 'settings (opening hours)');
  // The section at the top of the window for its picture.
  await page
    .getByRole('heading', { name: 'Heures d’ouverture' })
    .evaluate((heading) => heading.closest('section')?.scrollIntoView({ block: 'start' }));
  await captureAdmin(page, 'reglages-heures');

  // A phone's width: each day wraps, nothing runs off the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Mercredi, plage 2 : fermeture')).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page
    .getByRole('group', { name: 'Mercredi' })
    .screenshot({ path: test.info().outputPath('reglages-heures-phone.png') });
});

test('an admin reads and regenerates the alert token: the new one works at once, the old one is refused', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  await logInAdmin(page, server);
  await page.getByRole('link', { name: 'Réglages', exact: true }).click();
  const panel = page.getByRole('region', { name: 'Jeton d’alerte' });
  await expect(panel.getByTestId('alert-token-origin')).toContainText('Généré par le serveur');
  const value = panel.getByTestId('alert-token-value');
  await expect(value).toHaveText(/^•+.{4}$/);

  await panel.getByRole('button', { name: 'Afficher' }).click();
  const before = (await value.textContent())!;
  expect(before.length).toBeGreaterThanOrEqual(32);
  const example = (await panel.getByTestId('alert-token-example').textContent())!;
  const path = /curl -X POST (\S+)/.exec(example)?.[1];
  expect(path).toMatch(new RegExp(`^${server.url}/api/alerts/\\d+$`));
  expect(example).toContain(`Bearer ${before}`);
  const read = (token: string) =>
    page.request.get(path!, { headers: { authorization: `Bearer ${token}` } });
  expect((await read(before)).status()).toBe(200);

  await panel.getByRole('button', { name: 'Régénérer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Régénérer le jeton d’alerte ?' });
  await expect(dialog).toContainText('ne pourront plus déclencher ni terminer d’alerte');
  await expectAccessible(page, 'alert token (confirmation)');
  await dialog.getByRole('button', { name: 'Régénérer le jeton' }).click();
  await expect(panel.getByText(/l’ancien est refusé dès maintenant/)).toBeVisible();
  await expect(value).not.toHaveText(before);
  const after = (await value.textContent())!;
  expect((await read(after)).status()).toBe(200);
  expect((await read(before)).status()).toBe(401);

  await panel.getByRole('button', { name: 'Masquer' }).click();
  await expectAccessible(page, 'alert token');
  await panel.scrollIntoViewIfNeeded();
  await captureAdmin(page, 'alert-token');
});
