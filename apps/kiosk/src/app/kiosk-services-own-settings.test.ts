/**
 * The kiosk services and this totem's own settings (issue 47): read when the kiosk is online, and
 * again when a `profile` stream message names this totem — not another.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '../features/network/network-monitor';
import { FakeEventSource } from '../features/network/testing/fake-event-source';
import { useOwnSettingsStore } from '../features/own-settings';
import { useSyncStore } from '../features/sync/sync-store';
import { createApiClient } from '../lib/api/api-client';
import { demoPlant, FakeContentServer } from '../lib/api/testing/fake-content-server';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import { closeKioskDb, openKioskDb, type KioskDb } from '../lib/local-db/kiosk-db';
import { MemoryCache } from '../lib/media/testing/memory-cache';
import { saveKioskId } from '../lib/session/session';
import { startKioskServices, type KioskServices } from './kiosk-services';

let counter = 0;
let server: FakeContentServer;
let db: KioskDb;
let services: KioskServices | null = null;
/** The own-settings reads that reached the "server", and the name it answers now. */
let reads = 0;
let name = 'Hall';

function start() {
  const config: RuntimeConfig = {
    ...server.config,
    contentBase: server.origin,
    authBase: server.origin,
    streamBase: 'http://stream.test',
    pingIntervalMs: 15_000,
  };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/display/kiosk-settings/')) return server.fetch(input, init);
    reads++;
    const data = { kioskId: 'this-totem', name, location: null, marks: [] };
    return Promise.resolve(
      new Response(JSON.stringify({ data, message: 'OK', error: null }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  services = startKioskServices({
    config,
    session: { token: server.plant.token, devid: server.plant.devid },
    api: createApiClient(config, () => server.plant.token, { fetch }),
    db,
    createEventSource: (url) => new FakeEventSource(url),
    random: () => 0.5,
    windowTarget: null,
    engineOptions: { openMediaCache: new MemoryCache().opener(), fetchMedia: server.fetch },
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  const devname = `own-settings-services-${++counter}`;
  server = new FakeContentServer(demoPlant({ devname }));
  db = openKioskDb(devname);
  reads = 0;
  name = 'Hall';
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

describe('kiosk services: this totem’s own settings', () => {
  it('reads them once online, and again on a `profile` message naming this totem', async () => {
    saveKioskId('this-totem');
    start();
    await vi.waitFor(() => expect(useOwnSettingsStore.getState().settings?.name).toBe('Hall'));
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    FakeEventSource.last.open();
    await vi.waitFor(() => expect(useSyncStore.getState().status).toBe('success'));
    const before = reads;

    name = 'Cantine';
    FakeEventSource.last.send({ devid: server.plant.devid, type: 'profile', kioskId: 'another' });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(before);

    FakeEventSource.last.send({
      devid: server.plant.devid,
      type: 'profile',
      kioskId: 'this-totem',
    });
    await vi.waitFor(() => expect(useOwnSettingsStore.getState().settings?.name).toBe('Cantine'));
    expect(reads).toBe(before + 1);

    services!.stop();
    expect(useOwnSettingsStore.getState().settings).toBeNull();
  });
});
