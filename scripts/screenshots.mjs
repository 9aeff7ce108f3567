// `npm run screenshots`: captures kiosk screens at the totem's 1080×1920 into docs/screenshots/.
// It builds nothing: run `npm run build` first. It starts the built content service on a
// temporary DATA_DIR (seeded with the demo plant), logs in with Debian's Chromium, waits for the
// first sync, then opens each route of SCREENS below and saves what the totem shows.
//
//   node scripts/screenshots.mjs                 every screen
//   node scripts/screenshots.mjs staff-hse ...   only the named screens
//
// To add screens (e.g. visitor pages), add entries to SCREENS: `file` (without .png), the hash
// `path`, and optionally `storage` (localStorage values set before the page loads, e.g. the
// totem type or parcours) and `action` (an async function run on the Playwright page before the
// capture, e.g. to open a popup).
/* global window, document -- the functions given to page.evaluate run in the browser */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib/ensure.mjs';

const MOULAGE = { totem: 'Moulage' };
const ASSEMBLAGE = { totem: 'Assemblage' };

export const SCREENS = [
  { file: 'staff-accueil-moulage', path: '/accueil', storage: MOULAGE },
  { file: 'staff-accueil-assemblage', path: '/accueil', storage: ASSEMBLAGE },
  { file: 'staff-groupe', path: '/accueil/groupe' },
  { file: 'staff-siteNeubourg', path: '/accueil/siteNeubourg' },
  { file: 'staff-nosClientsNosProduits', path: '/accueil/nosClientsNosProduits' },
  {
    file: 'staff-nosClientsNosProduits-produits',
    path: '/accueil/nosClientsNosProduits',
    action: (page) => scrollTo(page, '.product-range'),
  },
  {
    file: 'staff-nosClientsNosProduits-fiche',
    path: '/accueil/nosClientsNosProduits',
    action: (page) => page.getByRole('button', { name: 'BRUME FINE', exact: true }).click(),
  },
  { file: 'staff-informations', path: '/accueil/informations' },
  {
    file: 'staff-informations-magazine',
    path: '/accueil/informations',
    action: (page) => scrollTo(page, '.staff-section:has(.magazine)'),
  },
  { file: 'staff-hse', path: '/accueil/hse' },
  {
    file: 'staff-hse-zoom',
    path: '/accueil/hse',
    action: (page) => page.getByRole('button', { name: /^Agrandir : EPI, 2/ }).click(),
  },
  { file: 'staff-moulage', path: '/accueil/moulage' },
  { file: 'staff-qualite', path: '/accueil/qualite' },
  { file: 'staff-autresInformations', path: '/accueil/autresInformations' },
  { file: 'staff-urgence', path: '/accueil/urgence' },
  {
    file: 'staff-urgence-incendie',
    path: '/accueil/urgence',
    action: (page) =>
      page
        .getByTestId('banner')
        .getByRole('button', { name: 'Alarme incendie', exact: true })
        .click(),
  },
  { file: 'staff-formulaire', path: '/accueil/formulaire' },
  { file: 'staff-projets', path: '/accueil/projets', storage: MOULAGE },
  {
    file: 'staff-projets-plan',
    path: '/accueil/projets',
    storage: MOULAGE,
    action: (page) => scrollTo(page, '.be-lean__plans'),
  },
  { file: 'staff-projets-archives', path: '/accueil/projets/archives', storage: MOULAGE },
  ...visitorScreens(),
];

/**
 * The visitor pages (visitor journey), on a visitor totem (parcours visiteur), in French and
 * English. The language lives in memory, so an English screen loads the visitor home, taps
 * "English" and then moves to its route in-app, as a visitor would.
 */
function visitorScreens() {
  const VISITOR = { parcours: 'visiteur' };
  const routes = ['groupe', 'siteNeubourg', 'gamme', 'hse', 'qualite', 'environnement', 'urgence'];
  const inLanguage = (language, route, then) => async (page) => {
    if (language === 'en') await page.getByRole('button', { name: /English/ }).click();
    if (route) {
      await page.evaluate((hash) => (window.location.hash = hash), `#/accueil/visiteur/${route}`);
      await page.locator('.banner__title').waitFor();
    }
    if (then) await then(page);
  };
  const screens = [];
  for (const language of ['fr', 'en']) {
    screens.push({
      file: `visitor-accueil-${language}`,
      path: '/accueil/visiteur',
      storage: VISITOR,
      action: inLanguage(language, null),
    });
    for (const route of routes) {
      screens.push({
        file: `visitor-${route}-${language}`,
        path: '/accueil/visiteur',
        storage: VISITOR,
        action: inLanguage(language, route),
      });
    }
    screens.push(
      {
        file: `visitor-gamme-fiche-${language}`,
        path: '/accueil/visiteur',
        storage: VISITOR,
        action: inLanguage(language, 'gamme', async (page) => {
          await page.locator('[data-product-id="5"]').click();
          await page.getByRole('tab').nth(1).click();
        }),
      },
      {
        file: `visitor-gamme-brochures-${language}`,
        path: '/accueil/visiteur',
        storage: VISITOR,
        action: inLanguage(language, 'gamme', (page) => scrollTo(page, '#section-3')),
      },
      {
        file: `visitor-environnement-circularite-${language}`,
        path: '/accueil/visiteur',
        storage: VISITOR,
        action: inLanguage(language, 'environnement', (page) => scrollTo(page, '#section-1')),
      },
    );
  }
  return screens;
}

const OUT_DIR = join(root, 'docs/screenshots');
const SERVER = join(root, 'apps/server/dist/server.js');
const DEMO = { devname: 'neubourg', login: 'kiosk', password: 'kiosk' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of e2e/playwright.config.ts.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function scrollTo(page, selector) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.evaluate((sel) => {
    document.querySelector(sel)?.scrollIntoView({ block: 'start' });
  }, selector);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [SERVER], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start within 120 s:\n${log}`);
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Waits until every image in the document has loaded (or failed) and fonts are ready. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // Each load syncs once: wait until its banner is gone so it does not cover the screen.
  await page.waitForTimeout(300);
  await page
    .waitForFunction(
      () =>
        document
          .querySelector('[data-testid="sync-status-banner"]')
          ?.getAttribute('data-status') === 'hidden',
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => console.warn('  (the sync banner was still showing)'));
  await page
    .waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        [...document.images].every((image) => image.complete) &&
        !document.querySelector('.page-loader'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => console.warn('  (some images were still loading)'));
  // Let carousels and fades finish their first movement.
  await page.waitForTimeout(700);
}

async function main() {
  const only = new Set(process.argv.slice(2));
  const screens = only.size ? SCREENS.filter((screen) => only.has(screen.file)) : SCREENS;
  if (screens.length === 0) throw new Error(`no screen named ${[...only].join(', ')}`);
  mkdirSync(OUT_DIR, { recursive: true });

  const dataDir = mkdtempSync(join(tmpdir(), 'plant-kiosk-screenshots-'));
  const { url, child } = await startServer(dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 1080, height: 1920 },
      hasTouch: true,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByPlaceholder('Login').fill(DEMO.login);
    await page.getByPlaceholder('Mot de passe').fill(DEMO.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('Synchronisation terminée !').waitFor({ timeout: 120_000 });
    await page
      .getByText('Synchronisation terminée !')
      .waitFor({ state: 'hidden', timeout: 30_000 });

    for (const screen of screens) {
      await page.evaluate((storage) => {
        localStorage.removeItem('totem');
        localStorage.removeItem('parcours');
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }, screen.storage ?? {});
      // A fresh load, so the stored totem type or parcours applies as on a real totem.
      await page.goto(`${url}/#${screen.path}`);
      await page.reload();
      await page.locator('#contenu').waitFor();
      await settle(page);
      if (screen.action) {
        await screen.action(page);
        await settle(page);
      }
      const file = join(OUT_DIR, `${screen.file}.png`);
      await page.screenshot({ path: file });
      console.log(`✓ ${screen.file}.png  (#${screen.path})`);
    }
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
