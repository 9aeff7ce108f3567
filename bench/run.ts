/**
 * `npm run bench`: runs every benchmark suite, prints each figure with its target, and writes
 * bench/results/latest.json. Every figure is a ratio against a baseline measured in the same run,
 * because these machines are noisy.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { contentServiceBench } from './suites/content-service.js';
import { kioskNavigationBench } from './suites/kiosk-navigation.js';
import { kioskPdfBench } from './suites/kiosk-pdf.js';
import { kioskSyncBench } from './suites/kiosk-sync.js';
import { publishFanoutBench } from './suites/publish-fanout.js';

const only = process.argv.slice(2);
const suites: Record<string, (log: (line: string) => void) => Promise<unknown>> = {
  'content-service': contentServiceBench,
  'kiosk-sync': kioskSyncBench,
  'kiosk-pdf': kioskPdfBench,
  'kiosk-navigation': kioskNavigationBench,
  'publish-fanout': publishFanoutBench,
};

const results: Record<string, unknown> = {};
for (const [name, suite] of Object.entries(suites)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n## ${name}`);
  const started = performance.now();
  results[name] = await suite((line) => console.log(`  ${line}`));
  console.log(JSON.stringify(results[name], null, 2));
  console.log(`  (${Math.round((performance.now() - started) / 1000)} s)`);
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
