/**
 * Group commit of the totems' heartbeats (issue 50, decision 045): the writes of the heartbeats
 * that arrive while a batch is being committed, or within a short window, go to the store in ONE
 * transaction, and each waiting request is answered only once that transaction committed — so an
 * answered heartbeat (an alert acknowledgement among others) is on disk, exactly as before, but 500
 * totems acknowledging at once cost a few commits instead of a thousand.
 *
 * The subtle parts:
 * - One commit at a time per instance: items arriving meanwhile form the next batch (that is the
 *   "group" in group commit: the busier the store, the larger the batches).
 * - A batch whose transaction fails wrote nothing (rolled back); each of its items is then written
 *   alone, in order, so only a faulty one gets its error and the others are still stored.
 * - `afterCommit` (the fleet signals) runs once the data is committed; its failure fails the items
 *   it was for, never triggers a rewrite (their data is already stored).
 * - `close()` stops taking items and drains: the pending ones are committed before it resolves.
 *
 * Generic over the item so that it is tested without a store (heartbeat-batcher.test.ts); the
 * heartbeat's own writes are in fleet.ts.
 */
import { ERROR_CODES } from '@plant-kiosk/contract';
import { HttpError } from '../lib/envelope.js';

export interface GroupCommitOptions<T> {
  /** Writes every item in one transaction; throwing means nothing of it was written. */
  writeBatch(items: readonly T[]): Promise<void>;
  /** Writes one item in its own transaction: the fallback after a failed batch. */
  writeAlone(item: T): Promise<void>;
  /** Once items are committed (e.g. signals); a failure fails these items' requests. */
  afterCommit?(items: readonly T[]): Promise<void>;
  /** How long the first item of an idle batcher waits for others before its batch commits. */
  windowMs: number;
  /** Most items in one transaction; more wait for the next batch. */
  maxBatch: number;
}

interface Pending<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const GROUP_COMMIT_CLOSED_MESSAGE =
  'Serveur en cours d’arrêt : rapport non enregistré, renvoyez-le.';

export class GroupCommit<T> {
  private queue: Pending<T>[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The commit under way (one at a time), if any. */
  private running: Promise<void> | undefined;
  private closed = false;
  /** Batches committed (or attempted): what the tests observe. */
  batches = 0;

  constructor(private readonly options: GroupCommitOptions<T>) {
    if (!(options.maxBatch >= 1) || !(options.windowMs >= 0)) {
      throw new Error('group commit: maxBatch ≥ 1 and windowMs ≥ 0');
    }
  }

  /** Resolves once `item` is committed (and its afterCommit done); rejects with its error. */
  submit(item: T): Promise<void> {
    if (this.closed) {
      return Promise.reject(
        new HttpError(503, ERROR_CODES.unavailable, GROUP_COMMIT_CLOSED_MESSAGE),
      );
    }
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Takes no more items; resolves once every item taken is committed (or failed). */
  async close(): Promise<void> {
    this.closed = true;
    while (this.queue.length > 0 || this.running) {
      if (this.running) await this.running;
      else this.start();
    }
  }

  private schedule(): void {
    if (this.running) return; // the commit under way starts the next batch when it ends
    if (this.queue.length >= this.options.maxBatch || this.closed) {
      this.start();
      return;
    }
    this.timer ??= setTimeout(() => this.start(), this.options.windowMs);
  }

  private start(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.running || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.running = this.commit(batch).finally(() => {
      this.running = undefined;
      // Those that arrived during the commit have waited long enough: their batch starts now.
      if (this.queue.length > 0) this.start();
    });
  }

  private async commit(batch: Pending<T>[]): Promise<void> {
    this.batches += 1;
    const items = batch.map((pending) => pending.item);
    let committed: Pending<T>[];
    try {
      await this.options.writeBatch(items);
      committed = batch;
    } catch {
      // Rolled back: nothing of the batch is stored. Each alone, so only the faulty one fails.
      committed = [];
      for (const pending of batch) {
        try {
          await this.options.writeAlone(pending.item);
          committed.push(pending);
        } catch (error) {
          pending.reject(error);
        }
      }
    }
    if (committed.length === 0) return;
    try {
      await this.options.afterCommit?.(committed.map((pending) => pending.item));
    } catch (error) {
      for (const pending of committed) pending.reject(error);
      return;
    }
    for (const pending of committed) pending.resolve();
  }
}

/**
 * The switch of the heartbeats' group commit: on unless HEARTBEAT_GROUP_COMMIT=off, which keeps
 * the former one-write-per-heartbeat path — only for the benchmark's baseline (alert-fanout
 * suites), never needed in production. Anything else stops the start.
 */
export function heartbeatGroupCommitEnabled(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`HEARTBEAT_GROUP_COMMIT must be "on" or "off", not "${value}"`);
}

/** Defaults: a few milliseconds of gathering, and a transaction that stays short. */
export const HEARTBEAT_BATCH_WINDOW_MS = 3;
export const HEARTBEAT_BATCH_MAX = 250;
