/**
 * A small published plant for the packs' tests: every kind of record (two zones, a catalogue with
 * a product sub-group, a PDF, an alert template with its image, settings) and real media files of
 * each kind under a data dir's media folder, so that a pack of it passes the reader's checks.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEFAULT_SETTINGS } from '@plant-kiosk/contract';
import sharp from 'sharp';
import type { Repositories } from '../../db/repositories/index.js';
import { publishDraftDirectly } from '../../testing/fixture.js';

const SHADES: Record<string, number> = {
  'uploads/1/plan-0a1b2c3d.webp': 40,
  'uploads/1/produit-1a2b3c4d.webp': 120,
  'uploads/1/evacuation-2b3c4d5e.webp': 200,
  'pdf/uploads/1/guide-3c4d5e6f.pdf': 0,
};

/** The plant's media files by path below DATA_DIR/media: tiny real WebP images and a PDF. */
export async function plantFiles(): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const [path, shade] of Object.entries(SHADES)) {
    files[path] = path.endsWith('.pdf')
      ? Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n')
      : await sharp({
          create: { width: 2, height: 2, channels: 3, background: { r: shade, g: 80, b: 40 } },
        })
          .webp()
          .toBuffer();
  }
  return files;
}

const ADDED = '2026-11-20T08:00:00.000Z';

/** Writes the media files and the plant, and publishes it; its ids. */
export async function writePlant(repos: Repositories, mediaDir: string, devname: string) {
  for (const [path, bytes] of Object.entries(await plantFiles())) {
    await mkdir(dirname(join(mediaDir, path)), { recursive: true });
    await writeFile(join(mediaDir, path), bytes);
  }
  const devid = (await repos.developments.create(devname)).devid;
  const model = await repos.models.upsert('Produit', ['titre', 'image']);
  const plan = await repos.draft.createZone({ devid, zonename: 'Plan du site', type: 'images' });
  await repos.draft.createElement({
    zoneid: plan.zoneid,
    order: 0,
    value: 'media/uploads/1/plan-0a1b2c3d.webp',
    type: 'image',
    // Format 3 (decision 050): images carry their text alternative.
    alt: 'Plan du site : accueil au nord, parking au sud.',
    addingdate: ADDED,
  });
  await repos.draft.createElement({
    zoneid: plan.zoneid,
    order: 1,
    value: 'Site plan',
    type: 'text',
    lang: 'en',
    addingdate: ADDED,
  });
  const products = await repos.draft.createZone({ devid, zonename: 'Produits', type: 'subgroups' });
  const catalogue = await repos.draft.createElement({
    zoneid: products.zoneid,
    order: 0,
    value: 'Catalogue',
    type: 'group',
    addingdate: ADDED,
  });
  const subgroup = await repos.draft.createSubgroup({
    elementid: catalogue.elementid,
    modelid: model.modelid,
    order: 0,
    addingdate: ADDED,
    expirationdate: '2099-01-01T00:00:00.000Z',
  });
  await repos.draft.createSubelement({
    elementid: catalogue.elementid,
    order: 0,
    value: 'Pompe Alpha',
    type: 'text',
    subgroupid: subgroup.subgroupid,
    fieldlabel: 'titre',
  });
  await repos.draft.createSubelement({
    elementid: catalogue.elementid,
    order: 1,
    value: '/media/uploads/1/produit-1a2b3c4d.webp',
    type: 'image',
    subgroupid: subgroup.subgroupid,
    fieldlabel: 'image',
    alt: 'Pompe Alpha, vue de face',
  });
  await repos.draft.createSubelement({
    elementid: catalogue.elementid,
    order: 2,
    value: 'pdf/uploads/1/guide-3c4d5e6f.pdf',
    type: 'pdf',
  });
  await repos.alertTemplates.insert(devid, {
    name: 'Évacuation',
    kind: 'evacuation',
    titleFr: 'Évacuation immédiate',
    titleEn: 'Evacuate now',
    instructionsFr: 'Quittez le bâtiment.',
    instructionsEn: 'Leave the building.',
    pictogram: 'evacuation',
    colour: 'rouge',
    image: 'media/uploads/1/evacuation-2b3c4d5e.webp',
    endTextFr: '',
    endTextEn: '',
    maxDurationMinutes: 240,
  });
  await repos.settings.saveDraft(devid, {
    ...DEFAULT_SETTINGS,
    websiteUrl: 'https://example.test',
  });
  const { revision } = await publishDraftDirectly(repos, devid);
  return { devid, revision, products: products.zoneid, catalogue: catalogue.elementid };
}
