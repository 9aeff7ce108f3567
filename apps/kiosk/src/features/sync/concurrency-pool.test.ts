import { describe, expect, it } from 'vitest';
import { linkSignals, mapPool, settlePool } from './concurrency-pool';

/** A promise settled from outside, to hold tasks in flight as long as a test needs. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending microtask (and the pool's next starts) run. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Tasks held until the test releases them, with the number in flight tracked. */
function heldTasks() {
  const gates = new Map<number, ReturnType<typeof deferred<number>>>();
  const signals = new Map<number, AbortSignal>();
  const started: number[] = [];
  let inFlight = 0;
  let peak = 0;
  const task = async (item: number, signal: AbortSignal) => {
    started.push(item);
    signals.set(item, signal);
    inFlight++;
    peak = Math.max(peak, inFlight);
    const gate = deferred<number>();
    gates.set(item, gate);
    try {
      return await gate.promise;
    } finally {
      inFlight--;
    }
  };
  return {
    task,
    started,
    signals,
    gate: (item: number) => gates.get(item)!,
    inFlight: () => inFlight,
    peak: () => peak,
  };
}

const items = (count: number) => Array.from({ length: count }, (_, i) => i);

describe.each([
  ['mapPool', mapPool],
  ['settlePool', settlePool],
] as const)('%s', (_name, pool) => {
  it('keeps at most `limit` tasks in flight and starts the next as one finishes', async () => {
    const held = heldTasks();
    const run = pool(items(10), held.task, { limit: 3 });
    await flush();
    expect(held.started).toEqual([0, 1, 2]);

    held.gate(1).resolve(1);
    await flush();
    expect(held.started).toEqual([0, 1, 2, 3]);
    expect(held.inFlight()).toBe(3);

    for (let item = 0; item < 10; item++) {
      held.gate(item).resolve(item);
      await flush();
    }
    await run;
    expect(held.peak()).toBe(3);
    expect(held.started).toHaveLength(10);
  });

  it('resolves in the order of the items, whatever the order of completion', async () => {
    const held = heldTasks();
    const run = pool(items(3), held.task, { limit: 3 });
    await flush();
    for (const item of [2, 0, 1]) {
      held.gate(item).resolve(item * 10);
      await flush();
    }
    const values = (await run).map((r) =>
      typeof r === 'number' ? r : (r as PromiseFulfilledResult<number>).value,
    );
    expect(values).toEqual([0, 10, 20]);
  });

  it('resolves an empty list at once', async () => {
    expect(await pool([], () => Promise.resolve(1), { limit: 4 })).toEqual([]);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await expect(pool([1], () => Promise.resolve(1), { limit: 0 })).rejects.toThrow(RangeError);
    await expect(pool([1], () => Promise.resolve(1), { limit: 1.5 })).rejects.toThrow(RangeError);
  });

  it("on the caller's abort, starts nothing more, aborts the running tasks and throws the reason", async () => {
    const held = heldTasks();
    const controller = new AbortController();
    const run = pool(items(10), held.task, { limit: 2, signal: controller.signal });
    const outcome = run.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await flush();
    const reason = new Error('stopped');
    controller.abort(reason);
    expect(held.signals.get(0)!.aborted).toBe(true);
    // The pool waits for the running tasks to settle before it throws.
    let settled = false;
    void outcome.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    held.gate(0).resolve(0);
    held.gate(1).resolve(1);

    expect(await outcome).toBe(reason);
    expect(held.started).toEqual([0, 1]);
  });

  it('starts nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('already');
    controller.abort(reason);
    let calls = 0;
    const run = pool(items(3), () => Promise.resolve(++calls), {
      limit: 2,
      signal: controller.signal,
    });
    await expect(run).rejects.toBe(reason);
    expect(calls).toBe(0);
  });
});

describe('mapPool — first failure aborts the rest (the crawl)', () => {
  it('starts no new task, aborts the running ones, waits for them and throws the first failure', async () => {
    const held = heldTasks();
    const run = mapPool(items(10), held.task, { limit: 3 });
    const outcome = run.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await flush();
    const failure = new Error('HTTP 503');
    held.gate(1).reject(failure);
    await flush();

    expect(held.signals.get(0)!.aborted).toBe(true);
    expect(held.signals.get(2)!.aborted).toBe(true);
    expect(held.started).toEqual([0, 1, 2]);
    // Later failures of the aborted tasks (typically aborts) do not replace the first one.
    held.gate(0).reject(new Error('aborted'));
    let settled = false;
    void outcome.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    held.gate(2).resolve(2);

    expect(await outcome).toBe(failure);
    expect(held.started).toEqual([0, 1, 2]);
  });

  it('throws a failure even when the task throws before its first await', async () => {
    const failure = new Error('sync throw');
    const run = mapPool(
      items(4),
      (item) => {
        if (item === 0) throw failure;
        return Promise.resolve(item);
      },
      { limit: 1 },
    );
    await expect(run).rejects.toBe(failure);
  });
});

describe('settlePool — one failure does not stop the others (the media)', () => {
  it('runs every task and gives each outcome in its slot', async () => {
    const failure = new Error('HTTP 404');
    const started: number[] = [];
    const result = await settlePool(
      items(6),
      async (item, signal) => {
        started.push(item);
        await flush();
        expect(signal.aborted).toBe(false);
        if (item % 2 === 1) throw failure;
        return item * 10;
      },
      { limit: 2 },
    );

    expect(started.sort()).toEqual(items(6));
    expect(result).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: 20 },
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: 40 },
      { status: 'rejected', reason: failure },
    ]);
  });
});

describe('linkSignals', () => {
  it("aborts with the first source's reason, and stops listening once unlinked", () => {
    const dispose = new AbortController();
    const preempt = new AbortController();
    const linked = linkSignals(dispose.signal, preempt.signal);
    expect(linked.signal.aborted).toBe(false);
    const reason = new Error('newer revision');
    preempt.abort(reason);
    expect(linked.signal.reason).toBe(reason);
    dispose.abort(new Error('later'));
    expect(linked.signal.reason).toBe(reason);

    const other = new AbortController();
    const unlinked = linkSignals(other.signal);
    unlinked.unlink();
    other.abort();
    expect(unlinked.signal.aborted).toBe(false);
  });

  it('is aborted at once when a source already is', () => {
    const reason = new Error('gone');
    expect(linkSignals(AbortSignal.abort(reason)).signal.reason).toBe(reason);
  });
});
