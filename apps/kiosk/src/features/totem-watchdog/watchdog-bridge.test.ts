import { SCREEN_ON_AFTER_TOUCH_MS } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NO_WATCHDOG_REASON,
  WATCHDOG_ATTACHED_WITHIN_MS,
  WATCHDOG_COMMAND_TIMEOUT_MS,
  WATCHDOG_SILENT_REASON,
  attachWatchdogServices,
  installWatchdogBridge,
  resetWatchdogBridge,
  runThroughWatchdog,
  watchdogPoll,
  watchdogReport,
  type WatchdogServices,
} from './watchdog-bridge';

let now = 1_000_000;
let open = true;
let alert = false;
let heartbeats = 0;

function services(overrides: Partial<WatchdogServices> = {}): WatchdogServices {
  return {
    heartbeatAt: () => now - 5_000,
    heartbeatEveryMs: 60_000,
    alertActive: () => alert,
    isOpen: () => open,
    onEvents: () => {
      heartbeats += 1;
    },
    ...overrides,
  };
}

beforeEach(() => {
  now = 1_000_000;
  open = true;
  alert = false;
  heartbeats = 0;
  localStorage.clear();
  resetWatchdogBridge(() => now);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the page side of the watchdog', () => {
  it('answers on the login page too: the kiosk, not logged in, screen on', () => {
    const state = watchdogPoll({});
    expect(state).toMatchObject({ version: 1, loggedIn: false, screenWanted: true, requests: [] });
  });

  it('installs plantKioskTotem once on the global object', () => {
    const target = new EventTarget() as unknown as typeof globalThis;
    installWatchdogBridge(target);
    const first = (target as unknown as { plantKioskTotem: unknown }).plantKioskTotem;
    installWatchdogBridge(target);
    expect((target as unknown as { plantKioskTotem: unknown }).plantKioskTotem).toBe(first);
  });

  it('reports its heartbeat pulse and the alert once logged in', () => {
    const detach = attachWatchdogServices(services());
    alert = true;
    expect(watchdogPoll({})).toMatchObject({
      loggedIn: true,
      heartbeatAt: now - 5_000,
      servicesSince: now,
      alertActive: true,
    });
    detach();
    expect(watchdogPoll({}).loggedIn).toBe(false);
  });

  it('keeps the watchdog events until a heartbeat carried them, and asks for that heartbeat', () => {
    attachWatchdogServices(services());
    const at = new Date(now).toISOString();
    const state = watchdogPoll({
      events: [
        { id: 'a', at, action: 'reload', reason: 'hung' },
        // Not an event of ours: taken (the watchdog may forget it), never reported.
        { id: 'b', at, action: 'format-disk', reason: 'hung' },
      ],
    });
    expect(state.eventsTaken).toEqual(['a', 'b']);
    expect(heartbeats).toBe(1);
    const { report, sent } = watchdogReport();
    expect(report).toEqual({ attached: true, events: [{ at, action: 'reload', reason: 'hung' }] });
    // One more arrives while that heartbeat is in flight: it stays for the next.
    watchdogPoll({ events: [{ id: 'c', at, action: 'restart-browser', reason: 'not-rendering' }] });
    sent();
    expect(watchdogReport().report.events).toEqual([
      { at, action: 'restart-browser', reason: 'not-rendering' },
    ]);
  });

  it('reports the screen as the watchdog left it, and nothing once the watchdog is gone', () => {
    watchdogPoll({ screen: { state: 'refused', reason: 'pas de DPMS' } });
    expect(watchdogReport().report.screen).toEqual({ state: 'refused', reason: 'pas de DPMS' });
    watchdogPoll({ screen: { state: 'off' } });
    expect(watchdogReport().report.screen).toEqual({ state: 'off' });
    // A watchdog from before it, or a made-up state: not said.
    watchdogPoll({});
    expect(watchdogReport().report).not.toHaveProperty('screen');
    watchdogPoll({ screen: { state: 'dimmed' } });
    expect(watchdogReport().report).not.toHaveProperty('screen');
    watchdogPoll({ screen: { state: 'on' } });
    now += 61_000;
    expect(watchdogReport().report).toEqual({ attached: false, events: [] });
  });

  it('is detached when the watchdog has not polled for a minute', () => {
    watchdogPoll({});
    expect(watchdogReport().report.attached).toBe(true);
    now += 61_000;
    expect(watchdogReport().report.attached).toBe(false);
  });

  it('wants the screen on in the opening hours, off outside them but for a touch or an alert', () => {
    const target = new EventTarget() as unknown as typeof globalThis;
    installWatchdogBridge(target);
    attachWatchdogServices(services());
    expect(watchdogPoll({}).screenWanted).toBe(true);
    open = false;
    expect(watchdogPoll({}).screenWanted).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    expect(watchdogPoll({}).screenWanted).toBe(true);
    now += SCREEN_ON_AFTER_TOUCH_MS;
    expect(watchdogPoll({}).screenWanted).toBe(false);
    alert = true;
    expect(watchdogPoll({}).screenWanted).toBe(true);
  });

  it('« Éteindre l’écran » holds until a touch; an alert lights it all the same', async () => {
    const target = new EventTarget() as unknown as typeof globalThis;
    installWatchdogBridge(target);
    attachWatchdogServices(services());
    watchdogPoll({});
    const answer = runThroughWatchdog('screen-off');
    const { requests } = watchdogPoll({});
    expect(requests).toEqual([{ id: expect.any(String), kind: 'screen-off' }]);
    expect(watchdogPoll({ results: [{ id: requests[0]!.id, status: 'done' }] }).screenWanted).toBe(
      false,
    );
    await expect(answer).resolves.toEqual({ status: 'done' });
    alert = true;
    expect(watchdogPoll({}).screenWanted).toBe(true);
    alert = false;
    expect(watchdogPoll({}).screenWanted).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    expect(watchdogPoll({}).screenWanted).toBe(true);
  });

  it('fails a command at once on a totem without a watchdog', async () => {
    // A page older than its first minute that no watchdog ever polled.
    now += WATCHDOG_ATTACHED_WITHIN_MS;
    await expect(runThroughWatchdog('reboot')).resolves.toEqual({
      status: 'failed',
      reason: NO_WATCHDOG_REASON,
    });
  });

  it('in its first minute, a page waits for its watchdog’s first poll before failing', async () => {
    vi.useFakeTimers();
    // Just (re)started: a command arrives before the watchdog's first poll, and is run.
    const early = runThroughWatchdog('screen-off');
    const [request] = watchdogPoll({}).requests;
    expect(request?.kind).toBe('screen-off');
    watchdogPoll({ results: [{ id: request!.id, status: 'done' }] });
    await expect(early).resolves.toEqual({ status: 'done' });
    // No watchdog at all: failed, saying so, once the page's first minute is over.
    resetWatchdogBridge(() => now);
    const alone = runThroughWatchdog('reboot');
    vi.advanceTimersByTime(WATCHDOG_ATTACHED_WITHIN_MS);
    await expect(alone).resolves.toEqual({ status: 'failed', reason: NO_WATCHDOG_REASON });
  });

  it('passes on the watchdog’s failure, and fails a command it never answers', async () => {
    vi.useFakeTimers();
    watchdogPoll({});
    const refused = runThroughWatchdog('screen-on');
    const [request] = watchdogPoll({}).requests;
    watchdogPoll({ results: [{ id: request!.id, status: 'failed', reason: 'xset a échoué' }] });
    await expect(refused).resolves.toEqual({ status: 'failed', reason: 'xset a échoué' });
    expect(watchdogPoll({}).requests).toEqual([]);

    const silent = runThroughWatchdog('restart-browser');
    vi.advanceTimersByTime(WATCHDOG_COMMAND_TIMEOUT_MS);
    await expect(silent).resolves.toEqual({ status: 'failed', reason: WATCHDOG_SILENT_REASON });
    expect(watchdogPoll({}).requests).toEqual([]);
  });
});
