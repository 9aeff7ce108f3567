import autocannon from 'autocannon';
import { median, round } from './stats.js';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface Target {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadComparison {
  /** Median over the rounds of each measure. */
  real: LoadResult;
  bare: LoadResult;
  /** Every round, in the order they ran. */
  rounds: { real: LoadResult; bare: LoadResult }[];
  /** Median of the per-round ratios real/bare of requests per second. */
  throughputRatio: number;
  /** Median of the per-round ratios bare p99 / real p99 (1 ms floor: autocannon counts whole ms). */
  p99Ratio: number;
}

const CONNECTIONS = 10;

async function once(target: Target, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const medianOf = (results: LoadResult[]): LoadResult => ({
  requestsPerSecond: round(median(results.map((item) => item.requestsPerSecond))),
  p50Ms: median(results.map((item) => item.p50Ms)),
  p99Ms: median(results.map((item) => item.p99Ms)),
  errors: results.reduce((sum, item) => sum + item.errors, 0),
});

/**
 * Loads a real route and its bare baseline from this process with autocannon (the servers run in
 * child processes), in alternating rounds: on a shared machine the load moves within seconds, so
 * real and bare are measured side by side and each figure is the median of the per-round ratios.
 * Both get the same warm-up first (long enough for the JIT to settle the real route's code path,
 * which one second is not).
 */
export async function compareLoad(
  real: Target,
  bare: Target,
  options: { rounds?: number; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadComparison> {
  const { rounds: count = 3, seconds = 4, warmupSeconds = 3 } = options;
  await once(real, warmupSeconds);
  await once(bare, warmupSeconds);
  const rounds: LoadComparison['rounds'] = [];
  for (let i = 0; i < count; i++) {
    // Alternate which goes first, so neither always follows the other's garbage collection.
    if (i % 2 === 0) {
      const r = await once(real, seconds);
      rounds.push({ real: r, bare: await once(bare, seconds) });
    } else {
      const b = await once(bare, seconds);
      rounds.push({ real: await once(real, seconds), bare: b });
    }
  }
  return {
    real: medianOf(rounds.map((item) => item.real)),
    bare: medianOf(rounds.map((item) => item.bare)),
    rounds,
    throughputRatio: round(
      median(rounds.map((item) => item.real.requestsPerSecond / item.bare.requestsPerSecond)),
    ),
    p99Ratio: round(
      median(rounds.map((item) => Math.max(1, item.bare.p99Ms) / Math.max(1, item.real.p99Ms))),
    ),
  };
}
