import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  CONTENT_ZONES,
  hashPasswordForLogin,
  IMAGE_ZONES,
  MODEL_FIELDS,
  parseTocEntry,
  TOTEM_TYPES,
  totemZoneNames,
  type Element,
  type Subelement,
  type Zone,
} from '@plant-kiosk/contract';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDocument,
  PDFRawStream,
  StandardFonts,
  type PDFPage,
} from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's own startup import and checks: what `npm start` does with this pack.
import type { DatabaseHandle } from '../../apps/server/src/db/database.js';
import {
  createRepositories,
  type Repositories,
} from '../../apps/server/src/db/repositories/index.js';
import { importFirstStartContent } from '../../apps/server/src/packs/first-start-content.js';
import { verifyClientPassword } from '../../apps/server/src/lib/passwords.js';
import { assertPublishable } from '../../apps/server/src/publishing/publish-checks.js';
import { openTestDatabase } from '../../apps/server/src/testing/test-database.js';
import { buildDemoPack, EXPIRED_PRODUCTS, PROTECTED_PDF_PASSWORD } from './demo-pack.js';
import { ENGLISH_DEMO_ZONES } from './content/english.js';
import { xmlProblems } from './testing/xml-well-formed.js';

const NOW = new Date('2026-11-18T10:00:00.000Z');
const DAY = 86_400_000;

let handle: DatabaseHandle;
let repos: Repositories;
let workDir: string;
let mediaDir: string;
let packFile: string;
let drawings: ReadonlyMap<string, string>;
let seeded: { devid: number; revision: number };
let zones: Zone[];
const elementsByZone = new Map<string, Element[]>();
const subelementsByElement = new Map<number, Subelement[]>();

const firstStart = () =>
  importFirstStartContent({
    repos,
    mediaDir,
    pack: packFile,
    devname: 'neubourg',
    login: 'kiosk',
    password: 'kiosk',
    now: () => NOW,
  });

/** The SVG a picture value was rasterised from (the import keeps the file's name). */
function svgOf(value: string): string {
  const svg = drawings.get(`images/${basename(value)}`);
  if (svg === undefined) throw new Error(`${value} was not drawn by the demo`);
  return svg;
}

/** The file a content value names: "media/…" under the media root, "pdf/…" under its pdf/ folder. */
function fileOf(value: string): string {
  return value.startsWith('media/')
    ? join(mediaDir, value.slice('media/'.length))
    : join(mediaDir, value);
}

/** Every image, video or PDF value is a file the kiosk downloads (document elements are 'group's). */
function isMediaValue(item: { type: string }): boolean {
  return item.type === 'image' || item.type === 'video' || item.type === 'pdf';
}

/** Uncompressed content streams of a page, as text. */
function pageContent(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => doc.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
}

/** Every stored sub-element of an element, expired sub-groups included. */
async function allSubelements(
  elementid: number,
): Promise<{ order: number; value: string; type: string }[]> {
  return handle.db
    .selectFrom('subelements')
    .select(['order', 'value', 'type'])
    .where('elementid', '=', elementid)
    .orderBy('order')
    .execute();
}

beforeAll(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
  workDir = mkdtempSync(join(tmpdir(), 'demo-pack-test-'));
  mediaDir = join(workDir, 'data', 'media');
  packFile = join(workDir, 'pack', 'demo-plant.zip');
  let started = performance.now();
  const built = await buildDemoPack({
    file: packFile,
    workDir: join(workDir, 'staging'),
    now: NOW,
  });
  drawings = built.drawings;
  console.log(
    `demo pack built in ${Math.round(performance.now() - started)} ms`,
    built.manifest.counts,
  );
  started = performance.now();
  const outcome = await firstStart();
  if (!outcome.imported) throw new Error(`the demo pack was not imported: ${outcome.reason}`);
  seeded = { devid: outcome.result.devid, revision: outcome.revision };
  console.log(`demo pack imported and published in ${Math.round(performance.now() - started)} ms`);
  zones = await repos.live.listZones(seeded.devid);
  for (const zone of zones) {
    const elements = await repos.live.listElements(zone.zoneid);
    elementsByZone.set(zone.zonename, elements);
    for (const element of elements)
      subelementsByElement.set(
        element.elementid,
        await repos.live.listSubelements(element.elementid, {}, NOW),
      );
  }
});

afterAll(async () => {
  await handle?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the demo pack, imported at first start', () => {
  it('creates the development, published as revision 1, and a kiosk account that accepts the client hash of its password', async () => {
    expect(seeded.revision).toBe(1);
    expect((await repos.developments.find(seeded.devid))!.content_version).toBe(1);
    const account = await repos.accounts.findKioskAccount(seeded.devid, 'kiosk');
    expect(account).toBeDefined();
    expect(
      await verifyClientPassword(
        hashPasswordForLogin('kiosk'),
        account!.password_hash,
        account!.password_salt,
      ),
    ).toBe(true);
    expect(
      await verifyClientPassword(
        hashPasswordForLogin('wrong'),
        account!.password_hash,
        account!.password_salt,
      ),
    ).toBe(false);
  });

  it('creates every named zone with content, with the right zone types', () => {
    const byName = new Map(zones.map((zone) => [zone.zonename, zone]));
    for (const { fr } of Object.values(IMAGE_ZONES)) {
      const zone = byName.get(fr);
      expect(zone, fr).toBeDefined();
      expect(zone!.type, fr).toBe(fr === IMAGE_ZONES.products.fr ? 'subgroups' : 'images');
      expect(elementsByZone.get(fr)!.length, fr).toBeGreaterThanOrEqual(
        fr === IMAGE_ZONES.products.fr ? 3 : 2,
      );
    }
    expect(elementsByZone.get(IMAGE_ZONES.idle.fr)!.length).toBeGreaterThanOrEqual(5);
    expect(elementsByZone.get(CONTENT_ZONES.homeSlideshow)!.length).toBeGreaterThanOrEqual(8);
    for (const name of Object.values(CONTENT_ZONES)) {
      expect(byName.get(name), name).toBeDefined();
      // The poster zone stays empty: a poster would take over the whole kiosk.
      if (name === CONTENT_ZONES.poster) expect(elementsByZone.get(name)).toEqual([]);
      else expect(elementsByZone.get(name)!.length, name).toBeGreaterThan(0);
    }
    expect(elementsByZone.get(CONTENT_ZONES.plantVideos)!.map((element) => element.type)).toEqual([
      'video',
      'video',
    ]);
    expect(byName.get(CONTENT_ZONES.groupVideo)!.type).toBe('videos');
    for (const totem of TOTEM_TYPES) {
      for (const name of Object.values(totemZoneNames(totem))) {
        expect(elementsByZone.get(name)?.length, name).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('marks the emergency procedures as checklists, one step per element', () => {
    const procedures = [
      IMAGE_ZONES.bodilyInjury,
      IMAGE_ZONES.medicalEmergency,
      IMAGE_ZONES.fireAlarm,
      IMAGE_ZONES.accidentalPollution,
      IMAGE_ZONES.gateOpening,
    ];
    for (const { fr } of procedures)
      expect(zones.find((zone) => zone.zonename === fr)!.checkList, fr).toBe(true);
    expect(zones.filter((zone) => zone.checkList)).toHaveLength(procedures.length);
  });

  it('numbers elements, sub-elements and sub-groups contiguously from 1, with unique sub-group orders', async () => {
    for (const [name, elements] of elementsByZone) {
      expect(
        elements.map((element) => element.order),
        name,
      ).toEqual(elements.map((_, i) => i + 1));
      for (const element of elements) {
        const stored = await allSubelements(element.elementid);
        expect(stored.map((sub) => sub.order)).toEqual(stored.map((_, i) => i + 1));
        // What the server serves (expired sub-groups hidden) has no hole either: batched loading
        // stops at the first empty batch.
        const served = subelementsByElement.get(element.elementid)!;
        expect(served.map((sub) => sub.order)).toEqual(served.map((_, i) => i + 1));
        const groups = await handle.db
          .selectFrom('subgroups')
          .select('order')
          .where('elementid', '=', element.elementid)
          .orderBy('order')
          .execute();
        expect(groups.map((group) => group.order)).toEqual(groups.map((_, i) => i + 1));
      }
    }
  });

  it('references only media files that exist on disk and are registered', async () => {
    const values = new Set<string>();
    for (const elements of elementsByZone.values()) {
      for (const element of elements) {
        if (isMediaValue(element)) values.add(element.value);
        for (const sub of await allSubelements(element.elementid))
          if (isMediaValue(sub)) values.add(sub.value);
      }
    }
    expect(values.size).toBeGreaterThan(200);
    for (const value of values) {
      expect(value).toMatch(
        /^(media\/uploads\/\d+\/[a-z0-9-]+-[0-9a-f]{8}\.(webp|webm)|pdf\/uploads\/\d+\/[a-z0-9-]+\.pdf)$/,
      );
      const file = fileOf(value);
      expect(existsSync(file), value).toBe(true);
      expect(statSync(file).size, value).toBeGreaterThan(0);
      const path = value.startsWith('media/') ? value.slice('media/'.length) : value;
      const row = await repos.media.findByPath(path);
      expect(row?.size, value).toBe(statSync(file).size);
      expect(row?.devid).toBe(seeded.devid);
    }
  });

  it('draws well-formed, titled, lean SVGs, rasterised to WebP at their drawn size', async () => {
    expect(drawings.size).toBeGreaterThan(200);
    for (const [path, svg] of drawings) {
      expect(xmlProblems(svg), path).toEqual([]);
      expect(svg.length, path).toBeLessThan(30_000);
      if (!basename(path).startsWith('qr-')) expect(svg, path).toMatch(/<title>[^<]{3,}<\/title>/);
    }
    const pictures = readdirSync(join(mediaDir, 'uploads', String(seeded.devid))).filter((file) =>
      file.endsWith('.webp'),
    );
    expect(pictures).toHaveLength(drawings.size);
    for (const file of pictures.slice(0, 20)) {
      const meta = await sharp(join(mediaDir, 'uploads', String(seeded.devid), file)).metadata();
      const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/
        .exec(svgOf(file))!
        .map(Number);
      expect([meta.format, meta.width, meta.height], file).toEqual(['webp', width, height]);
    }
  });

  it('builds products by category, with two product videos and a catalogue with a QR code', async () => {
    const categories = elementsByZone.get(IMAGE_ZONES.products.fr)!;
    expect(categories.map((category) => category.value)).toEqual([
      'Parfum',
      'Soin & Cosmétique',
      'Solutions résine durable',
    ]);
    let videos = 0;
    for (const category of categories) {
      const groups = await repos.live.listPopulatedSubgroups(
        category.elementid,
        undefined,
        [],
        NOW,
      );
      const products = groups.filter((group) => group.label === 'Produit');
      expect(products.length).toBeGreaterThanOrEqual(3);
      for (const product of products) {
        expect(product.fields.titre).toHaveLength(1);
        expect(product.fields.image!.length).toBeGreaterThanOrEqual(1);
        expect(product.fields.image!.length).toBeLessThanOrEqual(2);
        expect(product.fields['détail_produit']).toHaveLength(1);
        videos += product.fields['vidéo']?.length ?? 0;
      }
      const catalogues = groups.filter((group) => group.label === 'Catalogue');
      expect(catalogues).toHaveLength(1);
      expect(catalogues[0]!.fields.pages!.length).toBeGreaterThanOrEqual(6);
      expect(catalogues[0]!.fields.qr).toHaveLength(1);
      expect(svgOf(catalogues[0]!.fields.qr![0]!.value)).toMatch(/^<svg /);
    }
    expect(videos).toBe(2);
  });

  it('hides exactly one expired sub-group, a limited-edition product', async () => {
    const expired = await handle.db
      .selectFrom('subgroups')
      .selectAll()
      .where('expirationdate', '<', NOW.toISOString())
      .execute();
    expect(expired).toHaveLength(1);
    const title = await handle.db
      .selectFrom('subelements')
      .select('value')
      .where('subgroupid', '=', expired[0]!.subgroupid)
      .where('fieldlabel', '=', 'titre')
      .executeTakeFirst();
    expect(EXPIRED_PRODUCTS).toEqual([title?.value]);
    expect(await repos.live.findSubgroup(expired[0]!.subgroupid, NOW)).toBeUndefined();
    const snapshot = await repos.live.snapshot(seeded.devid, NOW);
    expect(snapshot!.subgroups.some((group) => group.subgroupid === expired[0]!.subgroupid)).toBe(
      false,
    );
  });

  it('adds one or two items today, so the kiosk shows its "new" badge', async () => {
    const since = new Date(NOW.getTime() - DAY).toISOString();
    const elements = await handle.db
      .selectFrom('elements')
      .select('value')
      .where('addingdate', '>', since)
      .execute();
    const subgroups = await handle.db
      .selectFrom('subgroups')
      .select('subgroupid')
      .where('addingdate', '>', since)
      .execute();
    expect(elements.length + subgroups.length).toBeGreaterThanOrEqual(1);
    expect(elements.length + subgroups.length).toBeLessThanOrEqual(2);
  });

  it('publishes six magazine issues over 2023–2024, each dated on the first of its month', async () => {
    const issues = elementsByZone.get(CONTENT_ZONES.magazine)!;
    expect(issues).toHaveLength(6);
    const months: string[] = [];
    for (const issue of issues) {
      const [group] = await repos.live.listPopulatedSubgroups(issue.elementid, 'Magazine', [], NOW);
      expect(group!.fields.pages!.length).toBeGreaterThanOrEqual(8);
      months.push(group!.fields.mois![0]!.value);
    }
    for (const month of months) expect(month).toMatch(/^202[34]-\d{2}-01$/);
    expect(months.at(-1)).toBe([...months].sort().at(-1));
  });

  it("gives the HR guide a table of contents whose page numbers open that section's page", async () => {
    const [guide] = elementsByZone.get(CONTENT_ZONES.hrGuide)!;
    const [group] = await repos.live.listPopulatedSubgroups(
      guide!.elementid,
      'Document PDF',
      [],
      NOW,
    );
    expect(group!.fields.pdf![0]!.value).toMatch(
      /^pdf\/uploads\/\d+\/guide-pratique-rh-juillet-2023\.pdf$/,
    );
    const toc = group!.fields.sommaire!.map((sub) => parseTocEntry(sub.value)!);
    expect(toc.length).toBeGreaterThanOrEqual(10);

    const doc = await PDFDocument.load(readFileSync(fileOf(group!.fields.pdf![0]!.value)));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(14);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const hex = (font: typeof bold, text: string) => font.encodeText(text).toString().toUpperCase();
    const tocPage = pageContent(doc, doc.getPage(1)).toUpperCase();
    let previous = 2;
    for (const entry of toc) {
      expect(entry.page).toBeGreaterThan(previous);
      expect(entry.page).toBeLessThanOrEqual(doc.getPageCount());
      previous = entry.page;
      // The section's title is the header of the page the entry points to, and a line of the TOC page.
      expect(pageContent(doc, doc.getPage(entry.page - 1)).toUpperCase(), entry.title).toContain(
        hex(bold, entry.title),
      );
      expect(tocPage, entry.title).toContain(hex(regular, entry.title));
    }
  });

  it('gives every BE LEAN PDF as many page images as the PDF has pages', async () => {
    for (const totem of TOTEM_TYPES) {
      const documents = elementsByZone.get(totemZoneNames(totem).pdfs)!;
      expect(documents.length).toBeGreaterThanOrEqual(2);
      for (const document of documents) {
        const [group] = await repos.live.listPopulatedSubgroups(
          document.elementid,
          'Document PDF',
          [],
          NOW,
        );
        const pdf = await PDFDocument.load(readFileSync(fileOf(group!.fields.pdf![0]!.value)));
        expect(group!.fields.pages).toHaveLength(pdf.getPageCount());
        expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
        expect(pdf.getPageCount()).toBeLessThanOrEqual(6);
      }
      for (const archive of elementsByZone.get(totemZoneNames(totem).archives)!) {
        expect(subelementsByElement.get(archive.elementid)!.length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('ships the benchmark and password-protected PDFs beside the pack, placed by the first start', async () => {
    const hundred = await PDFDocument.load(
      readFileSync(join(mediaDir, 'pdf', 'document-100-pages.pdf')),
    );
    expect(hundred.getPageCount()).toBe(100);
    const protectedPdf = readFileSync(join(mediaDir, 'pdf', 'document-protege.pdf'));
    expect(protectedPdf.toString('latin1')).toContain('/Encrypt');
    expect(PROTECTED_PDF_PASSWORD).toBe('neubourg-1963');
  });

  it('keeps those two test PDFs out of the plant’s media library (totem-size screen fixes)', async () => {
    const paths = (await repos.media.list(seeded.devid)).map((item) => item.path);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => /document-(100-pages|protege)/.test(path))).toEqual([]);
  });

  it('uses every content model of the contract', async () => {
    const models = await repos.models.list();
    expect(Object.fromEntries(models.map((model) => [model.label, model.fields]))).toEqual(
      MODEL_FIELDS,
    );
  });

  it('is imported once: a second start changes nothing', async () => {
    const count = async (
      table: 'zones' | 'elements' | 'subelements' | 'subgroups' | 'media' | 'kiosk_accounts',
    ) =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = [
      'zones',
      'elements',
      'subelements',
      'subgroups',
      'media',
      'kiosk_accounts',
    ] as const;
    const before = await Promise.all(tables.map(count));
    const files = readdirSync(join(mediaDir, 'uploads', String(seeded.devid))).length;
    const version = (await repos.developments.find(seeded.devid))!.content_version;
    expect(await firstStart()).toEqual({ imported: false, reason: 'present' });
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(readdirSync(join(mediaDir, 'uploads', String(seeded.devid)))).toHaveLength(files);
    expect((await repos.developments.find(seeded.devid))!.content_version).toBe(version);
  });

  it('passes every publish check, on every item', async () => {
    await repos.transaction((trx) => assertPublishable(trx, seeded.devid));
  });

  it('gives each translated visitor zone an English version after its French one, in English images of its own (English content, decision 021)', () => {
    const visitorZones = [
      IMAGE_ZONES.emergencyNumbers,
      IMAGE_ZONES.sitePlan,
      IMAGE_ZONES.hsePolicies,
      IMAGE_ZONES.ppe,
      IMAGE_ZONES.pti,
      IMAGE_ZONES.wastePollution,
      IMAGE_ZONES.qualityPolicies,
      IMAGE_ZONES.qualityCertifications,
      IMAGE_ZONES.environmentPolicy,
      IMAGE_ZONES.plantIntroduction,
      IMAGE_ZONES.moldingUnit,
      IMAGE_ZONES.assemblyUnit,
      IMAGE_ZONES.supportServices,
    ].map((zone) => zone.fr);
    expect([...ENGLISH_DEMO_ZONES].sort()).toEqual([...visitorZones].sort());
    const translated = [...elementsByZone]
      .filter(([, elements]) => elements.some((element) => element.lang === 'en'))
      .map(([name]) => name);
    // The videos and the environment catalogue stay French on purpose (content/english.ts).
    expect(translated.sort()).toEqual([...visitorZones].sort());

    const frenchWords =
      /Poste de garde|appelez|Politique|Numéros|Portail|Moulage|Assemblage|\bCertificat\b|Délivré|Santé|Sécurité|Site du Neubourg/;
    let englishImages = 0;
    for (const name of visitorZones) {
      const elements = elementsByZone.get(name)!;
      const french = elements.filter((element) => element.lang === undefined);
      const english = elements.filter((element) => element.lang === 'en');
      expect(french.length, name).toBeGreaterThanOrEqual(2);
      expect(english.length, name).toBeGreaterThanOrEqual(2);
      // French first, then English: the French orders are the ones the zone had before.
      expect(
        elements.findIndex((element) => element.lang === 'en'),
        name,
      ).toBe(french.length);
      for (const element of english) {
        englishImages++;
        expect(element.type).toBe('image');
        expect(french.map((other) => other.value)).not.toContain(element.value);
        const svg = svgOf(element.value);
        expect(svg, element.value).not.toMatch(frenchWords);
        expect(svg, element.value).toMatch(/<title>[A-Z][^<]{3,}<\/title>/);
      }
    }
    expect(englishImages).toBe(35);

    const [englishNumbers] = elementsByZone
      .get(IMAGE_ZONES.emergencyNumbers.fr)!
      .filter((element) => element.lang === 'en');
    const numbers = svgOf(englishNumbers!.value);
    expect(numbers).toContain('<title>Emergency numbers</title>');
    expect(numbers).toContain('On site, call 2222 first');
    expect(numbers).toContain('Gatehouse');
    const [frenchNumbers] = elementsByZone.get(IMAGE_ZONES.emergencyNumbers.fr)!;
    expect(svgOf(frenchNumbers!.value)).toContain('Depuis le site, appelez d’abord le 2222');
  });

  it('gives the evacuation template a landscape map with its two assembly points, drawn large', async () => {
    const evacuation = (await repos.alerts.liveTemplates(seeded.devid)).find(
      (template) => template.name === 'Évacuation',
    );
    expect(evacuation?.image).toMatch(/^media\/uploads\/\d+\/plan-d-evacuation-[0-9a-f]{8}\.webp$/);
    const svg = svgOf(evacuation!.image!);
    const [, width, height] = /<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
    expect(width! / height!).toBeGreaterThan(1.2);
    // P1 and P2 on the plan and in the legend, in type meant for a metre away; no car park "P1/P2".
    const labels = [...svg.matchAll(/font-size="(\d+)"[^>]*>(P[12])</g)].map(([, size, label]) => [
      label,
      Number(size),
    ]);
    expect(labels).toHaveLength(4);
    for (const [, size] of labels) expect(size).toBeGreaterThanOrEqual(48);
  });

  it('writes no pack when the assets are missing', async () => {
    const file = join(workDir, 'other', 'demo-plant.zip');
    await expect(
      buildDemoPack({
        file,
        workDir: join(workDir, 'other-staging'),
        now: NOW,
        assetsDir: join(workDir, 'no-such-assets'),
      }),
    ).rejects.toThrow(/Demo asset missing/);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(workDir, 'other-staging'))).toBe(false);
  });
});
