// `npm test`: every test — unit, component and server tests (Vitest), then real-browser end-to-end
// tests (Playwright driving Debian's Chromium against the real, built server), then a smoke run of
// every benchmark suite. Prints one closing
// line "tests: N passed (N of them flaky), N failed, N skipped" summed over both runners, after the
// names of the tests that only passed on a retry.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkNodeVersion,
  ensureBuilt,
  ensureChromium,
  ensureDependencies,
  root,
} from './lib/ensure.mjs';

checkNodeVersion();
ensureDependencies();

const e2eOnly = process.argv.includes('--e2e-only');
const unitOnly = process.argv.includes('--unit-only');
const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
/** Tests that failed, then passed on a retry: counted as passed, but named, never hidden. */
const flakyTests = [];

/** The tests of a Playwright JSON report whose outcome is `status`, as "file:line › title". */
function playwrightTests(report, status) {
  const found = [];
  const walk = (suite, titles) => {
    const path =
      suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === status) {
          found.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}
let exitCode = 0;

function runStep(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) exitCode = 1;
  return result.status;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

if (!e2eOnly) {
  const out = join(reports, 'vitest.json');
  rmSync(out, { force: true });
  runStep('unit, component and server tests (Vitest)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else {
    totals.failed += 1;
    console.error('Vitest wrote no report: counting the run as failed.');
  }
}

if (!unitOnly) {
  const chromium = ensureChromium();
  ensureBuilt();
  const out = join(reports, 'playwright.json');
  rmSync(out, { force: true });
  runStep(
    'end-to-end tests (Playwright + Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    {
      env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    },
  );
  const report = readJson(out);
  if (report?.stats) {
    totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    totals.flaky += report.stats.flaky ?? 0;
    flakyTests.push(...playwrightTests(report, 'flaky'));
    totals.failed += report.stats.unexpected ?? 0;
    totals.skipped += report.stats.skipped ?? 0;
  } else if (existsSync(join(root, 'e2e', 'playwright.config.ts'))) {
    totals.failed += 1;
    console.error('Playwright wrote no report: counting the run as failed.');
  }

  // Every benchmark suite at tiny sizes: a change that breaks a benchmark fails here, not on the
  // day someone needs the figures. One test per suite.
  const smoke = join(reports, 'bench-smoke.json');
  rmSync(smoke, { force: true });
  runStep(
    'benchmark smoke runs (every suite of npm run bench, tiny sizes)',
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'bench/run.ts', '--smoke'],
    { env: { ...process.env, CHROMIUM_PATH: chromium, BENCH_SMOKE: '1' } },
  );
  const smokeReport = readJson(smoke);
  if (smokeReport?.suites) {
    for (const outcome of Object.values(smokeReport.suites)) {
      if (outcome.ok) totals.passed += 1;
      else totals.failed += 1;
    }
  } else {
    totals.failed += 1;
    console.error('The benchmark smoke run wrote no report: counting it as failed.');
  }
}

if (totals.failed > 0) exitCode = 1;
if (flakyTests.length > 0) {
  console.log(`\nflaky (failed, then passed on a retry):`);
  for (const name of flakyTests) console.log(`  ${name}`);
}
console.log(
  `\ntests: ${totals.passed} passed (${totals.flaky} of them flaky), ${totals.failed} failed, ${totals.skipped} skipped`,
);
process.exit(exitCode);
