/**
 * Screenshots of the kiosk shell at the totem's 1080×1920, for a person to look at: login, staff
 * home (both totem layouts), mode switcher, a page with anchors, inactivity warning, idle reader,
 * visitor home, error screen. Works without a content server (the shell then shows offline, empty
 * content); point it at a running kiosk to see real content.
 *
 *   npx vite build && npx vite preview --port 4317 --strictPort &
 *   node scripts/shell-screenshots.mjs http://127.0.0.1:4317/ /tmp/kiosk-shots
 */
/* global indexedDB -- used inside page.evaluate, which runs in the browser */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [baseUrl = 'http://127.0.0.1:4317/', outDir = '/tmp/kiosk-shots', devname = 'neubourg'] =
  process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** A fresh totem; `storage` is written to localStorage before the app starts. */
async function totem(storage = {}, { clock = false } = {}) {
  const context = await browser.newContext({
    viewport: { width: 1080, height: 1920 },
    // Screenshots of the current build, not of a previously cached one.
    serviceWorkers: 'block',
  });
  await context.addInitScript((entries) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  if (clock) await page.clock.install();
  return { context, page };
}

/** A stand-in photo/page as an SVG data URL (media values may be data: URLs, used as they are). */
function picture(title, background, width, height) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${width * 0.78}" cy="${height * 0.3}" r="${height * 0.22}" fill="#ffffff" opacity="0.25"/><rect x="0" y="${height * 0.72}" width="100%" height="${height * 0.28}" fill="#232324" opacity="0.35"/><text x="48" y="${height * 0.88}" font-family="DejaVu Sans" font-size="${Math.round(height / 12)}" font-weight="700" fill="#ffffff">${title}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Writes a slideshow and a Veille zone into the kiosk's database (created by the app itself). */
async function seedContent(page) {
  const slides = [
    ['Presses à injecter', '#6b91ab'],
    ['Lignes d’assemblage', '#49494a'],
    ['Magasin', '#b34a35'],
  ].map(([title, colour]) => picture(title, colour, 1080, 607));
  const pages = [
    ['Consignes de sécurité', '#1e7538'],
    ['Menu de la semaine', '#3f6680'],
    ['Plan du site', '#49494a'],
  ].map(([title, colour]) => picture(title, colour, 1000, 1414));
  await page.evaluate(
    async ({ devname, slides, pages }) => {
      const db = await new Promise((resolve, reject) => {
        const request = indexedDB.open(devname);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['zones', 'elements'], 'readwrite');
      const zones = tx.objectStore('zones');
      const elements = tx.objectStore('elements');
      const addingdate = new Date().toISOString();
      zones.put({
        zoneid: 9001,
        zonename: 'Diaporama accueil',
        devid: 1,
        type: 'images',
        checkList: false,
      });
      zones.put({ zoneid: 9002, zonename: 'Veille', devid: 1, type: 'images', checkList: false });
      slides.forEach((value, i) =>
        elements.put({
          elementid: 90010 + i,
          zoneid: 9001,
          order: i + 1,
          value,
          type: 'image',
          addingdate,
        }),
      );
      pages.forEach((value, i) =>
        elements.put({
          elementid: 90020 + i,
          zoneid: 9002,
          order: i + 1,
          value,
          type: 'image',
          addingdate,
        }),
      );
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { devname, slides, pages },
  );
}

const loggedIn = (extra = {}) => ({
  [`jwt-${devname}`]: 'screenshot-token',
  [`devid-${devname}`]: '1',
  ...extra,
});

async function shoot(page, name) {
  await page.waitForTimeout(600);
  const path = join(outDir, `${name}.png`);
  await page.screenshot({ path });
  console.log(path);
}

async function open(page, hash) {
  await page.goto(`${baseUrl}#${hash}`);
  await page.waitForSelector('.app-frame, .login-page, .route-error');
}

{
  const { context, page } = await totem();
  await page.goto(baseUrl);
  await page.waitForSelector('.login-page');
  await page.getByPlaceholder('Login').fill('kiosque');
  await shoot(page, '01-login');
  await context.close();
}

{
  const { context, page } = await totem(loggedIn());
  await open(page, '/accueil');
  await page.waitForSelector('.staff-home');
  await shoot(page, '02-home-empty');
  await seedContent(page);
  await page.reload();
  await page.waitForSelector('.staff-home .image-carousel');
  await shoot(page, '02-home-moulage');
  const corner = page.getByRole('button', { name: /Changer le mode du totem/ });
  await corner.click();
  await corner.click();
  await page.getByRole('dialog', { name: 'Mode du totem' }).waitFor();
  await shoot(page, '03-mode-switcher');
  await page.getByRole('button', { name: 'Assemblage' }).click();
  await page.waitForSelector('.staff-home[data-totem="Assemblage"]');
  await shoot(page, '04-home-assemblage');
  await context.close();
}

{
  const { context, page } = await totem(loggedIn(), { clock: true });
  await open(page, '/accueil/hse');
  await seedContent(page);
  await page.reload();
  await page.waitForSelector('.app-frame');
  await page.clock.runFor(301_000);
  await page.getByRole('dialog', { name: 'Êtes-vous toujours là ?' }).waitFor();
  await shoot(page, '05-inactivity-warning');
  await page.clock.runFor(200_000);
  await page.getByRole('dialog', { name: 'Veille' }).waitFor();
  await shoot(page, '06-idle-reader');
  await context.close();
}

{
  const { context, page } = await totem(loggedIn());
  await open(page, '/accueil/visiteur');
  await page.waitForSelector('.visitor-home');
  await shoot(page, '07-visitor-home');
  await page.getByRole('button', { name: 'English' }).click();
  await shoot(page, '08-visitor-home-en');
  await open(page, '/accueil/urgence');
  await page.getByRole('button', { name: 'Ouverture portail' }).click();
  await shoot(page, '10-page-nine-anchors');
  await open(page, '/accueil/siteNeubourg');
  await shoot(page, '11-page-four-anchors');
  await open(page, '/accueil/nulle-part');
  await page.waitForSelector('.route-error');
  await shoot(page, '09-error');
  await context.close();
}

await browser.close();
