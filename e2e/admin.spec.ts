/**
 * Back-office and fleet end to end: the back-office at /admin/ against the real server. An admin
 * logs in, edits an element of a zone — a kiosk open in another browser context does not show it,
 * even after a fresh load (publishing gate, the publishing gate) — publishes, and the kiosk shows
 * the change without a reload (how fast is `npm run bench`'s publish-fanout figure); the fleet page
 * sees that kiosk live; the media library uploads (with progress) and deletes a file, and refuses
 * to delete one in use. Every screen passes axe (no serious or critical violation). With
 * ADMIN_SCREENSHOTS=1 the screens are also saved at 1440×900 into docs/screenshots/admin-*.png.
 */
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin, openKioskBeside } from './support/admin';
import { devidOf, setElementValue, zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { waitForSyncDone } from './support/kiosk';
import { DEMO, E2E_ADMIN, publish } from './support/server';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const SLIDESHOW = 'Diaporama accueil';
const fileName = (value: string) => value.split('/').pop()!;
/** A 1×1 PNG: the server recognises it by its bytes and re-encodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('login refuses a wrong password with the server’s message, then opens the back-office', async ({
  page,
  server,
}) => {
  // Compression and bundle split: nothing in the console before logging in (the session probe
  // answers 200, not 401), and the scripts come compressed (Chromium asks gzip over plain http, br
  // over https).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  const scripts = new Map<string, string | undefined>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(response.url(), response.headers()['content-encoding']);
    }
  });
  await page.goto(`${server.url}/admin/`);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expectAccessible(page, 'admin login');
  await captureAdmin(page, 'connexion');
  expect(consoleErrors).toEqual([]);
  expect(scripts.size).toBeGreaterThan(0);
  for (const [url, encoding] of scripts) expect(encoding, url).toMatch(/^(br|gzip)$/);
  const icon = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  const favicon = await page.request.get(new URL(icon, page.url()).href);
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['content-type']).toContain('image/svg+xml');

  await page.getByLabel('Identifiant').fill(E2E_ADMIN.username);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Identifiant ou mot de passe incorrect.');

  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Contenu des totems' })).toBeVisible();

  // The session survives a reload: the page gets its CSRF token back from GET /session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contenu des totems' })).toBeVisible();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('an element edited is not on the kiosk until published, then reaches it without a reload; the fleet sees the kiosk online, offline and behind, then up to date after its sync', async ({
  page,
  browser,
  ownServer,
}) => {
  const server = await ownServer();
  const [first] = zoneElements(server, SLIDESHOW);
  const replacement = zoneElements(server, 'Plan du site')[0]!.value;
  const { context, kiosk } = await openKioskBeside(browser, server);
  await expect(kiosk.locator(`img[src$="${fileName(first!.value)}"]`).first()).toBeAttached();

  await logInAdmin(page, server);
  await page.getByRole('link', { name: new RegExp(`^${SLIDESHOW}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  const value = page.getByLabel('Valeur', { exact: true });
  await expect(value).toHaveValue(first!.value);
  await value.fill(replacement);
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();

  // Saved is not published: even a kiosk that loads and syncs afresh still shows the old slide.
  await kiosk.reload();
  await waitForSyncDone(kiosk);
  await expect(kiosk.locator(`img[src$="${fileName(first!.value)}"]`).first()).toBeAttached();
  await expect(kiosk.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`)).toHaveCount(
    0,
  );

  // The publish dialog lists what will go out; publishing says how many totems were told.
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const publishDialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await publishDialog.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(
    publishDialog.getByText(/^Révision \d+ publiée — envoyée à 1 totem\.$/),
  ).toBeVisible();
  await publishDialog.getByRole('button', { name: 'Fermer' }).click();
  // Publish → screen is a latency figure for `npm run bench` (publish-fanout); here a bound that
  // only catches a hang on a loaded machine.
  await expect(
    kiosk.locator(`.home-slideshow img[src$="${fileName(replacement)}"]`).first(),
  ).toBeAttached({ timeout: 20_000 });

  // The fleet page lists that kiosk, online and up to date, over its live channel.
  await page.getByRole('link', { name: 'Parc de totems' }).click();
  await expect(page.getByText('● En direct')).toBeVisible();
  const row = page.getByTestId('fleet-card').first();
  await expect(row.getByText('En ligne')).toBeVisible();
  await expect(row.getByText('À jour', { exact: true })).toBeVisible({ timeout: 15_000 });
  // Content-first sync: which revision it shows, and how many totems show the published one.
  await expect(row).toContainText(/révision \d+ — à jour/);
  // Its content's revision (the card's thumbnail names the revision it was drawn at, maybe older).
  const shown = Number(/révision (\d+) — à jour/.exec((await row.textContent()) ?? '')![1]);
  const progress = page.getByTestId('fleet-progress');
  await expect(progress).toHaveText(`1 / 1 totem sur la révision ${shown}`);
  await expectAccessible(page, 'admin fleet');

  // The totem goes away (its page unloads, as when its browser closes or its network drops): the
  // fleet page says so by itself.
  await kiosk.goto('about:blank');
  await expect(row.getByText('Hors ligne')).toBeVisible({ timeout: 10_000 });

  // A publish it cannot hear: the page shows it one revision behind, live.
  setElementValue(server, first!.elementid, first!.value);
  await publish(server, devidOf(server, DEMO.devname));
  await expect(row).toContainText(`révision ${shown} — 1 de retard`);
  await expect(progress).toHaveText(`0 / 1 totem sur la révision ${shown + 1}`);

  // Content-first sync: it comes back (same browser, same local content and media cache) and its
  // sync catches up; its heartbeat after the sync's media step says so, and the page shows it live.
  await kiosk.goto(`${server.url}/`);
  await expect(row.getByText('En ligne')).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(`révision ${shown + 1} — à jour · médias complets`, {
    timeout: 30_000,
  });
  await expect(progress).toHaveText(`1 / 1 totem sur la révision ${shown + 1}`);
  await captureAdmin(page, 'parc');
  await context.close();

  // The audit log names who changed and published what.
  await page.getByRole('link', { name: 'Journal' }).click();
  await expect(
    page.getByRole('cell', { name: 'Publication sur les totems' }).first(),
  ).toBeVisible();
  // In sentences (issue 41, item 12): the file by its name, the raw entry folded under Détails.
  await expect(
    page.getByRole('cell', { name: /Élément modifié \(n° \d+\) : valeur « .+ » → « .+ »/ }).first(),
  ).toBeVisible();
  await expectAccessible(page, 'admin audit log');
  await captureAdmin(page, 'journal');
});

test('reorder by keyboard, delete after confirmation, and a 409 shows the current values', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const before = zoneElements(server, 'Menu');
  await logInAdmin(page, server);
  await page.getByRole('link', { name: /^Menu/ }).click();

  const down = page.getByRole('button', { name: /^Descendre l’élément 1 / });
  await down.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: /déplacé en position 2/ }),
  ).toBeAttached();
  expect(zoneElements(server, 'Menu').map((e) => e.elementid)).toEqual([
    before[1]!.elementid,
    before[0]!.elementid,
    ...before.slice(2).map((e) => e.elementid),
  ]);

  // And with the mouse: the second row dragged by its handle onto the first.
  const afterKeyboard = zoneElements(server, 'Menu').map((e) => e.elementid);
  const rows = page.locator('.reorder-row');
  await rows.nth(1).locator('.drag-handle').dragTo(rows.nth(0));
  await expect
    .poll(() => zoneElements(server, 'Menu').map((e) => e.elementid))
    .toEqual([afterKeyboard[1], afterKeyboard[0], ...afterKeyboard.slice(2)]);

  await page.getByRole('button', { name: /^Supprimer l’élément 1 / }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cet élément ?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'admin delete confirmation');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect(zoneElements(server, 'Menu')).toHaveLength(before.length);

  // Someone else saves the element meanwhile: this page's save must not overwrite it.
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await logInAdmin(otherPage, server);
  await otherPage.getByRole('link', { name: /^Menu/ }).click();
  await otherPage.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await otherPage.getByLabel('Valeur', { exact: true }).fill('media/images/modifie-ailleurs.svg');
  await otherPage.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(otherPage.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
  await other.close();

  await page.getByLabel('Valeur', { exact: true }).fill('media/images/ma-version.svg');
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByText(/Ce contenu a été modifié par quelqu’un d’autre/)).toBeVisible();
  await expect(page.getByText('media/images/modifie-ailleurs.svg').first()).toBeVisible();
  await captureAdmin(page, 'conflit');
  await page.getByRole('button', { name: 'Recharger la version actuelle' }).click();
  await expect(page.getByLabel('Valeur', { exact: true })).toHaveValue(
    'media/images/modifie-ailleurs.svg',
  );

  await page.getByRole('button', { name: /^Supprimer l’élément 1 / }).click();
  await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Supprimé.' })).toBeVisible();
  expect(zoneElements(server, 'Menu')).toHaveLength(before.length - 1);

  // A zone is created, then deleted after its own confirmation.
  await page.getByRole('button', { name: '+ Nouvelle zone' }).click();
  await page
    .getByRole('form', { name: 'Nouvelle zone' })
    .getByLabel('Nom de la zone')
    .fill('Zone e2e');
  await page.getByRole('button', { name: 'Créer la zone' }).click();
  await expect(page.getByRole('heading', { name: 'Zone e2e' })).toBeVisible();
  await page.getByText('Propriétés de la zone').click();
  await page.getByRole('button', { name: 'Supprimer la zone…' }).click();
  await page.getByRole('button', { name: 'Supprimer la zone', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Choisissez une zone' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Zone e2e/ })).toHaveCount(0);
});

test('media library: upload with progress, refuse to delete a file in use, delete an unused one', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  await logInAdmin(page, server);
  await page.getByRole('link', { name: 'Médiathèque' }).click();
  await expect(page.getByRole('heading', { name: 'Médiathèque' })).toBeVisible();

  await page.getByLabel('Fichiers à envoyer').setInputFiles({
    name: 'photo-e2e.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByRole('progressbar', { name: 'Envoi de photo-e2e.png' })).toBeVisible();
  const card = page.locator('.media-card', { hasText: 'photo-e2e.png' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Non utilisé')).toBeVisible();

  const used = page.locator('.media-card', { hasText: 'Utilisé 1 fois' }).first();
  await used.getByRole('button', { name: /^Supprimer/ }).click();
  await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /utilisé/i })).toBeVisible();

  await expectAccessible(page, 'admin media');
  await captureAdmin(page, 'mediatheque');

  // The picker puts the file's value in an element (left unsaved, so the file stays unused).
  await page.getByRole('link', { name: 'Contenu', exact: true }).click();
  await page.getByRole('link', { name: /^Plan du site/ }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page.getByRole('button', { name: 'Choisir dans la médiathèque…' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Choisir une image' });
  await expectAccessible(page, 'admin media picker');
  await picker.getByRole('button', { name: 'photo-e2e.png' }).click();
  await expect(picker).toHaveCount(0);
  await expect(page.getByLabel('Valeur', { exact: true })).toHaveValue(/photo-e2e.*\.webp$/);
  await page.getByRole('link', { name: 'Médiathèque' }).click();

  await card.getByRole('button', { name: /^Supprimer/ }).click();
  await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(card).toHaveCount(0);
});

test('every back-office screen passes axe', async ({ page, server }) => {
  await logInAdmin(page, server);
  await page.getByRole('link', { name: new RegExp(`^${SLIDESHOW}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await expect(page.getByRole('button', { name: 'Enregistrer l’élément' })).toBeVisible();
  await expectAccessible(page, 'admin content');
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureAdmin(page, 'contenu');

  await page.getByRole('link', { name: /^Produits/ }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  await page
    .getByRole('button', { name: /^Modifier Produit/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Modifier Produit/ })).toBeVisible();
  await expectAccessible(page, 'admin sub-groups');
  await page.getByRole('heading', { name: 'Sous-groupes' }).scrollIntoViewIfNeeded();
  await captureAdmin(page, 'sous-groupes');

  for (const [link, heading, name] of [
    ['Développements', 'Développements', 'developpements'],
    ['Utilisateurs', 'Utilisateurs du back-office', 'utilisateurs'],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Chargement…' })).toHaveCount(0);
    await expectAccessible(page, `admin ${name}`);
    await captureAdmin(page, name);
  }
  await page.getByRole('link', { name: 'Développements', exact: true }).click();
  await page
    .getByRole('link', { name: /^Comptes des totems/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /^Comptes des totems/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'kiosk', exact: true })).toBeVisible();
  await expectAccessible(page, 'admin kiosk accounts');
  await captureAdmin(page, 'comptes-totems');
});
