/**
 * The demo plant as a content pack (issue 44, docs/content-packs.md): development `neubourg` with
 * every named zone of docs/product.md#content-model filled with real-looking content — drawn
 * pictures rasterised to WebP, pdf-lib PDFs and the committed videos of demo/assets/ — the visitor
 * zones' English versions (content/english.ts) and the alert templates.
 *
 * The server carries none of this: `npm start` builds the pack once (scripts/lib/ensure.mjs, cached
 * until these sources change) and the server imports it on an empty DATA_DIR, its dates shifted to
 * the day, and publishes it as revision 1. Beside the pack, `fixtures/` holds the PDFs no content
 * names that the kiosk's viewers demo, the tests and the bench open by name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mkdir, rm } from 'node:fs/promises';
import { CONTENT_ZONES, type PackManifest } from '@plant-kiosk/contract';
import { demoAlertTemplates, type NewAlertTemplate } from './content/alerts.js';
import type { SeedContext } from './content/context.js';
import { documentZones } from './content/document-zones.js';
import { PROTECTED_FILE } from './content/documents.js';
import { withEnglishVersions } from './content/english.js';
import { hseZones } from './content/hse.js';
import { leanZones } from './content/lean.js';
import { magazineZone } from './content/magazine.js';
import { plantZones } from './content/plant.js';
import { productsZone } from './content/products.js';
import type { PlannedZone } from './demo-plan.js';
import { MediaStore } from './media-store.js';
import { packRecords, writePack } from './pack-writer.js';

export { MediaStore } from './media-store.js';
export { EXPIRED_PRODUCTS } from './content/products.js';
export { PROTECTED_PDF_PASSWORD } from './content/documents.js';

export interface DemoPackOptions {
  /** The pack to write (`…/demo-plant.zip`); its folder receives `fixtures/` too. */
  file: string;
  /** A scratch folder for the staged media (emptied first, removed after). */
  workDir: string;
  /** The pack's reference time: its dates are relative to it. */
  now?: Date;
  /** Committed assets (videos, protected PDF); defaults to demo/assets of this checkout. */
  assetsDir?: string;
  productVersion?: string;
}

export const DEMO_DEVNAME = 'neubourg';
export const DEFAULT_ASSETS_DIR = join(import.meta.dirname, '..', 'assets');

const VIDEO_ASSETS = {
  sixtyYears: 'soixante-ans-neubourg.webm',
  plantFilm: 'film-usine-neubourg.webm',
  group: 'groupe-presentation.webm',
  brume: 'produit-brume-fine.webm',
  cresta: 'produit-cresta-airless.webm',
} as const;

/** Generates every zone of the demo plant, writing its media files on the way. */
async function buildZones(ctx: SeedContext, assetsDir: string): Promise<PlannedZone[]> {
  const asset = (path: string) => {
    const file = join(assetsDir, path);
    if (!existsSync(file))
      throw new Error(`Demo asset missing: ${file} (see scripts/make-demo-videos.sh)`);
    return file;
  };
  const video = (key: keyof typeof VIDEO_ASSETS) =>
    ctx.media.copyVideo(
      asset(`videos/${VIDEO_ASSETS[key]}`),
      VIDEO_ASSETS[key].replace('.webm', ''),
    );
  // Password of this sample: PROTECTED_PDF_PASSWORD (content/documents.ts). A test fixture, not
  // the plant's content.
  ctx.media.fixture(PROTECTED_FILE, readFileSync(asset(`pdf/${PROTECTED_FILE}.pdf`)));

  const documents = await documentZones(ctx);
  const french = [
    ...plantZones(ctx, {
      sixtyYears: video('sixtyYears'),
      plantFilm: video('plantFilm'),
      group: video('group'),
    }),
    await productsZone(ctx, { brume: video('brume'), cresta: video('cresta') }),
    ...hseZones(ctx),
    magazineZone(ctx),
    ...documents.zones,
    ...(await leanZones(ctx)),
  ];
  // Visitor zones get their English version after their French one (English content, decision 021).
  const zones = withEnglishVersions(ctx, french);
  const names = new Set<string>();
  for (const zone of zones) {
    if (names.has(zone.zonename)) throw new Error(`Zone "${zone.zonename}" is planned twice`);
    names.add(zone.zonename);
  }
  if (!names.has(CONTENT_ZONES.poster)) throw new Error('The poster zone is missing');
  return zones;
}

/**
 * Draws the demo plant: its zones and alert templates, their media staged in `media` (pictures
 * queued for rasterising). What a start used to do before writing rows (the bench's baseline).
 */
export async function drawDemoPlant(
  media: MediaStore,
  now: Date,
  assetsDir = DEFAULT_ASSETS_DIR,
): Promise<{ zones: PlannedZone[]; templates: NewAlertTemplate[] }> {
  const ctx: SeedContext = { media, now };
  const zones = await buildZones(ctx, assetsDir);
  return { zones, templates: demoAlertTemplates(ctx) };
}

/**
 * Builds the demo plant's pack and its fixtures; returns the pack's manifest and the SVG each
 * picture was rasterised from, by its path (`images/….webp`).
 */
export async function buildDemoPack(
  options: DemoPackOptions,
): Promise<{ manifest: PackManifest; drawings: ReadonlyMap<string, string> }> {
  const now = options.now ?? new Date();
  await rm(options.workDir, { recursive: true, force: true });
  const fixturesDir = join(dirname(options.file), 'fixtures');
  await rm(fixturesDir, { recursive: true, force: true });
  await mkdir(options.workDir, { recursive: true });
  try {
    const media = new MediaStore(join(options.workDir, 'media'), fixturesDir);
    const { zones, templates } = await drawDemoPlant(media, now, options.assetsDir);
    await media.finish();
    const manifest = await writePack(
      packRecords(zones, templates),
      media,
      {
        devname: DEMO_DEVNAME,
        productVersion: options.productVersion ?? '0.0.0',
        referenceTime: now,
      },
      options.file,
    );
    return { manifest, drawings: media.svgSources() };
  } finally {
    await rm(options.workDir, { recursive: true, force: true });
  }
}
