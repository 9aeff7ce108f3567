/**
 * Sends the usage log to the server (issue 49) in batches, oldest first, when the totem is online:
 * after a sync, every minute or so, and on the return online.
 *
 * What the answer does to the log (contract usage-events.ts):
 * - 200: every event of the batch goes — accepted, duplicates (the server had them already) and
 *   refused alike (sending a refused one again would get the same answer; the first refusal's reason
 *   is logged, with how many more the batch had).
 *   The drops it reported are settled when the server stored something new (it counts drops only
 *   then, so a retried batch does not count them twice).
 * - 429: the backlog stays; nothing is sent before the Retry-After.
 * - 413: the backlog stays; the next batches are half as large.
 * - no answer, 5xx, or another refusal (401/403: a token not bound yet…): the backlog stays and
 *   the next attempt backs off, doubling up to USAGE_BACKOFF_MAX_MS (a return online tries again
 *   at once, unless a 429 asked to wait).
 *
 * One timer at a time (the next attempt), one send at a time: days of uptime pile nothing up.
 */
import {
  USAGE_BATCH_MAX_BYTES,
  USAGE_BATCH_MAX_EVENTS,
  type UsageBatch,
  type UsageEvent,
} from '@plant-kiosk/contract';
import { ApiError, type ApiClient } from '../../lib/api/api-client';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import {
  droppedUsageEvents,
  enforceUsageBounds,
  oldestUsageEvents,
  removeUsageEvents,
  settleDroppedUsageEvents,
  type UsageBounds,
} from './usage-log';

export const USAGE_SEND_INTERVAL_MS = 60_000;
export const USAGE_BACKOFF_BASE_MS = 30_000;
export const USAGE_BACKOFF_MAX_MS = 30 * 60_000;
/** Batches sent in one go at most (the server allows 30 a minute); the rest at the next one. */
export const USAGE_BATCHES_PER_RUN = 10;

export interface UsageSenderOptions {
  db: KioskDb;
  api: Pick<ApiClient, 'sendUsage'>;
  devid: number;
  kioskId: () => string;
  isOnline: () => boolean;
  now?: () => number;
  /** 0 ≤ x < 1, for the back-off's jitter. */
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  intervalMs?: number;
  maxEvents?: number;
  maxBytes?: number;
  bounds?: UsageBounds;
}

export interface UsageSenderState {
  failures: number;
  /** No attempt before this time (epoch ms); 0 when nothing holds it back. */
  notBefore: number;
  /** Whether `notBefore` comes from a 429 (a return online does not lift it). */
  busy: boolean;
  batchSize: number;
}

export interface UsageSender {
  /** Arms the periodic send. */
  start(): void;
  /**
   * Sends the backlog now, unless offline or backing off (`online`: the network came back, a
   * back-off after failures is lifted). Resolves when done; never rejects.
   */
  send(reason: 'start' | 'sync' | 'online' | 'timer'): Promise<void>;
  state(): UsageSenderState;
  stop(): void;
}

const bodySize = (batch: UsageBatch) => new Blob([JSON.stringify(batch)]).size;

export function createUsageSender(options: UsageSenderOptions): UsageSender {
  const { db, api } = options;
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const intervalMs = options.intervalMs ?? USAGE_SEND_INTERVAL_MS;
  const maxEvents = Math.min(options.maxEvents ?? USAGE_BATCH_MAX_EVENTS, USAGE_BATCH_MAX_EVENTS);
  const maxBytes = options.maxBytes ?? USAGE_BATCH_MAX_BYTES;

  const state: UsageSenderState = { failures: 0, notBefore: 0, busy: false, batchSize: maxEvents };
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const arm = (ms: number) => {
    if (stopped) return;
    if (timer !== null) clearTimer(timer);
    timer = setTimer(
      () => {
        timer = null;
        void sender.send('timer');
      },
      Math.max(0, ms),
    );
  };

  const backOff = () => {
    state.failures += 1;
    const base = Math.min(USAGE_BACKOFF_BASE_MS * 2 ** (state.failures - 1), USAGE_BACKOFF_MAX_MS);
    // Up to a fifth less, so that totems that failed together do not come back together.
    const delay = Math.round(base * (1 - random() * 0.2));
    state.notBefore = now() + delay;
    state.busy = false;
    arm(delay);
  };

  /** The next batch: the oldest events, as many as fit the count and the body's size. */
  const nextBatch = async (): Promise<{ batch: UsageBatch; ids: string[] } | null> => {
    const rows = await oldestUsageEvents(db, state.batchSize);
    if (rows.length === 0) return null;
    const dropped = await droppedUsageEvents(db);
    let events: UsageEvent[] = rows.map((row) => row.event);
    let batch: UsageBatch = { kioskId: options.kioskId(), events, dropped };
    while (events.length > 1 && bodySize(batch) > maxBytes) {
      events = events.slice(0, Math.ceil(events.length / 2));
      batch = { ...batch, events };
    }
    return { batch, ids: events.map((event) => event.id) };
  };

  /** One batch; true when another may follow at once. */
  const sendOne = async (): Promise<boolean> => {
    const next = await nextBatch();
    if (!next) return false;
    const { batch, ids } = next;
    let answer: Awaited<ReturnType<ApiClient['sendUsage']>>;
    try {
      answer = await api.sendUsage(options.devid, batch);
    } catch (error) {
      if (error instanceof ApiError && error.status === 413 && state.batchSize > 1) {
        state.batchSize = Math.max(1, Math.floor(state.batchSize / 2));
      }
      const status = error instanceof ApiError ? error.status : 0;
      console.warn(`[usage] batch not sent (${status || 'réseau'}), kept for later`, error);
      backOff();
      return false;
    }
    if (answer.status === 'busy') {
      state.notBefore = now() + answer.retryAfterMs;
      state.busy = true;
      arm(answer.retryAfterMs);
      return false;
    }
    const { result } = answer;
    // One line per batch, not one per event: a totem whose clock is wrong has every event refused,
    // and the browser keeps the page's last thousand console messages in its heap (V8's inspector
    // holds their text) — a line per event filled it with copies of the same reason.
    const [first] = result.refused;
    if (first) {
      const others = result.refused.length - 1;
      console.warn(
        `[usage] event ${first.id ?? first.index} refused: ${first.reason}` +
          (others > 0 ? ` (and ${others} more of this batch refused)` : ''),
      );
    }
    await removeUsageEvents(db, ids);
    if (result.accepted > 0) await settleDroppedUsageEvents(db, batch.dropped ?? 0);
    state.failures = 0;
    state.notBefore = 0;
    state.busy = false;
    return true;
  };

  const run = async () => {
    try {
      await enforceUsageBounds(db, now(), options.bounds);
      for (let sent = 0; sent < USAGE_BATCHES_PER_RUN; sent += 1) {
        if (stopped || !options.isOnline()) break;
        if (!(await sendOne())) break;
      }
    } catch (error) {
      console.error('[usage] the usage log could not be read', error);
    }
    // Nothing holds the next attempt back: the usual interval.
    if (state.notBefore <= now()) arm(intervalMs);
  };

  const sender: UsageSender = {
    start() {
      arm(intervalMs);
    },
    send(reason) {
      if (stopped) return Promise.resolve();
      if (running) return running;
      if (reason === 'online' && !state.busy) state.notBefore = 0;
      if (!options.isOnline() || now() < state.notBefore) return Promise.resolve();
      running = run().finally(() => {
        running = null;
      });
      return running;
    },
    state: () => ({ ...state }),
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
  return sender;
}
