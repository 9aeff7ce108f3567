import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { KioskStatus } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemoryEventBus } from '../lib/event-bus.js';
import type { Fleet } from './fleet.js';
import { FleetLive } from './fleet-live.js';

/** The parts of a response FleetLive uses, recording what it writes. */
class FakeResponse extends EventEmitter {
  chunks: string[] = [];
  destroyed = false;
  writableEnded = false;
  writeHead() {
    return this;
  }
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  kioskEvents(): KioskStatus[] {
    return this.chunks
      .filter((chunk) => chunk.startsWith('event: kiosk\n'))
      .map((chunk) => JSON.parse(chunk.split('\ndata: ')[1]!) as KioskStatus);
  }
}

const status = (kioskId: string, devid: number, overrides: Partial<KioskStatus> = {}) =>
  ({
    kioskId,
    devid,
    state: 'online',
    lastSeenAt: '2026-03-10T09:00:00.000Z',
    ...overrides,
  }) as KioskStatus;

afterEach(() => {
  vi.useRealTimers();
});

describe('FleetLive', () => {
  it('sends the list, then only the entries that changed, debounced, for its developments only', async () => {
    vi.useFakeTimers();
    let rows = [status('a', 1), status('b', 1)];
    const list = vi.fn((devids?: readonly number[]) =>
      Promise.resolve(rows.filter((row) => !devids || devids.includes(row.devid))),
    );
    const bus = new InMemoryEventBus();
    const live = new FleetLive({ list } as unknown as Fleet, bus, () => undefined, {
      debounceMs: 100,
      tickMs: 30_000,
    });
    const res = new FakeResponse();
    const req = new EventEmitter();
    await live.open(req as IncomingMessage, res as unknown as ServerResponse, [1], {});
    expect(res.chunks.find((chunk) => chunk.startsWith('event: fleet\n'))).toContain(
      '"kioskId":"a"',
    );

    // A burst of signals: one read; only `a` changed. A moved lastSeenAt alone is not a change.
    rows = [status('a', 1, { state: 'offline' }), status('b', 1, { lastSeenAt: 'later' })];
    list.mockClear();
    for (let i = 0; i < 5; i++) await bus.signalFleet(1);
    await bus.signalFleet(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(list).toHaveBeenCalledTimes(1);
    expect(res.kioskEvents().map((entry) => [entry.kioskId, entry.state])).toEqual([
      ['a', 'offline'],
    ]);

    // Changes of time alone come with the periodic re-read.
    rows = [status('a', 1, { state: 'offline' }), status('b', 1, { flag: 'silent' })];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(res.kioskEvents().map((entry) => entry.kioskId)).toEqual(['a', 'b']);
    expect(res.chunks).toContain(': hb\n\n');

    req.emit('close');
    expect(live.size).toBe(0);
    // Closed: it stops listening, a later signal reads nothing.
    list.mockClear();
    await bus.signalFleet(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(list).not.toHaveBeenCalled();
  });

  it('ends a stream after its lifetime, so the client reconnects and the session is checked', async () => {
    vi.useFakeTimers();
    const live = new FleetLive(
      { list: () => Promise.resolve([]) } as unknown as Fleet,
      new InMemoryEventBus(),
      () => undefined,
      { maxLifetimeMs: 60_000 },
    );
    const res = new FakeResponse();
    await live.open(
      new EventEmitter() as IncomingMessage,
      res as unknown as ServerResponse,
      [1],
      {},
    );
    expect(live.size).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(res.writableEnded).toBe(true);
    expect(live.size).toBe(0);
  });
});
