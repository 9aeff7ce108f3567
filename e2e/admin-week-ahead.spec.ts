/**
 * « La semaine à venir » end to end (issue 46): through the back-office's API, with the session of
 * the admin logged in on the page, a product of the demo is set to expire in three days at 14:00
 * (Paris) and published now, then a change of the home slideshow is scheduled for the day after
 * tomorrow at 05:00. The page lists both on their plant-local days, at their Paris times, with a
 * link to the preview of the totem at that moment (followed once); the next week no longer lists
 * them. The page passes axe and is captured at 1080×1920 (docs/screenshots/admin-semaine.png) and
 * 390 px wide (test-results/e2e/admin-week-ahead/).
 */
import { join } from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  formatPlantInstant,
  frenchDay,
  instantToPlantLocal,
  pathOf,
  plantLocalToInstant,
  type AdminDevelopment,
  type AdminElement,
  type AdminSession,
  type AdminSubgroup,
  type AdminZone,
  type Envelope,
} from '@plant-kiosk/contract';
import type { APIResponse, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: false, locale: 'fr-FR' });

const ZONE = 'Europe/Paris';
const PRODUCTS = 'Produits';
const SLIDESHOW = 'Diaporama accueil';
const PLAN = 'Plan du site';

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** `days` plant days from today, at `time` in Paris. */
function parisAt(days: number, time: string): Date {
  const today = instantToPlantLocal(new Date(), ZONE).date;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  const reading = plantLocalToInstant(date, time, ZONE);
  if ('error' in reading) throw new Error(reading.error);
  return reading.instant;
}

/** The back-office's API with the page's session (its cookie) and its CSRF token. */
async function sessionApi(page: Page, origin: string) {
  const session = await data<AdminSession>(await page.request.get(`${origin}${pathOf('adminMe')}`));
  const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
  const get = async <T>(path: string) => data<T>(await page.request.get(`${origin}${path}`));
  const patch = async <T>(path: string, body: object) =>
    data<T>(await page.request.patch(`${origin}${path}`, { headers, data: body }));
  const post = async <T>(path: string, body: object) =>
    data<T>(await page.request.post(`${origin}${path}`, { headers, data: body }));
  return { get, patch, post };
}

test('the week ahead lists a scheduled publication and an expiring product on their days', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(120_000);
  // A server of its own: it publishes an expiry and leaves a publication scheduled, which would
  // hold the slideshow's change out of another spec's « publish now » on the shared one.
  const server = await ownServer();
  await logInAdmin(page, server);
  const api = await sessionApi(page, server.url);
  const development = (await api.get<AdminDevelopment[]>(pathOf('adminDevelopments'))).find(
    (row) => row.devname === DEMO.devname,
  )!;
  const { devid } = development;
  const zones = await api.get<AdminZone[]>(pathOf('adminZones', { params: { devid } }));
  const zoneid = (name: string) => zones.find((zone) => zone.zonename === name)!.zoneid;
  const elementsOf = (name: string) =>
    api.get<AdminElement[]>(pathOf('adminElements', { params: { zoneid: zoneid(name) } }));

  // A product that never expires, named by its « titre », expires in three days at 14:00 — live.
  let product: { subgroup: AdminSubgroup; title: string } | undefined;
  for (const element of await elementsOf(PRODUCTS)) {
    const subgroups = await api.get<AdminSubgroup[]>(
      pathOf('adminSubgroups', { params: { elementid: element.elementid } }),
    );
    const subgroup = subgroups.find((row) => !row.expirationdate && row.fields.titre?.[0]?.value);
    if (subgroup) {
      product = { subgroup, title: subgroup.fields.titre![0]!.value };
      break;
    }
  }
  expect(product, 'a product without an expiration in the demo').toBeTruthy();
  const expires = parisAt(3, '14:00');
  await api.patch(
    pathOf('adminUpdateSubgroup', { params: { subgroupid: product!.subgroup.subgroupid } }),
    {
      expectedVersion: product!.subgroup.version,
      expirationdate: expires.toISOString(),
    },
  );
  await api.post(pathOf('adminPublish', { params: { devid } }), {
    note: `Fin de ${product!.title}`,
  });

  // The home slideshow's first picture changed in the draft, its publication scheduled for the day
  // after tomorrow at 05:00.
  const [slide] = await elementsOf(SLIDESHOW);
  const [other] = await elementsOf(PLAN);
  await api.patch(pathOf('adminUpdateElement', { params: { elementid: slide!.elementid } }), {
    expectedVersion: slide!.version,
    value: other!.value,
  });
  const due = parisAt(2, '05:00');
  await api.post(pathOf('adminPublish', { params: { devid } }), {
    note: 'Photo d’accueil de la semaine',
    at: due.toISOString(),
  });

  // From the top menu, as the plant's team gets there.
  await page.getByRole('link', { name: 'Semaine à venir', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/semaine/${devid}$`));
  await expect(page.getByRole('heading', { name: 'La semaine à venir', level: 1 })).toBeVisible();
  await expect(page.getByText(/Les heures sont celles du site \(heure de Paris\)/)).toBeVisible();
  const day = (instant: Date) =>
    page.getByRole('listitem').filter({
      has: page.getByRole('heading', {
        level: 2,
        name: new RegExp(`^${frenchDay(instant, ZONE)}$`, 'i'),
      }),
    });

  const publication = day(due)
    .getByRole('listitem')
    .filter({ hasText: 'Publication programmée : Photo d’accueil de la semaine' });
  await expect(publication).toContainText('— 1 modification');
  await expect(publication.locator('time')).toHaveText('05:00');
  await expect(publication.locator('time')).toHaveAttribute('datetime', due.toISOString());
  await expect(
    publication.getByRole('link', { name: /^Voir la borne à ce moment/ }),
  ).toHaveAttribute('href', `#/apercu/${devid}?at=${encodeURIComponent(due.toISOString())}`);

  const expiring = day(expires)
    .getByRole('listitem')
    .filter({ hasText: `${product!.title} expire et quitte les totems` });
  await expect(expiring.locator('time')).toHaveText('14:00');
  await expect(expiring.getByRole('link', { name: /^Voir la borne à ce moment/ })).toHaveAttribute(
    'href',
    `#/apercu/${devid}?at=${encodeURIComponent(expires.toISOString())}`,
  );

  await expectAccessible(page, 'La semaine à venir');
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(repoRoot, 'docs', 'screenshots', 'admin-semaine.png') });
  // And on a phone, the whole page (kept with the test results, not in the docs).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: join(repoRoot, 'test-results', 'e2e', 'admin-week-ahead', 'semaine-390.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1080, height: 1920 });

  // The week after no longer lists them; back, and they are there again.
  await page.getByRole('button', { name: 'Semaine suivante →' }).click();
  await expect(day(due)).toHaveCount(0);
  await expect(page.getByText('Photo d’accueil de la semaine')).toHaveCount(0);
  await page.getByRole('button', { name: '← Semaine précédente' }).click();
  await expect(publication).toBeVisible();
  await expect(page.getByRole('button', { name: '← Semaine précédente' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // The link opens the preview of the totems at that moment (its page: e2e/admin-preview.spec.ts).
  await publication.getByRole('link', { name: /^Voir la borne à ce moment/ }).click();
  await expect(
    page.getByText(`montreront ${formatPlantInstant(due, ZONE)}`, { exact: false }),
  ).toBeVisible();
});
