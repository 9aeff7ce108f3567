/**
 * The event bus across server instances, on PostgreSQL LISTEN/NOTIFY (ADR 005). Each process keeps
 * one dedicated connection that LISTENs on its store's channel; publishing NOTIFYs through the
 * ordinary pool. Kiosks connected to this process are served by an in-memory bus, so:
 *
 * - a message published here reaches this process's kiosks at once, without a database round trip,
 *   and its notification, which comes back to us too, is recognised by its origin and dropped —
 *   every kiosk gets a message exactly once;
 * - a message from another instance reaches our kiosks when its notification arrives, after the
 *   caches of that development are invalidated (the publish bumped its content version: a kiosk
 *   that syncs on it must not be served the previous snapshot from our cache);
 * - a remote command (`command`) travels like any kiosk message; the instance holding its totem's
 *   stream writes it and tells its delivery listeners (onRemoteDelivery), which mark it sent;
 * - a fleet signal from another instance wakes this process's back-office fleet pages and nothing
 *   else (no kiosk hears it, no cache is stale).
 *
 * Notifications carry ids only (the kiosk fetches content itself), far below PostgreSQL's 8000-byte
 * payload limit. The channel is named after the store's schema, so stores sharing a database (test
 * schemas, several plants) never hear each other.
 *
 * When the listening connection drops, it is reopened with exponential backoff. Whatever was
 * notified meanwhile is lost for this process, so once back it sends every local listener a
 * `reset`: caches forget everything and the stream hub closes its streams, which makes every kiosk
 * reconnect and sync (a cheap ETag check when nothing changed).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { StreamEvent } from '@plant-kiosk/contract';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import {
  InMemoryEventBus,
  type BusSignal,
  type DeliveryListener,
  type EventBus,
  type FleetListener,
  type SignalListener,
  type StreamListener,
} from './event-bus.js';
import type { Database } from '../db/schema.js';

/**
 * What goes over the wire: `o` origin (the sending process), then a kiosk message (`m`), a cache
 * signal (`s`) or a fleet signal (`f`: the development whose fleet changed).
 */
type Notification =
  | { o: string; m: StreamEvent }
  | { o: string; s: { kind: 'content' | 'tokens'; devid: number } }
  | { o: string; f: number };

/** PostgreSQL refuses payloads of 8000 bytes or more; ours are ~100. */
const MAX_PAYLOAD_BYTES = 7900;

export interface PostgresEventBusOptions {
  /** The store's pool (Kysely), used to NOTIFY. */
  db: Kysely<Database>;
  /** Where the dedicated listening connection goes (the store's connection string). */
  connectionString: string;
  /** The store's schema: names the channel. */
  schema: string;
  /** First and last reconnection delays (ms); default 250 ms doubling up to 30 s. */
  backoff?: { initialMs: number; maxMs: number };
  /** How often the listening connection is checked (a dead peer may never say so); default 30 s. */
  healthCheckMs?: number;
  /** Where connection trouble is reported; default console.warn. */
  log?: (message: string) => void;
}

/** The LISTEN channel of a schema: at most 63 bytes, PostgreSQL's identifier limit. */
export function channelFor(schema: string): string {
  const channel = `plant_kiosk:${schema}`;
  return Buffer.byteLength(channel) <= 63
    ? channel
    : `plant_kiosk:${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function parse(payload: string | undefined): Notification | undefined {
  if (!payload) return undefined;
  try {
    const value = JSON.parse(payload) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    if (typeof record.o !== 'string') return undefined;
    if (typeof record.m === 'object' && record.m !== null) {
      const message = record.m as Record<string, unknown>;
      if (Number.isSafeInteger(message.devid) && typeof message.type === 'string') {
        return value as Notification;
      }
    }
    if (Number.isSafeInteger(record.f)) return value as Notification;
    if (typeof record.s === 'object' && record.s !== null) {
      const signal = record.s as Record<string, unknown>;
      if (
        (signal.kind === 'content' || signal.kind === 'tokens') &&
        Number.isSafeInteger(signal.devid)
      ) {
        return value as Notification;
      }
    }
  } catch {
    // Not ours (someone else NOTIFYing on the channel): ignored below.
  }
  return undefined;
}

/**
 * Sends one cache signal to the instances of a store, from a process that runs no bus (the CLI's
 * token revocation), so that they act at once rather than when their caches expire.
 */
export async function notifyInstances(
  store: { db: Kysely<Database>; schema: string },
  signal: { kind: 'content' | 'tokens'; devid: number },
): Promise<void> {
  const notification: Notification = { o: `once:${randomUUID()}`, s: signal };
  await sql`select pg_notify(${channelFor(store.schema)}, ${JSON.stringify(notification)})`.execute(
    store.db,
  );
}

export class PostgresEventBus implements EventBus {
  /** This process's kiosks and cache listeners. */
  private readonly local = new InMemoryEventBus();
  private readonly deliveryListeners = new Set<DeliveryListener>();
  private readonly origin = randomUUID();
  private readonly channel: string;
  private readonly backoff: { initialMs: number; maxMs: number };
  private readonly healthCheckMs: number;
  private readonly log: (message: string) => void;
  private client: pg.Client | undefined;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private healthTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(private readonly options: PostgresEventBusOptions) {
    this.channel = channelFor(options.schema);
    this.backoff = options.backoff ?? { initialMs: 250, maxMs: 30_000 };
    this.healthCheckMs = options.healthCheckMs ?? 30_000;
    this.log = options.log ?? ((message) => console.warn(message));
  }

  /** Opens the listening connection (the first attempt must succeed: the store is up). */
  static async start(options: PostgresEventBusOptions): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(options);
    await bus.connect();
    bus.healthTimer = setInterval(() => void bus.checkHealth(), bus.healthCheckMs);
    bus.healthTimer.unref();
    return bus;
  }

  /** True while the listening connection is up (tests, health). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async publish(message: StreamEvent): Promise<number> {
    if (this.closed) return 0;
    const delivered = await this.local.publish(message);
    await this.notify({ o: this.origin, m: message });
    return delivered;
  }

  subscribe(devid: number, listener: StreamListener): () => void {
    return this.local.subscribe(devid, listener);
  }

  async invalidate(signal: BusSignal): Promise<void> {
    if (this.closed) return;
    await this.local.invalidate(signal);
    // `reset` is about this process only; the others have their own connection.
    if (signal.kind === 'reset') return;
    try {
      await this.notify({ o: this.origin, s: { kind: signal.kind, devid: signal.devid } });
    } catch (error) {
      // Best effort (see EventBus): other instances' caches expire within their TTL anyway.
      this.log(`event bus: could not notify other instances: ${(error as Error).message}`);
    }
  }

  onInvalidate(listener: SignalListener): () => void {
    return this.local.onInvalidate(listener);
  }

  async signalFleet(devid: number): Promise<void> {
    if (this.closed) return;
    await this.local.signalFleet(devid);
    await this.notify({ o: this.origin, f: devid });
  }

  onFleet(devid: number, listener: FleetListener): () => void {
    return this.local.onFleet(devid, listener);
  }

  listenerCount(devid?: number): number {
    return this.local.listenerCount(devid);
  }

  onRemoteDelivery(listener: DeliveryListener): () => void {
    if (this.closed) return () => undefined;
    this.deliveryListeners.add(listener);
    return () => {
      this.deliveryListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.deliveryListeners.clear();
    clearTimeout(this.reconnectTimer);
    clearInterval(this.healthTimer);
    const client = this.client;
    this.client = undefined;
    await this.local.close();
    await client?.end().catch(() => undefined);
  }

  private async notify(notification: Notification): Promise<void> {
    const payload = JSON.stringify(notification);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      throw new Error(`event bus: notification too large (${payload.length} bytes)`);
    }
    await sql`select pg_notify(${this.channel}, ${payload})`.execute(this.options.db);
  }

  private receive(payload: string | undefined): void {
    const notification = parse(payload);
    // Ours: already delivered locally when published.
    if (!notification || notification.o === this.origin) return;
    if (
      'm' in notification &&
      (notification.m.type === 'alert' || notification.m.type === 'command')
    ) {
      // An alert carries its state, a remote command is for one totem (issue 47; the stream hub
      // writes it to that totem if its stream is open here): no content cache is stale.
      const message = notification.m;
      void this.local.publish(message).then((receivers) => {
        if (receivers > 0) this.delivered(message, receivers);
      });
    } else if ('m' in notification) {
      // Invalidate first: the kiosks that get the message will ask for the new content at once.
      void this.local
        .invalidate({ kind: 'content', devid: notification.m.devid })
        .then(() => this.local.publish(notification.m));
    } else if ('f' in notification) {
      void this.local.signalFleet(notification.f);
    } else {
      void this.local.invalidate(notification.s);
    }
  }

  /** A message from another instance reached kiosks here (a command: the totem got it). */
  private delivered(message: StreamEvent, receivers: number): void {
    for (const listener of [...this.deliveryListeners]) {
      try {
        listener(message, receivers);
      } catch {
        // One failing listener must not keep the news from the others.
      }
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      // Recognisable in pg_stat_activity.
      application_name: 'plant-kiosk event bus',
      // The health check must not wait forever on a peer that vanished without closing.
      query_timeout: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${quoteIdent(this.channel)}`);
    } catch (error) {
      client.removeAllListeners();
      // An 'error' listener stays: a late socket error must not become an uncaught exception.
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log(
      `event bus: lost the PostgreSQL listening connection${error ? ` (${error.message})` : ''}; reconnecting`,
    );
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const base = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** this.attempt);
    // Jitter: instances that lost the database together do not all come back in the same instant.
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.attempt = 0;
          this.log('event bus: listening again; kiosks of this instance will resynchronise');
          void this.local.invalidate({ kind: 'reset' });
        },
        (error: unknown) => {
          this.log(`event bus: reconnection failed: ${(error as Error).message}`);
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private async checkHealth(): Promise<void> {
    const client = this.client;
    if (!client) return;
    try {
      await client.query('select 1');
    } catch (error) {
      this.lost(client, error as Error);
    }
  }
}
