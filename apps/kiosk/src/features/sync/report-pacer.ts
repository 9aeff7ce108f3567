/**
 * Paces the media step's progress reports. Each file cached reported the step's progress and the
 * cache's state to the sync store at once: two React renders of the banner per file, 600+ for the
 * demo plant's first sync, on the main thread the downloads and the staff home also need. A count
 * that moves faster than a person can read needs no more than a few reports a second.
 *
 * `report(apply)`: the first report of a quiet pacer applies at once (a step that caches one file
 * still says so); later ones within `intervalMs` wait, only the latest is kept, and it is applied
 * when the interval ends. `flush()` applies what waits at once (the step is over: its end must
 * follow its last count, never precede it) and stops the timer. One pacer per kind of report.
 */
export const MEDIA_REPORT_INTERVAL_MS = 100;

export interface ReportPacer {
  report(apply: () => void): void;
  flush(): void;
}

export function createReportPacer(intervalMs = MEDIA_REPORT_INTERVAL_MS): ReportPacer {
  let waiting: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const applyWaiting = () => {
    const apply = waiting;
    waiting = null;
    apply?.();
  };
  const tick = () => {
    timer = undefined;
    if (waiting === null) return;
    applyWaiting();
    // Reports kept coming: the next ones wait for another interval.
    timer = setTimeout(tick, intervalMs);
  };

  return {
    report(apply) {
      if (timer === undefined) {
        apply();
        timer = setTimeout(tick, intervalMs);
      } else waiting = apply;
    },
    flush() {
      clearTimeout(timer);
      timer = undefined;
      applyWaiting();
    },
  };
}
