/**
 * Single flight with one queued run: a task that must never run twice at once (the sync engine:
 * two runs writing the same stores would race), yet must not miss a trigger.
 *
 * A trigger while a run is in progress (a stream message, a reconnection) queues exactly ONE more
 * run after it, however many triggers arrive: the content may have changed after the current run
 * fetched it, but one more run is enough to catch up. Every trigger during the run gets that queued
 * run's result; the queued run takes the argument of the first trigger that queued it.
 *
 * The hand-over from a finished run to the queued one is synchronous, so no trigger can slip in
 * between the two and start a third. After `dispose`, triggers resolve at once with the
 * `cancelled` result, and a queued run is not started (its callers get `cancelled` when the current
 * run ends). Stopping the current run itself is the task's business (the engine aborts a signal).
 *
 * Pre-emption (content-first sync, decision 019): each run gets a `yieldSignal`, aborted as soon as
 * a trigger arrives during the run. It asks the run to hand over early; it does not stop it. The
 * task alone decides which part of its work may yield: the sync engine lets only its media step go
 * (the records of a run are written in one transaction that never sees this signal), so a newer
 * revision's records do not wait for the previous revision's downloads.
 */

export interface SingleFlight<A, R> {
  /** Runs the task, or queues one run after the current one; resolves when that run is over. */
  run(arg: A): Promise<R>;
  isRunning(): boolean;
  /** Refuses new runs and drops the queued one. */
  dispose(): void;
}

export interface SingleFlightOptions<A, R> {
  /** The result of a run refused or dropped after `dispose`. */
  cancelled: (arg: A) => R;
}

interface Queued<A, R> {
  arg: A;
  promise: Promise<R>;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export function createSingleFlight<A, R>(
  task: (arg: A, yieldSignal: AbortSignal) => Promise<R>,
  options: SingleFlightOptions<A, R>,
): SingleFlight<A, R> {
  let current: Promise<R> | null = null;
  /** Aborted when a trigger arrives during the current run (see the header comment). */
  let yieldController: AbortController | null = null;
  let queued: Queued<A, R> | null = null;
  let disposed = false;

  /** Runs one task, then the queued one if a trigger came in meanwhile. */
  async function runChain(arg: A): Promise<R> {
    yieldController = new AbortController();
    try {
      return await task(arg, yieldController.signal);
    } finally {
      yieldController = null;
      // Hand over synchronously, so no trigger can slip in between two runs and start a third.
      const next = queued;
      queued = null;
      if (next !== null && !disposed) {
        current = runChain(next.arg);
        current.then(next.resolve, next.reject);
      } else {
        current = null;
        next?.resolve(options.cancelled(next.arg));
      }
    }
  }

  return {
    run(arg) {
      if (disposed) return Promise.resolve(options.cancelled(arg));
      if (current === null) {
        current = runChain(arg);
        return current;
      }
      // A run is waiting: the current one may hand over early (only the task knows where).
      yieldController?.abort();
      if (queued === null) {
        let resolve!: (result: R) => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<R>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        queued = { arg, promise, resolve, reject };
      }
      return queued.promise;
    },
    isRunning: () => current !== null,
    dispose() {
      disposed = true;
    },
  };
}
