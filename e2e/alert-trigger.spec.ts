/**
 * Red button and acknowledgements end to end, in Debian's Chromium against a server of its own: the
 * red button of the back-office (two steps: choose, then confirm; usable at 360 px wide) triggers
 * an alert; a kiosk open on a page shows the takeover and says so over its heartbeat; the
 * back-office's live list shows that kiosk as "Affichée" with its takeover time, without a reload;
 * "Fin d'alerte" (with its confirmation) ends it, and the kiosk, after its end text, is back on its
 * page. axe passes on the dialog, the band and the list. With ADMIN_SCREENSHOTS=1:
 * docs/screenshots/admin-alert-trigger.png (the dialog) and admin-alert-acks.png (the live list).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { devidOf } from './support/content';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const PRODUCTS = '/accueil/nosClientsNosProduits';

/**
 * As captureAdmin, without its wait for the network to be idle: during an alert the back-office
 * keeps its live channel open, so the network is never idle.
 */
async function capture(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots', `admin-${name}.png`) });
}

test('the red button: trigger, the kiosk shows it and is listed live as "Affichée", end, the kiosk is back', async ({
  page,
  browser,
  ownServer,
}) => {
  test.setTimeout(150_000);
  const server = await ownServer();
  const devid = devidOf(server, DEMO.devname);
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    await kiosk.goto(`${server.url}/#${PRODUCTS}`);
    await expect(kiosk.locator('.product-tile').first()).toBeVisible();
    await logInAdmin(page, server);

    await test.step('the dialog: a template, real or exercise, then a second confirmation', async () => {
      await page.getByRole('button', { name: 'Déclencher une alerte' }).click();
      const dialog = page.getByRole('dialog', { name: 'Déclencher une alerte' });
      await dialog.getByRole('radio', { name: /^Évacuation/ }).check();
      // No default kind (issue 41, item 9): "Continuer" asks for it, then the user picks it.
      const real = dialog.getByRole('radio', { name: 'Alerte réelle' });
      await expect(real).not.toBeChecked();
      await expect(dialog.getByRole('radio', { name: /^Exercice/ })).not.toBeChecked();
      await dialog.getByRole('button', { name: 'Continuer' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Choisissez alerte réelle ou exercice.');
      await real.check();
      await expectAccessible(page, 'alert dialog');
      await capture(page, 'alert-trigger');
      // On a phone: the dialog fits the width and its buttons are big enough to hit.
      await page.setViewportSize({ width: 360, height: 740 });
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      const next = dialog.getByRole('button', { name: 'Continuer' });
      expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await next.click();
      const confirm = page.getByRole('dialog', { name: 'Confirmer l’alerte' });
      await expect(confirm).toContainText('ALERTE RÉELLE');
      await expect(confirm).toContainText(`Tous les totems de ${DEMO.devname}`);
      await expectAccessible(page, 'alert confirmation (360 px)');
      await page.setViewportSize({ width: 1440, height: 900 });
      await confirm.getByRole('button', { name: 'Oui, déclencher l’alerte' }).click();
    });

    await test.step('the kiosk shows it; the live list says "Affichée" with its takeover time', async () => {
      await expect(kiosk.getByTestId('emergency-alert')).toBeVisible();
      // The trigger opens the list of totems.
      await expect(page).toHaveURL(new RegExp(`#/alerte/${devid}$`));
      await expect(page.getByRole('heading', { name: 'Alerte en cours', level: 1 })).toBeVisible();
      const band = page.getByRole('region', { name: 'Alerte en cours' });
      await expect(band).toContainText('« Évacuation »');
      const row = page.getByTestId('alert-kiosk');
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Affichée')).toBeVisible();
      await expect(row).toContainText(/\d ms/);
      await expect(band).toContainText('1 totem l’affiche');
      await expect(page.getByText('● En direct')).toBeVisible();
      await expectAccessible(page, 'alert band and live list');
      await capture(page, 'alert-acks');
    });

    await test.step('"Fin d’alerte" asks, ends; the kiosk is back on its page', async () => {
      const band = page.getByRole('region', { name: 'Alerte en cours' });
      await band.getByRole('button', { name: 'Fin d’alerte' }).click();
      await page.getByRole('button', { name: 'Oui, terminer l’alerte' }).click();
      await expect(band).toHaveCount(0);
      await expect(page.getByText('Aucune alerte en cours.')).toBeVisible();
      await expect(kiosk.getByTestId('emergency-alert-end')).toBeVisible();
      await expect(kiosk.getByTestId('emergency-alert-end')).toHaveCount(0, { timeout: 45_000 });
      expect(new URL(kiosk.url()).hash).toBe(`#${PRODUCTS}`);
      await expect(kiosk.locator('.product-tile').first()).toBeVisible();
    });

    await test.step('the timeline exports as CSV: the start, the kiosk’s acknowledgement, the end', async () => {
      const link = page.getByRole('link', { name: /Exporter la chronologie/ });
      const answer = await page.request.get(
        new URL((await link.getAttribute('href'))!, server.url).href,
      );
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-disposition']).toMatch(/^attachment; filename="alerte-/);
      const csv = await answer.text();
      expect(csv).toContain('Horodatage (UTC);Événement;Totem;Temps d’affichage (ms);Par;Détail');
      expect(csv).toContain(';Déclenchement;;;admin;« Évacuation »');
      expect(csv).toMatch(/;Alerte affichée;[^;]+;\d+;;/);
      expect(csv).toContain(';Fin d’alerte;;;admin;');
    });
  } finally {
    await context.close();
  }
});
