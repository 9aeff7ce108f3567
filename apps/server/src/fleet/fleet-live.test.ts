import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathOf, type KioskHeartbeat, type KioskStatus } from '@plant-kiosk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InMemoryEventBus } from '../lib/event-bus.js';
import { createAdminSuite, type AdminClient, type AdminFixture } from '../testing/admin-fixture.js';
import { openStream, type StreamClient } from '../testing/sse-client.js';
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
  lists(): KioskStatus[][] {
    return this.chunks
      .filter((chunk) => chunk.startsWith('event: fleet\n'))
      .map((chunk) => JSON.parse(chunk.split('\ndata: ')[1]!) as KioskStatus[]);
  }
  /** What EventSource would send back as Last-Event-ID. */
  lastEventId(): string | undefined {
    return lastIdOf(this.chunks.join(''));
  }
}

function lastIdOf(text: string): string | undefined {
  return [...text.matchAll(/^id: (.*)$/gm)].at(-1)?.[1];
}

/** A fleet whose rows a test sets, recording each list read and the developments it asked for. */
function fakeFleet(initial: KioskStatus[]) {
  const state = { rows: initial };
  const list = vi.fn((devids?: readonly number[]) =>
    Promise.resolve(state.rows.filter((row) => !devids || devids.includes(row.devid))),
  );
  /** How many times each development was read. */
  const readsOf = (devid: number) =>
    list.mock.calls.filter(([devids]) => !devids || devids.includes(devid)).length;
  return { state, list, readsOf, fleet: { list } as unknown as Fleet };
}

async function openOn(
  live: FleetLive,
  devids: number[],
  lastEventId?: string,
): Promise<{ res: FakeResponse; req: EventEmitter }> {
  const res = new FakeResponse();
  const req = new EventEmitter();
  await live.open(
    req as IncomingMessage,
    res as unknown as ServerResponse,
    devids,
    {},
    lastEventId,
  );
  return { res, req };
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

    // A burst of signals: one read; only `a` changed. Moved presence times alone are no change.
    rows = [
      status('a', 1, { state: 'offline' }),
      status('b', 1, { lastSeenAt: 'later', lastHeartbeatAt: 'later' }),
    ];
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
  it('re-reads a development once per burst whatever the number of pages, and sends each change to every page watching it', async () => {
    vi.useFakeTimers();
    const { state, list, readsOf, fleet } = fakeFleet([status('a', 1), status('b', 2)]);
    const bus = new InMemoryEventBus();
    const live = new FleetLive(fleet, bus, () => undefined, { debounceMs: 100, tickMs: 30_000 });

    // Fifty pages opening together: one read of each development, not one per page.
    const onOne = await Promise.all(Array.from({ length: 20 }, () => openOn(live, [1])));
    const onBoth = await Promise.all(Array.from({ length: 20 }, () => openOn(live, [1, 2])));
    const onTwo = await Promise.all(Array.from({ length: 10 }, () => openOn(live, [2])));
    expect(readsOf(1)).toBe(1);
    expect(readsOf(2)).toBe(1);
    for (const page of onBoth) {
      expect(page.res.lists().map((l) => l.map((entry) => entry.kioskId))).toEqual([['a', 'b']]);
    }

    // A burst of signals for both: one read of each, every page gets the changes it watches.
    list.mockClear();
    state.rows = [status('a', 1, { state: 'offline' }), status('b', 2, { state: 'offline' })];
    for (let i = 0; i < 10; i++) {
      await bus.signalFleet(1);
      await bus.signalFleet(2);
    }
    await vi.advanceTimersByTimeAsync(150);
    expect(readsOf(1)).toBe(1);
    expect(readsOf(2)).toBe(1);
    const ids = (page: { res: FakeResponse }) => page.res.kioskEvents().map((e) => e.kioskId);
    for (const page of onOne) expect(ids(page)).toEqual(['a']);
    for (const page of onBoth) expect(ids(page).sort()).toEqual(['a', 'b']);
    for (const page of onTwo) expect(ids(page)).toEqual(['b']);

    // One more page: its developments are watched and up to date, so no read at all.
    list.mockClear();
    const late = await openOn(live, [1, 2]);
    expect(list).not.toHaveBeenCalled();
    expect(late.res.lists()[0]!.map((entry) => [entry.kioskId, entry.state])).toEqual([
      ['a', 'offline'],
      ['b', 'offline'],
    ]);

    // The tick re-reads each watched development once, not once per page.
    state.rows = [status('a', 1, { state: 'offline' }), status('b', 2, { flag: 'silent' })];
    await vi.advanceTimersByTimeAsync(30_000);
    expect(readsOf(1)).toBe(1);
    expect(readsOf(2)).toBe(1);
    for (const page of [...onTwo, late]) expect(ids(page).at(-1)).toBe('b');
    expect(late.res.kioskEvents().at(-1)?.flag).toBe('silent');
    live.closeAll();
  });

  it('resumes a reconnecting page from its Last-Event-ID with only the entries changed since', async () => {
    vi.useFakeTimers();
    const { state, fleet } = fakeFleet([status('a', 1), status('b', 1), status('c', 2)]);
    const bus = new InMemoryEventBus();
    const live = new FleetLive(fleet, bus, () => undefined, { debounceMs: 100 });
    // Another page keeps development 1 watched; nobody else watches 2.
    const watcher = await openOn(live, [1]);
    const first = await openOn(live, [1, 2]);
    const cursor = first.res.lastEventId();
    expect(cursor).toBeDefined();
    first.req.emit('close');

    // While it reconnects: `b` changes (heard, 1 is watched), `c` too (unheard: re-read at open).
    state.rows = [
      status('a', 1),
      status('b', 1, { state: 'offline' }),
      status('c', 2, { state: 'offline' }),
    ];
    await bus.signalFleet(1);
    await bus.signalFleet(2);
    await vi.advanceTimersByTimeAsync(150);
    expect(watcher.res.kioskEvents().map((entry) => entry.kioskId)).toEqual(['b']);

    const again = await openOn(live, [1, 2], cursor);
    expect(again.res.lists()).toEqual([]);
    expect(again.res.kioskEvents().map((entry) => [entry.kioskId, entry.state])).toEqual([
      ['b', 'offline'],
      ['c', 'offline'],
    ]);

    // Nothing changed since: the first message is a bare `id:`, which moves the cursor on.
    const next = again.res.lastEventId();
    again.req.emit('close');
    const quiet = await openOn(live, [1, 2], next);
    expect(quiet.res.lists()).toEqual([]);
    expect(quiet.res.kioskEvents()).toEqual([]);
    expect(quiet.res.chunks.at(-1)).toMatch(/^id: \S+\n\n$/);
    // And it is live like any other page.
    state.rows = [status('a', 1, { state: 'offline' }), ...state.rows.slice(1)];
    await bus.signalFleet(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(quiet.res.kioskEvents().map((entry) => entry.kioskId)).toEqual(['a']);
    live.closeAll();
  });

  it('sends the whole list for a missing, unknown, foreign or too old cursor, or after a removal', async () => {
    vi.useFakeTimers();
    const { state, fleet } = fakeFleet([status('a', 1), status('b', 1)]);
    const bus = new InMemoryEventBus();
    const live = new FleetLive(fleet, bus, () => undefined, { debounceMs: 100 });
    const watcher = await openOn(live, [1]);
    const cursor = watcher.res.lastEventId()!;
    const [, seq, scope, listedAt] = cursor.split('.');
    const wholeList = async (devids: number[], lastEventId: string | undefined) => {
      const page = await openOn(live, devids, lastEventId);
      page.req.emit('close');
      return page.res.lists().length === 1;
    };
    expect(await wholeList([1], cursor)).toBe(false);
    expect(await wholeList([1], undefined)).toBe(true);
    expect(await wholeList([1], 'garbage')).toBe(true);
    // Another process's (a restart, another instance behind the load balancer).
    expect(await wholeList([1], `0ther0ne.${seq}.${scope}.${listedAt}`)).toBe(true);
    // Other developments than the cursor's.
    expect(await wholeList([1, 2], cursor)).toBe(true);

    // A forgotten kiosk: a `kiosk` event cannot take it off the page.
    state.rows = [status('a', 1)];
    await bus.signalFleet(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(await wholeList([1], cursor)).toBe(true);
    const page = await openOn(live, [1]);
    const after = page.res.lastEventId();
    page.req.emit('close');
    expect(await wholeList([1], after)).toBe(false);

    // A whole list older than `fullListEveryMs` (30 min): its presence times would be too stale.
    await vi.advanceTimersByTimeAsync(30 * 60_000 + 1);
    expect(await wholeList([1], after)).toBe(true);
    live.closeAll();
  });
});

/** The same through the route, on the test store (SQLite or PostgreSQL). */
describe('GET /api/admin/fleet/stream with Last-Event-ID', () => {
  let f: AdminFixture;
  let editor: AdminClient;
  let base: string;
  const clients: StreamClient[] = [];

  beforeAll(async () => {
    ({ f, editor } = await createAdminSuite());
    await f.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.close();
    await f.close();
  });

  const open = async (headers: Record<string, string> = {}) => {
    const client = await openStream(
      base + pathOf('adminFleetStream', { query: { devid: f.ids.devid } }),
      { cookie: editor.cookie, ...headers },
    );
    clients.push(client);
    expect(client.status).toBe(200);
    return client;
  };

  it('sends only what changed since the cursor it is given back, the whole list for an unknown one', async () => {
    const first = await open();
    await first.waitFor((text) => text.includes('event: fleet\n'));
    const cursor = lastIdOf(first.text());
    expect(cursor).toBeDefined();
    first.close();

    const kioskId = 'kiosk-resumed';
    const report: KioskHeartbeat = {
      kioskId,
      mode: 'totem',
      totem: 'Moulage',
      appVersion: '1.2.3',
      contentVersion: null,
      lastSyncAt: null,
      storageUsedBytes: null,
      storageQuotaBytes: null,
      lastError: null,
    };
    const beat = await f.app.inject({
      method: 'POST',
      url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
      headers: await f.auth(f.ids.devid),
      payload: report,
    });
    expect(beat.statusCode, beat.body).toBe(200);

    const again = await open({ 'last-event-id': cursor! });
    await again.waitFor((text) => text.includes(`"kioskId":"${kioskId}"`));
    expect(again.text()).toContain('event: kiosk\n');
    expect(again.text()).not.toContain('event: fleet\n');

    const unknown = await open({ 'last-event-id': 'not-a-cursor' });
    await unknown.waitFor((text) => text.includes('event: fleet\n'));
    expect(unknown.text()).toContain(`"kioskId":"${kioskId}"`);
  });
});
