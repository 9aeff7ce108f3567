/**
 * The demo plant as a pack (issue 44, decision 035): what a fresh start costs now that the server
 * imports the demo pack (demo/dist/demo-plant.zip, built by `npm run build`) instead of drawing the
 * demo itself.
 *
 * Baseline in the same run: drawing the demo plant — its zones, SVG pictures, PDFs and videos, the
 * work every fresh start did before it wrote rows (the pictures are not rasterised, as they were
 * not then). Measured: the server's first-start import of the pack (read and checked whole, 740
 * records and 314 files written, published as revision 1, the kiosk account's scrypt included).
 * The two alternate, round by round, each in a process of its own timed from inside
 * (support/demo-pack-steps.ts), on a fresh directory. Also said: the pack's build time (drawing,
 * rasterising 300 pictures to WebP, zipping), paid once per change of demo/, and its size.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDir, repoRoot } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { median, round } from '../support/stats.js';

const STEPS = join(import.meta.dirname, '..', 'support', 'demo-pack-steps.ts');
const TSX = join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const PACK = join(repoRoot, 'demo', 'dist', 'demo-plant.zip');
const MB = 1_000_000;

function step(args: string[]): number {
  const output = execFileSync(process.execPath, [TSX, STEPS, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const last = output.trim().split('\n').at(-1) ?? '';
  return (JSON.parse(last) as { ms: number }).ms;
}

/** Builds the demo pack into a scratch folder; its time in milliseconds. */
function buildPackOnce(): number {
  const build = makeDataDir();
  try {
    const started = performance.now();
    execFileSync(
      process.execPath,
      [TSX, join(repoRoot, 'demo/src/generate-demo-pack.ts'), join(build.dir, 'demo.zip')],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    return performance.now() - started;
  } finally {
    build.remove();
  }
}

export async function demoPackBench(log: (line: string) => void) {
  if (!existsSync(PACK)) throw new Error(`${PACK} is missing: run npm run build first`);
  const rounds = sized(5, 1);
  const imports: number[] = [];
  const drawings: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const data = makeDataDir();
    const work = makeDataDir();
    try {
      imports.push(step(['first-start', data.dir, PACK]));
      drawings.push(step(['draw', work.dir]));
    } finally {
      data.remove();
      work.remove();
    }
    log(
      `round ${i + 1}: first-start import ${Math.round(imports.at(-1)!)} ms, drawing the demo ${Math.round(drawings.at(-1)!)} ms`,
    );
  }

  // The pack's build, once (what `npm run build` pays when demo/ changed); the smoke run, whose
  // `npm test` has just built it, skips it.
  const buildMs = sized(true, false) ? buildPackOnce() : null;
  if (buildMs !== null) log(`building the pack: ${Math.round(buildMs)} ms`);

  const importMs = median(imports);
  const drawMs = median(drawings);
  return {
    packMb: round(statSync(PACK).size / MB, 1),
    firstStartImport: { ms: Math.round(importMs), runsMs: imports.map(Math.round) },
    drawingTheDemo: { ms: Math.round(drawMs), runsMs: drawings.map(Math.round) },
    buildingThePackMs: buildMs === null ? null : Math.round(buildMs),
    ratios: {
      /** The fresh start's import over the drawing it replaces (under 1: a faster fresh start). */
      importOverDrawing: round(importMs / drawMs),
      importOverDrawingPerRound: round(median(imports.map((ms, i) => ms / drawings[i]!))),
    },
  };
}
