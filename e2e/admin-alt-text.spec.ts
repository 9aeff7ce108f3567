/**
 * Text alternatives in the back-office (issue 52, decision 050), end to end against the real
 * server. A zone of its own — two images without an alternative, created through the back-office's
 * API with the session of the admin logged in on the page, since the demo's images carry real ones
 * — appears in « Textes alternatifs manquants » with the server's count; the list leads to the zone,
 * whose rows flag both images; an alternative written in an image's form is saved (the API reads it
 * back) and the list's count follows; the publish dialog warns of the zone still lacking one and
 * publishes all the same; the second alternative takes the zone off the list. axe runs on the
 * content page with the list open, on the image's form and on the publish dialog; with
 * ADMIN_SCREENSHOTS=1 the list and the form are saved at 1280 wide
 * (docs/screenshots/admin-textes-alternatifs.png, admin-texte-alternatif-image.png).
 */
import {
  ADMIN_CSRF_HEADER,
  pathOf,
  type AdminDevelopment,
  type AdminElement,
  type AdminSession,
  type AdminZone,
  type Envelope,
} from '@plant-kiosk/contract';
import type { APIResponse, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO } from './support/server';

test.use({ viewport: { width: 1280, height: 1000 }, hasTouch: false, locale: 'fr-FR' });

const ZONE = 'Affiches de l’atelier';
const ALT_1 =
  'Affiche sécurité : port du casque et des chaussures de sécurité obligatoire dans l’atelier.';
const ALT_2 = 'Affiche qualité : chaque pièce contrôlée avant de quitter le poste.';

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** The back-office's API with the page's session (its cookie) and its CSRF token. */
async function sessionApi(page: Page, origin: string) {
  const session = await data<AdminSession>(await page.request.get(`${origin}${pathOf('adminMe')}`));
  const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
  const get = async <T>(path: string) => data<T>(await page.request.get(`${origin}${path}`));
  const post = async <T>(path: string, body: object) =>
    data<T>(await page.request.post(`${origin}${path}`, { headers, data: body }));
  return { get, post };
}

test('the zones whose images lack a text alternative are listed, completed image by image, and the publish warns without refusing', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  // A server of its own: the test publishes.
  const server = await ownServer();
  await logInAdmin(page, server);
  const api = await sessionApi(page, server.url);
  const { devid } = (await api.get<AdminDevelopment[]>(pathOf('adminDevelopments'))).find(
    (row) => row.devname === DEMO.devname,
  )!;

  // Two pictures of the demo's library (a publish refuses a file that is not in it), in a new
  // image zone, without an alternative.
  let pictures: string[] = [];
  for (const zone of await api.get<AdminZone[]>(pathOf('adminZones', { params: { devid } }))) {
    if (zone.type !== 'images') continue;
    const elements = await api.get<AdminElement[]>(
      pathOf('adminElements', { params: { zoneid: zone.zoneid } }),
    );
    pictures = [...new Set([...pictures, ...elements.map((element) => element.value)])];
    if (pictures.length >= 2) break;
  }
  expect(pictures.length, 'two pictures in the demo’s image zones').toBeGreaterThanOrEqual(2);
  const zone = await api.post<AdminZone>(pathOf('adminCreateZone', { params: { devid } }), {
    zonename: ZONE,
    type: 'images',
  });
  for (const value of pictures.slice(0, 2)) {
    await api.post<AdminElement>(
      pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }),
      { value, type: 'image' },
    );
  }

  // The list names the zone with the server's count of its images without one.
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Zones' });
  const summary = nav.getByText('Textes alternatifs manquants');
  await summary.click();
  const missing = nav.getByRole('list', { name: 'Zones avec des images sans texte alternatif' });
  const link = missing.getByRole('link', { name: new RegExp(`^${ZONE}`) });
  await expect(link).toHaveText(`${ZONE}2 images sans texte alternatif`);
  const badge = nav
    .locator('summary', { hasText: 'Textes alternatifs manquants' })
    .locator('.badge');
  const before = Number(await badge.textContent());
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(missing.getByRole('listitem')).toHaveCount(before);
  await expectAccessible(page, 'admin content page, missing text alternatives open');
  // The pointer off the list, so the capture shows no hovered row.
  await page.mouse.move(0, 0);
  await captureAdmin(page, 'textes-alternatifs');

  // The list leads to the zone, whose rows flag both images.
  await link.click();
  await expect(page.getByRole('heading', { name: ZONE, level: 2 })).toBeVisible();
  const french = page.getByRole('region', { name: 'Français', exact: true });
  await expect(french.getByText('sans texte alternatif', { exact: true })).toHaveCount(2);
  await expect(link).toHaveAttribute('aria-current', 'page');

  // The first image's form asks for its alternative; saved, the list's count follows.
  await french.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  const form = page.getByRole('form', { name: 'Modifier l’élément' });
  const alt = form.getByLabel('Texte alternatif', { exact: true });
  await expect(
    form.getByText('Sans texte alternatif, le totem ne dira que le nom de la zone.'),
  ).toBeVisible();
  await alt.fill(ALT_1);
  await expect(form.getByText(`${ALT_1.length} / 1000 caractères`)).toBeVisible();
  await expect(form.getByText(/^Sans texte alternatif/)).toHaveCount(0);
  await alt.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'admin image form with its text alternative');
  await captureAdmin(page, 'texte-alternatif-image');
  await form.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
  await expect(french.getByText('sans texte alternatif', { exact: true })).toHaveCount(1);
  await expect(link).toHaveText(`${ZONE}1 image sans texte alternatif`);
  const saved = await api.get<AdminElement[]>(
    pathOf('adminElements', { params: { zoneid: zone.zoneid } }),
  );
  expect(saved.map((element) => element.alt)).toEqual([ALT_1, undefined]);

  // The publish dialog warns of the image still without one, and publishes all the same.
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const dialog = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await expect(
    dialog.getByText(/^\d+ zones? (a|ont) des images sans texte alternatif$/),
  ).toBeVisible();
  await expect(
    dialog.getByText(
      'la lecture à voix haute du totem n’en dira que le nom de la zone. La publication n’est pas bloquée.',
      { exact: false },
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: `Compléter (${ZONE})` })).toBeVisible();
  await expectAccessible(page, 'admin publish dialog with a text-alternative warning');
  await dialog.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(dialog.getByText(/^Révision \d+ publiée/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(dialog).toHaveCount(0);

  // The second image's alternative takes the zone off the list.
  await french.getByRole('button', { name: /^Modifier l’élément 2 / }).click();
  await form.getByLabel('Texte alternatif', { exact: true }).fill(ALT_2);
  await form.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();
  await expect(french.getByText('sans texte alternatif', { exact: true })).toHaveCount(0);
  await expect(link).toHaveCount(0);
  await expect(badge).toHaveText(String(before - 1));
});
