import { describe, expect, it } from 'vitest';
import { createSingleFlight } from './single-flight';

/** A task whose runs are held until the test releases them, one gate per run. */
function heldTask() {
  const runs: { arg: string; release: (value?: string) => void; fail: (e: unknown) => void }[] = [];
  let inFlight = 0;
  let peak = 0;
  const task = (arg: string) =>
    new Promise<string>((resolve, reject) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const done = () => inFlight--;
      runs.push({
        arg,
        release: (value = `done ${arg}`) => {
          done();
          resolve(value);
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  return { task, runs, peak: () => peak };
}

const cancelled = (arg: string) => `cancelled ${arg}`;
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('single flight', () => {
  it('runs one task at a time and coalesces every trigger during a run into one queued run', async () => {
    const held = heldTask();
    const flight = createSingleFlight(held.task, { cancelled });

    const first = flight.run('one');
    const others = [flight.run('two'), flight.run('three'), flight.run('four')];
    expect(flight.isRunning()).toBe(true);
    expect(others[0]).toBe(others[1]);
    expect(others[1]).toBe(others[2]);
    expect(held.runs.map((r) => r.arg)).toEqual(['one']);

    held.runs[0]!.release();
    expect(await first).toBe('done one');
    // The queued run took the first queued trigger's argument.
    expect(held.runs.map((r) => r.arg)).toEqual(['one', 'two']);
    held.runs[1]!.release();
    expect(await Promise.all(others)).toEqual(['done two', 'done two', 'done two']);
    expect(held.peak()).toBe(1);
    expect(flight.isRunning()).toBe(false);
  });

  it('hands over synchronously: a trigger as a run ends joins the queued run instead of starting a third', async () => {
    const held = heldTask();
    const flight = createSingleFlight(held.task, { cancelled });
    const first = flight.run('one');
    const queued = flight.run('two');
    const late: { run?: Promise<string> } = {};
    const afterFirst = first.then(() => {
      // The queued run has already started: this trigger queues after it.
      expect(flight.isRunning()).toBe(true);
      late.run = flight.run('late');
    });

    held.runs[0]!.release();
    await afterFirst;
    expect(held.runs.map((r) => r.arg)).toEqual(['one', 'two']);
    held.runs[1]!.release();
    expect(await queued).toBe('done two');
    await flush();
    expect(held.runs.map((r) => r.arg)).toEqual(['one', 'two', 'late']);
    held.runs[2]!.release();
    expect(await late.run).toBe('done late');
    expect(held.peak()).toBe(1);
  });

  it('starts a new run for a trigger after the previous run has finished', async () => {
    const held = heldTask();
    const flight = createSingleFlight(held.task, { cancelled });
    const first = flight.run('one');
    held.runs[0]!.release();
    await first;
    const second = flight.run('two');
    expect(held.runs).toHaveLength(2);
    held.runs[1]!.release();
    expect(await second).toBe('done two');
  });

  it("passes a run's failure to its callers and still runs the queued one", async () => {
    const held = heldTask();
    const flight = createSingleFlight(held.task, { cancelled });
    const failure = new Error('boom');
    const first = flight.run('one');
    const queued = flight.run('two');

    held.runs[0]!.fail(failure);
    await expect(first).rejects.toBe(failure);
    held.runs[1]!.release();
    expect(await queued).toBe('done two');
  });

  it("passes a queued run's failure to the triggers that queued it", async () => {
    const held = heldTask();
    const flight = createSingleFlight(held.task, { cancelled });
    const failure = new Error('boom');
    const first = flight.run('one');
    const queued = flight.run('two');
    held.runs[0]!.release();
    await first;
    held.runs[1]!.fail(failure);
    await expect(queued).rejects.toBe(failure);
    expect(flight.isRunning()).toBe(false);
  });

  describe('dispose', () => {
    it('refuses new runs with the cancelled result, without calling the task', async () => {
      const held = heldTask();
      const flight = createSingleFlight(held.task, { cancelled });
      flight.dispose();
      expect(await flight.run('after')).toBe('cancelled after');
      expect(held.runs).toEqual([]);
      expect(flight.isRunning()).toBe(false);
    });

    it('lets the current run finish and drops the queued one', async () => {
      const held = heldTask();
      const flight = createSingleFlight(held.task, { cancelled });
      const first = flight.run('one');
      const queued = flight.run('two');

      flight.dispose();
      expect(await flight.run('three')).toBe('cancelled three');
      held.runs[0]!.release();

      expect(await first).toBe('done one');
      expect(await queued).toBe('cancelled two');
      expect(held.runs.map((r) => r.arg)).toEqual(['one']);
      expect(flight.isRunning()).toBe(false);
    });
  });
});

describe('single flight — pre-emption (content-first sync, decision 019)', () => {
  it("aborts the running run's yield signal when a trigger arrives, and gives the next run a fresh one", async () => {
    const signals: AbortSignal[] = [];
    const gates: (() => void)[] = [];
    const flight = createSingleFlight(
      (arg: string, yieldSignal: AbortSignal) => {
        signals.push(yieldSignal);
        return new Promise<string>((resolve) => gates.push(() => resolve(`done ${arg}`)));
      },
      { cancelled },
    );

    const first = flight.run('one');
    expect(signals[0]!.aborted).toBe(false);
    const second = flight.run('two');
    // Asked to hand over, not stopped: the task decides what yields.
    expect(signals[0]!.aborted).toBe(true);
    expect(signals).toHaveLength(1);

    gates[0]!();
    expect(await first).toBe('done one');
    expect(signals).toHaveLength(2);
    expect(signals[1]!.aborted).toBe(false);
    gates[1]!();
    expect(await second).toBe('done two');
  });

  it('does not abort the yield signal of a run nobody waits behind', async () => {
    let seen: AbortSignal | undefined;
    const flight = createSingleFlight(
      async (_arg: string, yieldSignal: AbortSignal) => {
        seen = yieldSignal;
        await flush();
        return 'ok';
      },
      { cancelled },
    );
    expect(await flight.run('alone')).toBe('ok');
    expect(seen?.aborted).toBe(false);
  });
});
