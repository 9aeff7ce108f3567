/**
 * The visitor journey in a real browser (visitor journey): the visitor home in French and English,
 * the language switch and the breadcrumb, every visitor route with the demo plant's content and
 * axe, the 21 product cards and their tabs, the news panel, a visitor sent back from a staff route,
 * no inactivity warning for visitors, and the whole tour again with the server stopped.
 *
 * Speed: a login and a whole plant's first sync (with its media) cost far more than a visit, so
 * the online tests run in one serial group on one server of its own and one kiosk logged in once
 * (support/shared-kiosk.ts), in parallel with the two tests that need a kiosk of their own. Every
 * test of the group still starts from a reload (a fresh start: the language, the breadcrumb and
 * the news panel live in memory). The offline tour keeps a kiosk that has never shown a visitor
 * page online, so it proves that the sync alone (not media cached while browsing) carries the
 * whole tour; the inactivity test keeps one too, as its fake clock must be installed before the
 * kiosk's first load.
 */
import type { Locator, Page } from '@playwright/test';
import {
  getCatalogue,
  productSheets,
  type PlantTourCatalogue,
} from '../apps/kiosk/src/features/visitor-tour/catalogue';
import { expectAccessible } from './support/a11y';
import { expectNoTextOverflow, expectTapTargets } from './support/layout';
import { expect, test } from './support/fixtures';
import {
  freshOffline,
  freshOnline,
  stopServer,
  useSharedKiosk,
  type SharedKiosk,
} from './support/shared-kiosk';

// The serial group and the two tests with a kiosk of their own run in parallel, one per free worker.
test.describe.configure({ mode: 'parallel' });

type Language = 'fr' | 'en';
type Slug = 'groupe' | 'siteNeubourg' | 'gamme' | 'hse' | 'qualite' | 'environnement' | 'urgence';

const SLUGS: Slug[] = [
  'groupe',
  'siteNeubourg',
  'gamme',
  'hse',
  'qualite',
  'environnement',
  'urgence',
];

/** The home tile of each route, from the catalogue. */
const TILE: Record<Slug, keyof PlantTourCatalogue['visitorButtons']> = {
  groupe: 'group',
  siteNeubourg: 'plant',
  gamme: 'productRange',
  hse: 'hse',
  qualite: 'quality',
  environnement: 'environment',
  urgence: 'emergency',
};

/** Banner titles (i18n `pages.visiteur*`). */
const TITLES: Record<Language, Record<Slug, string>> = {
  fr: {
    groupe: 'Le Groupe',
    siteNeubourg: 'Le site du Neubourg',
    gamme: 'Notre gamme',
    hse: 'HSE',
    qualite: 'Qualité',
    environnement: 'Démarche environnementale',
    urgence: 'Urgence et sécurité',
  },
  en: {
    groupe: 'The Group',
    siteNeubourg: 'Le Neubourg plant',
    gamme: 'Our product range',
    hse: 'HSE',
    qualite: 'Quality',
    environnement: 'Environmental approach',
    urgence: 'Emergency and safety',
  },
};

const UI = {
  fr: {
    breadcrumb: "Fil d'Ariane",
    home: 'Accueil',
    visitors: 'Visiteurs',
    homeButton: "Retour à l'accueil",
  },
  en: { breadcrumb: 'Breadcrumb', home: 'Home', visitors: 'Visitors', homeButton: 'Back to home' },
} as const;

/** The image zones each route shows, by their visitor title in each language. */
const ZONE_LISTS: Record<Slug, Record<Language, string[]>> = {
  groupe: { fr: [], en: [] },
  siteNeubourg: {
    fr: ['Présentation site', 'Moulage', 'Assemblage', 'Services support'],
    en: ['Plant introduction', 'Molding unit', 'Assembly unit', 'Support departments'],
  },
  gamme: { fr: [], en: [] },
  hse: {
    fr: [
      'Politiques et contacts HSE',
      'Équipements de protection (EPI)',
      'Protection du travailleur isolé (PTI)',
      'Déchets et pollution',
    ],
    en: [
      'HSE policies and contacts',
      'Personal protective equipment (PPE)',
      'Lone worker protection (PTI)',
      'Waste and pollution',
    ],
  },
  qualite: {
    fr: ['Politiques qualité', 'Certifications qualité'],
    en: ['Quality policies', 'Quality certifications'],
  },
  environnement: { fr: ['Politique environnement'], en: ['Environment policies'] },
  urgence: {
    fr: ['Numéros d’urgence', 'Plan du site'],
    en: ['Emergency numbers', 'Site plan'],
  },
};

const VIDEO_ROUTES: Slug[] = ['groupe', 'siteNeubourg'];

async function openVisitorHome(page: Page) {
  await page.getByRole('link', { name: /Espace visiteurs/ }).click();
  await expect(page).toHaveURL(/#\/accueil\/visiteur\/?$/);
  await expect(
    page.getByRole('heading', { name: getCatalogue('fr').visitorHome.title }),
  ).toBeVisible();
}

async function chooseLanguage(page: Page, language: Language) {
  await page.getByRole('button', { name: language === 'en' ? /English/ : /Français/ }).click();
  await expect(
    page.getByRole('heading', { name: getCatalogue(language).visitorHome.title }),
  ).toBeVisible();
}

/** From any visitor page: back to the visitor home, then the route's tile. */
async function goToRoute(page: Page, slug: Slug, language: Language) {
  // The visitor home: /accueil/visiteur, or the root itself on a visitor totem.
  const visitorHome = /#\/accueil(\/visiteur)?\/?$/;
  if (!visitorHome.test(page.url())) {
    await page.getByRole('link', { name: UI[language].homeButton, exact: true }).click();
  }
  await expect(page).toHaveURL(visitorHome);
  const tile = getCatalogue(language).visitorButtons[TILE[slug]];
  await page.getByRole('link', { name: new RegExp(`^${escape(tile.title)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#/accueil/visiteur/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLES[language][slug] })).toBeVisible();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
}

async function expectBreadcrumb(page: Page, labels: string[], language: Language) {
  const nav = page.getByRole('navigation', { name: UI[language].breadcrumb });
  await expect(nav.getByRole('listitem')).toHaveText(labels);
}

/** What every visitor route must show: its zones' images, its video, its own content. */
async function checkRoute(page: Page, slug: Slug, language: Language) {
  const catalogue = getCatalogue(language);
  await expectBreadcrumb(
    page,
    [UI[language].home, UI[language].visitors, TITLES[language][slug]],
    language,
  );
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('body')).not.toContainText('missing translation');

  for (const zone of ZONE_LISTS[slug][language]) {
    const list = page.getByRole('list', { name: zone, exact: true });
    await expect(list, zone).toBeVisible();
    await expectLoaded(list.getByRole('img').first());
  }
  if (VIDEO_ROUTES.includes(slug)) {
    const video = page.locator('video.zone-video__player');
    await expect(video).toHaveCount(1);
    await video.scrollIntoViewIfNeeded();
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.controls])).toEqual([
      true,
      true,
      false,
    ]);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(2);
  }
  switch (slug) {
    case 'groupe':
      await expect(
        page.getByRole('heading', { name: catalogue.group.beautyDivision.title }),
      ).toBeVisible();
      break;
    case 'gamme':
      await expect(page.locator('[data-product-id]')).toHaveCount(21);
      break;
    case 'qualite':
      await expect(page.locator('main')).not.toContainText(
        language === 'en' ? 'Environment policies' : 'Politique environnement',
      );
      break;
    case 'environnement': {
      await expect(
        page.getByRole('img', {
          name: language === 'en' ? /Circularity indicator scale/ : /Échelle de l’indicateur/,
        }),
      ).toBeVisible();
      await page
        .getByRole('button', {
          name: new RegExp(escape(catalogue.environment.catalogue.openLabel)),
        })
        .click();
      const viewer = page.getByRole('dialog', { name: catalogue.environment.catalogue.title });
      await expectLoaded(viewer.locator('.page-viewer__page img').first());
      await viewer
        .getByRole('button', { name: catalogue.environment.catalogue.closeLabel, exact: true })
        .click();
      await expect(viewer).toHaveCount(0);
      break;
    }
    case 'urgence':
      await expect(
        page.getByRole('heading', { name: catalogue.visitorHome.safetyTitle }),
      ).toBeVisible();
      break;
    default:
      break;
  }
}

/** The visitor home in French and English, the language switch and the breadcrumb. */
async function visitorHomeAndLanguages(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await freshOnline(kiosk);
  await openVisitorHome(page);
  const fr = getCatalogue('fr');
  const en = getCatalogue('en');

  await expectBreadcrumb(page, ['Accueil', 'Visiteurs'], 'fr');
  const tiles = page.getByRole('navigation', { name: 'Thèmes de la visite' }).getByRole('link');
  await expect(tiles).toHaveCount(7);
  await expectTapTargets(page, 'visitor home');
  await expectNoTextOverflow(page, 'visitor home');
  for (const rule of fr.visitorHome.rules) await expect(page.getByText(rule)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Retour à l’accueil salariés' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Français/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAccessible(page, 'visitor home fr');

  // Deeper first, then English from the home: the breadcrumb starts again, in English.
  await goToRoute(page, 'hse', 'fr');
  await expectBreadcrumb(page, ['Accueil', 'Visiteurs', 'HSE'], 'fr');
  await page.getByRole('link', { name: UI.fr.homeButton, exact: true }).click();
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('button', { name: /English/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: /Français/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expectBreadcrumb(page, ['Home', 'Visitors'], 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  for (const rule of en.visitorHome.rules) await expect(page.getByText(rule)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Tour topics' }).getByRole('link')).toHaveCount(
    7,
  );
  await expect(page.getByRole('link', { name: 'Back to the staff home' })).toBeVisible();
  await expectAccessible(page, 'visitor home en');

  // The breadcrumb's "Visitors" entry leads back to the visitor home, still in English.
  await goToRoute(page, 'qualite', 'en');
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Visitors' })
    .click();
  await expect(page).toHaveURL(/#\/accueil\/visiteur\/?$/);
  await expect(page.getByRole('heading', { name: en.visitorHome.title })).toBeVisible();

  // Staff pages stay French, and the staff home sets French again.
  await page.getByRole('link', { name: 'Back to the staff home' }).click();
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await openVisitorHome(page);
  await chooseLanguage(page, 'fr');
}

/** Every visitor route in one language, with its content and axe. */
async function everyRoute(kiosk: SharedKiosk, language: Language) {
  const { page } = kiosk;
  await freshOnline(kiosk);
  await openVisitorHome(page);
  if (language === 'en') await chooseLanguage(page, 'en');
  for (const slug of SLUGS) {
    await goToRoute(page, slug, language);
    await checkRoute(page, slug, language);
    await page.locator('main').evaluate((main) => main.scrollTo({ top: 0 }));
    await expectAccessible(page, `visitor ${slug} ${language}`);
    // Totem-size screen fixes, at 1080 × 1920: tap targets ≥ 44 × 44 px, no text out of its box.
    await expectTapTargets(page, `visitor ${slug} ${language}`);
    await expectNoTextOverflow(page, `visitor ${slug} ${language}`);
  }
}

/** The product cards open on tap, with their two tabs, for all 21 sheets in both languages. */
async function productCards(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await freshOnline(kiosk);
  await openVisitorHome(page);
  for (const language of ['fr', 'en'] as const) {
    if (language === 'en') {
      await page.getByRole('link', { name: UI.fr.homeButton, exact: true }).click();
      await chooseLanguage(page, 'en');
    }
    await goToRoute(page, 'gamme', language);
    const labels = getCatalogue(language).productRange.cards;
    for (const sheet of productSheets(language)) {
      await page.locator(`[data-product-id="${sheet.id}"]`).click();
      const dialog = page.getByRole('dialog', { name: sheet.name, exact: true });
      await expect(dialog).toBeVisible();
      const benefits = dialog.getByRole('tab', { name: labels.tabs.benefits });
      const sustainability = dialog.getByRole('tab', { name: labels.tabs.sustainability });
      await expect(benefits).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveText([
        ...sheet.benefits,
      ]);
      await sustainability.click();
      await expect(sustainability).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveText([
        ...sheet.sustainability,
      ]);
      if (sheet.dosageOptions.length > 0) {
        await expect(
          dialog.getByRole('list', { name: labels.chips.dosage }).getByRole('listitem'),
        ).toHaveText(sheet.dosageOptions.map((dose) => `${dose}\u00a0µl`));
      }
      if (sheet.sampleColours.length > 0) {
        await expect(
          dialog.getByRole('list', { name: labels.chips.colours }).getByRole('listitem'),
        ).toHaveText([...sheet.sampleColours]);
      }
      if (sheet.id === 1) await expectAccessible(page, `product sheet ${language}`);
      await dialog.getByRole('button', { name: labels.closeLabel, exact: true }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
}

/** The news panel opens its product, and once closed stays closed until the visitor home is left. */
async function newsPanel(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await freshOnline(kiosk);
  await openVisitorHome(page);
  await chooseLanguage(page, 'en');
  await goToRoute(page, 'gamme', 'en');
  const news = getCatalogue('en').productRange.news;
  const panel = page.getByRole('complementary', { name: news.title });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: news.seeProductLabel }).click();
  const sheet = productSheets('en').find((candidate) => candidate.id === news.productId)!;
  const dialog = page.getByRole('dialog', { name: sheet.name });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await panel.getByRole('button', { name: /^Close/ }).click();
  await expect(panel).toHaveCount(0);

  // Around the visitor pages and back: still closed.
  await goToRoute(page, 'hse', 'en');
  await goToRoute(page, 'gamme', 'en');
  await expect(page.getByRole('complementary', { name: news.title })).toHaveCount(0);

  // Leaving the visitor home (back to the staff home), then coming back: the news shows again.
  await page.getByRole('link', { name: UI.en.homeButton, exact: true }).click();
  await page.getByRole('link', { name: 'Back to the staff home' }).click();
  await openVisitorHome(page);
  await goToRoute(page, 'gamme', 'fr');
  await expect(
    page.getByRole('complementary', { name: getCatalogue('fr').productRange.news.title }),
  ).toBeVisible();
}

/**
 * Sets the totem up for visitors (parcours visiteur) and reloads, as after the hidden switcher
 * (which kiosk-core.spec.ts covers; its 500 ms double tap is too tight for a loaded test machine).
 */
async function becomeVisitor(page: Page, serverUrl: string) {
  await page.evaluate(() => localStorage.setItem('parcours', 'visiteur'));
  await page.goto(`${serverUrl}/#/accueil`);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: getCatalogue('fr').visitorHome.title }),
  ).toBeVisible();
}

/** A visitor typing or following a staff URL lands on the visitor home; employees do not. */
async function visitorSentBack(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  // An employee reaches staff routes and visitor routes alike.
  await page.goto(`${server.url}/#/accueil/hse`);
  await expect(page).toHaveURL(/#\/accueil\/hse$/);
  await page.goto(`${server.url}/#/accueil/visiteur/gamme`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notre gamme' })).toBeVisible();

  await page.goto(`${server.url}/#/accueil`);
  await becomeVisitor(page, server.url);
  await expect(page.getByRole('link', { name: 'Retour à l’accueil salariés' })).toHaveCount(0);
  for (const staffPath of [
    '/accueil/hse',
    '/accueil/informations',
    '/accueil/projets/archives',
    '/accueil/qualite',
  ]) {
    await page.goto(`${server.url}/#${staffPath}`);
    await expect(page, staffPath).toHaveURL(/#\/accueil\/visiteur$/);
    await expect(
      page.getByRole('heading', { name: getCatalogue('fr').visitorHome.title }),
    ).toBeVisible();
  }
  // The logo leads a visitor to the visitor home too, and the visitor routes stay open.
  await page.goto(`${server.url}/#/accueil/visiteur/qualite`);
  await expect(page.getByRole('heading', { level: 1, name: 'Qualité' })).toBeVisible();
  await page.goto(`${server.url}/#/accueil`);
  await expect(
    page.getByRole('heading', { name: getCatalogue('fr').visitorHome.title }),
  ).toBeVisible();
}

/**
 * Runs last in its group, offline (the server stopped by the test before): the fake clock stays
 * installed on the page once it is, and the kiosk's timers run the same without a server.
 */
async function inactivityOffline(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  // Installed on the open page, the fake clock takes over the kiosk's timers from the reload on.
  await page.clock.install();
  await freshOffline(kiosk, '/accueil');

  // An employee on a visitor page gets the warning (the clock does run).
  await openVisitorHome(page);
  await goToRoute(page, 'hse', 'fr');
  await page.clock.runFor(301_000);
  const warning = page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' });
  await expect(warning).toBeVisible();
  // A key press, not a click: the popup's seconds re-render every tick of the running fake
  // clock, and on a loaded machine a click's hit test can land beside the moving text (on the
  // page, whose pointerdown then closes the popup before the click is retried).
  await warning.getByRole('button', { name: 'Je suis là' }).press('Enter');
  await expect(warning).toHaveCount(0);

  // A visitor, deep in the visitor pages, in English: no warning at all.
  await becomeVisitor(page, server.url);
  await chooseLanguage(page, 'en');
  await goToRoute(page, 'gamme', 'en');
  await page.clock.runFor(301_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.clock.runFor(200_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // At 0 the kiosk returns to the root, which is the visitor home, in French for the next visitor.
  await page.clock.runFor(100_000);
  await expect(page).toHaveURL(/#\/accueil$/);
  await expect(
    page.getByRole('heading', { name: getCatalogue('fr').visitorHome.title }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test.describe.serial('visitor pages online, on one kiosk logged in once', () => {
  const kiosk = useSharedKiosk();
  test('the visitor home in French and English, the language switch and the breadcrumb', () =>
    visitorHomeAndLanguages(kiosk));
  test('every visitor route in French, with its content and axe', () => everyRoute(kiosk, 'fr'));
  test('every visitor route in English, with its content and axe', () => everyRoute(kiosk, 'en'));
  test('the news panel opens its product, and once closed stays closed until the visitor home is left', () =>
    newsPanel(kiosk));
  test('the product cards open on tap, with their two tabs, for all 21 sheets in both languages', () =>
    productCards(kiosk));
  // Sets the visitor parcours: useSharedKiosk clears it after the test.
  test('a visitor typing or following a staff URL lands on the visitor home; employees do not', () =>
    visitorSentBack(kiosk));
  // The server is stopped from here on.
  test('the whole visitor tour works with the server stopped, in both languages', () =>
    tourOffline(kiosk));
  test('visitors get no inactivity warning, and still go back to their home after 600 s', () =>
    inactivityOffline(kiosk));
});

async function tourOffline(kiosk: SharedKiosk) {
  const { page } = kiosk;
  await stopServer(kiosk);
  await openVisitorHome(page);
  for (const language of ['fr', 'en'] as const) {
    if (language === 'en') {
      await page.getByRole('link', { name: UI.fr.homeButton, exact: true }).click();
      await chooseLanguage(page, 'en');
    }
    for (const slug of SLUGS) {
      await goToRoute(page, slug, language);
      await checkRoute(page, slug, language);
    }
  }
  // A product card and its tabs, offline.
  await goToRoute(page, 'gamme', 'en');
  const sheet = productSheets('en')[20]!;
  await page.locator(`[data-product-id="${sheet.id}"]`).click();
  const dialog = page.getByRole('dialog', { name: sheet.name, exact: true });
  await dialog.getByRole('tab', { name: 'Sustainability' }).click();
  await expect(dialog.getByRole('tabpanel').getByRole('listitem')).toHaveText([
    ...sheet.sustainability,
  ]);
}
