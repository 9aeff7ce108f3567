/**
 * The round trip of a content pack (issue 44, part 1): a development exported, then imported as a
 * new one, then published — its snapshot equals the source's, ids and file names aside (each
 * media value compared by the checksum of the file it names). An import lands in the draft, never
 * straight to the totems; importing the same pack into that development again replaces its draft
 * and reuses its library's files (deduplicated by checksum). Refusals write nothing. Also through
 * `npm run content -- export/import` on a SQLite file. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { publishDraftDirectly } from '../testing/fixture.js';
import { openTestDatabase } from '../testing/test-database.js';
import { runContentCli } from './content-cli.js';
import { exportPack, PackError } from './index.js';
import { mediaPathOf } from './pack-export.js';
import { importPack } from './pack-import.js';
import { readPack } from './pack-reader.js';
import { writePlant } from './testing/small-plant.js';

const IDS = new Set([
  'devid',
  'zoneid',
  'elementid',
  'subgroupid',
  'subelementid',
  'templateid',
  'settingid',
  'modelid',
  'version',
  'generatedAt',
  'revision',
]);

/** A snapshot with ids dropped and each media value replaced by its file's checksum. */
function comparable(value: unknown, mediaDir: string): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, mediaDir));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !IDS.has(key))
        .map(([key, item]) => [key, comparable(item, mediaDir)]),
    );
  }
  const path = mediaPathOf(value);
  if (path === null) return value;
  const sum = createHash('sha256')
    .update(readFileSync(join(mediaDir, path)))
    .digest('hex');
  return `file:${sum}`;
}

let database: DatabaseHandle;
let repos: Repositories;
let dir: string;
let mediaDir: string;
let sourceDevid: number;
let packFile: string;
const NOW = new Date('2026-11-27T08:00:00.000Z');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-import-'));
  mediaDir = join(dir, 'media');
  database = await openTestDatabase();
  repos = createRepositories(database.db);
  sourceDevid = (await writePlant(repos, mediaDir, 'usine-source')).devid;
  packFile = join(dir, 'source.zip');
  await exportPack(
    { repos, mediaDir, appVersion: 'test', now: () => NOW },
    { devname: 'usine-source' },
    packFile,
  );
});

afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

async function read() {
  await mkdir(join(mediaDir, '.tmp'), { recursive: true });
  // The reader works in a folder of its own inside, removed by dispose() or a refusal.
  return readPack(packFile, { tempDir: join(mediaDir, '.tmp') });
}

describe('importing a content pack', () => {
  it('round-trips: imported as a new development and published, its snapshot is the source’s', async () => {
    const pack = await read();
    const result = await importPack({ repos, mediaDir, now: () => NOW }, pack, {
      as: 'usine-copie',
    });
    await pack.dispose();
    expect(result).toMatchObject({ devname: 'usine-copie', created: true, mediaAdded: 4 });

    // In the draft only: the totems of the new development have the empty revision 1.
    const before = await repos.live.snapshot(result.devid, NOW);
    expect(before?.zones).toEqual([]);
    expect((await repos.draft.listZones(result.devid)).map((zone) => zone.zonename)).toEqual([
      'Plan du site',
      'Produits',
    ]);

    await publishDraftDirectly(repos, result.devid);
    const source = await repos.live.snapshot(sourceDevid, NOW);
    const copy = await repos.live.snapshot(result.devid, NOW);
    expect(comparable(copy, mediaDir)).toEqual(comparable(source, mediaDir));
    // The images' text alternatives came with them (format 3).
    expect(copy?.elements.map((element) => element.alt).filter(Boolean)).toEqual([
      'Plan du site : accueil au nord, parking au sud.',
    ]);
    expect(copy?.subelements.map((item) => item.alt).filter(Boolean)).toEqual([
      'Pompe Alpha, vue de face',
    ]);
    // Its files are its own, in its folder of the library.
    const library = await repos.media.list(result.devid);
    expect(library.map((row) => row.path).sort()).toEqual([
      `pdf/uploads/${result.devid}/guide-3c4d5e6f.pdf`,
      `uploads/${result.devid}/evacuation-2b3c4d5e.webp`,
      `uploads/${result.devid}/plan-0a1b2c3d.webp`,
      `uploads/${result.devid}/produit-1a2b3c4d.webp`,
    ]);
  });

  it('replaces the draft of an existing development, reusing the files its library holds', async () => {
    const copy = (await repos.developments.findByName('usine-copie'))!;
    await repos.draft.createZone({
      devid: copy.devid,
      zonename: 'Ajoutée à la main',
      type: 'text',
    });
    const pack = await read();
    const result = await importPack({ repos, mediaDir, now: () => NOW }, pack, {
      into: 'usine-copie',
    });
    await pack.dispose();
    expect(result).toMatchObject({ created: false, mediaAdded: 0, mediaReused: 4 });
    expect((await repos.draft.listZones(copy.devid)).map((zone) => zone.zonename)).toEqual([
      'Plan du site',
      'Produits',
    ]);
  });

  it('shifts every date by the time since the pack was made, when asked', async () => {
    const pack = await read();
    const later = new Date(NOW.getTime() + 7 * 86_400_000);
    const result = await importPack(
      { repos, mediaDir, now: () => later },
      pack,
      {
        as: 'usine-decalee',
      },
      { shiftDates: true },
    );
    await pack.dispose();
    const [zone] = await repos.draft.listZones(result.devid);
    const elements = await repos.draft.listElements(zone!.zoneid);
    expect(elements[0]?.addingdate).toBe('2026-11-27T08:00:00.000Z');
  });

  it('refuses a development that exists or is missing, and a model that differs, writing nothing', async () => {
    const refusal = async (target: Parameters<typeof importPack>[2]) => {
      const pack = await read();
      try {
        await importPack({ repos, mediaDir, now: () => NOW }, pack, target);
        return 'imported';
      } catch (error) {
        return error instanceof PackError ? error.reasons.join(' | ') : String(error);
      } finally {
        await pack.dispose();
      }
    };
    const developments = (await repos.developments.list()).length;
    expect(await refusal({ as: 'usine-source' })).toMatch(/existe déjà/);
    expect(await refusal({ into: 'nulle-part' })).toMatch(/n’existe pas/);
    await database.db
      .updateTable('content_models')
      .set({ fields: JSON.stringify(['titre']) })
      .where('label', '=', 'Produit')
      .execute();
    try {
      expect(await refusal({ as: 'usine-autre' })).toMatch(/« Produit »/);
    } finally {
      await database.db
        .updateTable('content_models')
        .set({ fields: JSON.stringify(['titre', 'image']) })
        .where('label', '=', 'Produit')
        .execute();
    }
    expect((await repos.developments.list()).length).toBe(developments);
    expect(await readdir(join(mediaDir, '.tmp'))).toEqual([]);
  });
});

describe('npm run content -- export / import', () => {
  it('exports from one store and imports into another, on SQLite files', async () => {
    const from = join(dir, 'from');
    const to = join(dir, 'to');
    const store = await openDatabase({ url: join(from, 'kiosk.sqlite') });
    try {
      await writePlant(createRepositories(store.db), join(from, 'media'), 'usine-fichier');
    } finally {
      await store.close();
    }
    const lines: string[] = [];
    const io = (dataDir: string) => ({
      env: { DATA_DIR: dataDir, DATABASE_URL: join(dataDir, 'kiosk.sqlite') },
      cwd: dir,
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
    });
    expect(await runContentCli(['export', 'usine-fichier', 'cli.zip'], io(from))).toBe(0);
    await mkdir(to, { recursive: true });
    const target = await openDatabase({ url: join(to, 'kiosk.sqlite') });
    await target.close();
    expect(
      await runContentCli(
        [
          'import',
          'cli.zip',
          '--as',
          'usine-fichier',
          '--login',
          'borne',
          '--password',
          'motdepasse-1',
        ],
        io(to),
      ),
    ).toBe(0);
    expect(lines.at(-1)).toMatch(
      /draft of "usine-fichier" \(a new development\).*4 media file\(s\) added/,
    );
    expect(await runContentCli(['import', 'cli.zip'], io(to))).toBe(2);
    expect(await runContentCli(['import', 'cli.zip', '--as', 'usine-fichier'], io(to))).toBe(1);
    expect(lines.at(-1)).toMatch(/existe déjà/);
    const check = await openDatabase({ url: join(to, 'kiosk.sqlite') });
    try {
      const copy = await createRepositories(check.db).developments.findByName('usine-fichier');
      expect(
        await createRepositories(check.db).accounts.findKioskAccount(copy!.devid, 'borne'),
      ).toBeDefined();
    } finally {
      await check.close();
    }
  });
});
