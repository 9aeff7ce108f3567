// The watchdog's ladder, rung by rung, with a clock of our own (watchdog-ladder.mjs).
import { describe, expect, it } from 'vitest';
import {
  GRACE_MS,
  NOT_KIOSK_FIRST_PAUSE_MS,
  NOT_KIOSK_MAX_PAUSE_MS,
  NOT_KIOSK_PATIENCE_MS,
  REBOOT_MIN_INTERVAL_MS,
  RESET_AFTER_MS,
  assess,
  initialLadder,
} from './watchdog-ladder.mjs';

/** Feeds samples at `every` ms from `start`; returns the actions taken, with their times. */
function run(samples, { every = 10_000, start = 0, state = initialLadder() } = {}) {
  const actions = [];
  let now = start;
  for (const sample of samples) {
    const next = assess(state, sample, now);
    state = next.state;
    if (next.decision.action)
      actions.push({ at: now, action: next.decision.action, reason: next.decision.reason });
    now += every;
  }
  return { actions, state, now };
}

describe('the watchdog ladder', () => {
  it('does nothing while the page is healthy', () => {
    expect(run(Array(100).fill('ok')).actions).toEqual([]);
  });

  it('waits for a second failed check, then reloads the page', () => {
    const { actions } = run(['ok', 'hung', 'hung']);
    expect(actions).toEqual([{ at: 20_000, action: 'reload', reason: 'hung' }]);
  });

  it('reloads a crashed page at once', () => {
    expect(run(['crashed']).actions).toEqual([{ at: 0, action: 'reload', reason: 'crashed' }]);
  });

  it('climbs reload → restart the browser → reboot, each after its grace period', () => {
    const { actions } = run(Array(30).fill('hung'));
    expect(actions.map((a) => a.action)).toEqual(['reload', 'restart-browser', 'reboot']);
    expect(actions[1].at - actions[0].at).toBeGreaterThanOrEqual(GRACE_MS);
    expect(actions[2].at - actions[1].at).toBeGreaterThanOrEqual(GRACE_MS);
  });

  it('never reboots twice within REBOOT_MIN_INTERVAL_MS: it restarts the browser now and then instead', () => {
    const { actions } = run(Array(2_000).fill('not-rendering'), { every: 10_000 });
    const reboots = actions.filter((a) => a.action === 'reboot');
    for (let i = 1; i < reboots.length; i++) {
      expect(reboots[i].at - reboots[i - 1].at).toBeGreaterThanOrEqual(REBOOT_MIN_INTERVAL_MS);
    }
    const restartsBetween = actions.filter(
      (a) =>
        a.action === 'restart-browser' &&
        a.at > reboots[0].at &&
        a.at < (reboots[1]?.at ?? Infinity),
    );
    expect(restartsBetween.length).toBeGreaterThan(0);
    for (let i = 1; i < restartsBetween.length; i++) {
      expect(restartsBetween[i].at - restartsBetween[i - 1].at).toBeGreaterThanOrEqual(
        GRACE_MS * 10,
      );
    }
  });

  it('a reboot made before the watchdog started counts (the state file)', () => {
    const now = 1_000_000_000;
    const state = initialLadder({
      step: 3,
      lastActionAt: now - GRACE_MS * 11,
      lastRebootAt: now - GRACE_MS * 11,
    });
    const { actions } = run(['hung', 'hung'], { start: now, state });
    expect(actions.map((a) => a.action)).toEqual(['restart-browser']);
  });

  it('goes back to the bottom after RESET_AFTER_MS of health', () => {
    const first = run(['hung', 'hung', ...Array(10).fill('hung')]);
    expect(first.state.step).toBeGreaterThan(1);
    const healthy = run(Array(RESET_AFTER_MS / 10_000 + 1).fill('ok'), {
      start: first.now,
      state: first.state,
    });
    expect(healthy.state.step).toBe(0);
    const again = run(['hung', 'hung'], { start: healthy.now, state: healthy.state });
    expect(again.actions.map((a) => a.action)).toEqual(['reload']);
  });

  it('a short recovery does not reset the ladder: a page that keeps failing still climbs', () => {
    const { actions } = run(['hung', 'hung', 'ok', 'ok', ...Array(8).fill('hung')]);
    expect(actions.map((a) => a.action)).toEqual(['reload', 'restart-browser']);
  });

  it('only ever reloads a page that is not the kiosk, with a growing pause, never climbing', () => {
    const { actions } = run(Array(400).fill('not-kiosk'), { every: 10_000 });
    expect(new Set(actions.map((a) => a.action))).toEqual(new Set(['reload']));
    expect(actions[0].at).toBe(NOT_KIOSK_PATIENCE_MS);
    const pauses = actions.slice(1).map((a, i) => a.at - actions[i].at);
    expect(pauses[0]).toBeGreaterThanOrEqual(NOT_KIOSK_FIRST_PAUSE_MS);
    expect(pauses.at(-1)).toBeGreaterThanOrEqual(NOT_KIOSK_MAX_PAUSE_MS);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(NOT_KIOSK_MAX_PAUSE_MS + 10_000);
  });

  it('a page still loading is given time before its first reload', () => {
    expect(
      run(Array(NOT_KIOSK_PATIENCE_MS / 1_000).fill('not-kiosk'), { every: 1_000 }).actions,
    ).toEqual([]);
    expect(
      run(['not-kiosk', 'ok', 'not-kiosk', 'ok', 'not-kiosk', 'ok', 'not-kiosk', 'ok', 'not-kiosk'])
        .actions,
    ).toEqual([]);
  });
});
