/**
 * User Timing marks of a sync run, for the benchmarks (bench/suites/kiosk-sync.ts), the browser
 * tests (e2e/support/kiosk.ts) and DevTools: start, records fetched, records written, done, with
 * the run's reason and source in their detail. A run clears the previous run's marks first, so
 * days of syncs never pile entries up in the performance timeline.
 */

/** The marks of a run; the names are read by the benchmarks and the browser tests. */
export const SYNC_MARKS = {
  start: 'kiosk:sync:start',
  recordsFetched: 'kiosk:sync:records-fetched',
  recordsWritten: 'kiosk:sync:records-written',
  done: 'kiosk:sync:done',
} as const;

export type SyncMarkName = (typeof SYNC_MARKS)[keyof typeof SYNC_MARKS];

/** Instrumentation must never fail a sync: a missing or partial User Timing API is ignored. */
export function markSync(name: SyncMarkName, detail: Record<string, unknown>): void {
  try {
    globalThis.performance?.mark?.(name, { detail });
  } catch {
    // nothing to do: the marks are a convenience
  }
}

/** Forgets the previous run's marks (called as a run starts). */
export function clearSyncMarks(): void {
  try {
    for (const name of Object.values(SYNC_MARKS)) globalThis.performance?.clearMarks?.(name);
  } catch {
    // as above
  }
}
