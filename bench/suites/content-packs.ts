/**
 * Content packs' figures (issue 44): export and import of the large plant (support/sizes.ts: 100 ×
 * 50 × 20, 105,100 records, 55,000 media files), their time and peak memory. Packs are streamed,
 * never held whole: the peak should stay near an idle Node process's, whatever the pack's size.
 *
 * Every command runs as a child of its own under support/max-rss.mjs, so its peak resident set is
 * its own, and is timed from spawn to exit (the operator's wait, Node's start included). Baselines
 * in the same run:
 * - export against the server's own backup of the same data directory (`cli.js backup DIR`: the
 *   database copied with VACUUM INTO, every media file hashed and copied) — the other command that
 *   reads a whole plant with its media; the two alternate, first one then the other, round by round;
 * - import (`content.js import PACK --as NEW`, into the same data directory) against generating
 *   the same plant's records (prepare-large-plant.ts, timed by the generator itself: no tsx start,
 *   no database opening), the cheapest way to get those records into the store — a strict baseline,
 *   since an import also checks and writes 55,000 files the generator never writes (the time the
 *   bench takes to write those is reported beside it);
 * - memory: the pack's size and an idle Node process's peak (support/max-rss.mjs alone).
 *
 * The plant is made exportable first (support/prepare-pack-media.ts): its pictures renamed from
 * SVG to WebP and published, and every media value given a tiny real, distinct file.
 */
import { execFileSync, spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LARGE_PLANT_ACCOUNT, prepareLargePlant } from '../support/large-plant.js';
import {
  BENCH_ADMIN_PASSWORD,
  BENCH_JWT_SECRET,
  BENCH_PUBLISH_TOKEN,
  makeDataDir,
  repoRoot,
} from '../support/processes.js';
import { LARGE_PLANT_SIZE, sized } from '../support/sizes.js';
import { median, round } from '../support/stats.js';

const MAX_RSS = join(import.meta.dirname, '..', 'support', 'max-rss.mjs');
const CONTENT_CLI = join(repoRoot, 'apps/server/dist/content.js');
const SERVER_CLI = join(repoRoot, 'apps/server/dist/cli.js');
const MB = 1_000_000;

interface Run {
  ms: number;
  /** Peak resident set of the whole process, in bytes. */
  maxRss: number;
  stdout: string;
}

/** Runs `script args` under max-rss.mjs in a child process on `dataDir`; throws when it fails. */
function measured(dataDir: string, script: string | null, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [MAX_RSS, ...(script ? [script, ...args] : [])], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        JWT_SECRET: BENCH_JWT_SECRET,
        PUBLISH_TOKEN: BENCH_PUBLISH_TOKEN,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        // Relative paths on these command lines are the bench's, not an npm caller's.
        INIT_CWD: repoRoot,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      const peak = /max-rss-kb (\d+)\s*$/.exec(stderr);
      if (code !== 0 || !peak) {
        reject(new Error(`${script ?? 'idle node'} ${args.join(' ')} exited ${code}:\n${stderr}`));
        return;
      }
      resolve({ ms, maxRss: Number(peak[1]) * 1024, stdout });
    });
  });
}

/** Median time and highest peak of some runs, rounded for the report. */
const summary = (runs: Run[]) => ({
  ms: Math.round(median(runs.map((r) => r.ms))),
  peakRssMb: round(Math.max(...runs.map((r) => r.maxRss)) / MB, 1),
  runsMs: runs.map((r) => Math.round(r.ms)),
  runsPeakRssMb: runs.map((r) => round(r.maxRss / MB, 1)),
});

/** Makes the plant of `dataDir` exportable: pictures as WebP, published, a real file per value. */
function prepareMedia(dataDir: string) {
  const output = execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      join(import.meta.dirname, '..', 'support', 'prepare-pack-media.ts'),
      dataDir,
      LARGE_PLANT_ACCOUNT.devname,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as {
    revision: number;
    images: number;
    pdfs: number;
    bytes: number;
    ms: number;
  };
}

export async function contentPacksBench(log: (line: string) => void) {
  const { zones, elementsPerZone, subelementsPerElement } = LARGE_PLANT_SIZE;
  const elements = zones * elementsPerZone;
  const subelements = elements * subelementsPerElement;
  const data = makeDataDir();
  const work = makeDataDir();
  try {
    log(
      `preparing the large plant (${zones} × ${elementsPerZone} × ${subelementsPerElement}) with a real file per media value…`,
    );
    const generations = [prepareLargePlant(data.dir).ms];
    const media = prepareMedia(data.dir);
    log(
      `  generated in ${generations[0]} ms; ${media.images} WebP + ${media.pdfs} PDF files (${media.bytes} bytes) written and revision ${media.revision} published in ${media.ms} ms`,
    );

    const idle = [await measured(data.dir, null)];
    const exports: Run[] = [];
    const backups: Run[] = [];
    const pack = join(work.dir, 'grande-usine.zip');
    const rounds = sized(3, 1);
    for (let i = 0; i < rounds; i++) {
      const exportOnce = async () => {
        rmSync(pack, { force: true });
        exports.push(
          await measured(data.dir, CONTENT_CLI, ['export', LARGE_PLANT_ACCOUNT.devname, pack]),
        );
      };
      const backupOnce = async () => {
        const target = join(work.dir, `backup-${i}`);
        backups.push(await measured(data.dir, SERVER_CLI, ['backup', target]));
        rmSync(target, { recursive: true, force: true });
      };
      // Alternating which goes first spreads the machine's load drift over both.
      if (i % 2 === 0) {
        await exportOnce();
        await backupOnce();
      } else {
        await backupOnce();
        await exportOnce();
      }
      idle.push(await measured(data.dir, null));
      log(
        `round ${i + 1}: export ${Math.round(exports.at(-1)!.ms)} ms (peak ${round(exports.at(-1)!.maxRss / MB, 1)} MB), backup ${Math.round(backups.at(-1)!.ms)} ms (peak ${round(backups.at(-1)!.maxRss / MB, 1)} MB)`,
      );
    }
    const packBytes = statSync(pack).size;
    if (!exports[0]!.stdout.includes(`${subelements} sub-element(s)`)) {
      throw new Error(`the export did not carry the whole plant: ${exports[0]!.stdout}`);
    }

    // Each import is a new development in the same data directory; the generation baseline
    // writes the same records into a fresh one (the first was the preparation above).
    const imports: Run[] = [];
    const importRounds = sized(2, 1);
    for (let i = 0; i < importRounds; i++) {
      const run = await measured(data.dir, CONTENT_CLI, [
        'import',
        pack,
        '--as',
        `grande-usine-import-${i + 1}`,
      ]);
      if (!run.stdout.includes(`${subelements} sub-element(s)`)) {
        throw new Error(`the import did not write the whole plant: ${run.stdout}`);
      }
      imports.push(run);
      if (i > 0) {
        const fresh = makeDataDir();
        try {
          generations.push(prepareLargePlant(fresh.dir).ms);
        } finally {
          fresh.remove();
        }
      }
      log(
        `import ${i + 1}: ${Math.round(run.ms)} ms (peak ${round(run.maxRss / MB, 1)} MB); generation ${generations.at(-1)} ms`,
      );
    }

    const exported = summary(exports);
    const backedUp = summary(backups);
    const imported = summary(imports);
    const idleMb = round(median(idle.map((r) => r.maxRss)) / MB, 1);
    const generationMs = median(generations);
    return {
      plant: {
        zones,
        elements,
        subelements,
        mediaFiles: media.images + media.pdfs,
        mediaBytes: media.bytes,
      },
      packBytes,
      packMb: round(packBytes / MB, 1),
      idleNodePeakRssMb: idleMb,
      idleNodeRunsPeakRssMb: idle.map((r) => round(r.maxRss / MB, 1)),
      export: exported,
      backup: backedUp,
      import: imported,
      generation: { ms: Math.round(generationMs), runsMs: generations },
      /** Renaming the pictures, publishing them and writing every media file (not a baseline). */
      preparingTheMediaMs: media.ms,
      ratios: {
        /** Export's median time over the backup's (target: none set; ≈ 1 reads as "as cheap"). */
        exportOverBackup: round(exported.ms / backedUp.ms),
        /** The same, median of each round's own ratio (the two ran back to back): steadier under load. */
        exportOverBackupPerRound: round(median(exports.map((run, i) => run.ms / backups[i]!.ms))),
        /** Import's median time over generating the same records. */
        importOverGeneration: round(imported.ms / generationMs),
        /** Peak memory over the pack's size: well under 1 when the pack is streamed. */
        exportPeakOverPack: round((exported.peakRssMb * MB) / packBytes),
        importPeakOverPack: round((imported.peakRssMb * MB) / packBytes),
        /** Peak memory over an idle Node process's. */
        exportPeakOverIdle: round(exported.peakRssMb / idleMb),
        importPeakOverIdle: round(imported.peakRssMb / idleMb),
      },
    };
  } finally {
    data.remove();
    work.remove();
  }
}
