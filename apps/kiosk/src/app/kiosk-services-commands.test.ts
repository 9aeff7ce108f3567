/**
 * Remote commands (issue 47) through the kiosk's services: a `command` stream message for this
 * totem runs (its kind's real action, or a test's) and is acknowledged to the server; one for
 * another totem is not; an acknowledgement that could not be sent goes at the next start or
 * return online.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdentifyStore } from '../features/remote-commands/identify-store';
import { useConnectionStore } from '../features/network/network-monitor';
import { FakeEventSource } from '../features/network/testing/fake-event-source';
import { useSyncStore } from '../features/sync/sync-store';
import { createApiClient } from '../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../lib/api/testing/fake-content-server';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { closeKioskDb, openKioskDb, type KioskDb } from '../lib/local-db/kiosk-db';
import { MemoryCache } from '../lib/media/testing/memory-cache';
import { saveKioskId } from '../lib/session/session';
import { storageKeys } from '../lib/storage/kiosk-storage';
import { useUiStore } from '../lib/ui-store/ui-store';
import { startKioskServices, type KioskServices } from './kiosk-services';

const KIOSK = 'this-totem';
let counter = 0;
let server: FakeContentServer;
let db: KioskDb;
let services: KioskServices | null;
let visited: string[];
let reloads: number;

function start() {
  const config: RuntimeConfig = {
    ...server.config,
    contentBase: server.origin,
    authBase: server.origin,
    streamBase: 'http://stream.test',
    pingIntervalMs: 15_000,
  };
  const cache = new MemoryCache();
  services = startKioskServices({
    config,
    session: { token: server.plant.token, devid: server.plant.devid },
    api: createApiClient(config, () => server.plant.token, { fetch: server.fetch }),
    db,
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
    windowTarget: null,
    engineOptions: { openMediaCache: cache.opener(), fetchMedia: server.fetch },
    navigate: (path) => visited.push(path),
    commandActions: { reload: () => reloads++ },
  });
  return services;
}

const expiresAt = () => new Date(Date.now() + 3_600_000).toISOString();

function sendCommand(commandId: number, kind: string, extra: object = {}, kioskId = KIOSK) {
  FakeEventSource.last.send({
    type: 'command',
    devid: server.plant.devid,
    kioskId,
    command: { commandId, kind, expiresAt: expiresAt(), ...extra },
  });
}

/** The acknowledgements the server received: [commandId, body]. */
const acks = () =>
  server.requests
    .filter((r) => r.method === 'POST' && /\/display\/commands\//.test(r.path))
    .map((r) => [Number(r.path.split('/')[4]), JSON.parse(r.body ?? 'null')] as const);

const pendingAcks = () =>
  JSON.parse(localStorage.getItem(storageKeys.commandAcksPending) ?? '[]') as unknown[];

async function openStream() {
  start();
  await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));
  FakeEventSource.last.open();
  await vi.waitFor(() => expect(useSyncStore.getState().status).not.toBe('pending'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const devname = `services-commands-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  services = null;
  visited = [];
  reloads = 0;
  FakeEventSource.instances = [];
  saveKioskId(KIOSK);
  useSyncStore.getState().reset();
  useConnectionStore.setState({ online: false, streamConnected: false, lastPingAt: null });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  services?.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(db.name);
});

describe('kiosk services — remote commands', () => {
  it('runs this totem’s commands and acknowledges them; ignores another totem’s', async () => {
    await openStream();
    sendCommand(1, 'identify', { name: 'Totem hall', location: 'Hall B' });
    sendCommand(2, 'set-mode', { mode: 'visiteur' });
    sendCommand(3, 'reload', {}, 'another-totem');
    sendCommand(4, 'reload');
    await vi.waitFor(() => expect(acks()).toHaveLength(3));
    expect(acks()).toEqual([
      [1, { status: 'done' }],
      [2, { status: 'done' }],
      [4, { status: 'done' }],
    ]);
    expect(useIdentifyStore.getState().shown).toEqual({
      name: 'Totem hall',
      location: 'Hall B',
      kioskId: KIOSK,
    });
    expect(useUiStore.getState().parcours).toBe('visiteur');
    expect(visited).toEqual(['/accueil/visiteur']);
    expect(reloads).toBe(1);
    // The overlay goes by itself; stop() leaves no timer behind either way.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(useIdentifyStore.getState().shown).toBeNull();
  });

  it('resync and rebuild run a sync (rebuild: the whole snapshot) and acknowledge its outcome', async () => {
    await openStream();
    const before = server.paths(/\/display\/snapshot\//).length;
    sendCommand(5, 'rebuild');
    await vi.waitFor(() => expect(acks()).toHaveLength(1));
    expect(acks()[0]).toEqual([5, { status: 'done' }]);
    const snapshots = server.requests.filter((r) => r.path.includes('/display/snapshot/'));
    expect(snapshots).toHaveLength(before + 1);
    expect(snapshots.at(-1)!.headers.get('If-None-Match')).toBeNull();

    server.fail(/\/display\/(snapshot|changes)\//, { kind: 'status', status: 500 });
    sendCommand(6, 'resync');
    await vi.waitFor(() => expect(acks()).toHaveLength(2));
    expect(acks()[1]![1]).toMatchObject({ status: 'failed' });
    expect(acks()[1]![1].reason).toEqual(expect.any(String));
  });

  it('an acknowledgement lost offline is sent again at the next start', async () => {
    await openStream();
    server.fail(/\/display\/commands\//, { kind: 'network' }, 1);
    sendCommand(7, 'identify');
    await vi.waitFor(() => expect(pendingAcks()).toHaveLength(1));
    expect(acks()).toHaveLength(1);
    services!.stop();

    // A new start (a reload): online at once, the acknowledgement goes.
    FakeEventSource.instances = [];
    start();
    await vi.waitFor(() => expect(acks()).toHaveLength(2));
    expect(acks()[1]).toEqual([7, { status: 'done' }]);
    // The fake server does not know the route (404): refused for good, so dropped too.
    await vi.waitFor(() => expect(pendingAcks()).toEqual([]));
  });

  it('an acknowledgement that could not be sent goes when the totem is back online', async () => {
    await openStream();
    server.fail(/\/display\/commands\//, { kind: 'network' }, 1);
    sendCommand(8, 'identify');
    await vi.waitFor(() => expect(pendingAcks()).toHaveLength(1));

    server.pingStatus = 503;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(useConnectionStore.getState().online).toBe(false);
    server.pingStatus = 200;
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(acks()).toHaveLength(2));
    expect(acks()[1]).toEqual([8, { status: 'done' }]);
  });
});
