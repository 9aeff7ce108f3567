import type { KioskHeartbeat } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_APP_VERSION } from '../../lib/config/app-version';
import { initialUiState, useUiStore } from '../../lib/ui-store/ui-store';
import { useAlertStore } from '../emergency-alert';
import { useSyncStore } from '../sync';
import { createFleetReporter, streamIdentity, type FleetReporterOptions } from './fleet-reporter';

let online: boolean;
let sent: KioskHeartbeat[];
let heartbeat: FleetReporterOptions['api']['heartbeat'];

function reporter(overrides: Partial<FleetReporterOptions> = {}) {
  return createFleetReporter({
    api: { heartbeat: (...args) => heartbeat(...args) },
    devid: 7,
    kioskId: () => 'kiosk-abc',
    isOnline: () => online,
    estimateStorage: () => Promise.resolve({ usage: 1234.6, quota: 10_000 }),
    storagePersisted: () => Promise.resolve(true),
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  online = true;
  sent = [];
  heartbeat = vi.fn((_devid: number, report: KioskHeartbeat) => {
    sent.push(report);
    return Promise.resolve({ contentVersion: 3 });
  });
  useSyncStore.getState().reset();
  useUiStore.setState(initialUiState());
  useAlertStore.setState({ active: null, ending: null, receivedAt: null, ack: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('fleet reporter', () => {
  it('reports mode, build, content version, last sync, storage and last error', async () => {
    useUiStore.setState({ totem: 'Assemblage', parcours: null });
    useSyncStore.getState().succeeded({ at: '2026-03-10T09:00:00.000Z', contentVersion: 3 });
    useSyncStore.getState().failed({ error: 'x'.repeat(600), contentVersion: 3 });
    await reporter().send();
    expect(heartbeat).toHaveBeenCalledWith(7, expect.any(Object), expect.any(Object));
    expect(sent).toEqual([
      {
        kioskId: 'kiosk-abc',
        mode: 'totem',
        totem: 'Assemblage',
        appVersion: KIOSK_APP_VERSION,
        contentVersion: 3,
        lastSyncAt: '2026-03-10T09:00:00.000Z',
        storageUsedBytes: 1235,
        storageQuotaBytes: 10_000,
        storagePersisted: true,
        lastError: 'x'.repeat(500),
        alertAck: null,
        media: null,
      },
    ]);
  });

  it('says whether the media of its revision are complete, as the sync store has them', async () => {
    const r = reporter();
    const store = useSyncStore.getState();
    store.succeeded({ at: '2026-03-10T09:00:00.000Z', contentVersion: 14 });
    store.mediaReported({ phase: 'downloading', cached: 12, total: 40, failed: 0 });
    await r.send();
    store.mediaReported(
      { phase: 'incomplete', cached: 38, total: 40, failed: 2 },
      '2 média(s) indisponible(s)',
    );
    await r.send();
    store.mediaReported({ phase: 'complete', cached: 40, total: 40, failed: 0 });
    await r.send();
    // A new sync's records: the media of the coming revision are not known yet.
    store.started();
    await r.send();
    expect(sent.map(({ contentVersion, media }) => ({ contentVersion, media }))).toEqual([
      { contentVersion: 14, media: { phase: 'downloading', cached: 12, total: 40 } },
      { contentVersion: 14, media: { phase: 'incomplete', cached: 38, total: 40 } },
      { contentVersion: 14, media: { phase: 'complete', cached: 40, total: 40 } },
      { contentVersion: 14, media: null },
    ]);
  });

  it('reports a browser that may evict its storage (issue 53)', async () => {
    await reporter({ storagePersisted: () => Promise.resolve(false) }).send();
    await reporter({ storagePersisted: () => Promise.resolve(undefined) }).send();
    expect(sent.map((report) => report.storagePersisted)).toEqual([false, null]);
  });

  it('says parcours for the visitor journey, and null before any choice', async () => {
    useUiStore.setState({ totem: 'Moulage', parcours: 'visiteur' });
    await reporter().send();
    useUiStore.setState({ totem: null, parcours: null });
    await reporter({
      estimateStorage: () => Promise.reject(new Error('no storage API')),
      storagePersisted: () => Promise.reject(new Error('no storage API')),
    }).send();
    expect(sent.map(({ mode, totem }) => ({ mode, totem }))).toEqual([
      { mode: 'parcours', totem: null },
      { mode: null, totem: null },
    ]);
    expect(sent[1]).toMatchObject({
      storageUsedBytes: null,
      storageQuotaBytes: null,
      storagePersisted: null,
    });
  });

  it('sends every interval while online only, ignores failures, and stops cleanly', async () => {
    const r = reporter({ intervalMs: 60_000 });
    r.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    online = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    online = true;
    heartbeat = vi.fn(() => Promise.reject(new Error('HTTP 500')));
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(r.send()).resolves.toBeUndefined();
    r.stop();
    expect(vi.getTimerCount()).toBe(0);
    heartbeat = vi.fn(() => Promise.resolve({ contentVersion: 1 }));
    await r.send();
    expect(heartbeat).not.toHaveBeenCalled();
  });

  it('gives the stream its identity', () => {
    useUiStore.setState({ totem: 'Moulage', parcours: null });
    useSyncStore.getState().succeeded({ at: '2026-03-10T09:00:00.000Z', contentVersion: 5 });
    expect(streamIdentity()).toEqual({
      mode: 'totem',
      totem: 'Moulage',
      appVersion: KIOSK_APP_VERSION,
      contentVersion: 5,
    });
  });

  it('sends "alerte affichée" at once, and in every heartbeat while it holds', async () => {
    const r = reporter({ intervalMs: 60_000 });
    r.start();
    const ack = { alertid: 9, displayedAt: '2026-03-10T09:00:01.000Z', takeoverMs: 210 };
    useAlertStore.setState({ ack });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.alertAck).toEqual(ack);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent.map((report) => report.alertAck)).toEqual([ack, ack]);
    r.stop();
  });

  it('sends once more after the one in flight when asked meanwhile, however often', async () => {
    let release: () => void = () => undefined;
    heartbeat = vi.fn((_devid: number, report: KioskHeartbeat) => {
      sent.push(report);
      return new Promise<{ contentVersion: number }>((resolve) => {
        release = () => resolve({ contentVersion: 3 });
      });
    });
    const r = reporter();
    const first = r.send();
    await vi.advanceTimersByTimeAsync(0);
    useAlertStore.setState({
      ack: { alertid: 3, displayedAt: '2026-03-10T09:00:01.000Z', takeoverMs: 90 },
    });
    void r.send();
    void r.send();
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await first;
    expect(sent.map((report) => report.alertAck?.alertid ?? null)).toEqual([null, 3]);
  });
});

describe('a token issued before totem identities (issue 47)', () => {
  it('hands the heartbeat answer’s new token to be stored, and nothing when there is none', async () => {
    const tokens: string[] = [];
    heartbeat = vi.fn(() => Promise.resolve({ contentVersion: 3, token: 'bound-token' }));
    await reporter({ onToken: (token) => tokens.push(token) }).send();
    expect(tokens).toEqual(['bound-token']);
    heartbeat = vi.fn(() => Promise.resolve({ contentVersion: 3 }));
    await reporter({ onToken: (token) => tokens.push(token) }).send();
    expect(tokens).toEqual(['bound-token']);
  });
});
