import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../lib/ui-store/ui-store';
import { startPwaUpdates, UPDATE_CHECK_INTERVAL_MS } from './pwa-update';
import { resetShellState } from './testing/render-in-kiosk';

function fakeRegister() {
  let options: RegisterSWOptions = {};
  const updateSW = vi.fn(() => Promise.resolve());
  const registerSW = vi.fn((given: RegisterSWOptions) => {
    options = given;
    return updateSW;
  });
  return { registerSW, updateSW, options: () => options };
}

describe('service worker updates', () => {
  beforeEach(() => {
    resetShellState();
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('checks for a new version every 30 minutes', () => {
    const sw = fakeRegister();
    const stop = startPwaUpdates(sw.registerSW);
    const update = vi.fn(() => Promise.resolve());
    sw.options().onRegisteredSW?.('sw.js', { update } as unknown as ServiceWorkerRegistration);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('applies a waiting version only once the screen is idle', () => {
    const sw = fakeRegister();
    startPwaUpdates(sw.registerSW);
    sw.options().onNeedRefresh?.();
    expect(sw.updateSW).not.toHaveBeenCalled();

    // Someone is using the kiosk: countdown running, reader closed.
    useUiStore.setState({ inactivityRemaining: 120 });
    expect(sw.updateSW).not.toHaveBeenCalled();

    useUiStore.setState({ idleReaderOpen: true });
    expect(sw.updateSW).toHaveBeenCalledWith(true);
    useUiStore.setState({ inactivityRemaining: 0 });
    expect(sw.updateSW).toHaveBeenCalledOnce();
  });

  it('applies at once when the new version arrives while the screen is already idle', () => {
    useUiStore.setState({ inactivityRemaining: 0 });
    const sw = fakeRegister();
    startPwaUpdates(sw.registerSW);
    sw.options().onNeedRefresh?.();
    expect(sw.updateSW).toHaveBeenCalledWith(true);
  });
});
