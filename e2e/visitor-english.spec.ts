/**
 * Issue 30, first step, end to end: the English version of one visitor zone ("Politiques
 * qualité") is created through the back-office's content API on a server of its own — an English
 * image drawn by the test and uploaded to the media library, an element marked `en` — and
 * published while a totem is open. The totem takes it with its sync; the English quality page
 * shows the English image, the other zone ("Certifications qualité", no English version) its
 * French images with the "FR" mark, and the French page the French images only, unmarked.
 * Screenshot: docs/screenshots/kiosk-visitor-english.png (1080 × 1920).
 */
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ADMIN_CSRF_HEADER,
  adminMediaPaths,
  adminPaths,
  IMAGE_ZONES,
  MEDIA_UPLOAD_FIELD,
  type AdminDevelopment,
  type AdminElement,
  type AdminSession,
  type AdminZone,
  type Envelope,
  type MediaItem,
} from '@plant-kiosk/contract';
import { getCatalogue } from '../apps/kiosk/src/features/visitor-tour/catalogue';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { openKioskLoggedIn } from './support/kiosk';
import { DEMO, E2E_ADMIN, repoRoot } from './support/server';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** An "English" image for the zone, drawn by the browser: the text inside it is English. */
async function drawEnglishImage(page: Page): Promise<Buffer> {
  await page.setViewportSize({ width: 900, height: 600 });
  await page.setContent(`<!doctype html><html lang="en"><body style="margin:0">
    <div style="width:900px;height:600px;display:flex;flex-direction:column;justify-content:center;
      align-items:center;gap:24px;background:#6B91AB;color:#fff;font:bold 56px sans-serif">
      <div>Our quality policy</div>
      <div style="font-size:36px;font-weight:normal">Zero defects, every customer, every day</div>
    </div></body></html>`);
  return page.screenshot({ type: 'png' });
}

async function openQualityPage(kiosk: Page, language: 'fr' | 'en') {
  await kiosk.evaluate(() => (window.location.hash = '#/accueil'));
  await kiosk.getByRole('link', { name: /Espace visiteurs/ }).click();
  await kiosk.getByRole('button', { name: language === 'en' ? /English/ : /Français/ }).click();
  const tile = getCatalogue(language).visitorButtons.quality.title;
  await kiosk.getByRole('link', { name: new RegExp(`^${tile}`) }).click();
  await expect(kiosk).toHaveURL(/#\/accueil\/visiteur\/qualite$/);
}

const section = (kiosk: Page, title: string) =>
  kiosk.locator('section').filter({ has: kiosk.getByRole('heading', { name: title }) });

test('an English visitor sees a zone’s English version, and the French one marked FR where none exists', async ({
  browser,
  page,
  playwright,
  ownServer,
}) => {
  const server = await ownServer();
  const context = await browser.newContext({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const kiosk = await context.newPage();
    await openKioskLoggedIn(kiosk, server);

    // The back-office's content API: log in, find the zone, upload the English image, add it to
    // the zone's English version, publish.
    const session = await data<AdminSession>(
      await api.post(adminPaths.login(), { data: E2E_ADMIN }),
    );
    const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
    const developments = await data<AdminDevelopment[]>(await api.get(adminPaths.developments()));
    const devid = developments.find((development) => development.devname === DEMO.devname)!.devid;
    const zones = await data<AdminZone[]>(await api.get(adminPaths.zones(devid)));
    const zone = zones.find((candidate) => candidate.zonename === IMAGE_ZONES.qualityPolicies.fr)!;
    const media = await data<MediaItem>(
      await api.post(adminMediaPaths.list(devid), {
        headers,
        multipart: {
          [MEDIA_UPLOAD_FIELD]: {
            name: 'quality-policy-en.png',
            mimeType: 'image/png',
            buffer: await drawEnglishImage(page),
          },
        },
      }),
    );
    const element = await data<AdminElement>(
      await api.post(adminPaths.elements(zone.zoneid), {
        headers,
        data: { value: media.value, type: 'image', lang: 'en' },
      }),
    );
    expect(element.lang).toBe('en');
    await data(await api.post(adminPaths.publish(devid), { headers, data: {} }));

    // English: the English image (the sync brings it to the open totem), the other zone in French
    // with its mark.
    await openQualityPage(kiosk, 'en');
    const policies = section(kiosk, 'Quality policies');
    const englishImage = policies.getByRole('img', { name: /^Quality policies/ });
    await expect(englishImage).toHaveCount(1, { timeout: 30_000 });
    await expect(englishImage).toHaveAttribute('src', new RegExp(`${media.value}$`));
    await expect(policies.getByText('FR', { exact: true })).toHaveCount(0);
    const certifications = section(kiosk, 'Quality certifications');
    const mark = certifications.getByText('FR', { exact: true });
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute('lang', 'fr');
    await expect(certifications.getByText('Shown in French: no English version yet')).toHaveCount(
      1,
    );
    await expect(certifications.getByRole('img').first()).toBeVisible();
    await expect
      .poll(() => englishImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(kiosk, 'visitor quality page in English');
    // The capture shows the page as a visitor sees it, once the sync's green banner is gone.
    await expect(kiosk.getByText('Synchronisation terminée !')).toBeHidden({ timeout: 15_000 });
    await kiosk.screenshot({ path: join(repoRoot, 'docs/screenshots/kiosk-visitor-english.png') });

    // Back to French: the French images only, and no mark.
    await openQualityPage(kiosk, 'fr');
    const frenchPolicies = section(kiosk, 'Politiques qualité').getByRole('img', {
      name: /^Politiques qualité/,
    });
    await expect(frenchPolicies.first()).toBeVisible();
    for (const src of await frenchPolicies.evaluateAll((images) =>
      images.map((image) => image.getAttribute('src') ?? ''),
    ))
      expect(src).not.toContain(media.value);
    await expect(kiosk.getByText('FR', { exact: true })).toHaveCount(0);
    await expectAccessible(kiosk, 'visitor quality page in French');
  } finally {
    await api.dispose();
    await context.close();
  }
});
