#!/usr/bin/env node
// The totem's watchdog (issue 53, decision 052): starts the kiosk browser itself and keeps it
// alive, reading the page through Chromium's DevTools protocol over a pipe
// (`--remote-debugging-pipe`: no port, nothing else on the machine can reach it).
//
//   node totem-watchdog.mjs --url URL [options] -- /usr/bin/chromium --kiosk ... URL
//
// Every check (CHECK_INTERVAL_MS, and at once when the page calls its binding) it asks the page
// `plantKioskTotem.watchdogPoll(input)` (apps/kiosk/src/features/totem-watchdog): an answer within
// HUNG_AFTER_MS or the page is hung; a frame drawn since the last check or the page is not
// rendering; a heartbeat attempted recently or its timers are dead. What to do about a failure is
// watchdog-ladder.mjs: reload the page, restart the browser, reboot. Each rung is logged (the
// journal) and kept in the state file until the page took it for its next heartbeat, so the
// fleet page says « redémarré par le chien de garde à … ».
//
// It also does what the page cannot: the remote commands `restart-browser`, `reboot`,
// `screen-off` and `screen-on` the page hands it, and the screen's power (DPMS, through `xset`)
// from the opening hours and the alert state the page reports: off outside the hours, on at a
// touch, on at once for an alert. The browser keeps running (and syncing) while the screen is off.
//
// Node ≥ 18 (Debian bookworm's `nodejs`), no dependency.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CdpTimeoutError, connectPipe } from './cdp-pipe.mjs';
import { createScreenPower } from './screen-power.mjs';
import { assess, initialLadder } from './watchdog-ladder.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    'state-dir': {
      type: 'string',
      default: process.env.STATE_DIRECTORY || '/var/lib/plant-kiosk-totem',
    },
    'interval-ms': { type: 'string', default: '10000' },
    'hung-ms': { type: 'string', default: '10000' },
    'before-start': { type: 'string' },
    'reboot-file': { type: 'string', default: '/run/plant-kiosk-totem/reboot-request' },
    screen: { type: 'string', default: 'xset' },
  },
});

const [browserCommand, ...browserArgs] = positionals;
if (!opts.url || !browserCommand) {
  console.error(
    'usage: totem-watchdog.mjs --url URL [--state-dir DIR] [--interval-ms N] [--hung-ms N]',
  );
  console.error(
    '         [--before-start CMD] [--reboot-file PATH] [--screen xset|none] -- BROWSER ARGS...',
  );
  process.exit(2);
}
const KIOSK_URL = opts.url;
const CHECK_INTERVAL_MS = Number(opts['interval-ms']);
const HUNG_AFTER_MS = Number(opts['hung-ms']);
/** A frame asked for at one check and not drawn after this long: the page does not render. */
const NOT_RENDERING_AFTER_MS = Math.max(30_000, CHECK_INTERVAL_MS * 3);
/** Time the page gets to acknowledge a command before the browser or the machine goes down. */
const COMMAND_ACK_GRACE_MS = 5_000;
const STATE_FILE = join(opts['state-dir'], 'watchdog.json');
const MAX_EVENTS = 20;
const WATCHDOG_VERSION = 1;
const BINDING = 'plantKioskWatchdogNotify';

const log = (/** @type {string} */ line) =>
  console.log(`${new Date().toISOString()} totem-watchdog: ${line}`);

// --- state kept across browser restarts and reboots ------------------------------------------------

/** @typedef {{ id: string, at: string, action: string, reason: string }} WatchdogEvent */
/** @type {{ ladder: Partial<import('./watchdog-ladder.mjs').LadderState>, events: WatchdogEvent[] }} */
let saved = { ladder: {}, events: [] };
try {
  const parsed = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
  if (parsed && typeof parsed === 'object') {
    saved = {
      ladder: parsed.ladder ?? {},
      events: Array.isArray(parsed.events) ? parsed.events : [],
    };
  }
} catch {
  // No state yet, or a file a power cut truncated: start from the bottom of the ladder.
}
let ladder = initialLadder(saved.ladder);
let events = saved.events.slice(-MAX_EVENTS);

function persist() {
  try {
    mkdirSync(opts['state-dir'], { recursive: true });
    const tmp = `${STATE_FILE}.tmp`;
    const { step, lastActionAt, lastRebootAt } = ladder;
    writeFileSync(tmp, JSON.stringify({ ladder: { step, lastActionAt, lastRebootAt }, events }));
    renameSync(tmp, STATE_FILE);
  } catch (error) {
    log(`cannot write ${STATE_FILE}: ${String(error)}`);
  }
}

/** @param {string} action @param {string} reason */
function record(action, reason) {
  events = [...events, { id: randomUUID(), at: new Date().toISOString(), action, reason }].slice(
    -MAX_EVENTS,
  );
  persist();
}

// --- the browser ------------------------------------------------------------------------------------

/** @type {import('node:child_process').ChildProcess | null} */
let browser = null;
/** @type {ReturnType<typeof connectPipe> | null} */
let cdp = null;
let stopping = false;
/** Set while the watchdog itself takes the browser down (not a crash). */
let restarting = false;
/** @type {Map<string, string>} targetId → sessionId */
const sessions = new Map();
const crashedTargets = new Set();
/** The frame the page was asked for at the previous check, and since when. */
let frameAskedAt = /** @type {number | null} */ (null);

/** When the browser was last started (Date.now()). */
let launchedAt = 0;
/** A browser without any page this long after its start gets the kiosk opened by the watchdog. */
const NO_PAGE_PATIENCE_MS = 15_000;

function launchBrowser() {
  launchedAt = Date.now();
  if (opts['before-start']) {
    const result = spawnSync(opts['before-start'], { stdio: 'inherit', shell: true });
    if (result.status !== 0)
      log(`before-start exited with ${result.status}; starting the browser anyway`);
  }
  log(`starting ${browserCommand}`);
  const child = spawn(browserCommand, [...browserArgs, '--remote-debugging-pipe'], {
    stdio: ['ignore', 'inherit', 'inherit', 'pipe', 'pipe'],
    // Its own process group: a restart takes the renderers and the zygote with it.
    detached: true,
  });
  browser = child;
  sessions.clear();
  crashedTargets.clear();
  frameAskedAt = null;
  const toBrowser = /** @type {NodeJS.WritableStream} */ (child.stdio[3]);
  const fromBrowser = /** @type {NodeJS.ReadableStream} */ (child.stdio[4]);
  const connection = connectPipe(toBrowser, fromBrowser);
  cdp = connection;
  connection.onEvent((message) => {
    if (message.method === 'Target.targetCrashed') {
      crashedTargets.add(String(message.params?.targetId));
      log(`the page's renderer crashed (${String(message.params?.status)})`);
      void check();
    } else if (message.method === 'Target.detachedFromTarget') {
      for (const [targetId, sessionId] of sessions) {
        if (sessionId === message.params?.sessionId) sessions.delete(targetId);
      }
    } else if (message.method === 'Runtime.bindingCalled' && message.params?.name === BINDING) {
      // The page has news (an alert, a touch, a command): check now, not at the next tick.
      void check();
    }
  });
  connection.send('Target.setDiscoverTargets', { discover: true }).catch(() => {});
  child.on('exit', (code, signal) => {
    connection.close();
    if (browser === child) {
      browser = null;
      cdp = null;
    }
    if (stopping || restarting) return;
    log(`the browser exited (${signal ?? code}): starting it again`);
    record('restart-browser', 'browser-exited');
    setTimeout(() => {
      if (!stopping && browser === null) launchBrowser();
    }, 2_000);
  });
}

/** Stops the browser's whole process group: SIGTERM, then SIGKILL after 5 s. */
async function stopBrowser() {
  const child = browser;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const group = -(child.pid ?? 0);
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const killer = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, 5_000);
  await exited;
  clearTimeout(killer);
}

async function restartBrowser() {
  restarting = true;
  try {
    await stopBrowser();
    launchBrowser();
  } finally {
    restarting = false;
  }
}

function requestReboot() {
  persist();
  try {
    mkdirSync(dirname(opts['reboot-file']), { recursive: true });
    writeFileSync(opts['reboot-file'], `${new Date().toISOString()}\n`);
    log(`reboot requested (${opts['reboot-file']})`);
  } catch (error) {
    log(`cannot request a reboot (${String(error)}): restarting the browser instead`);
    void restartBrowser();
  }
}

// --- the page -----------------------------------------------------------------------------------------

/** The kiosk's page target (the first page), attached; null when the browser has none. */
async function pageSession() {
  if (!cdp) return null;
  const { targetInfos } = await cdp.send('Target.getTargets');
  /** @type {{ targetId: string, type: string }[]} */
  const pages = targetInfos.filter((/** @type {{ type: string }} */ t) => t.type === 'page');
  const page = pages[0];
  if (!page) {
    // A browser just started opens its own tab on the URL of its command line: a tab made here
    // too would be a second kiosk (two streams, two heartbeats, commands taken by the page the
    // watchdog does not poll — seen in e2e/totem-watchdog.spec.ts). Only a browser that has had
    // its time and shows no page at all gets one.
    if (Date.now() - launchedAt >= NO_PAGE_PATIENCE_MS) {
      log('no page in the browser: opening the kiosk');
      await cdp.send('Target.createTarget', { url: KIOSK_URL });
    }
    return null;
  }
  // One kiosk per totem: a page beside it (one opened while the browser was starting) goes.
  for (const extra of pages.slice(1)) {
    log(`closing a second page (${extra.targetId})`);
    sessions.delete(extra.targetId);
    await cdp
      .send('Target.closeTarget', { targetId: extra.targetId }, { timeoutMs: 5_000 })
      .catch(() => {});
  }
  let sessionId = sessions.get(page.targetId);
  if (!sessionId) {
    ({ sessionId } = await cdp.send('Target.attachToTarget', {
      targetId: page.targetId,
      flatten: true,
    }));
    sessions.set(page.targetId, /** @type {string} */ (sessionId));
    // A binding the page calls to be checked at once (it outlives reloads of this target).
    await cdp
      .send('Runtime.addBinding', { name: BINDING }, { sessionId, timeoutMs: HUNG_AFTER_MS })
      .catch(() => {});
  }
  return {
    targetId: /** @type {string} */ (page.targetId),
    sessionId: /** @type {string} */ (sessionId),
  };
}

/** Replies the watchdog owes the page: command results, until the page has seen them. */
/** @type {{ id: string, status: 'done' | 'failed', reason?: string }[]} */
let results = [];
/** Commands taken, so that a request still listed at the next check is not run twice. */
const takenRequests = new Set();

/**
 * @typedef {{ version: number, loggedIn: boolean, frameAt: number | null, heartbeatAt: number | null,
 *   heartbeatEveryMs: number, servicesSince: number | null, alertActive: boolean,
 *   screenWanted: boolean, requests: { id: string, kind: string }[], eventsTaken: string[] }} PageState
 */

/**
 * Asks the page for its state, handing it the events and results it has not taken yet.
 * @returns {Promise<{ sample: import('./watchdog-ladder.mjs').Sample, page: PageState | null,
 *   target: { targetId: string, sessionId: string } | null }>}
 */
async function samplePage() {
  const target = await pageSession();
  if (!target) return { sample: 'not-kiosk', page: null, target };
  if (crashedTargets.has(target.targetId)) return { sample: 'crashed', page: null, target };
  const input = {
    watchdog: { version: WATCHDOG_VERSION },
    events,
    results,
    screen: screenReport(),
  };
  const expression =
    `globalThis.plantKioskTotem && typeof globalThis.plantKioskTotem.watchdogPoll === 'function'` +
    ` ? globalThis.plantKioskTotem.watchdogPoll(${JSON.stringify(input)}) : null`;
  let answer;
  try {
    answer = await cdp?.send(
      'Runtime.evaluate',
      { expression, returnByValue: true },
      { sessionId: target.sessionId, timeoutMs: HUNG_AFTER_MS },
    );
  } catch (error) {
    if (error instanceof CdpTimeoutError) return { sample: 'hung', page: null, target };
    throw error;
  }
  /** @type {PageState | null} */
  const page = answer?.result?.value ?? null;
  if (!page || typeof page !== 'object') return { sample: 'not-kiosk', page: null, target };

  // What the page took is off our hands.
  const taken = new Set(page.eventsTaken ?? []);
  if (taken.size > 0 && events.some((event) => taken.has(event.id))) {
    events = events.filter((event) => !taken.has(event.id));
    persist();
  }
  results = [];

  const now = Date.now();
  if (page.frameAt !== null && frameAskedAt !== null && page.frameAt >= frameAskedAt)
    frameAskedAt = null;
  const notRendering = frameAskedAt !== null && now - frameAskedAt > NOT_RENDERING_AFTER_MS;
  // The page asks for a frame at each poll; the next answer says whether it came.
  if (frameAskedAt === null) frameAskedAt = now;
  if (notRendering) return { sample: 'not-rendering', page, target };

  if (page.loggedIn) {
    const since = Math.max(page.heartbeatAt ?? 0, page.servicesSince ?? 0);
    if (since > 0 && now - since > page.heartbeatEveryMs * 3 + 30_000) {
      return { sample: 'heartbeat-stalled', page, target };
    }
  }
  return { sample: 'ok', page, target };
}

/**
 * Reloads the page. One that answers reloads itself; a hung, crashed or frozen one gets a new tab
 * on the kiosk's address and its own is closed (its renderer crashed first: a hung main thread
 * never runs its unload, while Page.crash works on the renderer's IO thread).
 * @param {{ targetId: string, sessionId: string } | null} target
 * @param {string} reason
 */
async function reloadPage(target, reason) {
  if (!cdp) return;
  if (target && (reason === 'heartbeat-stalled' || reason === 'not-kiosk')) {
    await cdp.send('Page.reload', {}, { sessionId: target.sessionId }).catch(() => {});
    return;
  }
  if (target && reason !== 'crashed') {
    await cdp
      .send('Page.crash', {}, { sessionId: target.sessionId, timeoutMs: 3_000 })
      .catch(() => {});
  }
  await cdp.send('Target.createTarget', { url: KIOSK_URL });
  if (target) {
    sessions.delete(target.targetId);
    crashedTargets.delete(target.targetId);
    await cdp
      .send('Target.closeTarget', { targetId: target.targetId }, { timeoutMs: 5_000 })
      .catch(() => {});
  }
  frameAskedAt = null;
}

// --- the screen -----------------------------------------------------------------------------------------

const screen = createScreenPower({
  run: (args) => spawnSync('xset', args, { encoding: 'utf8', timeout: 5_000 }),
  log,
});

/** Why the screen commands fail on a totem started with `--screen none`. */
const NO_SCREEN_CONTROL = 'pas de commande d’écran sur ce totem';

/** @param {boolean} on @returns {string | null} the error, if any */
function setScreen(on) {
  if (opts.screen !== 'xset') return NO_SCREEN_CONTROL;
  return screen.set(on, { force: true });
}

/** The screen for the fleet page (through the page's heartbeat). */
function screenReport() {
  if (opts.screen !== 'xset') return { state: 'refused', reason: NO_SCREEN_CONTROL };
  return screen.report();
}

/** @param {PageState | null} page */
function driveScreen(page) {
  if (opts.screen !== 'xset') return;
  // Not the kiosk (or no answer): the screen stays on — a blank screen must never hide a problem.
  screen.follow(page ? page.screenWanted || page.alertActive : null);
}

// --- commands the page hands over ---------------------------------------------------------------------

/** @param {PageState} page */
async function runRequests(page) {
  for (const request of page.requests ?? []) {
    if (takenRequests.has(request.id)) continue;
    takenRequests.add(request.id);
    log(`command ${request.kind} (${request.id})`);
    if (request.kind === 'screen-off' || request.kind === 'screen-on') {
      const error = setScreen(request.kind === 'screen-on');
      results.push(
        error
          ? { id: request.id, status: 'failed', reason: error }
          : { id: request.id, status: 'done' },
      );
    } else if (request.kind === 'restart-browser' || request.kind === 'reboot') {
      results.push({ id: request.id, status: 'done' });
      // Hand the answer over now and give the page time to acknowledge it to the server.
      await samplePage().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, COMMAND_ACK_GRACE_MS));
      if (request.kind === 'reboot') requestReboot();
      else await restartBrowser();
      return;
    } else {
      results.push({
        id: request.id,
        status: 'failed',
        reason: `commande inconnue du chien de garde : ${request.kind}`,
      });
    }
  }
}

// --- the loop ---------------------------------------------------------------------------------------------

let checking = false;
let checkAgain = false;

async function check() {
  if (checking) {
    checkAgain = true;
    return;
  }
  checking = true;
  try {
    do {
      checkAgain = false;
      await checkOnce();
    } while (checkAgain && !stopping);
  } finally {
    checking = false;
  }
}

async function checkOnce() {
  if (stopping || restarting || !cdp) return;
  let outcome;
  try {
    outcome = await samplePage();
  } catch (error) {
    if (!(error instanceof CdpTimeoutError)) {
      // The pipe closed under us (the browser is going down): its exit handler restarts it.
      log(`check failed: ${String(error)}`);
      return;
    }
    // The browser itself did not answer (attaching to a page frozen from its first frame, a hung
    // browser process): as hung as a page that does not answer, and the ladder climbs.
    outcome = { sample: /** @type {const} */ ('hung'), page: null, target: null };
  }
  const { sample, page, target } = outcome;
  driveScreen(page);
  if (page) await runRequests(page);

  const next = assess(ladder, sample, Date.now());
  ladder = next.state;
  const { action, reason, climbed } = next.decision;
  if (!action || !reason) return;
  log(`page ${reason}: ${action}`);
  if (climbed) record(action, reason);
  try {
    if (action === 'reload') await reloadPage(target, reason);
    else if (action === 'restart-browser') await restartBrowser();
    else if (action === 'reboot') requestReboot();
  } catch (error) {
    // A browser too far gone to take a reload: the next rung comes after its grace period.
    log(`${action} failed: ${String(error)}`);
  }
}

function shutdown() {
  stopping = true;
  persist();
  void stopBrowser().then(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

launchBrowser();
setInterval(() => void check(), CHECK_INTERVAL_MS);
