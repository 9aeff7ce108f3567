import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Loads one URL from this process with autocannon (the servers run in child processes). */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = 5,
): Promise<LoadResult> {
  // A short warm-up so JIT and caches are in the same state for the real and the bare route.
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}
