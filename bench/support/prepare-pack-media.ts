/**
 * Makes the generated large plant exportable as a content pack (issue 44's figures): the export
 * refuses a published value naming a file missing from DATA_DIR/media, and the import reader
 * refuses what an upload would refuse. The generator (bench/support/large-plant-generator.ts) names
 * SVG pictures and PDFs but writes no file, and SVG is refused by every upload and pack; so this:
 * 1. renames the plant's `.svg` picture values to `.webp` in its draft and publishes the draft as
 *    a new revision (the export reads published content only);
 * 2. writes a tiny real file for every media value of the published content, each with distinct
 *    bytes so that no two dedupe by checksum at import: a 1×1 lossless WebP carrying a numbered
 *    EXIF description (encoded once by sharp, then only the number's digits change: it stays a
 *    decodable image), and a minimal valid one-page PDF with a numbered comment.
 *
 * Run with tsx after prepare-large-plant.ts:
 * `tsx bench/support/prepare-pack-media.ts <dataDir> <devname>`; prints one JSON line.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { createRepositories } from '../../apps/server/src/db/repositories/index.js';
import { mediaPathsOf, packContent } from '../../apps/server/src/packs/pack-export.js';

const [dataDir, devname] = process.argv.slice(2);
if (!dataDir || !devname) {
  console.error('usage: prepare-pack-media.ts <dataDir> <devname>');
  process.exit(2);
}

/** A fixed-width number written over a placeholder: each file's bytes differ, its size does not. */
const PLACEHOLDER = 'pk-00000000';
const numbered = (template: Buffer, at: number, n: number) => {
  const file = Buffer.from(template);
  file.write(`pk-${String(n).padStart(8, '0')}`, at, 'latin1');
  return file;
};
const placeholderAt = (template: Buffer) => {
  const at = template.indexOf(PLACEHOLDER, 0, 'latin1');
  if (at < 0) throw new Error('placeholder not found in the template');
  return at;
};

async function webpTemplate(): Promise<Buffer> {
  return sharp({
    create: { width: 1, height: 1, channels: 3, background: { r: 46, g: 125, b: 50 } },
  })
    .webp({ lossless: true })
    .withExif({ IFD0: { ImageDescription: PLACEHOLDER } })
    .toBuffer();
}

/** A one-page PDF whose cross-reference offsets are computed, so readers take it as valid. */
function pdfTemplate(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
  ];
  let body = `%PDF-1.4\n%${PLACEHOLDER}\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const started = performance.now();
const handle = await openDatabase({ url: join(dataDir, 'kiosk.sqlite') });
const repos = createRepositories(handle.db);
const development = await repos.developments.findByName(devname);
if (!development) throw new Error(`no development "${devname}" in ${dataDir}`);
const { devid } = development;

// 1. The pictures as the formats a plant uploads, in the draft, then published.
const webpValue = sql<string>`substr(value, 1, length(value) - 4) || '.webp'`;
const zoneids = handle.db.selectFrom('zones').select('zoneid').where('devid', '=', devid);
const renamed = await repos.transaction(async (trx) => {
  const elements = await trx
    .updateTable('elements')
    .set({ value: webpValue })
    .where('zoneid', 'in', zoneids)
    .where('value', 'like', 'media/%.svg')
    .executeTakeFirst();
  const subelements = await trx
    .updateTable('subelements')
    .set({ value: webpValue })
    .where('elementid', 'in', (eb) =>
      eb.selectFrom('elements').select('elementid').where('zoneid', 'in', zoneids),
    )
    .where('value', 'like', 'media/%.svg')
    .executeTakeFirst();
  return Number(elements.numUpdatedRows) + Number(subelements.numUpdatedRows);
});
const published = await repos.revisions.publishDraft(devid, {
  author: { kind: 'system', name: 'bench', userid: null },
  source: 'publish',
  note: 'bench: pictures as WebP, for the content-pack figures',
  now: new Date(),
});
if (!published) throw new Error('publish refused');

// 2. A real, distinct file for every media value of the published content.
const paths = mediaPathsOf(await packContent(repos, devid, {}));
await handle.close();
const webp = await webpTemplate();
const pdf = pdfTemplate();
const webpAt = placeholderAt(webp);
const pdfAt = placeholderAt(pdf);
const mediaDir = join(dataDir, 'media');
for (const folder of new Set(paths.map((path) => dirname(join(mediaDir, path))))) {
  await mkdir(folder, { recursive: true });
}
let images = 0;
let pdfs = 0;
let bytes = 0;
const CONCURRENT = 64;
for (let i = 0; i < paths.length; i += CONCURRENT) {
  await Promise.all(
    paths.slice(i, i + CONCURRENT).map((path, j) => {
      const n = i + j;
      let file: Buffer;
      if (path.endsWith('.webp')) {
        file = numbered(webp, webpAt, n);
        images++;
      } else if (path.endsWith('.pdf')) {
        file = numbered(pdf, pdfAt, n);
        pdfs++;
      } else {
        throw new Error(`no real file for "${path}": only .webp and .pdf are generated`);
      }
      bytes += file.length;
      return writeFile(join(mediaDir, path), file);
    }),
  );
}
// The numbered WebP must still decode as the reader (and a kiosk) would decode it.
const last = paths.findLast((path) => path.endsWith('.webp'));
if (last) await sharp(join(mediaDir, last), { failOn: 'error' }).raw().toBuffer();

console.log(
  JSON.stringify({
    devid,
    revision: published.revision,
    renamedToWebp: renamed,
    images,
    pdfs,
    bytes,
    ms: Math.round(performance.now() - started),
  }),
);
