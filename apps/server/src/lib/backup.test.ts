/**
 * Backup and restore on real files: a seeded SQLite data directory with media and secrets is
 * backed up while another thread keeps writing, restored into a new directory, and served again by
 * the app; damaged backups are refused without touching the target.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { TOKEN_HEADER, pathOf } from '@plant-kiosk/contract';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { createRepositories } from '../db/repositories/index.js';
import { seedFixture, type FixtureIds } from '../testing/fixture.js';
import { testingPostgres } from '../testing/test-database.js';
import { createBackup } from './backup.js';
import { BackupError, MANIFEST_FILE, type BackupManifest } from './backup-manifest.js';
import { restoreBackup, verifyBackupDirectory } from './restore.js';
import { InMemoryEventBus } from './event-bus.js';
import { ensureSecrets } from './secrets.js';

let root: string;
let source: ServerConfig;
let handle: DatabaseHandle;
let ids: FixtureIds;

const configFor = (dataDir: string): ServerConfig =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, root);

/** Every file under a directory, by relative path, with its SHA-256. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

/** The app on a data directory, as the server process builds it. */
async function serve(config: ServerConfig) {
  const database = await openDatabase({ url: config.databaseUrl });
  const bus = new InMemoryEventBus();
  const app: FastifyInstance = await buildApp({
    repos: createRepositories(database.db),
    config,
    bus,
    secrets: ensureSecrets(config),
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await bus.close();
      await database.close();
    },
  };
}

/** What the kiosk of development A would download, and one media file, through the app. */
async function contentSeenBy(app: FastifyInstance, token: string) {
  const get = (url: string) => app.inject({ url, headers: { [TOKEN_HEADER]: token } });
  const zones = await get(pathOf('zones', { params: { devid: ids.devid } }));
  const elements = await get(pathOf('elements', { params: { zoneid: ids.planZone } }));
  const products = await get(
    pathOf('populatedSubgroups', { params: { elementid: ids.category, modelLabel: 'Produit' } }),
  );
  const media = await app.inject({ url: '/media/images/plan-1.png' });
  const pdf = await app.inject({ url: '/pdf/guide.pdf' });
  return {
    statuses: [zones, elements, products, media, pdf].map((response) => response.statusCode),
    zones: zones.json(),
    elements: elements.json(),
    products: products.json(),
    media: media.rawPayload.toString('base64'),
    pdf: pdf.rawPayload.toString('base64'),
  };
}

/** A thread that commits zone + content-version writes in a loop until told to stop. */
function startWriter(file: string, devid: number) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.file);
    db.pragma('busy_timeout = 5000');
    const write = db.transaction((i) => {
      db.prepare("INSERT INTO zones (devid, zonename, type) VALUES (?, ?, 'images')").run(workerData.devid, 'written-' + i);
      db.prepare('UPDATE developments SET content_version = content_version + 1 WHERE devid = ?').run(workerData.devid);
    });
    let stop = false;
    let i = 0;
    parentPort.on('message', () => { stop = true; });
    const loop = () => {
      for (let n = 0; n < 20 && !stop; n++) write(++i);
      if (stop) { db.close(); parentPort.postMessage(i); } else setImmediate(loop);
    };
    parentPort.postMessage('started');
    loop();
    `,
    {
      eval: true,
      workerData: { file, devid, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    },
  );
  const started = new Promise<void>((done) => worker.once('message', () => done()));
  return {
    started,
    stop: () =>
      new Promise<number>((done, fail) => {
        worker.once('message', (count: number) => done(count));
        worker.once('error', fail);
        worker.postMessage('stop');
      }),
  };
}

// Backups copy SQLite files: the PostgreSQL run of the suite has nothing to test here.
describe.skipIf(testingPostgres())('backup and restore', () => {
  let manifest: BackupManifest;
  let archive: string;
  let before: Awaited<ReturnType<typeof contentSeenBy>>;
  let tokenBefore: string;
  let initialVersion: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kiosk-backup-'));
    source = configFor(join(root, 'data'));
    mkdirSync(join(source.mediaDir, 'images'), { recursive: true });
    mkdirSync(join(source.mediaDir, 'pdf'), { recursive: true });
    writeFileSync(join(source.mediaDir, 'images', 'plan-1.png'), Buffer.from('fake png bytes'));
    writeFileSync(join(source.mediaDir, 'pdf', 'guide.pdf'), '%PDF-1.4\n% guide\n%%EOF\n');
    handle = await openDatabase({ url: source.databaseUrl });
    ids = await seedFixture(createRepositories(handle.db));
    ensureSecrets(source);
    const original = await serve(source);
    try {
      tokenBefore = await original.app.kiosk.tokens.issue({
        devid: ids.devid,
        accountid: ids.accountid,
        tokenVersion: 1,
      });
      before = await contentSeenBy(original.app, tokenBefore);
    } finally {
      await original.close();
    }
    initialVersion = (
      await handle.db
        .selectFrom('developments')
        .select('content_version')
        .where('devid', '=', ids.devid)
        .executeTakeFirstOrThrow()
    ).content_version;
    archive = join(root, 'backups', 'kiosk.tar.gz');
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a consistent copy while a transaction is open and another thread keeps committing', async () => {
    // A write that has begun but not committed when the backup starts must not be in it.
    const open = new SQLite(source.databaseUrl);
    open.pragma('busy_timeout = 5000');
    open.exec('BEGIN IMMEDIATE');
    open
      .prepare("INSERT INTO zones (devid, zonename, type) VALUES (?, 'uncommitted', 'images')")
      .run(ids.devid);
    let held = true;
    try {
      manifest = await createBackup({ config: source, target: join(root, 'during-open-write') });
      open.exec('COMMIT');
      held = false;
    } finally {
      if (held) open.exec('ROLLBACK');
      open.close();
    }
    const copy = new SQLite(join(root, 'during-open-write', 'kiosk.sqlite'), { readonly: true });
    try {
      expect(
        copy.prepare("SELECT count(*) AS n FROM zones WHERE zonename = 'uncommitted'").get(),
      ).toEqual({ n: 0 });
    } finally {
      copy.close();
    }

    // Now with commits landing all through the backup.
    const writer = startWriter(source.databaseUrl, ids.devid);
    await writer.started;
    try {
      manifest = await createBackup({ config: source, target: archive });
    } finally {
      const written = await writer.stop();
      expect(written).toBeGreaterThan(0);
    }
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // Every zone the writer added came with its content-version bump: the copy is one snapshot.
    const development = manifest.developments.find((d) => d.devid === ids.devid)!;
    const unpacked = join(root, 'unpacked');
    mkdirSync(unpacked);
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-xzf', archive, '-C', unpacked]);
    const db = new SQLite(join(unpacked, 'kiosk.sqlite'), { readonly: true });
    try {
      const { n } = db
        .prepare("SELECT count(*) AS n FROM zones WHERE zonename LIKE 'written-%'")
        .get() as { n: number };
      expect(development.contentVersion).toBe(initialVersion + n);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      db.close();
    }
    expect(manifest).toMatchObject({
      format: 'plant-kiosk-backup',
      formatVersion: 1,
      database: { path: 'kiosk.sqlite', dialect: 'sqlite' },
    });
    expect(manifest.database.migrations.length).toBeGreaterThanOrEqual(2);
    expect(manifest.files.map((file) => file.path).sort()).toEqual([
      'media/images/plan-1.png',
      'media/pdf/guide.pdf',
      // The alert token (emergency alerts, decision 012) goes with the other secrets.
      'secrets/alert-token',
      'secrets/jwt-secret',
      // The metrics token (issue 48) too: a restored server answers the same Prometheus.
      'secrets/metrics-token',
      'secrets/publish-token',
    ]);
    expect(manifest.developments.map((d) => d.devname).sort()).toEqual(['autre-usine', 'neubourg']);
  });

  it('restores into a new data directory that the app then serves identically', async () => {
    const target = configFor(join(root, 'restored'));
    const result = await restoreBackup({ config: target, source: archive });
    expect(result.replacedInto).toBeUndefined();
    expect(result.manifest).toEqual(manifest);
    expect(tree(target.mediaDir)).toEqual(tree(source.mediaDir));
    expect(tree(target.secretsDir)).toEqual(tree(source.secretsDir));
    expect(statSync(join(target.secretsDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(readdirSync(target.dataDir).sort()).toEqual(['kiosk.sqlite', 'media', 'secrets']);

    const restored = await serve(target);
    try {
      // The restored secrets accept the token issued before the backup: no kiosk is logged out.
      const after = await contentSeenBy(restored.app, tokenBefore);
      expect(after.statuses).toEqual([200, 200, 200, 200, 200]);
      // The writer's zones are extra rows of the zone list; the rest is identical.
      const zonesData = (after.zones as { data: Array<{ zonename: string }> }).data.filter(
        (zone) => !zone.zonename.startsWith('written-') && zone.zonename !== 'uncommitted',
      );
      expect(zonesData).toEqual((before.zones as { data: unknown[] }).data);
      expect(after.elements).toEqual(before.elements);
      expect(after.products).toEqual(before.products);
      expect(after.media).toEqual(before.media);
      expect(after.pdf).toEqual(before.pdf);
    } finally {
      await restored.close();
    }
  });

  it('restores from a backup directory too', async () => {
    const target = configFor(join(root, 'restored-from-dir'));
    await restoreBackup({ config: target, source: join(root, 'during-open-write') });
    expect(tree(target.mediaDir)).toEqual(tree(source.mediaDir));
  });

  it('refuses a non-empty data directory without --force, and keeps the old data aside with it', async () => {
    const target = configFor(join(root, 'occupied'));
    mkdirSync(target.mediaDir, { recursive: true });
    writeFileSync(join(target.mediaDir, 'old.png'), 'old');
    writeFileSync(target.databaseUrl, 'old database');
    await expect(restoreBackup({ config: target, source: archive })).rejects.toThrow(
      /is not empty: .*--force/,
    );
    expect(readFileSync(target.databaseUrl, 'utf8')).toBe('old database');

    const result = await restoreBackup({ config: target, source: archive, force: true });
    expect(result.replacedInto).toBeDefined();
    expect(readFileSync(join(result.replacedInto!, 'kiosk.sqlite'), 'utf8')).toBe('old database');
    expect(readFileSync(join(result.replacedInto!, 'media', 'old.png'), 'utf8')).toBe('old');
    expect(tree(target.mediaDir)).toEqual(tree(source.mediaDir));
  });

  describe('damaged backups are refused and leave the target untouched', () => {
    /** A copy of the good backup directory, damaged by `damage`. */
    function damagedCopy(name: string, damage: (dir: string) => void): string {
      const dir = join(root, `damaged-${name}`);
      execTar(['-xzf', archive, '-C', mkdirFresh(dir)]);
      damage(dir);
      return dir;
    }
    function mkdirFresh(dir: string): string {
      mkdirSync(dir, { recursive: true });
      return dir;
    }
    let execTar: (args: string[]) => void;
    let occupied: ServerConfig;
    let occupiedTree: Record<string, string>;

    beforeAll(async () => {
      const { execFileSync } = await import('node:child_process');
      execTar = (args) => void execFileSync('tar', args);
      occupied = configFor(join(root, 'keep-me'));
      mkdirSync(occupied.mediaDir, { recursive: true });
      writeFileSync(join(occupied.mediaDir, 'current.png'), 'current media');
      writeFileSync(occupied.databaseUrl, 'current database');
      occupiedTree = tree(occupied.dataDir);
    });

    const cases: Array<[string, (dir: string) => void, RegExp]> = [
      ['no manifest', (dir) => rmSync(join(dir, MANIFEST_FILE)), /No manifest\.json in the backup/],
      [
        'manifest not JSON',
        (dir) => writeFileSync(join(dir, MANIFEST_FILE), '{"format": "plant-kiosk-bac'),
        /not valid JSON/,
      ],
      [
        'other format version',
        (dir) => {
          const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
          writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ ...m, formatVersion: 99 }));
        },
        /format version 99 is not supported/,
      ],
      [
        'manifest path escaping the folders',
        (dir) => {
          const m = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as BackupManifest;
          m.files[0]!.path = 'media/../../etc/passwd';
          writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(m));
        },
        /incomplete or malformed/,
      ],
      [
        'truncated database',
        (dir) => truncateSync(join(dir, 'kiosk.sqlite'), 4096),
        /kiosk\.sqlite does not match its checksum/,
      ],
      [
        'changed media file',
        (dir) => writeFileSync(join(dir, 'media', 'pdf', 'guide.pdf'), '%PDF-1.4 tampered'),
        /media\/pdf\/guide\.pdf does not match its checksum/,
      ],
      [
        'missing media file',
        (dir) => rmSync(join(dir, 'media', 'images', 'plan-1.png')),
        /Missing from the backup: media\/images\/plan-1\.png/,
      ],
      [
        'file the manifest does not list',
        (dir) => writeFileSync(join(dir, 'media', 'images', 'extra.html'), '<script>'),
        /Unexpected file in the backup: media\/images\/extra\.html/,
      ],
    ];

    for (const [name, damage, message] of cases) {
      it(name, async () => {
        const dir = damagedCopy(name.replace(/\W+/g, '-'), damage);
        await expect(restoreBackup({ config: occupied, source: dir, force: true })).rejects.toThrow(
          message,
        );
        await expect(
          restoreBackup({ config: occupied, source: dir, force: true }),
        ).rejects.toBeInstanceOf(BackupError);
        expect(tree(occupied.dataDir)).toEqual(occupiedTree);
        const fresh = configFor(join(root, `fresh-${name.replace(/\W+/g, '-')}`));
        await expect(restoreBackup({ config: fresh, source: dir })).rejects.toThrow(message);
        // Only the (empty) data directory itself may have been created.
        expect(tree(fresh.dataDir)).toEqual({});
      });
    }

    it('a truncated or garbage archive', async () => {
      const truncated = join(root, 'truncated.tar.gz');
      writeFileSync(
        truncated,
        readFileSync(archive).subarray(0, Math.floor(statSync(archive).size / 2)),
      );
      const garbage = join(root, 'garbage.tar.gz');
      writeFileSync(garbage, 'this is not a tarball');
      for (const file of [truncated, garbage]) {
        await expect(
          restoreBackup({ config: occupied, source: file, force: true }),
        ).rejects.toThrow(
          /not a readable backup archive|No manifest|Missing from the backup|does not match/,
        );
        expect(tree(occupied.dataDir)).toEqual(occupiedTree);
      }
      await expect(verifyBackupDirectory(join(root, 'nowhere'))).rejects.toThrow(/No manifest/);
      await expect(
        restoreBackup({ config: occupied, source: join(root, 'nowhere.tar.gz') }),
      ).rejects.toThrow(/No backup at/);
    });
  });

  it('refuses PostgreSQL clearly, and an existing target', async () => {
    const pg = { ...source, databaseUrl: 'postgres://kiosk@db/kiosk' };
    await expect(createBackup({ config: pg, target: join(root, 'pg.tar.gz') })).rejects.toThrow(
      /pg_dump/,
    );
    await expect(restoreBackup({ config: pg, source: archive })).rejects.toThrow(/pg_dump/);
    await expect(createBackup({ config: source, target: archive })).rejects.toThrow(
      /already exists/,
    );
    // Its pointer to pg_dump leaves the thumbnails out, as a SQLite backup does (below).
    await expect(createBackup({ config: pg, target: join(root, 'pg.tar.gz') })).rejects.toThrow(
      /pg_dump '--exclude-table-data=\*\.kiosk_thumbnails'/,
    );
  });

  it('leaves the totems’ thumbnails out: the table is in the copy, empty, none of its bytes', async () => {
    const repos = createRepositories(handle.db);
    // Bytes found nowhere else, to look for in the copy's file (free pages included).
    const marker = Buffer.from('RIFF\0\0\0\0WEBP-thumbnail-marker-'.repeat(40));
    for (const kioskId of ['k-hall', 'k-quai']) {
      await repos.kioskThumbnails.insert({
        devid: ids.devid,
        kioskId,
        route: '/zone/Moulage',
        revision: 1,
        takenAt: '2026-03-10T09:00:00.000Z',
        receivedAt: new Date('2026-03-10T09:00:01.000Z'),
        placeholders: 0,
        commandId: null,
        image: marker,
      });
    }
    const target = join(root, 'without-thumbnails');
    await createBackup({ config: source, target });
    const copyFile = join(target, 'kiosk.sqlite');
    const copy = new SQLite(copyFile, { readonly: true });
    try {
      expect(copy.prepare('SELECT count(*) AS n FROM kiosk_thumbnails').get()).toEqual({ n: 0 });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }
    expect(readFileSync(copyFile).includes(Buffer.from('WEBP-thumbnail-marker-'))).toBe(false);
    // The deployment keeps its own.
    expect(await repos.kioskThumbnails.list(ids.devid, 'k-hall', 10)).toHaveLength(1);

    // Restored, the server starts with none, and takes new ones.
    const restoredConfig = configFor(join(root, 'restored-without-thumbnails'));
    await restoreBackup({ config: restoredConfig, source: target });
    const restored = await openDatabase({ url: restoredConfig.databaseUrl });
    try {
      const restoredRepos = createRepositories(restored.db);
      expect(await restoredRepos.kioskThumbnails.latestByKiosk()).toEqual(new Map());
    } finally {
      await restored.close();
    }
  });
});
