/**
 * The document viewers in a real browser (document viewers), from the demo screen
 * `#/demo/composants`: the PDF reader on PDF.js (paging, one annotation of each kind, undo, discard
 * on close; its tools at the totem's size, with the picker of the site's pictures instead of a file
 * chooser, issue 41), the password prompt of the protected sample, the reader with the server
 * stopped, and the page viewer.
 *
 * The tests share one kiosk logged in and synced once (support/shared-kiosk.ts): a login and a
 * whole plant's first sync cost more than the checks; each test still starts from a reload, and
 * the one with the server stopped comes last.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { expect, test } from './support/fixtures';
import { MIN_TAP_PX } from './support/layout';
import { repoRoot } from './support/server';
import { freshOnline, useSharedKiosk, type SharedKiosk } from './support/shared-kiosk';

const PROTECTED_PDF_PASSWORD = 'neubourg-1963';

async function openDemo(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/#/demo/composants`);
  await expect(page.getByRole('heading', { name: 'Lecteur PDF' })).toBeVisible();
}

function reader(page: Page) {
  // The reader's popup (the picker of pictures is a dialog inside it).
  const dialog = page.locator('[role="dialog"].pdf-reader-popup');
  return {
    dialog,
    root: dialog.locator('.pdf-reader'),
    page: dialog.locator('.pdf-reader__container .page').first(),
    pageNumber: dialog.locator('.pdf-reader__page-number'),
    previous: dialog.getByRole('button', { name: 'Précédent' }),
    next: dialog.getByRole('button', { name: 'Suivant' }),
    tool: (name: string) => dialog.getByRole('button', { name, exact: true }),
    editors: (kind: 'freeText' | 'ink' | 'highlight' | 'stamp') =>
      dialog.locator(`.annotationEditorLayer .${kind}Editor`),
    picker: dialog.getByRole('dialog', { name: 'Choisir une image du site' }),
    pictures: dialog.getByRole('dialog').getByRole('button', { name: /, image \d+$/ }),
  };
}

/** Fails the test if anything opens a file chooser (Playwright reports it instead of showing it). */
function refuseFileChooser(page: Page) {
  const opened: string[] = [];
  page.on('filechooser', () => opened.push('a file chooser opened'));
  return opened;
}

/** Stamps the n-th picture of the site through the Image tool's picker. */
async function stampPicture(page: Page, n: number) {
  const r = reader(page);
  await r.tool('Image').click();
  await expect(r.picker).toBeVisible();
  await r.pictures.nth(n).click();
  await expect(r.picker).toHaveCount(0);
}

/**
 * Every control of the reader a finger can touch (its buttons, pdf.js's buttons and resize handles
 * included) smaller than 44 × 44 px, as "what w×h".
 */
async function smallReaderControls(page: Page): Promise<string[]> {
  return page.locator('[role="dialog"].pdf-reader-popup').evaluate((dialog, min) => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], .resizer';
    const small: string[] = [];
    for (const element of Array.from(dialog.querySelectorAll(selector))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (element.closest('.hidden, [aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name =
          element.getAttribute('aria-label') ??
          element.getAttribute('title') ??
          element.textContent?.trim().slice(0, 30);
        small.push(
          `${element.tagName.toLowerCase()}.${element.className} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  }, MIN_TAP_PX);
}

async function waitForPage(root: Locator) {
  await expect(root).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(root.locator('.page canvas').first()).toBeVisible({ timeout: 30_000 });
}

/** A multi-page PDF: paging, one annotation of each kind, undo, discarded on close. */
async function multiPagePdf(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  await page.getByRole('button', { name: 'PDF de 100 pages' }).click();
  const r = reader(page);
  await expect(r.dialog.getByText('Chargement en cours')).toBeVisible();
  await waitForPage(r.root);

  // Paging: previous disabled on page 1, next disabled on the last page.
  await expect(r.pageNumber).toHaveText('Page 1 / 100');
  await expect(r.previous).toBeDisabled();
  await r.next.click();
  await expect(r.pageNumber).toHaveText('Page 2 / 100');
  await expect(r.previous).toBeEnabled();
  await r.previous.click();
  await expect(r.pageNumber).toHaveText('Page 1 / 100');

  // The page is scaled to the 892×1263 box.
  const box = await r.page.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.width).toBeLessThanOrEqual(893);
  expect(box.height).toBeLessThanOrEqual(1264);
  expect(Math.max(box.width / 892, box.height / 1263)).toBeGreaterThan(0.99);

  // Free text: an empty editor is removed, a typed one stays.
  await r.tool('Texte').click();
  await page.mouse.click(box.x + 150, box.y + 1150);
  await expect(r.editors('freeText')).toHaveCount(1);
  await r.tool('Aucun').click();
  await expect(r.editors('freeText')).toHaveCount(0);
  await r.tool('Texte').click();
  await page.mouse.click(box.x + 150, box.y + 1150);
  await page.keyboard.type('Vu en formation');
  await r.tool('Aucun').click();
  await expect(r.editors('freeText')).toHaveCount(1);
  await expect(r.editors('freeText')).toContainText('Vu en formation');

  // Ink: taking the pen and putting it down without drawing leaves nothing; a stroke stays.
  await r.tool('Dessin').click();
  await r.tool('Aucun').click();
  await expect(r.editors('ink')).toHaveCount(0);
  await r.tool('Dessin').click();
  await page.mouse.move(box.x + 120, box.y + 900);
  await page.mouse.down();
  for (let i = 1; i <= 15; i += 1)
    await page.mouse.move(box.x + 120 + i * 25, box.y + 900 + (i % 2) * 40);
  await page.mouse.up();
  await r.tool('Aucun').click();
  await expect(r.editors('ink')).toHaveCount(1);

  // Highlight: select a run of text.
  await r.tool('Surligner').click();
  const span = r.root
    .locator('.textLayer span')
    .filter({ hasText: /\S{4,}/ })
    .first();
  const text = await span.boundingBox();
  expect(text).not.toBeNull();
  if (!text) return;
  await page.mouse.move(text.x + 1, text.y + text.height / 2);
  await page.mouse.down();
  await page.mouse.move(text.x + text.width / 2, text.y + text.height / 2, { steps: 5 });
  await page.mouse.move(text.x + text.width - 1, text.y + text.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(r.editors('highlight')).toHaveCount(1);

  // Stamp: pictures of the site, from the picker (never a file chooser).
  const fileChoosers = refuseFileChooser(page);
  await stampPicture(page, 0);
  await expect(r.editors('stamp')).toHaveCount(1);
  await expect(r.editors('stamp').locator('canvas')).toBeVisible();
  await stampPicture(page, 1);
  await expect(r.editors('stamp')).toHaveCount(2);
  expect(fileChoosers).toEqual([]);

  // Undo removes the last stamp, redo brings it back.
  await r.tool('Annuler').click();
  await expect(r.editors('stamp')).toHaveCount(1);
  await r.tool('Rétablir').click();
  await expect(r.editors('stamp')).toHaveCount(2);

  // Closing discards every annotation: the same document opens clean.
  await r.dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(r.dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'PDF de 100 pages' }).click();
  await waitForPage(reader(page).root);
  await expect(reader(page).dialog.locator('.annotationEditorLayer [class*="Editor"]')).toHaveCount(
    0,
  );
  await page.keyboard.press('Escape');
  await expect(reader(page).dialog).toHaveCount(0);
}

/**
 * The reader on a public kiosk (issue 41): every control at least 44 × 44 px for a gloved finger
 * (the reader's own and pdf.js's: an annotation's delete, describe and colour buttons, its resize
 * handles), labelled in French; the Image tool offers the site's pictures the totem holds, never a
 * file chooser; axe finds nothing serious. Screenshots: docs/screenshots/kiosk-pdf-*.png.
 */
async function readerAtTotemSize(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  const fileChoosers = refuseFileChooser(page);
  await page.getByRole('button', { name: 'PDF de 100 pages' }).click();
  const r = reader(page);
  await waitForPage(r.root);
  await expect(page.locator('input[type="file" i]')).toHaveCount(0);
  expect(await smallReaderControls(page)).toEqual([]);
  await expectAccessible(page, 'PDF reader');

  // The picker: the site's pictures as big tiles, its close button in view above them.
  await r.tool('Image').click();
  await expect(r.picker).toBeVisible();
  await expect(r.pictures.first()).toBeVisible();
  expect(await r.pictures.count()).toBeGreaterThan(3);
  // Drawn from the totem's copy: loaded, not replaced by the "Image indisponible" placeholder.
  await expect(r.pictures.first().locator('img')).toHaveJSProperty('complete', true);
  await expect(r.pictures.first().locator('img')).not.toHaveAttribute('data-media-unavailable');
  expect(await smallReaderControls(page)).toEqual([]);
  await expectAccessible(page, 'PDF reader, picker of pictures');
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots/kiosk-pdf-reader-picker.png') });
  await r.pictures.last().scrollIntoViewIfNeeded();
  await expect(r.picker.getByRole('button', { name: 'Revenir au document' })).toBeInViewport();
  await r.picker.getByRole('button', { name: 'Revenir au document' }).click();
  await expect(r.picker).toHaveCount(0);
  await expect(r.editors('stamp')).toHaveCount(0);

  // A stamp selected: pdf.js's toolbar (describe, delete) and handles, big and in French.
  await stampPicture(page, 0);
  const stamp = r.editors('stamp').first();
  await expect(stamp.locator('canvas')).toBeVisible();
  await stamp.click();
  const toolbar = stamp.locator('.editToolbar');
  await expect(toolbar).toBeVisible();
  await expect(toolbar.locator('.deleteButton')).toHaveAttribute('title', 'Supprimer l’image');
  await expect(toolbar.locator('.altText')).toHaveText('Décrire');
  // The delete button's icon is drawn inside it (its ::before fills it).
  const iconInside = await toolbar.locator('.deleteButton').evaluate((button) => {
    const box = button.getBoundingClientRect();
    const icon = getComputedStyle(button, '::before');
    return icon.display === 'block' && parseFloat(icon.height) <= box.height + 0.5;
  });
  expect(iconInside).toBe(true);

  await expect(stamp.locator('.resizer')).toHaveCount(8);
  expect(await smallReaderControls(page)).toEqual([]);
  await expectAccessible(page, 'PDF reader, stamp selected');
  await page.screenshot({ path: join(repoRoot, 'docs/screenshots/kiosk-pdf-reader-stamp.png') });
  // Its describe button asks in French, its delete button removes it.
  await toolbar.locator('.altText').click();
  await expect(r.dialog.getByLabel("Description de l'image (texte alternatif)")).toBeVisible();
  await r.dialog.getByRole('button', { name: 'Abandonner' }).click();
  await stamp.click();
  await toolbar.locator('.deleteButton').click();
  await expect(r.editors('stamp')).toHaveCount(0);

  // A highlight selected: its colour choices are big enough too.
  await r.tool('Surligner').click();
  const span = r.root
    .locator('.textLayer span')
    .filter({ hasText: /\S{4,}/ })
    .first();
  const text = await span.boundingBox();
  expect(text).not.toBeNull();
  if (!text) return;
  await page.mouse.move(text.x + 1, text.y + text.height / 2);
  await page.mouse.down();
  await page.mouse.move(text.x + text.width - 1, text.y + text.height / 2, { steps: 5 });
  await page.mouse.up();
  const highlight = r.editors('highlight').first();
  await expect(highlight).toHaveCount(1);
  await highlight.click();
  const colours = highlight.locator('.editToolbar .colorPicker');
  await expect(colours).toHaveAttribute('title', 'Changer la couleur');
  await colours.click();
  await expect(colours.locator('.dropdown button').first()).toBeVisible();
  expect(await smallReaderControls(page)).toEqual([]);
  expect(fileChoosers).toEqual([]);
}

/** The protected PDF asks for its password and refuses a wrong one. */
async function protectedPdf(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  await page.getByRole('button', { name: 'PDF protégé par mot de passe' }).click();
  const r = reader(page);
  const prompt = r.dialog.getByLabel('Enter the password to open this PDF file.');
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await prompt.fill('mauvais-mot-de-passe');
  await r.dialog.getByRole('button', { name: 'OK' }).click();
  const retry = r.dialog.getByLabel('Invalid password. Please try again.');
  await expect(retry).toBeVisible();
  await retry.fill(PROTECTED_PDF_PASSWORD);
  await retry.press('Enter');
  await waitForPage(r.root);
  await expect(r.dialog.getByText('Impossible de charger le PDF')).toHaveCount(0);
}

/** A missing PDF says "Impossible de charger le PDF". */
async function missingPdf(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  await page.getByRole('button', { name: 'PDF introuvable' }).click();
  await expect(reader(page).dialog.getByRole('alert')).toHaveText('Impossible de charger le PDF', {
    timeout: 30_000,
  });
}

/** The HR guide opens at the page of its table of contents. */
async function hrGuideToc(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  const entries = page.locator('.viewers-demo__toc button');
  await expect(entries.first()).toBeVisible();
  const last = entries.last();
  const label = (await last.textContent()) ?? '';
  const wanted = Number(label.replace(/\D+/g, ''));
  await last.click();
  const r = reader(page);
  await waitForPage(r.root);
  await expect(r.root).toHaveAttribute('data-page', String(wanted));
}

/** Last of its group: it stops the group's server. */
async function pdfServerStopped(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  // The shared kiosk's page is already controlled by the service worker (support/shared-kiosk.ts).
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  await server.stop();
  await page.getByRole('button', { name: 'Guide pratique RH', exact: true }).click();
  const r = reader(page);
  await waitForPage(r.root);
  await expect(r.next).toBeEnabled();
  await r.next.click();
  await expect(r.root).toHaveAttribute('data-page', '2');
}

/** The page viewer jumps, highlights and pages its buttons. */
async function pageViewer(kiosk: SharedKiosk) {
  const { page, server } = kiosk;
  await freshOnline(kiosk);
  await openDemo(page, server.url);
  await page.getByRole('button', { name: /^Document de 120 pages$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Document de 120 pages' });
  const nav = dialog.getByRole('navigation', { name: 'Pages du document' });
  await expect(nav.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(18);
  await nav.getByRole('button', { name: 'Pages suivantes' }).click();
  await nav.getByRole('button', { name: 'Page 25' }).click();
  await expect(nav.getByRole('button', { name: 'Page 25' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const images = dialog.locator('.page-viewer__page img');
  await expect(images).toHaveCount(120);
  await expect(images.first()).toHaveAttribute('loading', 'lazy');
  // Scrolling by hand moves the highlight.
  await dialog.locator('.page-viewer__scroll').hover();
  await page.mouse.wheel(0, 4000);
  await expect(nav.locator('[aria-current="page"]')).not.toHaveText('25');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test.describe.serial('viewers, on one kiosk logged in once', () => {
  const kiosk = useSharedKiosk();
  test('a multi-page PDF: paging, one annotation of each kind, undo, discarded on close', () =>
    multiPagePdf(kiosk));
  test('the reader at totem size: every control ≥ 44 px in French, the picture picker, axe', () =>
    readerAtTotemSize(kiosk));
  test('the protected PDF asks for its password and refuses a wrong one', () =>
    protectedPdf(kiosk));
  test('a missing PDF says "Impossible de charger le PDF"', () => missingPdf(kiosk));
  test('the HR guide opens at the page of its table of contents', () => hrGuideToc(kiosk));
  test('the page viewer jumps, highlights and pages its buttons', () => pageViewer(kiosk));
  test('the PDF reader works with the server stopped', () => pdfServerStopped(kiosk));
});
