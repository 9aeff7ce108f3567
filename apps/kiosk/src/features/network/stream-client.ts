/**
 * The server-sent event stream of docs/product.md#states: open while online, closed while offline.
 *
 * EventSource reconnects by itself at the server's `retry` pace forever; we rather close it on error
 * and reconnect with our own exponential backoff (1 s doubling to 30 s, ±20 % jitter so a fleet of
 * totems does not reconnect in lock-step after a server restart), reset after a successful open.
 * Each (re)open is reported so the caller can sync: messages sent while we were disconnected are
 * lost, and a sync with the ETag is a cheap way to catch up on them.
 *
 * The URL is asked for at each attempt and may take a request: the kiosk's services open the
 * stream with a single-use ticket they fetch first (decision 028), so the token never travels in
 * a URL. A failed ticket request is a failed attempt like a failed stream (same backoff); one
 * that answers after the kiosk went offline or stopped opens nothing.
 */
import {
  KIOSK_COMMAND_KINDS,
  KIOSK_COMMAND_MODES,
  type AlertMessage,
  type CommandMessage,
  type StreamMessage,
} from '@plant-kiosk/contract';

export const BACKOFF_INITIAL_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
export const BACKOFF_JITTER = 0.2;

/** The part of EventSource we use, so tests can inject a fake. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

export interface StreamClientOptions {
  /**
   * URL of the stream, built at each connection attempt (the credential is single-use, the
   * identity may have changed); a promise when it takes a request (a stream ticket), and its
   * rejection is a failed attempt.
   */
  url: () => string | Promise<string>;
  /** This kiosk's development: messages for any other development are ignored. */
  devid: number;
  onOpen?: () => void;
  onMessage?: (message: StreamMessage) => void;
  /** An emergency alert message (emergency alerts, decision 012): the alert in force, or none. */
  onAlert?: (message: AlertMessage) => void;
  /**
   * A remote command (issue 47) of this development; the caller checks that it is for this totem
   * (features/remote-commands).
   */
  onCommand?: (message: CommandMessage) => void;
  onConnectedChange?: (connected: boolean) => void;
  createEventSource?: EventSourceFactory;
  /** Random source for the jitter, in [0, 1). */
  random?: () => number;
}

export interface StreamClient {
  /** Opens the stream when online, closes it (and cancels any reconnection) when offline. */
  setOnline(online: boolean): void;
  stop(): void;
  isConnected(): boolean;
}

/** Delay before reconnection attempt number `attempt` (0-based). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** attempt);
  const jittered = base * (1 - BACKOFF_JITTER + 2 * BACKOFF_JITTER * random());
  return Math.round(Math.min(BACKOFF_MAX_MS, jittered));
}

// `forgotten` (issue 47): the totem it names was forgotten in the back-office; `profile` (issue
// 47): the per-totem settings of the totem it names changed.
const STREAM_TYPES = new Set(['sync', 'zone', 'element', 'forgotten', 'profile']);

/** A `data:` payload's JSON object; null for anything else (comments, junk, non-objects). */
function parseJsonObject(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Parses one `data:` payload; null for anything that is not a stream message (comments, junk). */
export function parseStreamMessage(data: unknown): StreamMessage | null {
  const v = parseJsonObject(data);
  if (!v) return null;
  if (typeof v.devid !== 'number' || typeof v.type !== 'string' || !STREAM_TYPES.has(v.type))
    return null;
  const optionalId = (key: string) => (typeof v[key] === 'number' ? (v[key] as number) : undefined);
  const message: StreamMessage = { devid: v.devid, type: v.type as StreamMessage['type'] };
  const zoneid = optionalId('zoneid');
  const elementid = optionalId('elementid');
  const version = optionalId('version');
  // The published revision under its own name (publishing gate, decision 010); the kiosk compares
  // it with its own.
  const revision = optionalId('revision');
  if (zoneid !== undefined) message.zoneid = zoneid;
  if (elementid !== undefined) message.elementid = elementid;
  if (version !== undefined) message.version = version;
  if (revision !== undefined) message.revision = revision;
  if (typeof v.kioskId === 'string') message.kioskId = v.kioskId;
  return message;
}

/** Parses an `alert` payload (emergency alerts, decision 012); null for anything else. */
export function parseAlertMessage(data: unknown): AlertMessage | null {
  const v = parseJsonObject(data);
  if (!v) return null;
  if (v.type !== 'alert' || typeof v.devid !== 'number') return null;
  if (v.alert === null) return { type: 'alert', devid: v.devid, alert: null };
  const a = v.alert as Record<string, unknown> | undefined;
  if (
    typeof a !== 'object' ||
    typeof a.templateid !== 'number' ||
    typeof a.templateName !== 'string' ||
    typeof a.kind !== 'string' ||
    typeof a.drill !== 'boolean' ||
    typeof a.startedAt !== 'string' ||
    Number.isNaN(Date.parse(a.startedAt)) ||
    typeof a.maxDurationMinutes !== 'number'
  )
    return null;
  return { type: 'alert', devid: v.devid, alert: v.alert as AlertMessage['alert'] };
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

/**
 * Parses a `command` payload (remote commands, issue 47); null for anything else, a command of an
 * unknown kind (a newer server) or a `set-mode` without a mode it knows included.
 */
export function parseCommandMessage(data: unknown): CommandMessage | null {
  const v = parseJsonObject(data);
  if (!v) return null;
  if (v.type !== 'command' || typeof v.devid !== 'number' || typeof v.kioskId !== 'string')
    return null;
  const c = v.command as Record<string, unknown> | null | undefined;
  if (typeof c !== 'object' || c === null) return null;
  if (!isId(c.commandId) || !isOneOf(KIOSK_COMMAND_KINDS, c.kind)) return null;
  if (typeof c.expiresAt !== 'string' || Number.isNaN(Date.parse(c.expiresAt))) return null;
  if (c.mode !== undefined && !isOneOf(KIOSK_COMMAND_MODES, c.mode)) return null;
  if (c.kind === 'set-mode' && c.mode === undefined) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const command: CommandMessage['command'] = {
    commandId: c.commandId,
    kind: c.kind,
    expiresAt: c.expiresAt,
  };
  if (c.mode !== undefined) command.mode = c.mode;
  if (c.name !== undefined) command.name = text(c.name);
  if (c.location !== undefined) command.location = text(c.location);
  return { type: 'command', devid: v.devid, kioskId: v.kioskId, command };
}

export function createStreamClient(options: StreamClientOptions): StreamClient {
  const createEventSource: EventSourceFactory =
    options.createEventSource ?? ((url) => new EventSource(url));
  const random = options.random ?? Math.random;
  let online = false;
  let stopped = false;
  let source: EventSourceLike | null = null;
  let connected = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** An attempt waiting for its URL (a ticket request); bumped to drop it (offline, stop). */
  let pendingUrl: number | null = null;
  let attempts = 0;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    options.onConnectedChange?.(value);
  };

  const close = () => {
    if (source) {
      source.onopen = null;
      source.onmessage = null;
      source.onerror = null;
      source.close();
      source = null;
    }
    setConnected(false);
  };

  const cancelRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const scheduleReconnect = () => {
    cancelRetry();
    const delay = backoffDelay(attempt, random);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  };

  const failedAttempt = (error: unknown) => {
    console.error('[stream] could not open the stream', error);
    scheduleReconnect();
  };

  function connect() {
    if (stopped || !online || source || pendingUrl !== null) return;
    let url: string | Promise<string>;
    try {
      url = options.url();
    } catch (error) {
      failedAttempt(error);
      return;
    }
    if (typeof url === 'string') {
      openAt(url);
      return;
    }
    const id = ++attempts;
    pendingUrl = id;
    url.then(
      (resolved) => {
        if (pendingUrl !== id) return;
        pendingUrl = null;
        openAt(resolved);
      },
      (error: unknown) => {
        if (pendingUrl !== id) return;
        pendingUrl = null;
        failedAttempt(error);
      },
    );
  }

  function openAt(url: string) {
    if (stopped || !online || source) return;
    let es: EventSourceLike;
    try {
      es = createEventSource(url);
    } catch (error) {
      failedAttempt(error);
      return;
    }
    source = es;
    es.onopen = () => {
      attempt = 0;
      setConnected(true);
      options.onOpen?.();
    };
    es.onmessage = (event) => {
      const alert = parseAlertMessage(event.data);
      if (alert) {
        if (alert.devid === options.devid) options.onAlert?.(alert);
        return;
      }
      const command = parseCommandMessage(event.data);
      if (command) {
        if (command.devid === options.devid) options.onCommand?.(command);
        return;
      }
      const message = parseStreamMessage(event.data);
      if (!message) console.warn('[stream] ignored a malformed message', event.data);
      else if (message.devid === options.devid) options.onMessage?.(message);
    };
    es.onerror = () => {
      // A closed or failed stream: take reconnection into our own hands (backoff, jitter).
      close();
      if (!stopped && online) scheduleReconnect();
    };
  }

  return {
    setOnline(value) {
      if (stopped) return;
      online = value;
      if (online) {
        if (!source && retryTimer === null && pendingUrl === null) connect();
      } else {
        cancelRetry();
        pendingUrl = null;
        attempt = 0;
        close();
      }
    },
    stop() {
      stopped = true;
      online = false;
      cancelRetry();
      pendingUrl = null;
      close();
    },
    isConnected: () => connected,
  };
}
