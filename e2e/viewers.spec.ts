/**
 * The document viewers in a real browser (document viewers), from the demo screen
 * `#/demo/composants`: the PDF reader on PDF.js (paging, one annotation of each kind, undo, discard
 * on close), the password prompt of the protected sample, the reader with the server stopped, and
 * the page viewer.
 *
 * The tests share one kiosk logged in and synced once (support/shared-kiosk.ts): a login and a
 * whole plant's first sync cost more than the checks; each test still starts from a reload, and
 * the one with the server stopped comes last.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshOnline, useSharedKiosk, type SharedKiosk } from './support/shared-kiosk';

const PROTECTED_PDF_PASSWORD = 'neubourg-1963';
// A real 1×1 PNG, and a text file that only pretends to be one.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" rx="24" fill="#289548"/></svg>',
);

async function openDemo(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/#/demo/composants`);
  await expect(page.getByRole('heading', { name: 'Lecteur PDF' })).toBeVisible();
}

function reader(page: Page) {
  const dialog = page.getByRole('dialog');
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
  };
}

async function waitForPage(root: Locator) {
  await expect(root).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(root.locator('.page canvas').first()).toBeVisible({ timeout: 30_000 });
}

async function chooseImage(page: Page, button: Locator, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ ...file, mimeType: 'application/octet-stream' });
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

  // Stamp: a text file named .png is refused with a French message; real images are accepted.
  await chooseImage(page, r.tool('Image'), {
    name: 'photo.png',
    buffer: Buffer.from('Ceci est un texte, pas une image.'),
  });
  await expect(r.dialog.getByRole('alert')).toContainText("n'est pas une image acceptée");
  await expect(r.editors('stamp')).toHaveCount(0);
  await r.dialog.getByRole('alert').getByRole('button', { name: 'OK' }).click();
  await chooseImage(page, r.tool('Image'), { name: 'logo.svg', buffer: LOGO_SVG });
  await expect(r.editors('stamp')).toHaveCount(1);
  await expect(r.editors('stamp').locator('canvas')).toBeVisible();
  await chooseImage(page, r.tool('Image'), { name: 'point.png', buffer: PNG_1X1 });
  await expect(r.editors('stamp')).toHaveCount(2);

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
  test('the protected PDF asks for its password and refuses a wrong one', () =>
    protectedPdf(kiosk));
  test('a missing PDF says "Impossible de charger le PDF"', () => missingPdf(kiosk));
  test('the HR guide opens at the page of its table of contents', () => hrGuideToc(kiosk));
  test('the page viewer jumps, highlights and pages its buttons', () => pageViewer(kiosk));
  test('the PDF reader works with the server stopped', () => pdfServerStopped(kiosk));
});
