/**
 * Scale-out and reliability, "a crash during an admin save leaves the previous version intact": a
 * back-office save is one transaction (content-editor.ts), so whatever stops it midway — a write
 * that throws, or the process killed outright — the item is either entirely the old version or
 * entirely the new one, never a mix, and the development's draft version moves only with a
 * committed save. Publishing gate: the same for a publish killed midway — the previous revision
 * stays whole and served, and the draft intact.
 *
 * 1. In process, both stores: the third sub-element insert of a sub-group save throws; the save
 *    answers 500 and the sub-group, its fields and the content version are as before.
 * 2. SQLite file, three times: a child process saves in a loop and is SIGKILLed at a random
 *    moment; the reopened database passes the integrity check and holds exactly the last
 *    committed generation (the last one the child announced, or the one after if it was killed
 *    between the commit and the announcement).
 * 3. SQLite file, twice: the child saves then publishes in a loop and is SIGKILLed; the live
 *    content is exactly one published generation, the one of the latest revision, the snapshot
 *    serves it, and the draft is whole.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathOf } from '@plant-kiosk/contract';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database.js';
import { DraftContentRepository } from './draft-content-repository.js';
import { createRepositories } from '../db/repositories/index.js';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';
import { FIXTURE_NOW, seedFixture } from '../testing/fixture.js';
import { testingPostgres } from '../testing/test-database.js';
import { generationFields, IMAGES_PER_SAVE } from './save-crash-child.js';

describe('a save that throws midway', () => {
  let f: AdminFixture;
  beforeAll(async () => {
    f = await createAdminFixture();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await f.close();
  });

  it('rolls the whole save back: the sub-group and the content version are as before', async () => {
    const admin = await f.asAdmin();
    const id = f.ids.liveProduct;
    const before = (await f.repos.draft.findSubgroup(id, FIXTURE_NOW))!.item;
    const versionBefore = (await f.repos.developments.find(f.ids.devid))!.draft_version;

    const insert = DraftContentRepository.prototype.insertSubelement;
    let calls = 0;
    const spy = vi
      .spyOn(DraftContentRepository.prototype, 'insertSubelement')
      .mockImplementation(function (this: DraftContentRepository, ...args) {
        if (++calls === 3) throw new Error('disk gone (test)');
        return insert.apply(this, args);
      });
    const failed = await admin.patch(
      pathOf('adminUpdateSubgroup', { params: { subgroupid: id } }),
      {
        expectedVersion: before.version,
        fields: generationFields(1),
      },
    );
    spy.mockRestore();
    expect(calls).toBe(3);
    expect(failed.statusCode).toBe(500);

    expect((await f.repos.draft.findSubgroup(id, FIXTURE_NOW))!.item).toEqual(before);
    expect((await f.repos.developments.find(f.ids.devid))!.draft_version).toBe(versionBefore);

    // The same save, undisturbed, goes through whole.
    const saved = await admin.patch(pathOf('adminUpdateSubgroup', { params: { subgroupid: id } }), {
      expectedVersion: before.version,
      fields: generationFields(1),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await f.repos.draft.findSubgroup(id, FIXTURE_NOW))!.item;
    expect(after.fields.image).toHaveLength(IMAGES_PER_SAVE);
    expect((await f.repos.developments.find(f.ids.devid))!.draft_version).toBe(versionBefore + 1);
  });
});

const repoRoot = resolve(import.meta.dirname, '../../../..');
const childScript = resolve(import.meta.dirname, 'save-crash-child.ts');

/** Starts the child; resolves with the generations it announced once it has been killed. */
function saveUntilKilled(
  dbPath: string,
  subgroupid: number,
  userid: number,
  first: number,
  killAfter: number,
  mode: 'save' | 'publish' = 'save',
): Promise<number[]> {
  const announcement = mode === 'save' ? /^saved (\d+)$/ : /^published (\d+)$/;
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        childScript,
        dbPath,
        String(subgroupid),
        String(userid),
        String(first),
        mode,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const announced: number[] = [];
    let buffered = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const match = announcement.exec(line);
        if (match) announced.push(Number(match[1]));
      }
      // A random instant after enough saves: most likely in the middle of the next one.
      if (announced.length >= killAfter && child.exitCode === null && !child.killed) {
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 15));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL')
        reject(new Error(`child exited (${code}) before the kill:\n${errors}`));
      else resolveRun(announced);
    });
  });
}

describe.skipIf(testingPostgres())('a save process killed midway (SQLite file)', () => {
  let dir: string;
  let dbPath: string;
  let subgroupid: number;
  let devid: number;
  let userid: number;
  let initialVersion: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plant-kiosk-save-crash-'));
    dbPath = join(dir, 'kiosk.sqlite');
    const handle = await openDatabase({ url: dbPath });
    const repos = createRepositories(handle.db);
    const ids = await seedFixture(repos);
    subgroupid = ids.liveProduct;
    devid = ids.devid;
    userid = (
      await repos.adminUsers.create({
        username: 'crash-test',
        role: 'admin',
        passwordHash: 'x',
        passwordSalt: 'x',
        now: FIXTURE_NOW,
      })
    ).userid;
    initialVersion = (await repos.developments.find(devid))!.draft_version;
    await handle.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves, after each of three kills, the last committed save whole and nothing of the next', async () => {
    let next = 1;
    for (const killAfter of [5, 12, 20]) {
      const announced = await saveUntilKilled(dbPath, subgroupid, userid, next, killAfter);
      expect(announced.length).toBeGreaterThanOrEqual(killAfter);
      const last = announced.at(-1)!;

      const db = new SQLite(dbPath);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = db
          .prepare(
            'SELECT fieldlabel, value FROM subelements WHERE subgroupid = ? ORDER BY fieldlabel, "order"',
          )
          .all(subgroupid) as { fieldlabel: string; value: string }[];
        const titles = rows.filter((row) => row.fieldlabel === 'titre').map((row) => row.value);
        expect(titles).toHaveLength(1);
        const generation = Number(/^Génération (\d+)$/.exec(titles[0]!)?.[1]);
        // Committed: at least the last announced save, at most the one after it.
        expect([last, last + 1]).toContain(generation);
        // Whole: every image of that very generation, none of another.
        const images = rows.filter((row) => row.fieldlabel === 'image').map((row) => row.value);
        expect(images).toEqual(generationFields(generation).image.map((item) => item.value));
        // Other fields of the sub-group were left as they were (the saves replace two fields).
        expect(rows.filter((row) => row.fieldlabel === 'détail_produit')).toHaveLength(1);
        // One draft version per committed save, no more, no less.
        const { draft_version } = db
          .prepare('SELECT draft_version FROM developments WHERE devid = ?')
          .get(devid) as { draft_version: number };
        expect(draft_version - initialVersion).toBe(generation);
        next = generation + 1;
      } finally {
        db.close();
      }
    }
  }, 120_000);
});

describe.skipIf(testingPostgres())('a publish process killed midway (SQLite file)', () => {
  let dir: string;
  let dbPath: string;
  let subgroupid: number;
  let devid: number;
  let userid: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'plant-kiosk-publish-crash-'));
    dbPath = join(dir, 'kiosk.sqlite');
    const handle = await openDatabase({ url: dbPath });
    const repos = createRepositories(handle.db);
    const ids = await seedFixture(repos);
    subgroupid = ids.liveProduct;
    devid = ids.devid;
    userid = (
      await repos.adminUsers.create({
        username: 'crash-test',
        role: 'admin',
        passwordHash: 'x',
        passwordSalt: 'x',
        now: FIXTURE_NOW,
      })
    ).userid;
    await handle.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The generation a set of rows holds, checking it holds that one whole and nothing else. */
  const wholeGeneration = (rows: Array<{ fieldlabel: string; value: string }>): number => {
    const titles = rows.filter((row) => row.fieldlabel === 'titre').map((row) => row.value);
    expect(titles).toHaveLength(1);
    const generation = Number(/^Génération (\d+)$/.exec(titles[0]!)?.[1]);
    const images = rows.filter((row) => row.fieldlabel === 'image').map((row) => row.value);
    expect(images).toEqual(generationFields(generation).image.map((item) => item.value));
    expect(rows.filter((row) => row.fieldlabel === 'détail_produit')).toHaveLength(1);
    return generation;
  };

  it('leaves, after each kill, the last published revision whole and served, and the draft whole', async () => {
    let next = 1;
    for (const killAfter of [3, 8]) {
      const announced = await saveUntilKilled(
        dbPath,
        subgroupid,
        userid,
        next,
        killAfter,
        'publish',
      );
      expect(announced.length).toBeGreaterThanOrEqual(killAfter);
      const last = announced.at(-1)!;

      const db = new SQLite(dbPath, { readonly: true });
      let liveGeneration: number;
      let draftGeneration: number;
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const query = (table: string) =>
          db
            .prepare(
              `SELECT fieldlabel, value FROM ${table} WHERE subgroupid = ? ORDER BY fieldlabel, "order"`,
            )
            .all(subgroupid) as Array<{ fieldlabel: string; value: string }>;
        liveGeneration = wholeGeneration(query('pub_subelements'));
        // Published: at least the last announced publish, at most the one after it.
        expect([last, last + 1]).toContain(liveGeneration);
        draftGeneration = wholeGeneration(query('subelements'));
        expect([liveGeneration, liveGeneration + 1]).toContain(draftGeneration);
        // The latest revision is the one the development names, and it logged that generation.
        const { content_version } = db
          .prepare('SELECT content_version FROM developments WHERE devid = ?')
          .get(devid) as { content_version: number };
        const { latest } = db
          .prepare('SELECT max(revision) AS latest FROM content_revisions WHERE devid = ?')
          .get(devid) as { latest: number };
        expect(latest).toBe(content_version);
        const logged = db
          .prepare(
            `SELECT "after" FROM content_changes
             WHERE devid = ? AND revision = ? AND kind = 'subelement' AND "after" IS NOT NULL`,
          )
          .all(devid, latest) as Array<{ after: string }>;
        expect(logged.some((row) => row.after.includes(`Génération ${liveGeneration}`))).toBe(true);
      } finally {
        db.close();
      }

      // Served: the kiosk's snapshot after a restart is that revision.
      const handle = await openDatabase({ url: dbPath });
      try {
        const snapshot = (await createRepositories(handle.db).live.snapshot(devid))!;
        const titles = snapshot.subelements.filter(
          (item) =>
            item.subgroupinfo?.subgroupid === subgroupid &&
            item.subgroupinfo.fieldlabel === 'titre',
        );
        expect(titles.map((item) => item.value)).toEqual([`Génération ${liveGeneration}`]);
      } finally {
        await handle.close();
      }
      next = draftGeneration + 1;
    }
  }, 120_000);
});
