/** Child processes for benchmarks: the real built server and the bare baseline, each in its own process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathOf } from '@plant-kiosk/contract';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const BENCH_JWT_SECRET = 'bench-only-secret-0123456789abcdef0123456789abcdef';
export const BENCH_PUBLISH_TOKEN = 'bench-only-publish-token';
/** The back-office admin of every bench server (set when its data directory is first seeded). */
export const BENCH_ADMIN_PASSWORD = 'bench-only-admin-password';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not healthy within 120 s:\n${log()}`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
}

export function makeDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'plant-kiosk-bench-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The production bundle (apps/server/dist/server.js) on a data directory. */
export async function startRealServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: BENCH_JWT_SECRET,
      PUBLISH_TOKEN: BENCH_PUBLISH_TOKEN,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  await waitHealthy(url, child, () => log);
  return { url, process: child, stop: stopper(child) };
}

/** A bare Fastify serving a constant body of the given size: the floor the real routes are compared with. */
export async function startBareServer(bodies: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const bodiesFile = join(mkdtempSync(join(tmpdir(), 'bare-bodies-')), 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), BODIES_FILE: bodiesFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  await waitHealthy(url, child, () => log);
  return { url, process: child, stop: stopper(child) };
}

/** A bench server's memory after a full garbage collection (support/gc-on-signal.cjs). */
export interface CollectedMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/**
 * The environment that lets `collectedMemory` read a server's memory: give it to startRealServer.
 * `file` is where the server writes its figures.
 */
export const collectableServerEnv = (file: string): Record<string, string> => ({
  NODE_OPTIONS: `--expose-gc --require ${join(import.meta.dirname, 'gc-on-signal.cjs')}`,
  BENCH_MEMORY_FILE: file,
});

/** Asks a server started with `collectableServerEnv(file)` to collect its garbage; its memory then. */
export async function collectedMemory(child: Child, file: string): Promise<CollectedMemory> {
  rmSync(file, { force: true });
  child.process.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('the server did not report its memory');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(readFileSync(file, 'utf8')) as CollectedMemory;
}

/**
 * `POST /api/publish/:devid` with the bench's publish token (`{ type: 'sync' }`: the published
 * revision again, which tells every totem of the development to sync), as a plant's own tooling
 * would call it. Throws on any answer but a success.
 */
export async function publishWithBenchToken(base: string, devid: number): Promise<void> {
  const response = await fetch(base + pathOf('publish', { params: { devid } }), {
    method: 'POST',
    headers: { authorization: `Bearer ${BENCH_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'sync' }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`publish ${devid}: HTTP ${response.status}`);
}

export const BENCH_METRICS_TOKEN = 'bench-only-metrics-token-0123456789';

/** One histogram of a server's /metrics: cumulative counts by upper bound, its count and sum. */
export interface ScrapedHistogram {
  buckets: [number, number][];
  count: number;
  sum: number;
}

/**
 * The histogram `name` (without labels) of a server started with METRICS_TOKEN
 * BENCH_METRICS_TOKEN, read from its Prometheus text; an empty one before its first sample.
 */
export async function scrapeHistogram(base: string, name: string): Promise<ScrapedHistogram> {
  const response = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`metrics: HTTP ${response.status}`);
  const histogram: ScrapedHistogram = { buckets: [], count: 0, sum: 0 };
  for (const line of text.split('\n')) {
    const bucket = new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\S+)$`).exec(line);
    if (bucket) histogram.buckets.push([Number(bucket[1]), Number(bucket[2])]);
    else if (line.startsWith(`${name}_count `)) histogram.count = Number(line.split(' ')[1]);
    else if (line.startsWith(`${name}_sum `)) histogram.sum = Number(line.split(' ')[1]);
  }
  return histogram;
}

/**
 * What a histogram gained between two scrapes: how many samples, their mean, and the upper bound of
 * the bucket holding the 99th percentile (the last finite bound, flagged, when it is past it).
 */
export function histogramSince(before: ScrapedHistogram, after: ScrapedHistogram) {
  const count = after.count - before.count;
  const gained = after.buckets
    .filter(([le]) => Number.isFinite(le))
    .map(([le, cumulative], i): [number, number] => [
      le,
      cumulative - (before.buckets[i]?.[1] ?? 0),
    ]);
  const p99 = gained.find(([, cumulative]) => cumulative >= count * 0.99);
  return {
    count,
    meanMs: count === 0 ? 0 : ((after.sum - before.sum) / count) * 1000,
    p99AtMostMs: (p99 ?? gained.at(-1) ?? [0])[0] * 1000,
    p99PastLastBucket: p99 === undefined,
  };
}
