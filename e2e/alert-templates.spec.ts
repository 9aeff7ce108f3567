/**
 * The red button and acknowledgements' template editor end to end, in Debian's Chromium against a
 * server of its own: the back-office's "Modèles d'alerte" lists the demo plant's templates; the
 * editor (FR / EN side by side, stacked at 360 px) changes the evacuation's English title; the
 * change is listed among the unpublished changes in French and published; the red button triggers
 * that template and the open kiosk's takeover shows the edited title. axe passes on the list and
 * the editor. With ADMIN_SCREENSHOTS=1: docs/screenshots/admin-alert-templates.png (the editor,
 * 1280 wide) and admin-alert-templates-phone.png (the editor at 360 px).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { devidOf } from './support/content';
import { waitForSyncDone } from './support/kiosk';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false });

const PRODUCTS = '/accueil/nosClientsNosProduits';
const EDITED = 'Evacuate now — use the stairs';

async function capture(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS !== '1') return;
  await page.screenshot({
    path: join(repoRoot, 'docs/screenshots', `admin-${name}.png`),
    fullPage: true,
  });
}

/** The English titles of the templates in the kiosk's IndexedDB (named after the development). */
function localEnglishTitles(kiosk: Page): Promise<string[]> {
  return kiosk.evaluate(
    (dbName) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('alertTemplates').objectStore('alertTemplates').getAll();
          all.onsuccess = () => {
            resolve((all.result as Array<{ titleEn: string }>).map((row) => row.titleEn));
            db.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    DEMO.devname,
  );
}

test('a template edited in the back-office, published, triggered: the kiosk shows the edited title', async ({
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

    await test.step('the list of templates', async () => {
      await page.getByRole('link', { name: 'Modèles d’alerte' }).click();
      await expect(page.getByRole('heading', { name: 'Modèles d’alerte', level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#/modeles-alerte/${devid}$`));
      await expect(page.getByTestId('alert-template')).toHaveCount(4);
      await expect(page.getByRole('heading', { name: 'Évacuation', level: 2 })).toBeVisible();
      await expectAccessible(page, 'alert templates list');
    });

    await test.step('the editor: FR / EN side by side, stacked at 360 px', async () => {
      await page.getByRole('link', { name: 'Modifier le modèle « Évacuation »' }).click();
      await expect(
        page.getByRole('heading', { name: 'Modèle d’alerte « Évacuation »', level: 1 }),
      ).toBeVisible();
      const fr = page.getByRole('group', { name: 'Français' });
      const en = page.getByRole('group', { name: 'English (anglais)' });
      await expect(fr.getByLabel(/Titre \(français\)/)).toHaveValue('Évacuation immédiate');
      await expect(page.getByRole('radio', { name: 'Évacuation' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Rouge' })).toBeChecked();
      // The seed's evacuation template shows the assembly points' plan.
      await expect(page.locator('.template-image img')).toBeVisible();
      const [frBox, enBox] = [(await fr.boundingBox())!, (await en.boundingBox())!];
      expect(Math.abs(frBox.y - enBox.y)).toBeLessThan(2);
      expect(enBox.x).toBeGreaterThan(frBox.x + frBox.width - 1);
      await expectAccessible(page, 'alert template editor');
      await capture(page, 'alert-templates');

      await page.setViewportSize({ width: 360, height: 740 });
      const [frPhone, enPhone] = [(await fr.boundingBox())!, (await en.boundingBox())!];
      expect(enPhone.y).toBeGreaterThan(frPhone.y + frPhone.height - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await expectAccessible(page, 'alert template editor (360 px)');
      await capture(page, 'alert-templates-phone');
      await page.setViewportSize({ width: 1280, height: 900 });

      await en.getByLabel('Titre (anglais)').fill(EDITED);
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await expect(
        page.getByText('Modèle d’alerte enregistré. Publiez pour l’envoyer aux totems.'),
      ).toBeVisible();
    });

    await test.step('listed among the unpublished changes in French, then published', async () => {
      await page.getByRole('link', { name: /^Modifications non publiées \(1\)/ }).click();
      const change = page.locator('.change').filter({ hasText: 'Modèle d’alerte « Évacuation »' });
      await expect(change).toBeVisible();
      await expect(change).toContainText('Titre (anglais)');
      await expect(change).toContainText(EDITED);
      await page.getByRole('button', { name: 'Tout publier…' }).click();
      const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
      await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
      await expect(dialog.getByText(/^Révision (\d+) publiée — /)).toBeVisible();
      await dialog.getByRole('button', { name: 'Fermer' }).click();
      // The kiosk hears the publish and syncs the new revision, its templates with it.
      await expect.poll(() => localEnglishTitles(kiosk), { timeout: 45_000 }).toContain(EDITED);
      await waitForSyncDone(kiosk);
    });

    await test.step('triggered: the kiosk shows the edited title; then ended', async () => {
      await page.getByRole('button', { name: 'Déclencher une alerte' }).click();
      const dialog = page.getByRole('dialog', { name: 'Déclencher une alerte' });
      await dialog.getByRole('radio', { name: /^Évacuation/ }).check();
      await dialog.getByRole('radio', { name: 'Alerte réelle' }).check();
      await dialog.getByRole('button', { name: 'Continuer' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmer l’alerte' })
        .getByRole('button', { name: 'Oui, déclencher l’alerte' })
        .click();
      const takeover = kiosk.getByTestId('emergency-alert');
      await expect(takeover).toBeVisible();
      await expect(takeover).toContainText(EDITED);
      await expect(takeover).toContainText('Évacuation immédiate');

      const band = page.getByRole('region', { name: 'Alerte en cours' });
      await band.getByRole('button', { name: 'Fin d’alerte' }).click();
      await page.getByRole('button', { name: 'Oui, terminer l’alerte' }).click();
      await expect(band).toHaveCount(0);
      await expect(kiosk.getByTestId('emergency-alert-end')).toBeVisible();
    });
  } finally {
    await context.close();
  }
});
