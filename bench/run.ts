/**
 * `npm run bench`: runs every benchmark suite, prints each figure with its target, and writes
 * bench/results/latest.json. Every figure is a ratio against a baseline measured in the same run,
 * because these machines are noisy.
 *
 * `npm run bench -- --smoke` (BENCH_SMOKE=1, which `npm test` runs): every suite at tiny sizes
 * (support/sizes.ts); a suite passes when it ends and every number it reports is a number (no
 * NaN, no infinity). Writes test-results/bench-smoke.json, never latest.json; exits 1 on a failure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { alertFanoutBench } from './suites/alert-fanout.js';
import { alertFanoutPgBench } from './suites/alert-fanout-pg.js';
import { commandAckBench } from './suites/command-ack.js';
import { contentPacksBench } from './suites/content-packs.js';
import { contentServiceBench } from './suites/content-service.js';
import { deltaSyncBench } from './suites/delta-sync.js';
import { demoPackBench } from './suites/demo-pack.js';
import { fleetChannelBench } from './suites/fleet-channel.js';
import { kioskNavigationBench } from './suites/kiosk-navigation.js';
import { kioskPdfBench } from './suites/kiosk-pdf.js';
import { kioskSoakBench } from './suites/kiosk-soak.js';
import { kioskFirstSyncBench, kioskSyncBench } from './suites/kiosk-sync.js';
import { lighthouseBench } from './suites/lighthouse.js';
import { loginFloodBench } from './suites/login-flood.js';
import { publishDeltaPgBench } from './suites/publish-delta-pg.js';
import { publishFanoutBench } from './suites/publish-fanout.js';
import { streamScaleBench } from './suites/stream-scale.js';
import { thumbnailDrawBench } from './suites/thumbnail-draw.js';
import { usageAnalyticsBench } from './suites/usage-analytics.js';
import { usageRecordingBench } from './suites/usage-recording.js';
import { SMOKE } from './support/sizes.js';

const only = process.argv.slice(2).filter((arg) => arg !== '--smoke');
const suites: Record<string, (log: (line: string) => void) => Promise<unknown>> = {
  'content-service': contentServiceBench,
  'kiosk-sync': kioskSyncBench,
  'kiosk-first-sync': kioskFirstSyncBench,
  'delta-sync': deltaSyncBench,
  'kiosk-pdf': kioskPdfBench,
  'kiosk-navigation': kioskNavigationBench,
  'publish-fanout': publishFanoutBench,
  'stream-scale': streamScaleBench,
  'publish-delta-pg': publishDeltaPgBench,
  'alert-fanout': alertFanoutBench,
  'alert-fanout-pg': alertFanoutPgBench,
  'kiosk-soak': kioskSoakBench,
  'login-flood': loginFloodBench,
  lighthouse: lighthouseBench,
  'content-packs': contentPacksBench,
  'demo-pack': demoPackBench,
  'fleet-channel': fleetChannelBench,
  'command-ack': commandAckBench,
  'thumbnail-draw': thumbnailDrawBench,
  'usage-analytics': usageAnalyticsBench,
  'usage-recording': usageRecordingBench,
};

/** Where a result holds something other than a finite number where a number is expected. */
function badFigures(value: unknown, path: string, found: string[] = []): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(`${path} = ${value}`);
  else if (Array.isArray(value))
    value.forEach((item, i) => badFigures(item, `${path}[${i}]`, found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) badFigures(item, `${path}.${key}`, found);
  }
  return found;
}

const results: Record<string, unknown> = {};
const smoke: Record<string, { ok: boolean; seconds: number; problem?: string }> = {};
for (const [name, suite] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n## ${name}${SMOKE ? ' (smoke run)' : ''}`);
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 1000);
  if (!SMOKE) {
    results[name] = await suite((line) => console.log(`  ${line}`));
    console.log(JSON.stringify(results[name], null, 2));
    console.log(`  (${seconds()} s)`);
    continue;
  }
  try {
    const result = await suite((line) => console.log(`  ${line}`));
    const bad = badFigures(result, name);
    smoke[name] = bad.length
      ? { ok: false, seconds: seconds(), problem: `not a number: ${bad.join(', ')}` }
      : { ok: true, seconds: seconds() };
  } catch (error) {
    smoke[name] = {
      ok: false,
      seconds: seconds(),
      problem: (error as Error).stack ?? String(error),
    };
  }
  const outcome = smoke[name]!;
  console.log(`  ${outcome.ok ? 'ok' : `FAILED: ${outcome.problem}`} (${outcome.seconds} s)`);
}

if (SMOKE) {
  const out = join(import.meta.dirname, '..', 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bench-smoke.json'), `${JSON.stringify({ suites: smoke }, null, 2)}\n`);
  const failed = Object.entries(smoke).filter(([, outcome]) => !outcome.ok);
  console.log(
    `\nbench smoke: ${Object.keys(smoke).length - failed.length} suite(s) ok, ${failed.length} failed`,
  );
  process.exit(failed.length ? 1 : 0);
}

// Running some suites only keeps the other suites' last results (each with its own date).
const dir = join(import.meta.dirname, 'results');
const latestPath = join(dir, 'latest.json');
const previous = existsSync(latestPath)
  ? (JSON.parse(readFileSync(latestPath, 'utf8')) as { suites?: Record<string, unknown> }).suites
  : undefined;
const date = new Date().toISOString();
const suitesReport: Record<string, unknown> = { ...previous };
for (const [name, result] of Object.entries(results)) suitesReport[name] = { date, result };

const report = {
  date,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  suites: suitesReport,
};
mkdirSync(dir, { recursive: true });
writeFileSync(latestPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwritten: bench/results/latest.json`);
