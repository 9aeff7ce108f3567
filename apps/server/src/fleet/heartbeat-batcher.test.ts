/**
 * The group commit on its own (decision 045), with a fake store whose commits the test holds open
 * and lets go: batching, answers only after the commit, a faulty item alone failing, the bound,
 * the drain at close.
 */
import { describe, expect, it } from 'vitest';
import { GroupCommit, heartbeatGroupCommitEnabled } from './heartbeat-batcher.js';

/** A promise the test settles, and whether it has settled. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Resolves once `condition` holds, checked after each turn of the event loop. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A fake store: each batch waits for its gate; `bad` items make a batch (and themselves) fail. */
function fakeStore(bad: ReadonlySet<string> = new Set()) {
  const batches: string[][] = [];
  const committed: string[] = [];
  const alone: string[] = [];
  const signalled: string[][] = [];
  const gates: ReturnType<typeof gate>[] = [];
  const options = {
    windowMs: 1,
    maxBatch: 100,
    async writeBatch(items: readonly string[]) {
      batches.push([...items]);
      const held = gate();
      gates.push(held);
      await held.promise;
      if (items.some((item) => bad.has(item))) throw new Error('batch rolled back');
      committed.push(...items);
    },
    writeAlone(item: string) {
      alone.push(item);
      if (bad.has(item)) return Promise.reject(new Error(`faulty ${item}`));
      committed.push(item);
      return Promise.resolve();
    },
    afterCommit(items: readonly string[]) {
      signalled.push([...items]);
      return Promise.resolve();
    },
  };
  return { options, batches, committed, alone, signalled, gates };
}

/** Submits `item` and keeps track of how it settled. */
function tracked(batcher: GroupCommit<string>, item: string) {
  const state: { settled: 'pending' | 'resolved' | 'rejected'; error?: unknown } = {
    settled: 'pending',
  };
  const done = batcher.submit(item).then(
    () => {
      state.settled = 'resolved';
    },
    (error: unknown) => {
      state.settled = 'rejected';
      state.error = error;
    },
  );
  return { state, done };
}

describe('heartbeat group commit', () => {
  it('commits the items that arrive together in one batch, and answers only after the commit', async () => {
    const store = fakeStore();
    const batcher = new GroupCommit(store.options);
    const items = ['a', 'b', 'c'].map((item) => tracked(batcher, item));
    await until(() => store.batches.length === 1);
    expect(store.batches).toEqual([['a', 'b', 'c']]);
    // The transaction is still open: nobody is answered yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(items.map((item) => item.state.settled)).toEqual(['pending', 'pending', 'pending']);
    store.gates[0]!.open();
    await Promise.all(items.map((item) => item.done));
    expect(items.map((item) => item.state.settled)).toEqual(['resolved', 'resolved', 'resolved']);
    expect(store.committed).toEqual(['a', 'b', 'c']);
    expect(store.signalled).toEqual([['a', 'b', 'c']]);
  });

  it('gathers the items arriving during a commit into the next batch', async () => {
    const store = fakeStore();
    const batcher = new GroupCommit(store.options);
    const first = tracked(batcher, 'a');
    await until(() => store.batches.length === 1);
    const later = ['b', 'c', 'd'].map((item) => tracked(batcher, item));
    // One commit at a time: the next batch waits for this one (no timer runs meanwhile).
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.batches).toHaveLength(1);
    store.gates[0]!.open();
    await first.done;
    await until(() => store.batches.length === 2);
    expect(store.batches[1]).toEqual(['b', 'c', 'd']);
    expect(later.map((item) => item.state.settled)).toEqual(['pending', 'pending', 'pending']);
    store.gates[1]!.open();
    await Promise.all(later.map((item) => item.done));
    expect(batcher.batches).toBe(2);
  });

  it('bounds the batch size', async () => {
    const store = fakeStore();
    const batcher = new GroupCommit({ ...store.options, maxBatch: 2 });
    const items = ['a', 'b', 'c', 'd', 'e'].map((item) => tracked(batcher, item));
    for (let n = 1; n <= 3; n++) {
      await until(() => store.batches.length === n);
      store.gates[n - 1]!.open();
    }
    await Promise.all(items.map((item) => item.done));
    expect(store.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('writes each item alone after a failed batch: only the faulty one fails', async () => {
    const store = fakeStore(new Set(['bad']));
    const batcher = new GroupCommit(store.options);
    const items = ['a', 'bad', 'c'].map((item) => tracked(batcher, item));
    await until(() => store.batches.length === 1);
    store.gates[0]!.open();
    await Promise.all(items.map((item) => item.done));
    expect(items.map((item) => item.state.settled)).toEqual(['resolved', 'rejected', 'resolved']);
    expect((items[1]!.state.error as Error).message).toBe('faulty bad');
    expect(store.alone).toEqual(['a', 'bad', 'c']);
    expect(store.committed).toEqual(['a', 'c']);
    // Signalled once, for the stored ones only.
    expect(store.signalled).toEqual([['a', 'c']]);
  });

  it('fails the items of a failed signal without writing them again', async () => {
    const store = fakeStore();
    const batcher = new GroupCommit({
      ...store.options,
      afterCommit: () => Promise.reject(new Error('bus down')),
    });
    const item = tracked(batcher, 'a');
    await until(() => store.batches.length === 1);
    store.gates[0]!.open();
    await item.done;
    expect(item.state.settled).toBe('rejected');
    expect(store.committed).toEqual(['a']);
    expect(store.alone).toEqual([]);
  });

  it('drains at close: what was taken is committed, then nothing more is taken', async () => {
    const store = fakeStore();
    const batcher = new GroupCommit({ ...store.options, windowMs: 60_000 });
    const first = tracked(batcher, 'a');
    const second = tracked(batcher, 'b');
    let closed = false;
    const closing = batcher.close().then(() => {
      closed = true;
    });
    // The long window is cut short by the close.
    await until(() => store.batches.length === 1);
    expect(closed).toBe(false);
    store.gates[0]!.open();
    await closing;
    expect([first.state.settled, second.state.settled]).toEqual(['resolved', 'resolved']);
    expect(store.committed).toEqual(['a', 'b']);
    await expect(batcher.submit('c')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('reads its switch strictly', () => {
    expect(heartbeatGroupCommitEnabled(undefined)).toBe(true);
    expect(heartbeatGroupCommitEnabled('on')).toBe(true);
    expect(heartbeatGroupCommitEnabled('off')).toBe(false);
    expect(() => heartbeatGroupCommitEnabled('0')).toThrow(/HEARTBEAT_GROUP_COMMIT/);
  });
});
