/**
 * A bounded-concurrency pool: runs an async task over a list with at most `limit` tasks in flight.
 * The sync engine uses it twice, with the two failure policies its steps need:
 *
 * - `mapPool` (the crawl): all or nothing. On the first failure no new task starts, the running
 *   ones are aborted through the signal each task is given, and once they have settled the first
 *   failure is thrown — a half-crawled development is useless, so there is no point going on.
 * - `settlePool` (media downloads): keep going. One task's failure is recorded in its slot of the
 *   result and the others still run — one missing image must not stop the rest of the media.
 *
 * Either way, aborting `options.signal` starts no new task and aborts the running ones' signals;
 * once they have settled the pool throws the signal's reason (unless a failure came first, in
 * `mapPool`). The pool never returns a partial result, and it never leaves a task running behind
 * its back: it settles only after every task it started has.
 */

export interface PoolOptions {
  /** The most tasks in flight at once; a positive integer. */
  limit: number;
  /** Stops the pool (see the header comment). */
  signal?: AbortSignal;
}

/** A task gets its item, a signal aborted when the pool stops, and the item's index. */
export type PoolTask<T, R> = (item: T, signal: AbortSignal, index: number) => Promise<R>;

/** The signal's reason, or a standard AbortError when the environment gives none. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

async function runPool<T, R>(
  items: readonly T[],
  task: PoolTask<T, R>,
  options: PoolOptions,
  failFast: boolean,
): Promise<PromiseSettledResult<R>[]> {
  const { limit, signal } = options;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Invalid pool limit: ${limit}`);
  // The tasks' signal: aborted by the caller's signal, and by the first failure when failing fast.
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal && abortReason(signal));
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted) onAbort();
  const settled = new Array<PromiseSettledResult<R>>(items.length);
  const state: { next: number; failure: { error: unknown } | null } = { next: 0, failure: null };
  const worker = async () => {
    while (!stop.signal.aborted && state.next < items.length) {
      const index = state.next++;
      try {
        const value = await task(items[index] as T, stop.signal, index);
        settled[index] = { status: 'fulfilled', value };
      } catch (error) {
        settled[index] = { status: 'rejected', reason: error };
        if (failFast) {
          state.failure ??= { error };
          stop.abort(error);
        }
      }
    }
  };
  try {
    // Workers never reject: every task's failure is caught above.
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (state.failure !== null) throw state.failure.error;
  if (signal?.aborted) throw abortReason(signal);
  return settled;
}

/** Runs `task` over `items`, at most `options.limit` at a time; the first failure aborts the rest. */
export async function mapPool<T, R>(
  items: readonly T[],
  task: PoolTask<T, R>,
  options: PoolOptions,
): Promise<R[]> {
  const settled = await runPool(items, task, options, true);
  // Without a failure or an abort, every slot is fulfilled.
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<R>).value);
}

/**
 * Runs `task` over `items`, at most `options.limit` at a time; a failure does not stop the others.
 * Resolves with every task's outcome, in the order of `items`.
 */
export function settlePool<T, R>(
  items: readonly T[],
  task: PoolTask<T, R>,
  options: PoolOptions,
): Promise<PromiseSettledResult<R>[]> {
  return runPool(items, task, options, false);
}

/**
 * A signal aborted as soon as one of `signals` is, with that one's reason (the sync engine's media
 * step stops on dispose or on pre-emption, and must tell which). `unlink` stops listening.
 */
export function linkSignals(...signals: AbortSignal[]): { signal: AbortSignal; unlink(): void } {
  const controller = new AbortController();
  const listeners = signals.map((source) => {
    const onAbort = () => controller.abort(abortReason(source));
    if (source.aborted) onAbort();
    else source.addEventListener('abort', onAbort, { once: true });
    return () => source.removeEventListener('abort', onAbort);
  });
  return {
    signal: controller.signal,
    unlink: () => listeners.forEach((remove) => remove()),
  };
}
