/**
 * The scale-out and reliability's long-uptime figures, moved here from the soak test's assertions
 * (reliable test suite): how much the kiosk's JS heap, document elements, listeners and live timers
 * grow over seven simulated days (168 hours) without a reload.
 *
 * The work is the soak test itself (e2e/soak.spec.ts, run with SOAK_HOURS and SOAK_CYCLES): the
 * real built server, the real kiosk in Debian's Chromium on Playwright's clock, cycles of twelve
 * hours with visits, a publish synced through the stream and an idle spell, the rest of each cycle
 * fast-forwarded. The test asserts what must not pile up at all (one stream, elements, listeners
 * and timers flat); the heap after a forced GC is a figure, which a loaded machine moves, so it is
 * reported here: the last cycle's reading as a ratio of the baseline cycle's (the second, after the
 * caches, lazy chunks and JIT settle), both measured in the same run, with every cycle's reading
 * (a trend is a leak, warm-up flattens out). The smoke run does three cycles of twelve hours (36 h):
 * it proves the suite runs, not that seven days stay flat.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { round } from '../support/stats.js';

/** Seven days in cycles of twelve hours; the smoke run three cycles of the same length. */
const HOURS = sized(168, 36);
const CYCLES = sized(14, 3);
const TARGETS = { heapGrowthRatio: 1.05 };

interface Reading {
  heapUsed: number;
  domNodes: number;
  elements: number;
  listeners: number;
  timers: number;
}

interface SoakSummary {
  hours: number;
  cycles: number;
  realSeconds: number;
  heapPerCycleMB: number[];
  baseline: Reading;
  last: Reading;
}

/** The `soak` annotation's summary, wherever the JSON reporter put it (test or result). */
function findSummary(node: unknown): SoakSummary | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findSummary(item);
      if (found) return found;
    }
  } else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (record.type === 'soak' && typeof record.description === 'string') {
      return JSON.parse(record.description) as SoakSummary;
    }
    for (const value of Object.values(record)) {
      const found = findSummary(value);
      if (found) return found;
    }
  }
  return undefined;
}

function runSoakTest(
  outFile: string,
  outputDir: string,
  log: (line: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'playwright',
        'test',
        '-c',
        'e2e/playwright.config.ts',
        'e2e/soak.spec.ts',
        '--retries=0',
        '--reporter=json',
        // Its own output folder: Playwright empties it first, and test-results/e2e holds the
        // browser suite's failures when npm test runs this smoke run after it.
        `--output=${outputDir}`,
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          SOAK_HOURS: String(HOURS),
          SOAK_CYCLES: String(CYCLES),
          E2E_WORKERS: '1',
          PLAYWRIGHT_JSON_OUTPUT_NAME: outFile,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (errors.trim()) log(errors.trim().split('\n').slice(-5).join('\n  '));
      resolve(code ?? 1);
    });
  });
}

export async function kioskSoakBench(log: (line: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-soak-bench-'));
  try {
    const outFile = join(dir, 'soak.json');
    log(`${HOURS} simulated hours in ${CYCLES} cycles of ${HOURS / CYCLES} h (e2e/soak.spec.ts)…`);
    const code = await runSoakTest(outFile, join(dir, 'output'), log);
    const summary = findSummary(JSON.parse(readFileSync(outFile, 'utf8')) as unknown);
    if (code !== 0 || !summary) {
      throw new Error(`the soak test failed (exit ${code}); its report: ${outFile}`);
    }
    const ratio = (key: keyof Reading) => round(summary.last[key] / summary.baseline[key], 3);
    return {
      // As the test ran them (its annotation), not as asked: a mismatch would show here.
      simulatedHours: summary.hours,
      cycles: summary.cycles,
      realSeconds: summary.realSeconds,
      heapMB: {
        baseline: round(summary.baseline.heapUsed / 1e6, 2),
        last: round(summary.last.heapUsed / 1e6, 2),
        perCycle: summary.heapPerCycleMB,
      },
      growthRatio: {
        heap: ratio('heapUsed'),
        elements: ratio('elements'),
        listeners: ratio('listeners'),
        timers: ratio('timers'),
        domNodes: ratio('domNodes'),
      },
      targets: TARGETS,
      heapWithinTarget: ratio('heapUsed') <= TARGETS.heapGrowthRatio,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
