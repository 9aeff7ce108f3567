/**
 * Four-eyes publishing end to end (issue 51, part 2): an admin turns « Double validation » on for
 * the demo plant; an editor (her own browser context, her own session) changes the home slideshow
 * and can only ask — « Demander une publication », a note required; the admin examines the request
 * (its changes, its preview link), refuses it with a comment; the editor changes it again and asks
 * again; the admin approves, and the totem opened beside changes by itself. Nothing reached the
 * totem before the approval. The new screens pass axe and are captured at 1080×1920
 * (docs/screenshots/admin-demande.png, admin-demandes.png, admin-double-validation.png).
 */
import { join } from 'node:path';
import { ADMIN_CSRF_HEADER, pathOf, type AdminSession, type Envelope } from '@plant-kiosk/contract';
import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { repoRoot, type RunningServer } from './support/server';

const TOTEM = { width: 1080, height: 1920 };
test.use({ viewport: TOTEM, hasTouch: false, locale: 'fr-FR' });

const DOCS = join(repoRoot, 'docs', 'screenshots');
const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';
const EDITOR = { username: 'camille', password: 'camille-mot-de-passe-e2e' };
const fileName = (value: string) => value.split('/').pop()!;

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(DOCS, `admin-${name}.png`) });
}

/** An editor of the demo plant who may publish, made through the admin API with the page's session. */
async function createEditor(page: Page, server: RunningServer) {
  const me = await page.request.get(`${server.url}${pathOf('adminMe')}`);
  const session = ((await me.json()) as Envelope<AdminSession>).data!;
  const developments = await page.request.get(`${server.url}${pathOf('adminDevelopments')}`);
  const [demo] = ((await developments.json()) as Envelope<Array<{ devid: number }>>).data!;
  const created = await page.request.post(`${server.url}${pathOf('adminCreateUser')}`, {
    headers: { [ADMIN_CSRF_HEADER]: session.csrfToken },
    data: { ...EDITOR, role: 'editor', devids: [demo!.devid], canPublish: true },
  });
  expect(created.status(), await created.text()).toBe(201);
}

async function logInEditor(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ viewport: TOTEM, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${server.url}/admin/`);
  await page.getByLabel('Identifiant').fill(EDITOR.username);
  await page.getByLabel('Mot de passe').fill(EDITOR.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Contenu des totems' })).toBeVisible();
  return { context, page };
}

async function editFirstElement(page: Page, value: string) {
  await page.getByRole('link', { name: 'Contenu', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`^${SLIDESHOW}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page.getByLabel('Valeur', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
}

async function askForPublication(page: Page, note: string, capture = false) {
  await page.getByRole('button', { name: 'Demander une publication' }).click();
  const dialog = page.getByRole('dialog', { name: /^Demander une publication sur les totems de / });
  await expect(dialog.getByText('Double validation', { exact: false }).first()).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Envoyer la demande' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Note pour la personne qui approuvera (obligatoire)').fill(note);
  if (capture) {
    await expectAccessible(page, 'publish dialog asking for approval');
    await shot(page, 'demande');
  }
  await send.click();
  await expect(dialog.getByRole('status')).toContainText(/Demande \d+ envoyée/);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
}

test('an editor asks, the admin refuses, the editor asks again, the admin approves: only then the totem changes', async ({
  browser,
  page,
  ownServer,
}) => {
  test.setTimeout(300_000);
  const server = await ownServer();
  const [first] = zoneElements(server, SLIDESHOW);
  const plan = zoneElements(server, PLAN);
  const wrong = plan[0]!.value;
  const right = plan[1]?.value ?? first!.value;
  const { context: kioskContext, kiosk } = await openKioskBeside(browser, server);
  const slide = (value: string) =>
    kiosk.locator(`.home-slideshow img[src$="${fileName(value)}"]`).first();
  await expect(slide(first!.value)).toBeAttached();

  // The admin turns four-eyes on for the demo plant.
  await logInAdmin(page, server);
  await createEditor(page, server);
  await page.getByRole('link', { name: 'Développements', exact: true }).click();
  await page
    .getByRole('link', { name: /neubourg/ })
    .first()
    .click();
  await page
    .getByRole('checkbox', {
      name: 'Exiger l’approbation d’une autre personne avant chaque publication',
    })
    .check();
  await page.getByRole('button', { name: 'Enregistrer' }).last().click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Double validation activée' }),
  ).toBeVisible();
  await expectAccessible(page, 'development page with four-eyes');
  await shot(page, 'double-validation');

  // The editor changes the slideshow and can only ask.
  const editor = await logInEditor(browser, server);
  await editFirstElement(editor.page, wrong);
  await expect(editor.page.getByRole('button', { name: 'Publier sur les totems' })).toHaveCount(0);
  await askForPublication(editor.page, 'Nouvelle photo d’accueil', true);

  // The admin examines it and refuses it with a comment.
  await page.getByRole('link', { name: 'Demandes', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Demandes de publication', level: 1 }),
  ).toBeVisible();
  await page
    .getByRole('button', { name: 'Examiner la demande « Nouvelle photo d’accueil »' })
    .click();
  const changes = page.getByRole('region', {
    name: 'Modifications de la demande « Nouvelle photo d’accueil »',
  });
  await expect(changes).toContainText(SLIDESHOW);
  await expect(changes.getByRole('link', { name: 'Aperçu sur la borne' })).toBeVisible();
  await expectAccessible(page, 'Demandes de publication');
  await shot(page, 'demandes');
  await page
    .getByRole('button', { name: 'Refuser la demande « Nouvelle photo d’accueil »…' })
    .click();
  const refuse = page.getByRole('dialog', {
    name: 'Refuser la demande « Nouvelle photo d’accueil » ?',
  });
  await expect(refuse.getByRole('button', { name: 'Refuser la demande' })).toBeDisabled();
  await refuse.getByLabel('Motif du refus (obligatoire)').fill('Ce n’est pas la bonne photo');
  await expectAccessible(page, 'refuse dialog');
  await refuse.getByRole('button', { name: 'Refuser la demande' }).click();
  await expect(page.getByText('Ce n’est pas la bonne photo').first()).toBeVisible();
  await expect(slide(wrong)).toHaveCount(0);

  // The editor reads why, changes it again and asks again.
  await editor.page.getByRole('link', { name: 'Demandes', exact: true }).click();
  await expect(editor.page.getByText('Ce n’est pas la bonne photo').first()).toBeVisible();
  await editFirstElement(editor.page, right);
  await askForPublication(editor.page, 'La bonne photo d’accueil');

  // The admin approves: the totem changes by itself.
  await page.reload();
  await page
    .getByRole('button', { name: 'Approuver la demande « La bonne photo d’accueil »…' })
    .click();
  const approve = page.getByRole('dialog', {
    name: 'Approuver la demande « La bonne photo d’accueil » ?',
  });
  await approve.getByLabel('Commentaire (facultatif)').fill('Parfait, merci');
  await expectAccessible(page, 'approve dialog');
  await approve.getByRole('button', { name: 'Approuver et publier' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /révision \d+/ })
      .first(),
  ).toBeVisible();
  await expect(slide(right)).toBeAttached({ timeout: 60_000 });

  await editor.context.close();
  await kioskContext.close();
});
