import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNetworkMonitor, useConnectionStore } from './network-monitor';

beforeEach(() => {
  vi.useFakeTimers();
  useConnectionStore.setState({ online: false, streamConnected: false, lastPingAt: null });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('network monitor', () => {
  it('pings at start and then every interval; online only while the ping says 200', async () => {
    const answers = [true, true, false, true];
    const ping = vi.fn(() => Promise.resolve(answers.shift() ?? true));
    const changes: boolean[] = [];
    const monitor = createNetworkMonitor({
      ping,
      intervalMs: 15_000,
      target: null,
      onChange: (online) => changes.push(online),
    });

    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(ping).toHaveBeenCalledTimes(1);
    expect(useConnectionStore.getState().online).toBe(true);
    expect(useConnectionStore.getState().lastPingAt).not.toBeNull();

    await vi.advanceTimersByTimeAsync(14_999);
    expect(ping).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ping).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(useConnectionStore.getState().online).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(useConnectionStore.getState().online).toBe(true);
    expect(changes).toEqual([true, false, true]);

    monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ping).toHaveBeenCalledTimes(4);
  });

  it('never overlaps pings: the next one is scheduled when the previous one ends', async () => {
    let resolve!: (online: boolean) => void;
    const ping = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    const monitor = createNetworkMonitor({ ping, intervalMs: 3000, target: null });
    monitor.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ping).toHaveBeenCalledTimes(1);
    resolve(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(ping).toHaveBeenCalledTimes(2);
    monitor.stop();
  });

  it('treats a failing ping as offline', async () => {
    const monitor = createNetworkMonitor({
      ping: () => Promise.reject(new Error('boom')),
      intervalMs: 3000,
      target: null,
    });
    useConnectionStore.setState({ online: true });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(useConnectionStore.getState().online).toBe(false);
    monitor.stop();
  });

  it('reacts at once to the browser going offline, and pings when it comes back', async () => {
    const target = new EventTarget();
    const ping = vi.fn(() => Promise.resolve(true));
    const monitor = createNetworkMonitor({
      ping,
      intervalMs: 15_000,
      target: target as unknown as Window,
    });
    monitor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(useConnectionStore.getState().online).toBe(true);

    ping.mockResolvedValue(false);
    target.dispatchEvent(new Event('offline'));
    expect(useConnectionStore.getState().online).toBe(false);

    ping.mockResolvedValue(true);
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useConnectionStore.getState().online).toBe(true);
    expect(ping).toHaveBeenCalledTimes(3);

    monitor.stop();
    target.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
