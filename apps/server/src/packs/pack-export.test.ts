/**
 * Export of a content pack (issue 44, first step): a development's published content written as
 * a pack, then read back from the zip as an importer would — every zone, element, sub-element,
 * sub-group (with its model), setting and alert template is there, every media file the content
 * names is in the archive with the checksum the manifest gives it, and the draft never leaks
 * into it. Also through `npm run content -- export` (its exit codes), a revision, some zones, and
 * the refusals. Runs on SQLite (`server`) and PostgreSQL (`server-pg`).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PACK_CONTENT_FILE,
  PACK_FORMAT,
  PACK_FORMAT_VERSION,
  PACK_MANIFEST_FILE,
  type PackContent,
  type PackManifest,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import type { DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { publishDraftDirectly } from '../testing/fixture.js';
import { plantFiles, writePlant } from './testing/small-plant.js';
import { openTestDatabase } from '../testing/test-database.js';
import { runContentCli } from './content-cli.js';
import { exportPack, PackError } from './index.js';

/** Every entry of a zip, read whole (the test's packs are small). */
async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    openZip(file, { lazyEntries: true }, (error, opened) =>
      error || !opened ? reject(error ?? new Error('no zip')) : resolve(opened),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error('no stream'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let database: DatabaseHandle;
let repos: Repositories;
let dir: string;
let mediaDir: string;
let FILES: Record<string, Buffer>;
let firstRevision: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-export-'));
  mediaDir = join(dir, 'media');
  FILES = await plantFiles();
  database = await openTestDatabase();
  repos = createRepositories(database.db);
  const plant = await writePlant(repos, mediaDir, 'usine-pack');
  firstRevision = plant.revision;

  // Revision 2 drops the products zone; and a draft change that is never published.
  await database.db.deleteFrom('subelements').where('elementid', '=', plant.catalogue).execute();
  await database.db.deleteFrom('subgroups').where('elementid', '=', plant.catalogue).execute();
  await database.db.deleteFrom('elements').where('zoneid', '=', plant.products).execute();
  await database.db.deleteFrom('zones').where('zoneid', '=', plant.products).execute();
  await publishDraftDirectly(repos, plant.devid);
  await repos.draft.createZone({
    devid: plant.devid,
    zonename: 'Brouillon seulement',
    type: 'text',
  });
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('exporting a content pack', () => {
  it('writes an earlier revision whole: every record, every media file with its checksum', async () => {
    const file = join(dir, 'revision-1.zip');
    const { manifest } = await exportPack(
      { repos, mediaDir, appVersion: '9.9.9', now: () => new Date('2026-11-27T08:00:00.000Z') },
      { devname: 'usine-pack', revision: firstRevision },
      file,
    );
    const entries = await readZip(file);
    const read = JSON.parse(entries.get(PACK_MANIFEST_FILE)!.toString()) as PackManifest;
    expect(read).toEqual(manifest);
    expect(read).toMatchObject({
      format: PACK_FORMAT,
      formatVersion: PACK_FORMAT_VERSION,
      source: { devname: 'usine-pack', revision: firstRevision, zones: null },
      referenceTime: '2026-11-27T08:00:00.000Z',
      product: { name: 'plant-kiosk', version: '9.9.9' },
    });

    const content = JSON.parse(entries.get(PACK_CONTENT_FILE)!.toString()) as PackContent;
    expect(content.zone.map((zone) => zone.zonename).sort()).toEqual(['Plan du site', 'Produits']);
    expect(content.element.map((element) => element.value).sort()).toEqual([
      'Catalogue',
      'Site plan',
      'media/uploads/1/plan-0a1b2c3d.webp',
    ]);
    expect(content.subgroup).toHaveLength(1);
    expect(content.subelement.map((item) => item.value).sort()).toEqual([
      '/media/uploads/1/produit-1a2b3c4d.webp',
      'Pompe Alpha',
      'pdf/uploads/1/guide-3c4d5e6f.pdf',
    ]);
    expect(content.models).toEqual([
      expect.objectContaining({ label: 'Produit', fields: ['titre', 'image'] }),
    ]);
    expect(content.alert_template.map((template) => template.name)).toEqual(['Évacuation']);
    expect(content.setting).toHaveLength(1);
    expect(String(content.setting[0]?.settings)).toContain('https://example.test');
    expect(read.counts).toMatchObject({
      zone: 2,
      element: 3,
      subgroup: 1,
      subelement: 3,
      alert_template: 1,
      setting: 1,
      media: 4,
      models: 1,
    });

    // Every file is listed with its size and checksum, and the archive holds exactly those.
    for (const [path, bytes] of Object.entries(FILES)) {
      const listed = read.files.find((entry) => entry.path === `media/${path}`);
      expect(listed, path).toEqual({
        path: `media/${path}`,
        bytes: bytes.length,
        sha256: sha256(bytes),
      });
      expect(entries.get(`media/${path}`)).toEqual(bytes);
    }
    for (const listed of read.files) expect(sha256(entries.get(listed.path)!)).toBe(listed.sha256);
    expect([...entries.keys()].sort()).toEqual(
      [PACK_MANIFEST_FILE, ...read.files.map((entry) => entry.path)].sort(),
    );
  });

  it('writes the live revision by default, never the draft, and only the named zones', async () => {
    const live = join(dir, 'live.zip');
    await exportPack({ repos, mediaDir, appVersion: '9.9.9' }, { devname: 'usine-pack' }, live);
    const content = JSON.parse(
      (await readZip(live)).get(PACK_CONTENT_FILE)!.toString(),
    ) as PackContent;
    expect(content.zone.map((zone) => zone.zonename)).toEqual(['Plan du site']);

    const zones = join(dir, 'zones.zip');
    const { manifest } = await exportPack(
      { repos, mediaDir, appVersion: '9.9.9' },
      { devname: 'usine-pack', revision: firstRevision, zones: ['Produits'] },
      zones,
    );
    const entries = await readZip(zones);
    const only = JSON.parse(entries.get(PACK_CONTENT_FILE)!.toString()) as PackContent;
    expect(only.zone.map((zone) => zone.zonename)).toEqual(['Produits']);
    expect(only.element.map((element) => element.value)).toEqual(['Catalogue']);
    expect(only.alert_template).toEqual([]);
    expect(only.setting).toEqual([]);
    expect(manifest.source.zones).toEqual(['Produits']);
    expect(manifest.files.map((entry) => entry.path).sort()).toEqual([
      PACK_CONTENT_FILE,
      'media/pdf/uploads/1/guide-3c4d5e6f.pdf',
      'media/uploads/1/produit-1a2b3c4d.webp',
    ]);
  });

  it('refuses, writing nothing, an unknown development, revision or zone, or a missing file', async () => {
    const target = join(dir, 'refused.zip');
    const refusal = (request: Parameters<typeof exportPack>[1], media = mediaDir) =>
      exportPack({ repos, mediaDir: media, appVersion: '9.9.9' }, request, target).then(
        () => 'exported',
        (error: unknown) => (error instanceof PackError ? error.message : String(error)),
      );
    expect(await refusal({ devname: 'nulle-part' })).toMatch(/n’existe pas/);
    expect(await refusal({ devname: 'usine-pack', revision: 99 })).toMatch(/révision 99/);
    expect(await refusal({ devname: 'usine-pack', zones: ['Menu'] })).toMatch(/« Menu »/);
    expect(await refusal({ devname: 'usine-pack' }, join(dir, 'empty-media'))).toMatch(
      /plan-0a1b2c3d\.webp/,
    );
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('runs as `npm run content -- export`, with the exit codes of the other commands', async () => {
    const lines: string[] = [];
    const io = {
      env: {
        DATA_DIR: dir,
        DATABASE_URL: process.env.TEST_SQLITE_URL ?? join(dir, 'cli.sqlite'),
      },
      cwd: dir,
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
    };
    expect(await runContentCli(['export'], io)).toBe(2);
    expect(await runContentCli(['export', 'usine-pack', 'x.zip', '--revision', 'deux'], io)).toBe(
      2,
    );
    expect(await runContentCli(['frobnicate'], io)).toBe(2);
    // An empty store of its own: the development is not there, said plainly.
    expect(await runContentCli(['export', 'usine-pack', 'cli.zip'], io)).toBe(1);
    expect(lines.at(-1)).toMatch(/« usine-pack » n’existe pas/);
  });
});
