/**
 * Fan-out of stream messages to the kiosks of one development, and of cache invalidations to every
 * server instance. The in-memory bus serves a single server process (SQLite); the PostgreSQL
 * LISTEN/NOTIFY bus (lib/postgres-event-bus.ts) implements the same interface so that several
 * instances behind a load balancer all reach their own connected kiosks and drop stale caches.
 */
import type { StreamEvent } from '@plant-kiosk/contract';

/**
 * What the bus carries to the kiosks of one development: content messages (`sync`, `zone`,
 * `element`: "fetch new content") and alert messages (`alert`: the alert in force, or none); only
 * content messages invalidate caches on the way. Besides them, cache signals (BusSignal) and fleet
 * signals (FleetListener) go to the server's own listeners, never to a kiosk.
 */
export type StreamListener = (message: StreamEvent) => unknown;

/**
 * What a listener that fans a message out returns: how many receivers (kiosks) it reached (the
 * stream hub listens once per development for all its kiosks). Any other return value counts as
 * one receiver.
 */
export interface Reached {
  receivers: number;
}

function receiversOf(result: unknown): number {
  const receivers = (result as Partial<Reached> | null | undefined)?.receivers;
  return typeof receivers === 'number' ? receivers : 1;
}

/**
 * "What you cached about this may be stale." Content and token versions are cached for a short
 * time per instance; a change made through one instance tells the others at once.
 * - content: the development's content version changed (edit, publish);
 * - tokens: its kiosk tokens were revoked;
 * - reset: this instance may have missed messages (its bus connection dropped): forget everything
 *   and let kiosks reconnect, which makes them sync.
 */
export type BusSignal =
  { kind: 'content'; devid: number } | { kind: 'tokens'; devid: number } | { kind: 'reset' };

export type SignalListener = (signal: BusSignal) => void;

/**
 * "This development's fleet changed" (a kiosk connected, reported, went away): the back-office's
 * live pages re-read it from the database. A kind of its own: it carries no content, never reaches
 * a kiosk and invalidates no cache.
 */
export type FleetListener = () => unknown;

/**
 * "A message published on another instance reached `receivers` kiosks of this process" (only a
 * bus spanning instances calls it): how the instance holding a totem's stream learns that it wrote
 * that totem a remote command (fleet/kiosk-commands.ts marks it sent).
 */
export type DeliveryListener = (message: StreamEvent, receivers: number) => void;

export interface EventBus {
  /**
   * Sends the message to the listeners of `message.devid` on every instance; resolves to how many
   * receivers of this process got it (see Reached: kiosks, not subscriptions).
   */
  publish(message: StreamEvent): Promise<number>;
  /** Listens to one development's messages; returns the function that stops listening. */
  subscribe(devid: number, listener: StreamListener): () => void;
  /**
   * Tells every instance, this one included (once), that a cache is stale. Best effort: it never
   * rejects, because the change it reports is already made, and caches expire by themselves soon.
   */
  invalidate(signal: BusSignal): Promise<void>;
  /** Listens to invalidations, from this instance and the others; returns the stop function. */
  onInvalidate(listener: SignalListener): () => void;
  /**
   * Tells the fleet listeners of `devid` on every instance, this one included (once), that its
   * fleet changed.
   */
  signalFleet(devid: number): Promise<void>;
  /** Listens to one development's fleet signals; returns the stop function. */
  onFleet(devid: number, listener: FleetListener): () => void;
  /** Kiosk stream listeners currently subscribed in this process, for one development or in total. */
  listenerCount(devid?: number): number;
  /**
   * Listens to the deliveries here of messages published on other instances (see
   * DeliveryListener); returns the stop function.
   */
  onRemoteDelivery(listener: DeliveryListener): () => void;
  close(): Promise<void>;
}

export class InMemoryEventBus implements EventBus {
  private readonly listeners = new Map<number, Set<StreamListener>>();
  private readonly signalListeners = new Set<SignalListener>();
  private readonly fleetListeners = new Map<number, Set<FleetListener>>();
  private closed = false;

  publish(message: StreamEvent): Promise<number> {
    if (this.closed) return Promise.resolve(0);
    const listeners = this.listeners.get(message.devid);
    if (!listeners) return Promise.resolve(0);
    let delivered = 0;
    // Copy first: a listener may unsubscribe (its client went away) while we iterate.
    for (const listener of [...listeners]) {
      try {
        delivered += receiversOf(listener(message));
      } catch {
        // One broken connection must not keep the message from the other kiosks.
      }
    }
    return Promise.resolve(delivered);
  }

  subscribe(devid: number, listener: StreamListener): () => void {
    return this.listen(this.listeners, devid, listener);
  }

  signalFleet(devid: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const listener of [...(this.fleetListeners.get(devid) ?? [])]) {
      try {
        listener();
      } catch {
        // One broken page must not keep the signal from the others.
      }
    }
    return Promise.resolve();
  }

  onFleet(devid: number, listener: FleetListener): () => void {
    return this.listen(this.fleetListeners, devid, listener);
  }

  invalidate(signal: BusSignal): Promise<void> {
    if (this.closed) return Promise.resolve();
    for (const listener of [...this.signalListeners]) {
      try {
        listener(signal);
      } catch {
        // A failing cache must not keep the signal from the others.
      }
    }
    return Promise.resolve();
  }

  onInvalidate(listener: SignalListener): () => void {
    if (this.closed) return () => undefined;
    this.signalListeners.add(listener);
    return () => {
      this.signalListeners.delete(listener);
    };
  }

  /** One process: no message comes from another instance. */
  onRemoteDelivery(): () => void {
    return () => undefined;
  }

  /** Kiosk stream listeners currently subscribed, for one development or in total (tests). */
  listenerCount(devid?: number): number {
    if (devid !== undefined) return this.listeners.get(devid)?.size ?? 0;
    let total = 0;
    for (const set of this.listeners.values()) total += set.size;
    return total;
  }

  close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.signalListeners.clear();
    this.fleetListeners.clear();
    return Promise.resolve();
  }

  private listen<L>(map: Map<number, Set<L>>, devid: number, listener: L): () => void {
    if (this.closed) return () => undefined;
    let set = map.get(devid);
    if (!set) {
      set = new Set();
      map.set(devid, set);
    }
    set.add(listener);
    return () => {
      const current = map.get(devid);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) map.delete(devid);
    };
  }
}
