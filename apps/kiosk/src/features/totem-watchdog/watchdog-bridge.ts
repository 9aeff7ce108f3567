/**
 * The page's side of the totem's watchdog (issue 53, decision 052; the watchdog is
 * deploy/totem/lib/totem-watchdog.mjs). The watchdog starts Chromium and, every few seconds,
 * evaluates `plantKioskTotem.watchdogPoll(input)` in this page through DevTools:
 *
 * - that the call answers at all proves the page's main thread is alive;
 * - each poll asks for an animation frame and reports when the previous one was drawn (a page
 *   that stopped rendering);
 * - it reports when the heartbeat was last attempted (its timers are alive) — attempted, not
 *   succeeded: a totem offline is a normal totem, and a reload would not bring the network back;
 * - it says whether the screen should be on (opening hours, a touch, an alert) and hands over the
 *   commands only the watchdog can run (restart the browser, reboot, screen off / on);
 * - it takes the watchdog's events (what it did) and keeps them until a heartbeat carried them.
 *
 * The page calls the `plantKioskWatchdogNotify` binding (when the watchdog added it) to be polled
 * at once: an alert must light a dark screen in a second, not at the next poll.
 *
 * Installed at the start, before the login: a login page is the kiosk too (the watchdog must not
 * take it for Chromium's error page). Nothing here ever throws into the watchdog's call.
 */
import {
  SCREEN_ON_AFTER_TOUCH_MS,
  WATCHDOG_ACTIONS,
  WATCHDOG_EVENTS_MAX,
  WATCHDOG_REASONS,
  WATCHDOG_SCREEN_REASON_MAX,
  WATCHDOG_SCREEN_STATES,
  type KioskCommandAck,
  type WatchdogCommandKind,
  type WatchdogEvent,
  type WatchdogReport,
  type WatchdogScreen,
} from '@plant-kiosk/contract';
import { kioskStorage, storageKeys } from '../../lib/storage/kiosk-storage';

/** What the watchdog hands over at each poll. */
export interface WatchdogPollInput {
  watchdog?: { version?: number };
  events?: { id?: unknown; at?: unknown; action?: unknown; reason?: unknown }[];
  results?: { id?: unknown; status?: unknown; reason?: unknown }[];
  /** The screen as the watchdog left it (watchdogs from before it say nothing). */
  screen?: { state?: unknown; reason?: unknown };
}

/** What the page answers (the watchdog's PageState). */
export interface WatchdogPageState {
  version: 1;
  loggedIn: boolean;
  /** Date.now() when the frame asked at the previous poll was drawn (null: none yet). */
  frameAt: number | null;
  heartbeatAt: number | null;
  heartbeatEveryMs: number;
  servicesSince: number | null;
  alertActive: boolean;
  screenWanted: boolean;
  requests: { id: string; kind: WatchdogCommandKind }[];
  eventsTaken: string[];
}

/** What the logged-in kiosk's services tell the bridge (kiosk-services.ts). */
export interface WatchdogServices {
  heartbeatAt(): number | null;
  heartbeatEveryMs: number;
  alertActive(): boolean;
  /** Whether the plant is open now (published opening hours, on its wall clock). */
  isOpen(): boolean;
  /** The watchdog handed over what it did: a heartbeat takes it to the fleet page now. */
  onEvents(): void;
}

/** A watchdog not heard from for this long is gone (or was never there). */
export const WATCHDOG_ATTACHED_WITHIN_MS = 60_000;
/** A command the watchdog took and did not answer within this is failed. */
export const WATCHDOG_COMMAND_TIMEOUT_MS = 60_000;
export const NO_WATCHDOG_REASON = 'pas de chien de garde sur ce totem (installé sans deploy/totem)';
export const WATCHDOG_SILENT_REASON = 'le chien de garde n’a pas répondu';

const BINDING = 'plantKioskWatchdogNotify';

interface PendingRequest {
  id: string;
  kind: WatchdogCommandKind;
  resolve: (ack: KioskCommandAck) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface BridgeState {
  /** When this page's bridge began (its load): a watchdog polls it within its first minute. */
  startedAt: number;
  services: WatchdogServices | null;
  servicesSince: number | null;
  polledAt: number | null;
  frameAt: number | null;
  touchedAt: number | null;
  /** « Éteindre l'écran »: off until a touch, an alert or « Allumer l'écran ». */
  screenOffHeld: boolean;
  lastScreenWanted: boolean;
  /** The screen as the watchdog said at its last poll; null: it did not say. */
  screen: WatchdogScreen | null;
  requests: Map<string, PendingRequest>;
  now: () => number;
}

/** A bridge that has seen nothing yet (the page's start, and each test's). */
function freshState(now: () => number): BridgeState {
  return {
    startedAt: now(),
    services: null,
    servicesSince: null,
    polledAt: null,
    frameAt: null,
    touchedAt: null,
    screenOffHeld: false,
    lastScreenWanted: true,
    screen: null,
    requests: new Map(),
    now,
  };
}

const state: BridgeState = freshState(() => Date.now());

let nextRequest = 1;

function notifyWatchdog(): void {
  const binding = (globalThis as Record<string, unknown>)[BINDING];
  if (typeof binding === 'function') {
    try {
      (binding as (payload: string) => void)('poll');
    } catch {
      // The watchdog polls anyway.
    }
  }
}

function screenWanted(): boolean {
  const { services } = state;
  if (!services) return true;
  if (services.alertActive()) return true;
  if (state.screenOffHeld) return false;
  if (services.isOpen()) return true;
  return state.touchedAt !== null && state.now() - state.touchedAt < SCREEN_ON_AFTER_TOUCH_MS;
}

// --- the watchdog's events, kept until a heartbeat carried them -------------------------------------

function readEvents(): WatchdogEvent[] {
  try {
    const parsed: unknown = JSON.parse(kioskStorage().getItem(storageKeys.watchdogEvents) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isWatchdogEvent) : [];
  } catch {
    return [];
  }
}

function writeEvents(events: WatchdogEvent[]): void {
  try {
    kioskStorage().setItem(
      storageKeys.watchdogEvents,
      JSON.stringify(events.slice(-WATCHDOG_EVENTS_MAX)),
    );
  } catch {
    // Storage full or disabled: the fleet page misses this event, the totem is fine.
  }
}

function isWatchdogEvent(value: unknown): value is WatchdogEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { at, action, reason } = value as Record<string, unknown>;
  return (
    typeof at === 'string' &&
    !Number.isNaN(Date.parse(at)) &&
    (WATCHDOG_ACTIONS as readonly unknown[]).includes(action) &&
    (WATCHDOG_REASONS as readonly unknown[]).includes(reason)
  );
}

/** What the next heartbeat says of the watchdog; `sent()` once the server has it. */
export function watchdogReport(): { report: WatchdogReport; sent: () => void } {
  const events = readEvents();
  const attached = watchdogAttached();
  return {
    report: {
      attached,
      events: events.map(({ at, action, reason }) => ({ at, action, reason })),
      // A watchdog gone says nothing of the screen any more.
      ...(attached && state.screen ? { screen: state.screen } : {}),
    },
    sent: () => {
      const delivered = new Set(events.map((event) => JSON.stringify(event)));
      writeEvents(readEvents().filter((event) => !delivered.has(JSON.stringify(event))));
    },
  };
}

// --- the poll ------------------------------------------------------------------------------------------

function takeEvents(input: WatchdogPollInput): string[] {
  const taken: string[] = [];
  const fresh: WatchdogEvent[] = [];
  for (const raw of input.events ?? []) {
    if (typeof raw?.id !== 'string') continue;
    taken.push(raw.id);
    const event = { at: raw.at, action: raw.action, reason: raw.reason };
    if (isWatchdogEvent(event)) fresh.push(event);
  }
  if (fresh.length > 0) {
    writeEvents([...readEvents(), ...fresh]);
    state.services?.onEvents();
  }
  return taken;
}

function takeResults(input: WatchdogPollInput): void {
  for (const raw of input.results ?? []) {
    if (typeof raw?.id !== 'string') continue;
    const request = state.requests.get(raw.id);
    if (!request) continue;
    state.requests.delete(raw.id);
    clearTimeout(request.timer);
    request.resolve(
      raw.status === 'done'
        ? { status: 'done' }
        : {
            status: 'failed',
            reason: typeof raw.reason === 'string' ? raw.reason.slice(0, 300) : 'échec',
          },
    );
  }
}

function screenOf(raw: WatchdogPollInput['screen']): WatchdogScreen | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { state: screenState, reason } = raw;
  if (!(WATCHDOG_SCREEN_STATES as readonly unknown[]).includes(screenState)) return null;
  return {
    state: screenState as WatchdogScreen['state'],
    ...(typeof reason === 'string' && reason
      ? { reason: reason.slice(0, WATCHDOG_SCREEN_REASON_MAX) }
      : {}),
  };
}

export function watchdogPoll(input: WatchdogPollInput = {}): WatchdogPageState {
  const now = state.now();
  state.polledAt = now;
  state.screen = screenOf(input.screen);
  const eventsTaken = takeEvents(input);
  takeResults(input);
  // The frame the watchdog will ask about at its next poll.
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => {
      state.frameAt = state.now();
    });
  }
  const { services } = state;
  const wanted = screenWanted();
  state.lastScreenWanted = wanted;
  return {
    version: 1,
    loggedIn: services !== null,
    frameAt: state.frameAt,
    heartbeatAt: services?.heartbeatAt() ?? null,
    heartbeatEveryMs: services?.heartbeatEveryMs ?? 60_000,
    servicesSince: state.servicesSince,
    alertActive: services?.alertActive() ?? false,
    screenWanted: wanted,
    requests: [...state.requests.values()].map(({ id, kind }) => ({ id, kind })),
    eventsTaken,
  };
}

// --- what the kiosk calls ------------------------------------------------------------------------------

/** Installs `globalThis.plantKioskTotem` and the touch listener; once per page. */
export function installWatchdogBridge(target: typeof globalThis = globalThis): void {
  const holder = target as unknown as Record<string, unknown>;
  if (holder.plantKioskTotem) return;
  holder.plantKioskTotem = { watchdogPoll };
  target.addEventListener?.(
    'pointerdown',
    () => {
      state.touchedAt = state.now();
      state.screenOffHeld = false;
      // A touch on a dark screen: X lit it; tell the watchdog before it darkens it again.
      if (!state.lastScreenWanted) notifyWatchdog();
    },
    { capture: true, passive: true },
  );
}

/** The logged-in kiosk's services begin (and, with the returned function, end). */
export function attachWatchdogServices(services: WatchdogServices): () => void {
  state.services = services;
  state.servicesSince = state.now();
  return () => {
    if (state.services !== services) return;
    state.services = null;
    state.servicesSince = null;
  };
}

/** An alert began (or anything that must light the screen now): poll at once. */
export function wakeWatchdog(): void {
  notifyWatchdog();
}

/** Whether a watchdog polled this page lately. */
export function watchdogAttached(): boolean {
  return state.polledAt !== null && state.now() - state.polledAt < WATCHDOG_ATTACHED_WITHIN_MS;
}

/**
 * Hands a command to the watchdog and resolves with its answer; failed at once without a
 * watchdog, failed after WATCHDOG_COMMAND_TIMEOUT_MS without an answer.
 */
export function runThroughWatchdog(kind: WatchdogCommandKind): Promise<KioskCommandAck> {
  const now = state.now();
  // A page just (re)started may hear of a command before its watchdog's first poll (a command
  // sent right after « Redémarrer le navigateur »): it waits out the page's first minute for one.
  const young = state.polledAt === null && now - state.startedAt < WATCHDOG_ATTACHED_WITHIN_MS;
  if (!watchdogAttached() && !young) {
    return Promise.resolve({ status: 'failed', reason: NO_WATCHDOG_REASON });
  }
  if (kind === 'screen-on') {
    state.screenOffHeld = false;
    state.touchedAt = state.now();
  }
  if (kind === 'screen-off') state.screenOffHeld = true;
  return new Promise((resolve) => {
    const id = `${now}-${nextRequest++}`;
    const timeoutMs = young
      ? state.startedAt + WATCHDOG_ATTACHED_WITHIN_MS - now
      : WATCHDOG_COMMAND_TIMEOUT_MS;
    const timer = setTimeout(() => {
      state.requests.delete(id);
      resolve({
        status: 'failed',
        reason: state.polledAt === null ? NO_WATCHDOG_REASON : WATCHDOG_SILENT_REASON,
      });
    }, timeoutMs);
    state.requests.set(id, { id, kind, resolve, timer });
    notifyWatchdog();
  });
}

/** Tests: a clean bridge with its own clock. */
export function resetWatchdogBridge(now: () => number = () => Date.now()): void {
  for (const request of state.requests.values()) clearTimeout(request.timer);
  Object.assign(state, freshState(now));
}
