// The screen's power as the watchdog drives it (screen-power.mjs), against an X server played by a
// small state machine that answers `xset` the way Xorg (DPMS) and Xvfb (none) do — exit 0 included
// when the extension is missing, which is the trap this module exists for. The real X server is
// npm run test:totem's (deploy/totem/test/run-totem-test.sh).
import { describe, expect, it } from 'vitest';
import {
  NO_DPMS_REASON,
  RETRY_AFTER_MS,
  createScreenPower,
  parseXsetQuery,
} from './screen-power.mjs';

const XORG_OFF = `DPMS (Energy Star):
  Standby: 0    Suspend: 0    Off: 0
  DPMS is Enabled
  Monitor is Off
`;
const XVFB = `DPMS (Energy Star):
  Server does not have the DPMS Extension
`;

/** An X server: with DPMS (a panel that follows `force`) or without (Xvfb, Xvnc, Xorg's dummy). */
function xServer({ dpms = true, stuck = false } = {}) {
  const server = { enabled: false, monitor: 'On', calls: /** @type {string[]} */ ([]) };
  /** @param {string[]} args */
  const run = (args) => {
    server.calls.push(args.join(' '));
    if (args[0] === 'q') {
      if (!dpms) return { status: 0, stdout: `Font Path:\n  built-ins\n${XVFB}` };
      const lines = [`DPMS (Energy Star):`, `  Standby: 0    Suspend: 0    Off: 0`];
      lines.push(server.enabled ? '  DPMS is Enabled' : '  DPMS is Disabled');
      if (server.enabled) lines.push(`  Monitor is ${server.monitor}`);
      return { status: 0, stdout: lines.join('\n') };
    }
    // What xset does without the extension: a complaint, its usage, and exit 0.
    if (!dpms) return { status: 0, stderr: 'server does not have extension for dpms option\n' };
    if (args[0] === '+dpms') server.enabled = true;
    if (args[0] === '-dpms') server.enabled = false;
    if (args[0] === 'dpms' && args[1] === 'force') {
      server.enabled = true;
      if (!stuck) server.monitor = args[2] === 'off' ? 'Off' : 'On';
    }
    return { status: 0 };
  };
  return { server, run };
}

describe('xset q', () => {
  it('reads the extension, its switch and the monitor', () => {
    expect(parseXsetQuery(XVFB)).toEqual({ dpms: false });
    expect(parseXsetQuery(XORG_OFF)).toEqual({ dpms: true, enabled: true, monitor: 'Off' });
    expect(parseXsetQuery('DPMS (Energy Star):\n  DPMS is Disabled\n')).toEqual({
      dpms: true,
      enabled: false,
      monitor: null,
    });
  });
});

describe('the screen power', () => {
  it('switches a DPMS screen off and on, and reads each change back', () => {
    const { server, run } = xServer();
    const screen = createScreenPower({ run });
    expect(screen.set(false)).toBeNull();
    expect(server.monitor).toBe('Off');
    expect(screen.report()).toEqual({ state: 'off' });
    expect(screen.set(true)).toBeNull();
    expect(server.monitor).toBe('On');
    // Back to the session's state: nothing else may blank it.
    expect(server.enabled).toBe(false);
    expect(screen.report()).toEqual({ state: 'on' });
  });

  it('says so when the X server has no DPMS, though xset exits 0', () => {
    const { server, run } = xServer({ dpms: false });
    const screen = createScreenPower({ run });
    expect(screen.set(false, { force: true })).toBe(NO_DPMS_REASON);
    expect(screen.report()).toEqual({ state: 'refused', reason: NO_DPMS_REASON });
    // Read first: nothing is sent to a server that cannot take it.
    expect(server.calls).toEqual(['q']);
  });

  it('fails a change the screen did not make', () => {
    const { run } = xServer({ stuck: true });
    const screen = createScreenPower({ run });
    expect(screen.set(false)).toMatch(/n’a pas changé d’état.*écran On/);
  });

  it('fails with xset’s own words when it cannot reach the display', () => {
    const screen = createScreenPower({
      run: () => ({ status: 1, stderr: 'xset:  unable to open display ":0"\n' }),
    });
    expect(screen.set(false)).toBe('xset q a échoué : xset:  unable to open display ":0"');
  });

  it('follows the page: off outside the hours, on for a touch; no answer keeps it on', () => {
    const { server, run } = xServer();
    const screen = createScreenPower({ run });
    screen.follow(true);
    // Left as the session set it: no call for a screen already on.
    expect(server.calls).toEqual([]);
    screen.follow(false);
    expect(server.monitor).toBe('Off');
    const calls = server.calls.length;
    screen.follow(false);
    expect(server.calls.length).toBe(calls);
    screen.follow(null);
    expect(server.monitor).toBe('On');
  });

  it('does not ask (nor log) a refusing screen again for ten minutes, unless commanded', () => {
    const { server, run } = xServer({ dpms: false });
    let now = 0;
    const logged = /** @type {string[]} */ ([]);
    const screen = createScreenPower({ run, now: () => now, log: (line) => logged.push(line) });
    for (let check = 0; check < 60; check += 1, now += 10_000) screen.follow(false);
    expect(server.calls).toEqual(['q']);
    expect(logged).toHaveLength(1);
    // A command tries now, and says it.
    expect(screen.set(false, { force: true })).toBe(NO_DPMS_REASON);
    expect(server.calls).toHaveLength(2);
    now += RETRY_AFTER_MS;
    screen.follow(false);
    expect(server.calls).toHaveLength(3);
    expect(logged).toHaveLength(3);
  });
});
