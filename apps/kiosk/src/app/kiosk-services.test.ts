import { TOKEN_HEADER } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContentEventEmitter, type ContentEvent } from '../features/content/content-events';
import { useConnectionStore } from '../features/network/network-monitor';
import { FakeEventSource } from '../features/network/testing/fake-event-source';
import { useSyncStore } from '../features/sync/sync-store';
import { createApiClient } from '../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../lib/api/testing/fake-content-server';
import { KIOSK_APP_VERSION } from '../lib/config/app-version';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { saveKioskId } from '../lib/session/session';
import { startKioskServices, type KioskServices } from './kiosk-services';
import { closeKioskDb, openKioskDb, type KioskDb } from '../lib/local-db/kiosk-db';
import { MemoryCache } from '../lib/media/testing/memory-cache';

let counter = 0;
let server: FakeContentServer;
let db: KioskDb;
let services: KioskServices | null;
let events: ContentEvent[];

function start(logout?: () => void) {
  const config: RuntimeConfig = {
    ...server.config,
    contentBase: server.origin,
    authBase: server.origin,
    streamBase: 'http://stream.test',
    pingIntervalMs: 15_000,
  };
  const cache = new MemoryCache();
  const emitter = createContentEventEmitter();
  emitter.on((event) => events.push(event));
  services = startKioskServices({
    config,
    session: { token: server.plant.token, devid: server.plant.devid },
    api: createApiClient(config, () => server.plant.token, { fetch: server.fetch }),
    db,
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
    windowTarget: null,
    engineOptions: { openMediaCache: cache.opener(), fetchMedia: server.fetch },
    events: emitter,
    logout,
  });
  return services;
}

/** Sync runs that reached the server: the snapshot, or the delta asked first since delta sync. */
const snapshots = () => server.paths(/\/display\/(snapshot|changes)\//).length;
const settle = () => vi.waitFor(() => expect(useSyncStore.getState().status).not.toBe('pending'));

beforeEach(() => {
  // Only the timers: fake-indexeddb schedules its work with setImmediate, which must stay real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const devname = `services-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  events = [];
  services = null;
  FakeEventSource.instances = [];
  useSyncStore.getState().reset();
  useConnectionStore.setState({ online: false, streamConnected: false, lastPingAt: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  services?.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(db.name);
});

describe('kiosk services', () => {
  it('at start, when online: syncs and opens the stream with a ticket and the kiosk id', async () => {
    start();
    await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));

    expect(await db.zones.count()).toBe(3);
    expect(useConnectionStore.getState().online).toBe(true);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const url = new URL(FakeEventSource.last.url);
    expect(url.origin + url.pathname).toBe(`http://stream.test/stream/${server.plant.devid}`);
    expect(url.searchParams.get('ticket')).toBe('ticket-1');
    expect(url.searchParams.get('kioskId')).toBe(localStorage.getItem('kiosk-id'));
    // The long-lived token stays out of the URL (decision 028): it went in the ticket request's
    // header.
    expect(url.searchParams.has('token')).toBe(false);
    expect(FakeEventSource.last.url).not.toContain(server.plant.token);
    const [ticketRequest] = server.requests.filter((r) => r.path.includes('/stream-ticket/'));
    expect(ticketRequest!.method).toBe('POST');
    expect(ticketRequest!.url).not.toContain(server.plant.token);
    expect(ticketRequest!.headers.get(TOKEN_HEADER)).toBe(server.plant.token);

    FakeEventSource.last.open();
    expect(useConnectionStore.getState().streamConnected).toBe(true);
  });

  it('asks a new ticket before each reconnection; a failed ticket request is a failed attempt', async () => {
    start();
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.last.open();
    // The next two ticket requests fail (network, then a server error): two failed attempts,
    // retried after the backoff's 1 s then 2 s, no stream opened meanwhile.
    server.fail(/\/stream-ticket\//, { kind: 'network' }, 1);
    server.fail(/\/stream-ticket\//, { kind: 'status', status: 503 }, 1);
    FakeEventSource.last.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.paths(/\/stream-ticket\//)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.paths(/\/stream-ticket\//)).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.paths(/\/stream-ticket\//)).toHaveLength(3);
    // Then the backoff goes on: 4 s later, a ticket that works opens the stream.
    await vi.advanceTimersByTimeAsync(4000);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(new URL(FakeEventSource.last.url).searchParams.get('ticket')).toBe('ticket-2');
    FakeEventSource.last.open();
    expect(useConnectionStore.getState().streamConnected).toBe(true);
    // The totem kept its content all along.
    expect(await db.zones.count()).toBe(3);
  });

  it('syncs on stream open and on a sync message, skipping a version it already has', async () => {
    start();
    await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));
    expect(snapshots()).toBe(1);

    FakeEventSource.last.open();
    await vi.waitFor(() => expect(snapshots()).toBe(2));
    await settle();

    server.change((p) => {
      p.zones[0]!.zonename = 'Plan publié';
    });
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'sync', version: 2 });
    await vi.waitFor(() => expect(snapshots()).toBe(3));
    await vi.waitFor(async () => expect((await db.zones.get(1))?.zonename).toBe('Plan publié'));
    await settle();

    FakeEventSource.last.send({ devid: server.plant.devid, type: 'sync', version: 2 });
    // The revision under its own name (publishing gate, decision 010) is what the kiosk compares
    // first.
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'sync', revision: 2, version: 1 });
    FakeEventSource.last.send({ devid: 999, type: 'sync' });
    await vi.advanceTimersByTimeAsync(10);
    expect(snapshots()).toBe(3);

    // A kiosk behind (revision 3 announced) syncs, by the delta since its revision.
    server.change((p) => {
      p.zones[0]!.zonename = 'Plan révisé';
    });
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'sync', revision: 3 });
    await vi.waitFor(async () => expect((await db.zones.get(1))?.zonename).toBe('Plan révisé'));
    expect(server.paths(/\/display\/(snapshot|changes)\//).at(-1)).toBe(
      `/display/changes/${server.plant.devid}?since=2`,
    );
  });

  it('turns zone and element messages into content events', async () => {
    start();
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.last.open();
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'zone', zoneid: 2 });
    FakeEventSource.last.send({
      devid: server.plant.devid,
      type: 'element',
      elementid: 11,
      zoneid: 1,
    });
    FakeEventSource.last.send({ devid: 999, type: 'zone', zoneid: 2 });
    expect(events).toEqual([
      { type: 'zone', zoneid: 2 },
      { type: 'element', elementid: 11, zoneid: 1 },
    ]);
  });

  it('returns to the login screen when the back-office forgets this totem, not another (issue 47)', async () => {
    const logout = vi.fn();
    saveKioskId('this-totem');
    start(logout);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.last.open();
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'forgotten', kioskId: 'another' });
    expect(logout).not.toHaveBeenCalled();
    FakeEventSource.last.send({
      devid: server.plant.devid,
      type: 'forgotten',
      kioskId: 'this-totem',
    });
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('offline at start: no sync, no stream; both start when the ping succeeds', async () => {
    server.pingStatus = 503;
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(useConnectionStore.getState().online).toBe(false);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(snapshots()).toBe(0);

    server.pingStatus = 200;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));

    // Going offline closes the stream.
    server.pingStatus = 503;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(FakeEventSource.last.closed).toBe(true);
  });

  it('stop() clears every timer and connection, and ignores later triggers', async () => {
    start();
    await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));
    FakeEventSource.last.open();
    FakeEventSource.last.fail(); // a reconnection timer is now pending too
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    services!.stop();

    expect(vi.getTimerCount()).toBe(0);
    expect(FakeEventSource.open).toHaveLength(0);
    expect(useConnectionStore.getState().streamConnected).toBe(false);
    const before = server.requests.length;
    await vi.advanceTimersByTimeAsync(120_000);
    await services!.syncNow('after stop');
    expect(server.requests.length).toBe(before);
  });

  it('reports to the fleet after each sync, and names the kiosk on its stream', async () => {
    start();
    await vi.waitFor(() => expect(server.heartbeats).toHaveLength(1));
    expect(server.heartbeats[0]).toMatchObject({
      kioskId: localStorage.getItem('kiosk-id'),
      contentVersion: server.plant.version,
      lastError: null,
    });
    const url = new URL(FakeEventSource.last.url);
    expect(url.searchParams.get('appVersion')).toBe(KIOSK_APP_VERSION);
    // Then once a minute while online.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.heartbeats.length).toBeGreaterThanOrEqual(2);
  });

  it('syncNow runs a sync on demand (after login)', async () => {
    server.pingStatus = 503;
    start();
    await services!.syncNow('login');
    expect(await db.zones.count()).toBe(3);
  });
});
