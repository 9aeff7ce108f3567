// The screen's power for the watchdog (issue 53, decision 052): DPMS through `xset`, said honestly.
//
// `xset` exits 0 even when the X server has no DPMS extension (it prints « server does not have
// extension for dpms option » and its usage): trusting its exit code, the watchdog would answer
// « faite » to « Éteindre l’écran » on a screen it cannot switch off. So every change is read back
// with `xset q` — « Monitor is Off » after an off, « Monitor is On » or « DPMS is Disabled » after
// an on — and a server without the extension fails with a reason the fleet page can show.
//
// The watchdog asks for the wanted state at every check (10 s). A screen that refuses is not asked
// again, nor logged again, before RETRY_AFTER_MS, unless the wanted state changes (an alert must
// still get its try at once); a command (« Éteindre l’écran ») always tries.
//
// Pure apart from the `run` function it is given (spawnSync of xset in the watchdog, a fake X
// server in screen-power.test.mjs).

/** A screen that refused is asked again after this long (and its failure logged again). */
export const RETRY_AFTER_MS = 10 * 60_000;

export const NO_DPMS_REASON = 'cet écran ne se laisse pas éteindre : le serveur X n’a pas de DPMS';

/**
 * What `xset q` says about DPMS.
 * @param {string} text
 * @returns {{ dpms: false } | { dpms: true, enabled: boolean, monitor: string | null }}
 */
export function parseXsetQuery(text) {
  if (/does not have the DPMS Extension/i.test(text)) return { dpms: false };
  const enabled = /DPMS is Enabled/i.test(text);
  const monitor = /Monitor is (\w+)/i.exec(text)?.[1] ?? null;
  return { dpms: true, enabled, monitor };
}

/**
 * The xset invocations that switch the screen: off = DPMS on with no timers of its own, then forced
 * off (a touch wakes the panel: X does that); on = forced on, then DPMS off again so nothing else
 * blanks it (the session's own `xset -dpms`).
 * @param {boolean} on
 * @returns {string[][]}
 */
export function screenSteps(on) {
  return on
    ? [['dpms', 'force', 'on'], ['-dpms']]
    : [['+dpms'], ['dpms', '0', '0', '0'], ['dpms', 'force', 'off']];
}

/**
 * @typedef {{ status: number | null, stdout?: string, stderr?: string, error?: Error }} RunResult
 * @typedef {(args: string[]) => RunResult} RunXset
 */

/**
 * @param {{ run: RunXset, now?: () => number, log?: (line: string) => void }} deps
 */
export function createScreenPower({ run, now = Date.now, log = () => {} }) {
  /** What the watchdog last set: null until it set anything (the session left it on). */
  let on = /** @type {boolean | null} */ (null);
  /** The last refusal: when, for which state, why. */
  let refused = /** @type {{ at: number, wanted: boolean, reason: string } | null} */ (null);

  /** @param {RunResult} result */
  const why = (result) =>
    (result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0];

  /**
   * Switches the screen and reads it back. @param {boolean} wanted
   * @returns {string | null} the reason it failed, or null
   */
  function apply(wanted) {
    const before = run(['q']);
    if (before.status !== 0) return `xset q a échoué : ${why(before)}`.slice(0, 300);
    if (!parseXsetQuery(before.stdout ?? '').dpms) return NO_DPMS_REASON;
    for (const args of screenSteps(wanted)) {
      const result = run(args);
      if (result.status !== 0)
        return `xset ${args.join(' ')} a échoué : ${why(result)}`.slice(0, 300);
    }
    const after = run(['q']);
    const state = parseXsetQuery(after.stdout ?? '');
    const done =
      state.dpms && (wanted ? !state.enabled || state.monitor === 'On' : state.monitor === 'Off');
    if (!done) {
      const said = state.dpms
        ? `DPMS ${state.enabled ? 'actif' : 'inactif'}, écran ${state.monitor ?? '?'}`
        : 'pas de DPMS';
      return `l’écran n’a pas changé d’état (xset q : ${said})`;
    }
    return null;
  }

  /**
   * @param {boolean} wanted
   * @param {{ force?: boolean }} [options] force: a command — try even after a recent refusal
   * @returns {string | null} the reason it failed, or null
   */
  function set(wanted, { force = false } = {}) {
    const t = now();
    if (!force && refused && refused.wanted === wanted && t - refused.at < RETRY_AFTER_MS) {
      return refused.reason;
    }
    const reason = apply(wanted);
    if (reason) {
      if (!refused || refused.reason !== reason || t - refused.at >= RETRY_AFTER_MS || force) {
        log(`screen ${wanted ? 'on' : 'off'} refused: ${reason}`);
      }
      refused = { at: t, wanted, reason };
      return reason;
    }
    refused = null;
    on = wanted;
    log(`screen ${wanted ? 'on' : 'off'}`);
    return null;
  }

  /**
   * The page's wish at a check: acts only on a change. A page that does not answer (null) keeps
   * the screen on — a dark screen must never hide a problem.
   * @param {boolean | null} wanted
   */
  function follow(wanted) {
    const target = wanted ?? true;
    // Never set by us: the session left it on, nothing to do to keep it on.
    if (target === on || (target && on === null)) return;
    set(target);
  }

  return {
    set,
    follow,
    /**
     * What the fleet page is told (contract WatchdogScreen): 'refused' with the reason when the
     * last try failed, else 'off' or 'on' (before any change: on, as the session left it).
     * @returns {{ state: 'on' | 'off' | 'refused', reason?: string }}
     */
    report: () =>
      refused
        ? { state: 'refused', reason: refused.reason }
        : { state: on === false ? 'off' : 'on' },
  };
}
