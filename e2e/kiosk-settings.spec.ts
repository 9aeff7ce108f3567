/**
 * Published settings end to end, the kiosk's side: the suggestion form's address travels from the
 * back-office's "Réglages" to an open totem only with a publish. Before it, the home shows no
 * "Suggestion System" tile and the footer no web site link (issue 41, item 3), and the page, typed
 * by address, says the form is not configured (no placeholder address is built in); after it, the
 * tile comes, and the totem reloads itself at a quiet moment (here: the Veille reader, reached with
 * Playwright's clock) so its page's Content-Security-Policy allows the new origin — on the root,
 * not on the page it was left on (issue 41, item 1) — and the form — a page on another origin that
 * the test serves — shows in the 980 × 1050 frame. With the network down, the frame's place says
 * so. The mode switcher's code (issue 41, item 2) goes the same way, and the totem asks it on its
 * keypad. With ADMIN_SCREENSHOTS=1: docs/screenshots/kiosk-formulaire-*.png and
 * kiosk-selecteur-code.png (1080 × 1920).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { waitForSyncDone } from './support/kiosk';
import { repoRoot } from './support/server';

const SHOTS = process.env.ADMIN_SCREENSHOTS === '1';
const FORM_TITLE = 'Boîte à idées du site (page de test)';

async function captureKiosk(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots', `kiosk-${name}.png`) });
}

/** A stand-in for the plant's form provider: another origin than the kiosk's server. */
async function serveForm(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="fr"><title>${FORM_TITLE}</title><body style="font: 32px sans-serif"><h1>${FORM_TITLE}</h1><label>Votre idée <textarea></textarea></label></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // `localhost`, not 127.0.0.1: another origin than the kiosk's server, as a real provider is.
  return { url: `http://localhost:${port}/idees`, server };
}

test('a published form address reaches an open kiosk, which reloads when idle to frame it', async ({
  browser,
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const form = await serveForm();
  // The clock takes the kiosk's timers from the first load on: the Veille reader comes when the
  // test says, not after 500 real seconds.
  const { context, kiosk } = await openKioskBeside(browser, server, { clock: true });
  try {
    // No address: no tile, no footer link — no way into a dead end (issue 41, item 3).
    await expect(kiosk.getByRole('link', { name: /^Informations RH/ })).toBeVisible();
    await expect(kiosk.getByRole('link', { name: /Suggestion System/ })).toHaveCount(0);
    await expect(kiosk.getByRole('button', { name: 'Notre site web' })).toHaveCount(0);
    await kiosk.evaluate(() => (window.location.hash = '#/accueil/formulaire'));
    const unset = kiosk.getByRole('status').filter({ hasText: 'pas encore configuré' });
    await expect(unset).toBeVisible();
    await expect(kiosk.getByTitle('Formulaire de suggestion')).toHaveCount(0);
    await expectAccessible(kiosk, 'suggestion form not configured');
    await captureKiosk(kiosk, 'formulaire-non-configure');

    // The back-office: the address saved (a draft: no totem has it), then published.
    await logInAdmin(page, server);
    await page.getByRole('link', { name: 'Réglages', exact: true }).click();
    // Where the address is set, the page says what an empty one does on the totems.
    await expect(
      page.getByText('Sans adresse, la tuile « Suggestion System » est masquée sur les totems.', {
        exact: false,
      }),
    ).toBeVisible();
    await page.getByLabel('Adresse du formulaire de suggestion').fill(form.url);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(/Réglages enregistrés/)).toBeVisible();
    await expect(unset).toBeVisible();
    await page.getByRole('link', { name: 'Modifications non publiées (1)' }).click();
    await page.getByRole('button', { name: 'Tout publier…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
    await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(dialog.getByText(/^Révision \d+ publiée — /)).toBeVisible();

    // The totem syncs at once: its page's policy, older than the address, refuses the frame, and
    // the frame's place says the form comes in a moment; the totem waits for a quiet moment.
    const frame = kiosk.frameLocator('iframe[title="Formulaire de suggestion"]');
    await expect(unset).toHaveCount(0);
    await expect(
      kiosk.getByRole('alert').filter({ hasText: 'disponible dans un instant' }),
    ).toBeVisible();
    await captureKiosk(kiosk, 'formulaire-en-attente');
    await waitForSyncDone(kiosk);
    // The person leaves for another page and walks away: the policy reload, at the quiet moment
    // (the Veille reader), loads the root — not that page with a fresh countdown (issue 41, item 1).
    await kiosk.evaluate(() => (window.location.hash = '#/accueil/hse'));
    await expect(kiosk.getByRole('heading', { level: 1, name: 'HSE' })).toBeVisible();
    const reloaded = kiosk.waitForEvent('load');
    await kiosk.clock.runFor(501_000);
    await reloaded;
    await expect(kiosk).toHaveURL(/#\/accueil$/);
    await expect(kiosk).not.toHaveURL(/policy=/);
    // The home now has the tile; a tap on it opens the form.
    await kiosk.getByRole('link', { name: /Suggestion System/ }).click();
    await expect(kiosk).toHaveURL(/#\/accueil\/formulaire$/);
    const element = kiosk.getByTitle('Formulaire de suggestion');
    await expect(element).toHaveAttribute('src', form.url);
    await expect(element).toHaveAttribute('width', '980');
    await expect(element).toHaveAttribute('height', '1050');
    await expect(frame.getByRole('heading', { name: FORM_TITLE })).toBeVisible();
    await expectAccessible(kiosk, 'suggestion form framed');
    await captureKiosk(kiosk, 'formulaire');

    // The network down: the message takes the frame's place.
    await context.setOffline(true);
    const offline = kiosk
      .getByRole('alert')
      .filter({ hasText: 'Le formulaire n’est pas disponible hors ligne' });
    await expect(offline).toBeVisible({ timeout: 20_000 });
    await expect(kiosk.getByTitle('Formulaire de suggestion')).toHaveCount(0);
    await expectAccessible(kiosk, 'suggestion form offline');
    await captureKiosk(kiosk, 'formulaire-hors-ligne');
  } finally {
    await context.close();
    form.server.close();
  }
});

test('the mode switcher: never from the connection chip; with a code set in Réglages, a keypad asks it', async ({
  browser,
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    // dblclick: its two taps back to back (two click() calls may land 500 ms apart when loaded).
    const area = kiosk.getByRole('button', {
      name: 'Changer le mode du totem (toucher deux fois)',
    });
    const chip = kiosk.getByTestId('connection-indicator');
    await expect(chip).toContainText('En ligne');
    // The area is the header's empty space: it lies over none of the logo, the clock or the chip.
    const boxes = await Promise.all(
      [
        area,
        kiosk.getByRole('link', { name: /Logo du site/ }),
        kiosk.getByTitle('Heure et date'),
        chip,
      ].map(async (locator) => (await locator.boundingBox())!),
    );
    const [areaBox, ...others] = boxes as [(typeof boxes)[number], ...typeof boxes];
    for (const other of others) {
      const apart =
        areaBox.x + areaBox.width <= other.x ||
        other.x + other.width <= areaBox.x ||
        areaBox.y + areaBox.height <= other.y ||
        other.y + other.height <= areaBox.y;
      expect(apart, JSON.stringify({ areaBox, other })).toBe(true);
    }
    expect(areaBox.width).toBeGreaterThanOrEqual(56);
    // Two quick taps on "En ligne" open nothing (issue 41, item 2).
    await chip.dblclick();
    await expect(kiosk.getByRole('dialog')).toHaveCount(0);
    // No code published: the spec's switcher opens at once.
    await area.dblclick();
    await expect(kiosk.getByRole('dialog', { name: 'Mode du totem' })).toBeVisible();
    await kiosk.getByRole('button', { name: 'Annuler' }).click();

    // A code set in Réglages, published with a web site address (whose footer link tells the test
    // the totem holds the new settings).
    await logInAdmin(page, server);
    await page.getByRole('link', { name: 'Réglages', exact: true }).click();
    const code = page.getByLabel('Code du sélecteur');
    await code.fill('12a');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByText('Code non accepté : il doit être vide ou compter de 4 à 8 chiffres.'),
    ).toBeVisible();
    await code.fill('2468');
    await page.getByLabel('Adresse du site web de l’entreprise').fill('https://www.example.test/');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText(/Réglages enregistrés/)).toBeVisible();
    await expectAccessible(page, 'settings with the switcher code');
    if (SHOTS) {
      // The back-office's section, at the desk and on a phone.
      const section = page.getByRole('region', { name: 'Sélecteur de mode' });
      for (const [name, size] of [
        ['reglages-selecteur', { width: 1440, height: 900 }],
        ['reglages-selecteur-phone', { width: 390, height: 844 }],
      ] as const) {
        await page.setViewportSize(size);
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(repoRoot, 'docs/screenshots', `admin-${name}.png`) });
      }
      await expectAccessible(page, 'settings with the switcher code (phone)');
    }
    await page.getByRole('link', { name: 'Modifications non publiées (1)' }).click();
    await page.getByRole('button', { name: 'Tout publier…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
    await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(dialog.getByText(/^Révision \d+ publiée — /)).toBeVisible();
    await expect(kiosk.getByRole('button', { name: 'Notre site web' })).toBeVisible({
      timeout: 30_000,
    });

    // The totem asks the code on its keypad, large keys for gloves.
    await area.dblclick();
    const keypad = kiosk.getByRole('dialog', { name: 'Code du sélecteur' });
    await expect(keypad).toBeVisible();
    await expect(keypad.getByRole('button', { name: 'Visiteur' })).toHaveCount(0);
    const five = await keypad.getByRole('button', { name: '5', exact: true }).boundingBox();
    expect(five!.width).toBeGreaterThanOrEqual(96);
    expect(five!.height).toBeGreaterThanOrEqual(96);
    await expectAccessible(kiosk, 'switcher code keypad');
    for (const digit of '1357')
      await keypad.getByRole('button', { name: digit, exact: true }).tap();
    await keypad.getByRole('button', { name: 'Valider' }).tap();
    await expect(keypad.getByRole('alert')).toHaveText('Code incorrect. Réessayez.');
    await captureKiosk(kiosk, 'selecteur-code');
    for (const digit of '2468')
      await keypad.getByRole('button', { name: digit, exact: true }).tap();
    await keypad.getByRole('button', { name: 'Valider' }).tap();
    const modes = kiosk.getByRole('dialog', { name: 'Mode du totem' });
    await expect(modes).toBeVisible();
    await modes.getByRole('button', { name: 'Assemblage' }).tap();
    await expect(modes).toHaveCount(0);
    expect(await kiosk.evaluate(() => localStorage.getItem('totem'))).toBe('Assemblage');
    await expect(kiosk.getByRole('link', { name: /^Moulage/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
