/**
 * Fan-out of stream messages to the kiosks of one development. The in-memory bus serves a single
 * server process; a PostgreSQL LISTEN/NOTIFY bus will implement the same interface so that several
 * instances behind a load balancer all reach their own connected kiosks.
 */
import type { StreamMessage } from '@plant-kiosk/contract';

export type StreamListener = (message: StreamMessage) => void;

export interface EventBus {
  /** Sends the message to the listeners of `message.devid`; resolves to how many local listeners got it. */
  publish(message: StreamMessage): Promise<number>;
  /** Listens to one development's messages; returns the function that stops listening. */
  subscribe(devid: number, listener: StreamListener): () => void;
  close(): Promise<void>;
}

export class InMemoryEventBus implements EventBus {
  private readonly listeners = new Map<number, Set<StreamListener>>();
  private closed = false;

  publish(message: StreamMessage): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    const listeners = this.listeners.get(message.devid);
    if (!listeners) return Promise.resolve(0);
    let delivered = 0;
    // Copy first: a listener may unsubscribe (its client went away) while we iterate.
    for (const listener of [...listeners]) {
      try {
        listener(message);
        delivered++;
      } catch {
        // One broken connection must not keep the message from the other kiosks.
      }
    }
    return Promise.resolve(delivered);
  }

  subscribe(devid: number, listener: StreamListener): () => void {
    if (this.closed) return () => undefined;
    let set = this.listeners.get(devid);
    if (!set) {
      set = new Set();
      this.listeners.set(devid, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(devid);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(devid);
    };
  }

  /** Listeners currently subscribed, for one development or in total (tests, fleet view). */
  listenerCount(devid?: number): number {
    if (devid !== undefined) return this.listeners.get(devid)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    return Promise.resolve();
  }
}
