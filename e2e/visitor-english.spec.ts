/**
 * English content, end to end, on a server of its own seeded with the demo plant (whose visitor
 * zones have English versions, demo/src/content/english.ts):
 * - the English emergency page shows the English images — the files of the zones' `en` elements,
 *   whose text is English ("On site, call 2222 first") — and no "FR" mark; so do the HSE and
 *   quality pages;
 * - the group page's video, which the demo leaves French on purpose (its captions are burned into
 *   a committed video), is shown with the "FR" mark;
 * - a zone made untranslated through the back-office's content API (its English elements deleted,
 *   then published while the totem is open) falls back to its French images with the "FR" mark,
 *   while the other zone of the page stays English;
 * - back in French, the pages show the French images only, unmarked.
 * Screenshot: docs/screenshots/kiosk-visitor-english.png (1080 × 1920, the English quality page
 * scrolled to its zone shown in French with the mark). The English pages' own captures are
 * `npm run screenshots`'s visitor-*-en.png.
 */
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  ADMIN_CSRF_HEADER,
  IMAGE_ZONES,
  type AdminDevelopment,
  type AdminElement,
  type AdminSession,
  type AdminZone,
  type Envelope,
  pathOf,
} from '@plant-kiosk/contract';
import { getCatalogue } from '../apps/kiosk/src/features/visitor-tour/catalogue';
import { expectAccessible } from './support/a11y';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';
import { openKioskLoggedIn } from './support/kiosk';
import { DEMO, E2E_ADMIN, repoRoot, type RunningServer } from './support/server';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

type Tile = keyof ReturnType<typeof getCatalogue>['visitorButtons'];

async function openVisitorPage(kiosk: Page, language: 'fr' | 'en', tile: Tile, slug: string) {
  await kiosk.evaluate(() => (window.location.hash = '#/accueil'));
  await kiosk.getByRole('link', { name: /Espace visiteurs/ }).click();
  await kiosk.getByRole('button', { name: language === 'en' ? /English/ : /Français/ }).click();
  const title = getCatalogue(language).visitorButtons[tile].title;
  await kiosk.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await expect(kiosk).toHaveURL(new RegExp(`#/accueil/visiteur/${slug}$`));
}

const section = (kiosk: Page, title: string) =>
  kiosk.locator('section').filter({ has: kiosk.getByRole('heading', { name: title }) });

const srcs = (images: Locator) =>
  images.evaluateAll((list) => list.map((image) => image.getAttribute('src') ?? ''));

const fileName = (value: string) => value.slice(value.lastIndexOf('/') + 1);

/**
 * The section shows exactly the zone's elements in `lang` (the files the seed wrote for that
 * language), the first one loaded.
 */
async function expectZoneImages(
  kiosk: Page,
  server: RunningServer,
  title: string,
  zonename: string,
  lang: 'fr' | 'en',
) {
  const expected = zoneElements(server, zonename, lang).map((element) => fileName(element.value));
  expect(expected.length, `${zonename} (${lang}) in the seed`).toBeGreaterThan(0);
  // Each image is in its gallery button, named after the section (« Enlarge: Title, 1 / 2 »);
  // the picture itself carries its text alternative (decision 050).
  const images = section(kiosk, title)
    .getByRole('button', { name: new RegExp(`^(Enlarge: |Agrandir : )${title}`) })
    .locator('img');
  await expect(images).toHaveCount(expected.length, { timeout: 30_000 });
  expect((await srcs(images)).map(fileName)).toEqual(expected);
  const first = images.first();
  await first.scrollIntoViewIfNeeded();
  await expect
    .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
}

const FR_MARK_SENTENCE = 'Shown in French: no English version yet';

test('an English visitor sees the demo plant in English, its images included; an untranslated zone is French and marked FR; French stays French', async ({
  browser,
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

    // The emergency page in English: the English images of both zones, and no French mark.
    await openVisitorPage(kiosk, 'en', 'emergency', 'urgence');
    await expectZoneImages(
      kiosk,
      server,
      'Emergency numbers',
      IMAGE_ZONES.emergencyNumbers.fr,
      'en',
    );
    await expectZoneImages(kiosk, server, 'Site plan', IMAGE_ZONES.sitePlan.fr, 'en');
    // The first image is the English poster, drawn for it (its words are checked on the drawing
    // itself by demo/src/demo-pack.test.ts; here it is a WebP picture named after its title).
    const poster = section(kiosk, 'Emergency numbers').getByRole('img').first();
    expect(fileName((await poster.getAttribute('src'))!)).toMatch(
      /^emergency-numbers-[0-9a-f]{8}\.webp$/,
    );
    await expect(kiosk.getByText('FR', { exact: true })).toHaveCount(0);
    await expectAccessible(kiosk, 'visitor emergency page in English');

    await openVisitorPage(kiosk, 'en', 'hse', 'hse');
    await expectZoneImages(
      kiosk,
      server,
      'HSE policies and contacts',
      IMAGE_ZONES.hsePolicies.fr,
      'en',
    );
    await expect(kiosk.getByText('FR', { exact: true })).toHaveCount(0);
    await expectAccessible(kiosk, 'visitor HSE page in English');

    // The group video stays French in the demo: shown, with its mark.
    await openVisitorPage(kiosk, 'en', 'group', 'groupe');
    await expect(kiosk.locator('video.zone-video__player')).toHaveAttribute(
      'src',
      new RegExp(`${fileName(zoneElements(server, 'Vidéo groupe')[0]!.value)}$`),
    );
    const videoMark = kiosk.getByText('FR', { exact: true });
    await expect(videoMark).toBeVisible();
    await expect(videoMark).toHaveAttribute('lang', 'fr');
    await expect(kiosk.getByText(FR_MARK_SENTENCE)).toHaveCount(1);
    await expectAccessible(kiosk, 'visitor group page in English');

    // The back-office's content API: delete the certifications' English version, publish.
    const session = await data<AdminSession>(
      await api.post(pathOf('adminLogin'), { data: E2E_ADMIN }),
    );
    const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
    const developments = await data<AdminDevelopment[]>(await api.get(pathOf('adminDevelopments')));
    const devid = developments.find((development) => development.devname === DEMO.devname)!.devid;
    const zones = await data<AdminZone[]>(
      await api.get(pathOf('adminZones', { params: { devid } })),
    );
    const certifications = zones.find(
      (zone) => zone.zonename === IMAGE_ZONES.qualityCertifications.fr,
    )!;
    const elements = await data<AdminElement[]>(
      await api.get(pathOf('adminElements', { params: { zoneid: certifications.zoneid } })),
    );
    const english = elements.filter((element) => element.lang === 'en');
    expect(english.length).toBeGreaterThan(0);
    for (const element of english)
      await data(
        await api.delete(
          pathOf('adminDeleteElement', {
            params: { elementid: element.elementid },
            query: { expectedVersion: element.version },
          }),
          { headers },
        ),
      );
    await data(
      await api.post(pathOf('adminPublish', { params: { devid } }), { headers, data: {} }),
    );

    // English quality page: policies in English, certifications in French with the mark (the
    // sync brings the change to the open totem).
    await openVisitorPage(kiosk, 'en', 'quality', 'qualite');
    await expectZoneImages(
      kiosk,
      server,
      'Quality certifications',
      IMAGE_ZONES.qualityCertifications.fr,
      'fr',
    );
    const mark = section(kiosk, 'Quality certifications').getByText('FR', { exact: true });
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute('lang', 'fr');
    await expect(section(kiosk, 'Quality certifications').getByText(FR_MARK_SENTENCE)).toHaveCount(
      1,
    );
    await expectZoneImages(kiosk, server, 'Quality policies', IMAGE_ZONES.qualityPolicies.fr, 'en');
    await expect(section(kiosk, 'Quality policies').getByText('FR', { exact: true })).toHaveCount(
      0,
    );
    await expectAccessible(kiosk, 'visitor quality page in English, one zone in French');
    // The capture shows the page as a visitor sees it, once the sync's green banner is gone.
    await expect(kiosk.getByText('Synchronisation terminée !')).toBeHidden({ timeout: 15_000 });
    await section(kiosk, 'Quality certifications').evaluate((element) =>
      element.scrollIntoView({ block: 'start' }),
    );
    await kiosk.screenshot({ path: join(repoRoot, 'docs/screenshots/kiosk-visitor-english.png') });

    // Back to French: the French images only, and no mark.
    await openVisitorPage(kiosk, 'fr', 'emergency', 'urgence');
    await expectZoneImages(
      kiosk,
      server,
      'Numéros d’urgence',
      IMAGE_ZONES.emergencyNumbers.fr,
      'fr',
    );
    await expectZoneImages(kiosk, server, 'Plan du site', IMAGE_ZONES.sitePlan.fr, 'fr');
    await expect(kiosk.getByText('FR', { exact: true })).toHaveCount(0);
    await openVisitorPage(kiosk, 'fr', 'quality', 'qualite');
    await expectZoneImages(
      kiosk,
      server,
      'Politiques qualité',
      IMAGE_ZONES.qualityPolicies.fr,
      'fr',
    );
    await expect(kiosk.getByText('FR', { exact: true })).toHaveCount(0);
    await expectAccessible(kiosk, 'visitor quality page in French');
  } finally {
    await api.dispose();
    await context.close();
  }
});
