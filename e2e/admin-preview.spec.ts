/**
 * « Aperçu sur la borne » end to end (issue 46). An element of the home slideshow is changed in
 * the draft: the preview — the real kiosk app framed at 1080 × 1920 under the yellow band
 * « Aperçu — non publié » — shows it, while a totem open beside it keeps the published slide. The
 * preview address opened without a session leads through the login and back; the band switches
 * the totem's mode (the visitor home), says when the draft changes under it, and lists nothing to
 * correct for a clean draft. A publication programmed two days ahead shows in the preview of a
 * moment after it, not in the one of a moment before. The preview leaves none of a totem's keys
 * or databases behind. Axe on the band and the framed kiosk; captured at 1080×1920
 * (docs/screenshots/admin-apercu.png, admin-apercu-date.png).
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { openKioskBeside } from './support/admin';
import { devidOf, setElementValue, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { DEMO, E2E_ADMIN, publish, repoRoot } from './support/server';

const TOTEM = { width: 1080, height: 1920 };
test.use({ viewport: TOTEM, hasTouch: false, locale: 'fr-FR' });

const DOCS = join(repoRoot, 'docs', 'screenshots');
const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';
const fileName = (value: string) => value.split('/').pop()!;

const framed = (page: Page) => page.frameLocator('iframe[title^="Aperçu de la borne"]');

async function logInHere(page: Page) {
  await page.getByLabel('Identifiant').fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test('the preview shows an unpublished edit that the totem beside it does not', async ({
  browser,
  page,
  ownServer,
}) => {
  test.setTimeout(240_000);
  const server = await ownServer();
  const devid = devidOf(server, DEMO.devname);
  const [first] = zoneElements(server, SLIDESHOW);
  const replacement = zoneElements(server, PLAN)[0]!.value;
  const { context, kiosk } = await openKioskBeside(browser, server);
  const slide = (value: string) => `.home-slideshow img[src$="${fileName(value)}"]`;
  await expect(kiosk.locator(slide(first!.value)).first()).toBeAttached();

  setElementValue(server, first!.elementid, replacement);

  // The address first, without a session: the login, then the preview itself.
  await page.goto(`${server.url}/admin/#/apercu/${devid}?source=draft`);
  await logInHere(page);
  await expect(page.getByRole('heading', { name: 'Aperçu — non publié' })).toBeVisible();
  await expect(page.getByText(/^Le brouillon du développement « neubourg »/)).toBeVisible();
  const preview = framed(page);
  await expect(preview.getByTestId('preview-marker')).toHaveText('Aperçu — non publié');
  await expect(preview.locator(slide(replacement)).first()).toBeAttached();
  // A clean draft: nothing that would refuse its publish.
  await expect(page.getByText(/ne pourrait pas être publié/)).toHaveCount(0);

  // The totem beside it, synced again, still shows what is published.
  await kiosk.reload();
  await expect(kiosk.locator(slide(first!.value)).first()).toBeAttached();
  await expect(kiosk.locator(slide(replacement))).toHaveCount(0);

  await expectAccessible(page, 'kiosk preview band');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(DOCS, 'admin-apercu.png') });

  // The visitor mode, from the band: the kiosk's visitor home.
  await page.getByLabel('Mode du totem').selectOption('visiteur');
  await expect(preview.locator('.visitor-home')).toBeVisible();
  await expect(page).toHaveURL(/mode=visiteur/);

  // Someone edits the draft meanwhile: the band says so and reloads on demand.
  setElementValue(server, first!.elementid, first!.value);
  await expect(page.getByText(/Le contenu a changé depuis l’ouverture de l’aperçu/)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Recharger l’aperçu' }).click();
  await page.getByLabel('Mode du totem').selectOption('');
  await expect(preview.locator(slide(first!.value)).first()).toBeAttached();

  // Nothing of a totem in the back-office's browser: no token, no mode, no totem database.
  const left = await page.evaluate(async () => ({
    keys: Object.keys(localStorage),
    databases: (await indexedDB.databases()).map((database) => database.name),
  }));
  expect(left.keys.filter((key) => /^(jwt-|devid-|parcours|totem|kioskId)/.test(key))).toEqual([]);
  expect(left.databases).not.toContain(DEMO.devname);
  await context.close();
});

test('the preview of a date shows a publication programmed before it, not one after', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(180_000);
  const server = await ownServer();
  const devid = devidOf(server, DEMO.devname);
  const [first] = zoneElements(server, SLIDESHOW);
  const replacement = zoneElements(server, PLAN)[0]!.value;
  const slide = (value: string) => `.home-slideshow img[src$="${fileName(value)}"]`;

  setElementValue(server, first!.elementid, replacement);
  const at = new Date(Date.now() + 2 * 86_400_000);
  at.setUTCSeconds(0, 0);
  await publish(server, devid, { at: at.toISOString(), note: 'Photo de la semaine prochaine' });

  const before = new Date(at.getTime() - 3_600_000).toISOString();
  await page.goto(`${server.url}/admin/#/apercu/${devid}?at=${encodeURIComponent(before)}`);
  await logInHere(page);
  const preview = framed(page);
  await expect(
    page.getByText(/^Ce que les totems du développement « neubourg » montreront/),
  ).toBeVisible();
  await expect(preview.locator(slide(first!.value)).first()).toBeAttached();
  await expect(preview.locator(slide(replacement))).toHaveCount(0);

  const after = new Date(at.getTime() + 60_000).toISOString();
  await page.goto(`${server.url}/admin/#/apercu/${devid}?at=${encodeURIComponent(after)}`);
  await expect(preview.locator(slide(replacement)).first()).toBeAttached();
  await expectAccessible(page, 'kiosk preview at a date');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(DOCS, 'admin-apercu-date.png') });

  // « Voir la borne le … » refuses a moment already past, in French.
  await page.getByLabel(/^Date \(heure de Paris\)/).fill('2020-01-06');
  await page.getByLabel(/^Heure \(heure de Paris\)/).fill('09:00');
  await page.getByRole('button', { name: 'Voir', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Choisissez un moment à venir' }),
  ).toBeVisible();
});
