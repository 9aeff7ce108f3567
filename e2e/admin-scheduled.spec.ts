/**
 * Scheduled publishing end to end (issue 45): an element of the home slideshow is changed in the
 * back-office, its publication programmed a few seconds ahead through the publish dialog's
 * « Programmer… » (a date and a time of the plant, Paris, computed from the clock this test and
 * the browser share), and the totem — a kiosk open in a context of its own — changes by itself at
 * that time; « Modifications programmées » then says « publiée » with its revision. A second one,
 * programmed for next Monday 05:00, is cancelled from the list after a confirmation. The dialog's
 * scheduling step and the list pass axe, and are captured at 1080×1920 (docs/screenshots/
 * admin-programmer.png, admin-programmees.png) and 390 px wide (test-results/e2e/admin-scheduled/).
 *
 * The inputs are to the minute: the publication is set for the next minute at least 8 s ahead, so
 * the test waits for the totem's change — never a fixed sleep — up to a bit more than a minute.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { instantToPlantLocal } from '@plant-kiosk/contract';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/server';

const TOTEM = { width: 1080, height: 1920 };
const PHONE = { width: 390, height: 844 };
// In French, as the plant's team reads it (Chromium still draws the date and time inputs in its own
// interface language, so they read MM/DD/YYYY and AM here; a French browser shows 30/11/2026 05:00).
test.use({ viewport: TOTEM, hasTouch: false, locale: 'fr-FR' });

const SHOTS = join(repoRoot, 'test-results', 'e2e', 'admin-scheduled');
const DOCS = join(repoRoot, 'docs', 'screenshots');
const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';
const ZONE = 'Europe/Paris';
const fileName = (value: string) => value.split('/').pop()!;

/**
 * The screen at 1080×1920 (kept in the docs) and at 390 px wide — a dialog as the bottom sheet in
 * view, a page whole — then back to the totem's size.
 */
async function capture(page: Page, name: string, options: { fullPage: boolean }) {
  await mkdir(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(DOCS, `admin-${name}.png`) });
  await page.screenshot({ path: join(SHOTS, `${name}-1080.png`) });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(SHOTS, `${name}-390.png`), fullPage: options.fullPage });
  await page.setViewportSize(TOTEM);
}

async function editFirstElement(page: Page, zonename: string, value: string) {
  await page.getByRole('link', { name: 'Contenu', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`^${zonename}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page.getByLabel('Valeur', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
}

/** Opens the publish dialog on « Programmer… » with the plant time's inputs in view. */
async function openScheduling(page: Page) {
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await dialog.getByRole('radio', { name: 'Programmer…' }).check();
  await expect(dialog.getByLabel('Date (heure de Paris)')).toBeVisible();
  return dialog;
}

async function setPlantTime(dialog: Locator, instant: Date) {
  const local = instantToPlantLocal(instant, ZONE);
  await dialog.getByLabel('Date (heure de Paris)').fill(local.date);
  await dialog.getByLabel('Heure (heure de Paris)').fill(local.time);
  return local;
}

/** Next Monday at 05:00 in Paris: the canteen menu, and a time far enough ahead. */
function nextMondayFive(now = new Date()): Date {
  for (let days = 1; days <= 8; days++) {
    const candidate = new Date(now.getTime() + days * 86_400_000);
    const local = instantToPlantLocal(candidate, ZONE);
    if (new Date(`${local.date}T12:00:00Z`).getUTCDay() === 1) {
      // 05:00 in Paris is 04:00 UTC in winter, 03:00 in summer: take the one that reads 05:00.
      for (const hour of [3, 4]) {
        const instant = new Date(`${local.date}T0${hour}:00:00Z`);
        if (instantToPlantLocal(instant, ZONE).time === '05:00') return instant;
      }
    }
  }
  throw new Error('no Monday found');
}

test('a publication programmed a few seconds ahead reaches the totem by itself; another one is cancelled', async ({
  browser,
  page,
  ownServer,
}) => {
  test.setTimeout(300_000);
  const server = await ownServer();
  const [first] = zoneElements(server, SLIDESHOW);
  const replacement = zoneElements(server, PLAN)[0]!.value;
  const { context, kiosk } = await openKioskBeside(browser, server);
  const oldSlide = kiosk.locator(`.home-slideshow img[src$="${fileName(first!.value)}"]`);
  const newSlide = kiosk.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`);
  await expect(oldSlide.first()).toBeAttached();

  await logInAdmin(page, server);
  await editFirstElement(page, SLIDESHOW, replacement);

  // « Programmer… »: the step captured on next Monday 05:00, the example.
  const dialog = await openScheduling(page);
  await setPlantTime(dialog, nextMondayFive());
  await expect(
    dialog.getByText(/^lundi \d+ \S+ (\d{4} )?à 05:00 \(heure de Paris\)$/),
  ).toBeVisible();
  await dialog.getByLabel(/Note pour l’historique/).fill('Photo d’accueil de la semaine');
  await expectAccessible(page, 'publish dialog, scheduling step');
  await capture(page, 'programmer', { fullPage: false });

  // A time already past is refused in French before anything is sent.
  await setPlantTime(dialog, new Date(Date.now() - 3 * 60_000));
  await expect(
    dialog.getByText(/^Cette heure est déjà passée : il est \d\d:\d\d à Paris\./),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Programmer la publication' })).toBeDisabled();

  // The next minute at least 8 s ahead (the inputs have no seconds).
  const due = new Date(Math.ceil((Date.now() + 8_000) / 60_000) * 60_000);
  const local = await setPlantTime(dialog, due);
  await dialog.getByRole('button', { name: 'Programmer la publication' }).click();
  const done = dialog.getByRole('status').filter({ hasText: 'Publication programmée pour' });
  await expect(done).toContainText(`à ${local.time} (heure de Paris)`);
  // Nothing went live: the totem still shows the old slide, the status bar counts one.
  await expect(newSlide).toHaveCount(0);
  await done.getByRole('link', { name: 'Voir les modifications programmées' }).click();
  await expect(
    page.getByRole('heading', { name: 'Modifications programmées', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '1 programmée', exact: true })).toBeVisible();
  const pending = page
    .getByRole('listitem')
    .filter({ hasText: `à ${local.time} (heure de Paris)` });
  await expect(pending).toContainText('en attente');
  await expect(pending).toContainText('Photo d’accueil de la semaine');
  await expect(pending).toContainText('1 élément modifié');

  // At its time the totem changes by itself, and the list says « publiée » with the revision.
  await expect(newSlide.first()).toBeAttached({ timeout: 90_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  await expect(pending).toContainText('publiée', { timeout: 30_000 });
  await expect(pending).toContainText(/Publiée : révision \d+/);
  await expect(page.getByRole('link', { name: /^\d+ programmée/ })).toHaveCount(0);

  // Another one, for next Monday 05:00 — then cancelled from the list.
  await editFirstElement(page, PLAN, first!.value);
  const second = await openScheduling(page);
  await setPlantTime(second, nextMondayFive());
  await second.getByLabel(/Note pour l’historique/).fill('Nouveau plan du site');
  await second.getByRole('button', { name: 'Programmer la publication' }).click();
  await second
    .getByRole('status')
    .getByRole('link', { name: 'Voir les modifications programmées' })
    .click();
  const monday = page.getByRole('listitem').filter({ hasText: 'Nouveau plan du site' });
  await expect(monday).toContainText('en attente');
  await expect(monday).toContainText(/lundi \d+ \S+ (\d{4} )?à 05:00 \(heure de Paris\)/);
  await expect(page.getByRole('link', { name: '1 programmée', exact: true })).toBeVisible();
  await expectAccessible(page, 'Modifications programmées');
  await capture(page, 'programmees', { fullPage: true });

  await monday.getByRole('button', { name: /^Annuler la programmation/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Annuler la programmation ?' });
  await expectAccessible(page, 'cancel confirmation');
  await confirm.getByRole('button', { name: 'Oui, annuler la programmation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Programmation annulée' })).toBeVisible();
  await expect(monday).toContainText('annulée');
  await expect(monday.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^\d+ programmée/ })).toHaveCount(0);
  // Its change stays in the draft, not on the totems.
  await expect(page.getByRole('link', { name: 'Modifications non publiées (1)' })).toBeVisible();

  await context.close();
});
