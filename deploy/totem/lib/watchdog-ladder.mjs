// The watchdog's ladder (issue 53, decision 052): what to do about the page, given what it looked
// like at each check. Pure — the clock and the samples come in, a decision goes out — so every
// rung is unit-tested without a browser (watchdog-ladder.test.mjs).
//
// A page in trouble climbs: reload the page, then restart the browser, then reboot the machine —
// each only after the previous rung had time to work (a grace period), and the reboot at most once
// every REBOOT_MIN_INTERVAL_MS, so a fault a reboot does not cure never turns the totem into a
// machine that reboots in a loop (what Anthias does when its connectivity check fails). Healthy
// for RESET_AFTER_MS, the ladder goes back to the bottom.
//
// A page that is NOT the kiosk (Chromium's "site can't be reached" page after a start with the
// server down and no offline copy yet) is only ever reloaded, with a growing pause: a network or
// server problem is not cured by restarting anything on the totem, and the kiosk takes over by
// itself once one load succeeds.

/** @typedef {'ok' | 'hung' | 'not-rendering' | 'heartbeat-stalled' | 'crashed' | 'not-kiosk'} Sample */
/** @typedef {'reload' | 'restart-browser' | 'reboot'} Action */
/**
 * @typedef {{ step: 0 | 1 | 2 | 3, failures: number, lastActionAt: number | null,
 *   healthySince: number | null, lastRebootAt: number | null, notKioskReloads: number,
 *   lastNotKioskReloadAt: number | null, notKioskSince: number | null }} LadderState
 */
/** @typedef {{ action: Action | null, reason: Sample | null, climbed: boolean }} Decision */

/** Consecutive failed checks before the first rung (a crash acts at once). */
export const FAILURES_BEFORE_ACTION = 2;
/** Time a rung gets to work before the next one. */
export const GRACE_MS = 60_000;
/** Healthy this long, the ladder is back at the bottom. */
export const RESET_AFTER_MS = 10 * 60_000;
/** At most one reboot in this time; a page still failing is then restarted every GRACE_MS × 10. */
export const REBOOT_MIN_INTERVAL_MS = 6 * 60 * 60_000;
/** Pauses between reloads of a page that is not the kiosk: 30 s, doubling, at most 5 min. */
export const NOT_KIOSK_FIRST_PAUSE_MS = 30_000;
/** No kiosk found for this long before the first reload (a page still loading, a slow start). */
export const NOT_KIOSK_PATIENCE_MS = 30_000;
export const NOT_KIOSK_MAX_PAUSE_MS = 5 * 60_000;

/** @param {Partial<LadderState>} [saved] @returns {LadderState} */
export function initialLadder(saved = {}) {
  return {
    step: 0,
    failures: 0,
    lastActionAt: null,
    healthySince: null,
    lastRebootAt: saved.lastRebootAt ?? null,
    notKioskReloads: 0,
    lastNotKioskReloadAt: null,
    notKioskSince: null,
    // A restart or a reboot the ladder itself made carries on from its rung (the state file).
    ...(saved.step ? { step: saved.step, lastActionAt: saved.lastActionAt ?? null } : {}),
  };
}

/**
 * One check's outcome → the next state and what to do now.
 * @param {LadderState} state
 * @param {Sample} sample
 * @param {number} now
 * @returns {{ state: LadderState, decision: Decision }}
 */
export function assess(state, sample, now) {
  const none = /** @type {Decision} */ ({ action: null, reason: null, climbed: false });

  if (sample === 'ok') {
    const healthySince = state.healthySince ?? now;
    const back = now - healthySince >= RESET_AFTER_MS;
    return {
      state: {
        ...state,
        failures: 0,
        healthySince,
        notKioskReloads: 0,
        lastNotKioskReloadAt: null,
        notKioskSince: null,
        ...(back ? { step: 0, lastActionAt: null } : {}),
      },
      decision: none,
    };
  }

  if (sample === 'not-kiosk') {
    // A page still loading (a slow totem's cold start) is not yet an error page.
    const notKioskSince = state.notKioskSince ?? now;
    if (now - notKioskSince < NOT_KIOSK_PATIENCE_MS) {
      return { state: { ...state, healthySince: null, notKioskSince }, decision: none };
    }
    const pause = Math.min(
      NOT_KIOSK_FIRST_PAUSE_MS * 2 ** state.notKioskReloads,
      NOT_KIOSK_MAX_PAUSE_MS,
    );
    if (state.lastNotKioskReloadAt !== null && now - state.lastNotKioskReloadAt < pause) {
      return { state: { ...state, healthySince: null, notKioskSince }, decision: none };
    }
    return {
      state: {
        ...state,
        healthySince: null,
        notKioskSince,
        notKioskReloads: state.notKioskReloads + 1,
        lastNotKioskReloadAt: now,
      },
      decision: { action: 'reload', reason: sample, climbed: false },
    };
  }

  const failures = state.failures + 1;
  const failing = { ...state, failures, healthySince: null, notKioskSince: null };
  if (sample !== 'crashed' && failures < FAILURES_BEFORE_ACTION) {
    return { state: failing, decision: none };
  }
  // The rung taken last has not had its time yet.
  if (state.lastActionAt !== null && now - state.lastActionAt < GRACE_MS) {
    return { state: failing, decision: none };
  }

  /** @type {Action} */
  let action;
  /** @type {LadderState['step']} */
  let step;
  if (state.step === 0) {
    action = 'reload';
    step = 1;
  } else if (state.step === 1) {
    action = 'restart-browser';
    step = 2;
  } else {
    const rebootAllowed =
      state.lastRebootAt === null || now - state.lastRebootAt >= REBOOT_MIN_INTERVAL_MS;
    if (rebootAllowed) {
      action = 'reboot';
      step = 3;
    } else {
      // Rebooted not long ago and still failing: restart the browser now and then, no more.
      if (state.lastActionAt !== null && now - state.lastActionAt < GRACE_MS * 10) {
        return { state: failing, decision: none };
      }
      action = 'restart-browser';
      step = 2;
    }
  }
  return {
    state: {
      ...failing,
      step,
      failures: 0,
      lastActionAt: now,
      ...(action === 'reboot' ? { lastRebootAt: now } : {}),
    },
    decision: { action, reason: sample, climbed: true },
  };
}
