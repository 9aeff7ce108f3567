/**
 * The scale-out and reliability's long-uptime figures, moved here from the soak test's assertions
 * (reliable test suite): how much the kiosk's JS heap, document elements, listeners and live timers
 * grow over 72 simulated hours without a reload.
 *
 * The work is the soak test itself (e2e/soak.spec.ts): the real built server, the real kiosk in
 * Debian's Chromium on Playwright's clock, cycles of visits, a publish synced through the stream
 * and an idle spell, the rest of each cycle fast-forwarded. The test asserts what must not pile up
 * at all (one stream, elements, listeners and timers flat); the heap after a forced GC is a figure,
 * which a loaded machine moves, so it is reported here: the last cycle's reading as a ratio of the
 * baseline cycle's (the second, after the caches, lazy chunks and JIT settle), both measured in the
 * same run. The smoke run does three cycles instead of six (the same 72 hours, split in three).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { round } from '../support/stats.js';

const CYCLES = sized(6, 3);
const TARGETS = { heapGrowthRatio: 1.1 };

interface Reading {
  heapUsed: number;
  domNodes: number;
  elements: number;
  listeners: number;
  timers: number;
}

interface SoakSummary {
  realSeconds: number;
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
    log(`72 simulated hours in ${CYCLES} cycles (e2e/soak.spec.ts)…`);
    const code = await runSoakTest(outFile, join(dir, 'output'), log);
    const summary = findSummary(JSON.parse(readFileSync(outFile, 'utf8')) as unknown);
    if (code !== 0 || !summary) {
      throw new Error(`the soak test failed (exit ${code}); its report: ${outFile}`);
    }
    const ratio = (key: keyof Reading) => round(summary.last[key] / summary.baseline[key], 3);
    return {
      cycles: CYCLES,
      realSeconds: summary.realSeconds,
      heapMB: {
        baseline: round(summary.baseline.heapUsed / 1e6, 2),
        last: round(summary.last.heapUsed / 1e6, 2),
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
