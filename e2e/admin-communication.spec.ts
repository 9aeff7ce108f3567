/**
 * The back-office as the communication officer uses it (issue 41, items 10–12): the element
 * editor shows the menu's picture and name, not its path; the media picker finds a file by name
 * among the plant's hundreds, takes an upload in place (and says why the server refuses one), and
 * keeps its close button in view; a publish that touches no visitor zone says nothing of missing
 * English versions; the rollback confirmation says what will change on the totems now; the
 * journal tells each action in a French sentence, the raw entry folded under « Détails ». Axe on
 * each screen. With ADMIN_SCREENSHOTS=1 the screens are saved at 1440 × 900 and 390 × 844
 * (docs/screenshots/admin-element-file*.png, admin-media-picker*.png,
 * admin-rollback-confirmation*.png, admin-journal-sentences*.png).
 */
import type { Locator, Page } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { expectAccessible } from './support/a11y';
import { captureAdmin, logInAdmin } from './support/admin';
import { zoneElements } from './support/content';
import { expect, test } from './support/fixtures';

test.use({ viewport: { width: 1440, height: 900 }, hasTouch: false });

const MENU = 'Menu';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const fileName = (value: string) => decodeURIComponent(value.split('/').pop()!);

/** A 480 × 270 PNG in the plant's colours (bands), so the thumbnail shows something. */
function bandedPng(width = 480, height = 270): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const colours = [
    [232, 90, 79],
    [250, 236, 222],
    [73, 73, 74],
  ];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const [r, g, b] = colours[Math.floor((y / height) * colours.length)]!;
    for (let x = 0; x < width; x++) row.set([r!, g!, b!], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Both sizes of a screen: the desk's capture, then the phone's, then back. */
async function captureBoth(page: Page, name: string, shown?: Locator) {
  await shown?.scrollIntoViewIfNeeded();
  await captureAdmin(page, name);
  await page.setViewportSize(PHONE);
  await shown?.scrollIntoViewIfNeeded();
  await captureAdmin(page, `${name}-phone`);
  await page.setViewportSize(DESK);
}

async function pictureShown(picture: Locator) {
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('the communication officer replaces the menu with a picker, rolls it back knowing what changes, and reads the journal', async ({
  page,
  ownServer,
}) => {
  const server = await ownServer();
  const menu = zoneElements(server, MENU)[0]!.value;
  await logInAdmin(page, server);

  // The element editor: the menu's picture and its name, not its storage path.
  await page.getByRole('link', { name: new RegExp(`^${MENU}`) }).click();
  await page.getByRole('button', { name: /^Modifier l’élément 1 / }).click();
  const card = page.getByRole('form', { name: 'Modifier l’élément' }).locator('.value-file');
  await pictureShown(card.getByRole('img', { name: /^Aperçu : / }));
  const shownName = (await card.locator('.value-file-name').textContent())!;
  expect(shownName).not.toMatch(/media\/|\.svg$|[0-9a-f]{8}/);
  await expect(card).toContainText('Image');
  await expectAccessible(page, 'admin element editor with its file');
  await captureBoth(page, 'element-file', card);

  // The picker: hundreds of files, a search, the close button always in view.
  await card.getByRole('button', { name: 'Choisir dans la médiathèque…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choisir une image' });
  const files = picker.getByRole('list', { name: 'Fichiers de la médiathèque' });
  await expect(files).toBeVisible();
  const all = await files.getByRole('listitem').count();
  expect(all).toBeGreaterThan(100);
  await expect(picker.getByRole('searchbox', { name: 'Rechercher' })).toBeFocused();
  const body = picker.locator('.dialog-body');
  await body.evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(files.getByRole('listitem').last()).toBeInViewport();
  await expect(picker.getByRole('button', { name: 'Fermer' })).toBeInViewport();
  await expectAccessible(page, 'admin media picker');
  await page.keyboard.type('plan du site');
  await expect(files.getByRole('listitem')).not.toHaveCount(all);
  await expect(picker.getByRole('status')).toContainText('pour « plan du site »');
  await captureBoth(page, 'media-picker');

  // Upload in place: a file the server refuses says why; an image is sent and chosen.
  const chooser = picker.getByLabel('Fichier à envoyer (images)');
  await chooser.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('pas une image'),
  });
  await expect(picker.getByRole('alert')).toContainText('« notes.txt » n’a pas été ajouté :');
  await chooser.setInputFiles({ name: 'menu-e2e.png', mimeType: 'image/png', buffer: bandedPng() });
  await expect(picker).toHaveCount(0);
  await expect(card.locator('.value-file-name')).toHaveText('menu-e2e.png');
  await pictureShown(card.getByRole('img', { name: 'Aperçu : menu-e2e.png' }));
  await page.getByRole('button', { name: 'Enregistrer l’élément' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeVisible();

  // Publishing the menu (a staff zone): no word of the visitor zones' missing English versions,
  // which the content page still lists.
  await expect(page.getByText('Traductions manquantes')).toBeVisible();
  await page.getByRole('button', { name: 'Publier sur les totems' }).click();
  const publish = page.getByRole('dialog', { name: /^Publier sur les totems de / });
  await expect(publish.getByRole('region', { name: `Zone ${MENU}` })).toBeVisible();
  await expect(publish).not.toContainText('version anglaise');
  await publish.getByRole('button', { name: 'Publier', exact: true }).click();
  const published = publish.getByText(/^Révision \d+ publiée/);
  await expect(published).toBeVisible();
  const revision = Number(/^Révision (\d+)/.exec((await published.textContent())!)![1]);
  await publish.getByRole('button', { name: 'Fermer' }).click();

  // The rollback confirmation: what the totems will show differently, item by item.
  await page.getByRole('link', { name: 'Historique', exact: true }).click();
  const previous = revision - 1;
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: String(previous), exact: true }) })
    .getByRole('button', { name: /Revenir à cette version/ })
    .click();
  const confirm = page.getByRole('dialog', { name: `Revenir à la révision ${previous} ?` });
  await expect(confirm.getByText(/Ce qui va changer sur les totems/)).toBeVisible();
  await expect(confirm).toContainText(`aujourd’hui (révision ${revision}) : 1 élément modifié.`);
  const change = confirm.getByRole('region', { name: `Zone ${MENU}` });
  await expect(change.getByText('Image n° 1')).toBeVisible();
  await expect(change.locator('.change-before')).toHaveText('avant : menu-e2e.png');
  await expect(change.locator('.change-after')).toHaveText(`après : ${fileName(menu)}`);
  await expectAccessible(page, 'admin rollback confirmation');
  await captureBoth(page, 'rollback-confirmation');
  await confirm.getByRole('button', { name: 'Revenir à cette version' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `retour à la révision ${previous}` }),
  ).toBeVisible();

  // The journal in sentences; the raw entry folded under « Détails ».
  await page.getByRole('link', { name: 'Journal', exact: true }).click();
  const rollback = page.getByRole('row').filter({
    hasText: `Retour à la révision ${previous}, publié sur les totems comme révision ${revision + 1} (1 élément modifié)`,
  });
  await expect(rollback).toBeVisible();
  await expect(
    page
      .getByRole('cell', {
        name: /Publication sur les totems : révision \d+ \(1 élément modifié\)/,
      })
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole('cell', { name: /Élément modifié \(n° \d+\) : valeur « .+ » → « menu e2e »/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('cell', { name: /Fichier « menu-e2e\.png » ajouté à la médiathèque/ }),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: /^Connexion au back-office/ }).first()).toBeVisible();
  await expect(page.locator('.audit-sentence').filter({ hasText: /[{}]|\w+\.\w+ :/ })).toHaveCount(
    0,
  );
  const details = rollback.locator('details');
  await expect(details.getByText('revision.rollback')).toBeHidden();
  await details.getByText('Détails').click();
  await expect(details.getByText('revision.rollback')).toBeVisible();
  await expect(details).toContainText(`"rolledBackTo":${previous}`);
  await expectAccessible(page, 'admin journal in sentences');
  await captureBoth(page, 'journal-sentences');
});
