/**
 * Content packs in the back-office, end to end (issue 44, part 2): a development's revision is
 * downloaded from its history (« Télécharger (.zip) »), then imported through « Importer un paquet
 * de contenu » into the draft of another development — the summary says what the pack holds and
 * what it will change, the confirmation imports it, « Modifications non publiées » lists it, and
 * nothing reaches the totems. A damaged pack is refused with its reasons in view. Every screen
 * passes axe; each step is captured at 1080×1920 into test-results/e2e/admin-packs/.
 *
 * Its own server: the two developments are made for the test through the back-office's API, so
 * the demo plant that other specs share is left alone.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  ADMIN_CSRF_HEADER,
  pathOf,
  type AdminDevelopment,
  type AdminSession,
  type AdminZone,
  type Envelope,
  type MediaItem,
} from '@plant-kiosk/contract';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { logInAdmin } from './support/admin';
import { expect, test } from './support/fixtures';
import { E2E_ADMIN, repoRoot } from './support/server';

test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: false });

const SHOTS = join(repoRoot, 'test-results', 'e2e', 'admin-packs');
const SOURCE = 'usine-paquet';
const TARGET = 'usine-cible';

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function data<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as Envelope<T>).data as T;
}

/** A real, small PNG (three colour bands) the media library accepts. */
function bandedPng(width = 120, height = 90): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const band = [
      [232, 90, 79],
      [250, 236, 222],
      [73, 73, 74],
    ][Math.floor((y / height) * 3)]!;
    for (let x = 0; x < width; x++) row.set(band, 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The two developments, through the back-office's API: the source with a published plan (an
 * image and a text) and a menu, and an empty target.
 */
async function setUp(api: APIRequestContext) {
  const session = await data<AdminSession>(
    await api.post(pathOf('adminLogin'), { data: E2E_ADMIN }),
  );
  const headers = { [ADMIN_CSRF_HEADER]: session.csrfToken };
  const create = async (devname: string) =>
    data<AdminDevelopment>(
      await api.post(pathOf('adminDevelopments'), { headers, data: { devname } }),
    );
  const source = await create(SOURCE);
  const target = await create(TARGET);
  const devid = source.devid;
  const picture = await data<MediaItem>(
    await api.post(pathOf('adminUploadMedia', { params: { devid } }), {
      headers,
      multipart: {
        file: { name: 'plan-du-site.png', mimeType: 'image/png', buffer: bandedPng() },
      },
    }),
  );
  const zone = async (zonename: string, type: string) =>
    data<AdminZone>(
      await api.post(pathOf('adminCreateZone', { params: { devid } }), {
        headers,
        data: { zonename, type },
      }),
    );
  const element = async (zoneid: number, value: string, type: string) =>
    data(
      await api.post(pathOf('adminCreateElement', { params: { zoneid } }), {
        headers,
        data: { value, type },
      }),
    );
  const plan = await zone('Plan du site', 'images');
  await element(plan.zoneid, picture.value, 'image');
  const menu = await zone('Menu', 'text');
  await element(menu.zoneid, 'Lundi : lasagnes', 'text');
  await element(menu.zoneid, 'Mardi : poisson', 'text');
  await data(
    await api.post(pathOf('adminPublish', { params: { devid } }), {
      headers,
      data: { note: 'Contenu à exporter' },
    }),
  );
  return { source, target };
}

/**
 * The pack with one byte flipped in the middle of the data of every entry whose name starts with
 * one of `names` (found through the central directory: the local header may leave sizes to a data
 * descriptor).
 */
function damage(zip: Buffer, names: readonly string[]): Buffer {
  const damaged = Buffer.from(zip);
  let count = 0;
  for (let at = 46; at + 46 <= damaged.length; at += 1) {
    if (damaged.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = damaged.readUInt16LE(at + 28);
    const name = damaged.toString('utf8', at + 46, at + 46 + nameLength);
    if (!names.some((prefix) => name.startsWith(prefix))) continue;
    const size = damaged.readUInt32LE(at + 20);
    const local = damaged.readUInt32LE(at + 42);
    const start = local + 30 + damaged.readUInt16LE(local + 26) + damaged.readUInt16LE(local + 28);
    const target = start + Math.floor(size / 2);
    damaged[target] = damaged[target]! ^ 0xff;
    count += 1;
  }
  expect(count).toBe(names.length);
  return damaged;
}

test('a revision downloaded from the history, imported into another development’s draft after its summary; a damaged pack refused with its reasons', async ({
  page,
  ownServer,
  playwright,
}, testInfo) => {
  const server = await ownServer();
  const api = await playwright.request.newContext({ baseURL: server.url });
  const { source, target } = await setUp(api);
  await api.dispose();

  await logInAdmin(page, server);

  // The source's history: its revision downloaded as a pack.
  await page.goto(`${server.url}/admin/#/historique/${source.devid}`);
  await expect(page.getByRole('heading', { name: 'Historique des publications' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('link', { name: /^Télécharger \(\.zip\) le paquet de contenu de la révision 2/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`paquet-${SOURCE}-revision-2.zip`);
  const packFile = testInfo.outputPath('paquet.zip');
  await download.saveAs(packFile);
  await shot(page, '1-historique');

  // The target's history leads to the import into its draft.
  await page.goto(`${server.url}/admin/#/historique/${target.devid}`);
  await page.getByRole('link', { name: 'Importer un paquet' }).click();
  await expect(
    page.getByRole('heading', { name: 'Importer un paquet de contenu', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(`modifications non publiées de « ${TARGET} »`)).toBeVisible();
  await expectAccessible(page, 'pack import: choose the file');
  await shot(page, '2-choisir');

  // A damaged pack first: a byte of its picture and of its content changed.
  const damagedFile = testInfo.outputPath('abime.zip');
  await writeFile(damagedFile, damage(await readFile(packFile), ['media/', 'content.json']));
  const chooser = page.getByLabel('Paquet de contenu (.zip)');
  await chooser.setInputFiles(damagedFile);
  await page.getByRole('button', { name: 'Envoyer et vérifier le paquet' }).click();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('Paquet refusé');
  const reasons = refusal.getByRole('list', { name: 'Raisons du refus' }).getByRole('listitem');
  await expect(reasons.first()).toBeVisible();
  expect(await reasons.count()).toBeGreaterThanOrEqual(2);
  await expect(reasons.filter({ hasText: /media\/uploads\/.*somme de contrôle/ })).toHaveCount(1);
  await expectAccessible(page, 'pack import: refused');
  await shot(page, '3-refuse');

  // The real pack: its summary.
  await chooser.setInputFiles(packFile);
  await page.getByRole('button', { name: 'Envoyer et vérifier le paquet' }).click();
  const holds = page.getByRole('region', { name: 'Ce que contient le paquet' });
  await expect(holds).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(holds).toContainText(`Développement « ${SOURCE} », révision publiée 2`);
  await expect(holds).toContainText('2 zones, 3 éléments');
  await expect(holds).toContainText('1 fichier');
  const changes = page.getByRole('region', { name: 'Ce que l’import changera' });
  await expect(changes.getByRole('row', { name: /Plan du site ajoutée 0 1/ })).toBeVisible();
  await expect(changes.getByRole('row', { name: /Menu ajoutée 0 2/ })).toBeVisible();
  await expectAccessible(page, 'pack import: summary');
  await shot(page, '4-resume');

  // Confirmed: imported into the draft, nothing published.
  await page.getByRole('button', { name: 'Importer dans les modifications non publiées' }).click();
  await expect(page.getByRole('heading', { name: 'Paquet importé' })).toBeVisible();
  await expect(page.getByText(/1 fichier ajouté à la médiathèque/)).toBeVisible();
  await expectAccessible(page, 'pack import: done');
  await shot(page, '5-importe');

  await page.getByRole('link', { name: 'Voir les modifications non publiées' }).click();
  await expect(
    page.getByRole('heading', { name: 'Modifications non publiées', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Zone Menu' })).toContainText('Lundi : lasagnes');
  await expect(page.getByRole('region', { name: 'Zone Plan du site' })).toBeVisible();
  await expectAccessible(page, 'unpublished changes after a pack import');
  await shot(page, '6-modifications');

  // The other door, for admins: a new development from the developments list.
  await page.getByRole('link', { name: 'Développements', exact: true }).click();
  await page.getByRole('link', { name: 'Importer un paquet comme nouveau développement' }).click();
  await expect(page.getByLabel('Nom du nouveau développement')).toBeVisible();
  await expectAccessible(page, 'pack import as a new development');
  await shot(page, '7-nouveau-developpement');

  // The totems still have the empty revision 1 of the target.
  const live = await page.request.get(
    `${server.url}${pathOf('adminRevisions', { params: { devid: target.devid } })}`,
  );
  const revisions = ((await live.json()) as Envelope<Array<{ revision: number }>>).data!;
  expect(revisions.map((entry) => entry.revision)).toEqual([1]);
});
