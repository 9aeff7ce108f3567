/**
 * « Vous êtes ici » (issue 47, part 2), end to end: with a kiosk open, the back-office's API (an
 * admin's session) places the totem's point on the first image of « Plan du site » — no publish —
 * and the totem, told by its stream, shows the pin with « Vous êtes ici » at that place of the
 * image on both pages that show the plan (Autres informations and Urgence); both pass axe. Saved
 * at 1080 × 1920 (docs/screenshots/kiosk-vous-etes-ici.png), and the back-office's section of the
 * totem's page at 1440 × 900 (docs/screenshots/admin-vous-etes-ici.png). Removing the point hides
 * the pin.
 */
import { join } from 'node:path';
import {
  ADMIN_CSRF_HEADER,
  pathOf,
  type AdminDevelopment,
  type AdminSession,
  type Envelope,
  type KioskPlanMarks,
} from '@plant-kiosk/contract';
import type { APIResponse, Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin, openKioskBeside } from './support/admin';
import { expect, test } from './support/fixtures';
import { DEMO, repoRoot } from './support/server';

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** The back-office's API with the page's session (its cookie) and its CSRF token. */
async function sessionApi(page: Page, origin: string) {
  const session = await data<AdminSession>(await page.request.get(`${origin}${pathOf('adminMe')}`));
  const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
  return {
    get: (path: string) => page.request.get(`${origin}${path}`),
    put: async <T>(path: string, body: object) =>
      data<T>(await page.request.put(`${origin}${path}`, { headers, data: body })),
  };
}

/** Where the pin's point is, relative to the image's box (0–1). */
async function pinPosition(image: Locator, pin: Locator) {
  const box = (await image.boundingBox())!;
  const point = (await pin.boundingBox())!; // a zero-size box at the point
  return { x: (point.x - box.x) / box.width, y: (point.y - box.y) / box.height };
}

test('a totem shows its « Vous êtes ici » on the site plan, without a publish', async ({
  page,
  browser,
  server,
}) => {
  const { context, kiosk } = await openKioskBeside(browser, server);
  try {
    await logInAdmin(page, server);
    const api = await sessionApi(page, server.url);
    const developments = await data<AdminDevelopment[]>(await api.get(pathOf('adminDevelopments')));
    const { devid } = developments.find((row) => row.devname === DEMO.devname)!;
    const kioskId = (await kiosk.evaluate(() => localStorage.getItem('kiosk-id')))!;
    expect(kioskId).toBeTruthy();
    await expect(kiosk.getByTestId('connection-indicator')).toContainText('En ligne');

    // The totem is in the fleet once its first report arrived.
    const marksPath = pathOf('adminKioskPlanMarks', { params: { devid, kioskId } });
    await expect.poll(async () => (await api.get(marksPath)).status()).toBe(200);
    const { images } = await data<KioskPlanMarks>(await api.get(marksPath));
    expect(images.length).toBeGreaterThan(0);
    const first = images[0]!;
    const saved = await api.put<KioskPlanMarks>(marksPath, {
      marks: [{ elementid: first.elementid, x: 0.62, y: 0.4 }],
    });
    expect(saved.marks).toEqual([
      { elementid: first.elementid, x: 0.62, y: 0.4, image: first.image, stale: false },
    ]);

    // Autres informations: the pin on the plan's first image, where it was placed.
    await kiosk.evaluate(() => {
      window.location.hash = '#/accueil/autresInformations';
    });
    const plan = kiosk.getByRole('list', { name: 'Plan du site' });
    const pin = plan.getByTestId('here-marker');
    await expect(pin).toHaveCount(1);
    await expect(pin).toContainText('Vous êtes ici');
    const image = plan.getByRole('img', { name: /Vous êtes ici/ });
    await image.scrollIntoViewIfNeeded();
    // The marker is a zero-size point; its label is what is seen.
    await expect(pin.getByText('Vous êtes ici')).toBeVisible();
    const where = await pinPosition(image, pin);
    expect(where.x).toBeCloseTo(0.62, 2);
    expect(where.y).toBeCloseTo(0.4, 2);
    await expectAccessible(kiosk, 'Autres informations with « Vous êtes ici »');
    // The pin in the middle of the screen, for the capture.
    await image.evaluate((element) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.top + box.height * 0.4 - window.innerHeight / 2);
    });
    await kiosk.screenshot({
      path: join(repoRoot, 'docs', 'screenshots', 'kiosk-vous-etes-ici.png'),
    });

    // Urgence shows the same plan with the same point.
    await kiosk.evaluate(() => {
      window.location.hash = '#/accueil/urgence';
    });
    const emergencyPlan = kiosk.getByRole('list', { name: 'Plan du site' });
    await expect(emergencyPlan.getByTestId('here-marker')).toHaveCount(1);
    await expectAccessible(kiosk, 'Urgence with « Vous êtes ici »');

    // The back-office's section on the totem's page.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/admin/#/parc/${devid}/${encodeURIComponent(kioskId)}`);
    const section = page.getByRole('region', { name: 'Vous êtes ici' });
    await expect(section.getByTestId('plan-mark-pin')).toHaveCount(1);
    await expectAccessible(page, 'the totem page’s « Vous êtes ici »');
    await section.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.screenshot({
      path: join(repoRoot, 'docs', 'screenshots', 'admin-vous-etes-ici.png'),
    });

    // Removed: the totem hides it at once.
    await api.put<KioskPlanMarks>(marksPath, { marks: [] });
    await expect(emergencyPlan.getByTestId('here-marker')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
