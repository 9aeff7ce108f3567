export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** p50 / p99 / max of latencies in milliseconds, rounded: how the fan-out suites report. */
export const latencySummary = (values: number[]) => ({
  p50Ms: round(percentile(values, 50)),
  p99Ms: round(percentile(values, 99)),
  maxMs: round(Math.max(...values)),
});

/**
 * Polls `condition` every 5 ms until it holds (true) or `timeoutMs` passes (false): for counting
 * arrivals at in-process clients, whose handlers set the flags it reads.
 */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}
