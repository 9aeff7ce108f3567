/**
 * The demo plant (content service and demo plant): development `neubourg` with its kiosk account
 * and every named zone of docs/product.md#content-model filled with real-looking content — generated SVG images, pdf-lib
 * PDFs and the committed videos and protected PDF of apps/server/assets/ — and the visitor zones'
 * English versions (content/english.ts).
 *
 * Idempotent: when the development exists nothing is touched. Otherwise media files are written
 * first (content-addressed, so rewriting is harmless), then every row — development, account,
 * content models, zones, elements, sub-groups, sub-elements and media records — in one transaction,
 * so a failed seed leaves no half-made development behind.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_ZONES, hashPasswordForLogin } from '@plant-kiosk/contract';
import { REPO_ROOT } from '../config.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { hashClientPassword, PRODUCTION_SCRYPT_COST, type ScryptCost } from '../lib/passwords.js';
import { ensureContentModels } from './content-models.js';
import { demoAlertTemplates } from './content/alerts.js';
import type { SeedContext } from './content/context.js';
import { documentZones } from './content/document-zones.js';
import { PROTECTED_FILE } from './content/documents.js';
import { withEnglishVersions } from './content/english.js';
import { hseZones } from './content/hse.js';
import { leanZones } from './content/lean.js';
import { magazineZone } from './content/magazine.js';
import { plantZones } from './content/plant.js';
import { productsZone } from './content/products.js';
import { MediaStore, type MediaRecord } from './media-store.js';
import { writePlan, type PlannedZone, type WriteCounts } from './plan-writer.js';

export { demoContentModels, ensureContentModels } from './content-models.js';
export {
  generateLargePlant,
  type LargePlantOptions,
  type LargePlantResult,
} from './large-plant.js';
export { EXPIRED_PRODUCTS } from './content/products.js';
export { PROTECTED_PDF_PASSWORD } from './content/documents.js';

export interface SeedOptions {
  repos: Repositories;
  /** DATA_DIR/media. */
  mediaDir: string;
  devname: string;
  login: string;
  password: string;
  now?: Date;
  /** Committed assets (videos, protected PDF); defaults to apps/server/assets of this checkout. */
  assetsDir?: string;
  /** scrypt cost of the account's stored password; tests pass a cheap one. */
  scryptCost?: ScryptCost;
}

export interface SeedResult {
  created: boolean;
  devid: number;
  /** What was written, when `created`. */
  counts?: WriteCounts & { mediaFiles: number; mediaBytes: number };
}

export const DEFAULT_ASSETS_DIR = join(REPO_ROOT, 'apps', 'server', 'assets');

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
  // the plant's content: out of its media library.
  ctx.media.pdfFixture(PROTECTED_FILE, readFileSync(asset(`pdf/${PROTECTED_FILE}.pdf`)));

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

export async function seedDemoPlant(options: SeedOptions): Promise<SeedResult> {
  const { repos } = options;
  const existing = await repos.developments.findByName(options.devname);
  if (existing) return { created: false, devid: existing.devid };

  const now = options.now ?? new Date();
  const { hash, salt } = await hashClientPassword(
    hashPasswordForLogin(options.password),
    options.scryptCost ?? PRODUCTION_SCRYPT_COST,
  );
  const media = new MediaStore(options.mediaDir);
  const zones = await buildZones({ media, now }, options.assetsDir ?? DEFAULT_ASSETS_DIR);
  const alertTemplates = demoAlertTemplates({ media, now });
  const files: MediaRecord[] = media.list();

  return repos.transaction(async (trx) => {
    // Repositories bound to the transaction: every write below commits or rolls back together.
    const tx = createRepositories(trx);
    const raced = await tx.developments.findByName(options.devname);
    if (raced) return { created: false, devid: raced.devid };
    const development = await tx.developments.create(options.devname, now);
    await tx.accounts.createKioskAccount({
      devid: development.devid,
      login: options.login,
      passwordHash: hash,
      passwordSalt: salt,
      now,
    });
    const modelIds = await ensureContentModels(tx.models);
    const counts = await writePlan(repos.draft, trx, development.devid, zones, modelIds);
    for (const file of files) {
      await tx.media.upsert({
        devid: development.devid,
        path: file.path,
        content_type: file.contentType,
        size: file.size,
        sha256: file.sha256,
        now,
      });
    }
    for (const template of alertTemplates)
      await tx.alerts.createDraftTemplate(development.devid, template);
    // What the seed wrote is the draft: publishing it makes revision 1, what the totems get.
    await tx.revisions.publishDraft(development.devid, {
      author: { kind: 'system', name: 'démo', userid: null },
      source: 'seed',
      note: 'Contenu de démonstration',
      now,
    });
    return {
      created: true,
      devid: development.devid,
      counts: {
        ...counts,
        mediaFiles: files.length,
        mediaBytes: files.reduce((sum, file) => sum + file.size, 0),
      },
    };
  });
}
