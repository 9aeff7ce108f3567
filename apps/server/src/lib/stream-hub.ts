/**
 * The open server-sent-event connections of this process. The hub subscribes once per development
 * on the event bus and serializes each message once, then writes the same bytes to every
 * connection of that development; one shared interval writes the heartbeat to all of them. So the
 * cost of a connection is a socket and a set entry, not a timer, a listener or a JSON.stringify
 * per message (this must scale to thousands of kiosks per instance). A connection is released as
 * soon as its socket closes.
 *
 * A remote command (`command`, issue 47) is for one totem: it is written only to the connections of
 * the totem it names, found through a per-totem index — a command to all of 500 totems makes 500
 * writes, not 500 × 500 — and the hub answers how many totems it reached (0 or 1), which is how
 * the sender knows the command left as `sent` (fleet/kiosk-commands.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { StreamEvent } from '@plant-kiosk/contract';
import type { EventBus, Reached } from './event-bus.js';

export interface StreamConnection {
  id: number;
  devid: number;
  /** Set when the kiosk identifies itself (`?kioskId=`): receivers are counted per kiosk. */
  kioskId: string | undefined;
}

interface LiveConnection extends StreamConnection {
  res: ServerResponse;
  release(): void;
}

export interface StreamHubOptions {
  heartbeatMs?: number;
  /** Reconnection delay advertised to EventSource (the `retry:` field). */
  retryMs?: number;
  /** A client this far behind (bytes buffered) is cut off rather than buffered without bound. */
  maxBufferedBytes?: number;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** One event's bytes, as an HTTP/1.1 chunk (the usual case) and bare (HTTP/1.0 clients). */
interface EventBytes {
  chunked: Buffer;
  raw: Buffer;
}

function eventBytes(text: string): EventBytes {
  const raw = Buffer.from(text);
  return {
    raw,
    chunked: Buffer.concat([
      Buffer.from(`${raw.length.toString(16)}\r\n`),
      raw,
      Buffer.from('\r\n'),
    ]),
  };
}

const HEARTBEAT = eventBytes(': hb\n\n');

/**
 * Node builds a response's header block by concatenating it line by line and keeps it
 * (`_header`) as long as the response lives: for an event stream, hours. V8 holds such a string
 * as a rope of ~45 pieces, ~1.5 KB per open stream (heap snapshot of 1,000 streams, issue 54);
 * reading one character of it makes V8 flatten the rope into one string, in place, and the pieces
 * are collected. No-op if a Node version names the field otherwise.
 */
function flattenHeaderBlock(res: ServerResponse): void {
  const header = (res as unknown as { _header?: unknown })._header;
  if (typeof header === 'string') header.charCodeAt(header.length - 1);
}

const kioskKey = (devid: number, kioskId: string) => `${devid}:${kioskId}`;

/** Told of each message written to a development's streams: how many, and how long it took. */
export type FanOutObserver = (streams: number, seconds: number) => void;

interface DevelopmentConnections {
  connections: Set<LiveConnection>;
  unsubscribe: () => void;
}

export class StreamHub {
  private readonly connections = new Map<number, LiveConnection>();
  private readonly byDevelopment = new Map<number, DevelopmentConnections>();
  /** The identified connections by `devid:kioskId` (several during overlapping reconnections). */
  private readonly byKiosk = new Map<string, Set<LiveConnection>>();
  private nextId = 1;
  private readonly fanOutObservers = new Set<FanOutObserver>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly heartbeatMs: number;
  private readonly retryMs: number;
  private readonly maxBufferedBytes: number;

  constructor(
    private readonly bus: EventBus,
    options: StreamHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.retryMs = options.retryMs ?? 5_000;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 1024 * 1024;
    // The bus may have missed messages (its database connection dropped): ending the streams makes
    // every kiosk reconnect, and a kiosk syncs each time its stream opens.
    // A revocation (made here or on another instance) also ends the streams its kiosks already
    // hold: they were authorised before it, and would go on receiving publishes. A kiosk that
    // reconnects is refused with 401 and logs in again.
    bus.onInvalidate((signal) => {
      if (signal.kind === 'reset') this.closeAll();
      else if (signal.kind === 'tokens') this.closeDevelopment(signal.devid);
    });
  }

  get size(): number {
    return this.connections.size;
  }

  /**
   * Observes every fan-out (a message of the bus written to all of a development's streams in this
   * process: a publish, an alert…), for the metrics; returns the way to stop.
   */
  observeFanOut(observer: FanOutObserver): () => void {
    this.fanOutObservers.add(observer);
    return () => this.fanOutObservers.delete(observer);
  }

  /** Takes over a response (already authorised) and keeps it open as an event stream. */
  open(
    req: IncomingMessage,
    res: ServerResponse,
    input: {
      devid: number;
      kioskId?: string;
      headers?: Record<string, string | number | string[] | undefined>;
    },
  ): StreamConnection {
    const socket = req.socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    socket.setTimeout(0);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(input.headers ?? {})) {
      if (value !== undefined) headers[name] = value;
    }
    res.writeHead(200, { ...headers, ...SSE_HEADERS });
    res.write(`retry: ${this.retryMs}\n\n`);
    flattenHeaderBlock(res);

    const id = this.nextId++;
    let released = false;
    const connection: LiveConnection = {
      id,
      devid: input.devid,
      kioskId: input.kioskId,
      res,
      release: () => {
        if (released) return;
        released = true;
        this.leave(connection);
        this.connections.delete(id);
        if (this.connections.size === 0) this.stopHeartbeat();
      },
    };
    this.join(connection);
    this.connections.set(id, connection);
    req.on('close', connection.release);
    res.on('close', connection.release);
    res.on('error', connection.release);
    this.startHeartbeat();
    return connection;
  }

  /** Ends every stream (server shutdown); kiosks reconnect after `retry`. */
  closeAll(): void {
    for (const connection of [...this.connections.values()]) {
      connection.release();
      connection.res.end();
    }
    this.stopHeartbeat();
  }

  /** Ends every stream of one development in this process (its tokens were revoked). */
  closeDevelopment(devid: number): void {
    const entry = this.byDevelopment.get(devid);
    if (!entry) return;
    for (const connection of [...entry.connections]) {
      connection.release();
      connection.res.end();
    }
  }

  /**
   * Writes messages to one connection opened here (a totem's queue, when its stream opens); false
   * when the connection is gone.
   */
  send(connection: StreamConnection, messages: readonly StreamEvent[]): boolean {
    const live = this.connections.get(connection.id);
    if (!live) return false;
    for (const message of messages) {
      if (!this.write(live, eventBytes(`data: ${JSON.stringify(message)}\n\n`))) return false;
    }
    return true;
  }

  private join(connection: LiveConnection): void {
    if (connection.kioskId !== undefined) {
      const key = kioskKey(connection.devid, connection.kioskId);
      const set = this.byKiosk.get(key);
      if (set) set.add(connection);
      else this.byKiosk.set(key, new Set([connection]));
    }
    const existing = this.byDevelopment.get(connection.devid);
    if (existing) {
      existing.connections.add(connection);
      return;
    }
    const connections = new Set<LiveConnection>([connection]);
    const unsubscribe = this.bus.subscribe(connection.devid, (message: StreamEvent) => {
      const chunk = eventBytes(`data: ${JSON.stringify(message)}\n\n`);
      if (message.type === 'command')
        return this.writeToKiosk(message.devid, message.kioskId, chunk);
      // Copy first: a write may release its connection (gone, or too far behind).
      // Kiosks reached, not streams: one kiosk may hold several (overlapping reconnections);
      // a stream that names no kiosk counts once.
      const kiosks = new Set<string>();
      let anonymous = 0;
      const started = performance.now();
      const streams = [...connections];
      for (const each of streams) {
        if (!this.write(each, chunk)) continue;
        if (each.kioskId === undefined) anonymous++;
        else kiosks.add(each.kioskId);
      }
      const seconds = (performance.now() - started) / 1000;
      for (const observe of this.fanOutObservers) observe(streams.length, seconds);
      const reached: Reached = { receivers: kiosks.size + anonymous };
      return reached;
    });
    this.byDevelopment.set(connection.devid, { connections, unsubscribe });
  }

  /** A command's bytes to the streams of its totem only; reached: 1 when one took it. */
  private writeToKiosk(devid: number, kioskId: string, chunk: EventBytes): Reached {
    let reached = false;
    // Copy first: a write may release its connection.
    for (const each of [...(this.byKiosk.get(kioskKey(devid, kioskId)) ?? [])]) {
      if (this.write(each, chunk)) reached = true;
    }
    return { receivers: reached ? 1 : 0 };
  }

  private leave(connection: LiveConnection): void {
    if (connection.kioskId !== undefined) {
      const key = kioskKey(connection.devid, connection.kioskId);
      const set = this.byKiosk.get(key);
      if (set?.delete(connection) && set.size === 0) this.byKiosk.delete(key);
    }
    const entry = this.byDevelopment.get(connection.devid);
    if (!entry?.connections.delete(connection) || entry.connections.size > 0) return;
    entry.unsubscribe();
    this.byDevelopment.delete(connection.devid);
  }

  /** Writes one event; false when the connection was gone or cut off instead. */
  private write(connection: LiveConnection, event: EventBytes): boolean {
    const { res } = connection;
    const socket = res.socket;
    if (res.destroyed || res.writableEnded || !socket || socket.destroyed) {
      connection.release();
      return false;
    }
    if (res.writableLength + socket.writableLength > this.maxBufferedBytes) {
      connection.release();
      res.destroy();
      return false;
    }
    // Straight to the socket, with the chunk framing done once for all connections: the
    // response's own write() would frame, allocate and cork for each of thousands of kiosks.
    // Headers and the `retry:` line went through res, so the socket's order is the stream's.
    socket.write(res.chunkedEncoding ? event.chunked : event.raw);
    return true;
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const connection of [...this.connections.values()]) this.write(connection, HEARTBEAT);
    }, this.heartbeatMs);
    // The heartbeat alone must not keep the process alive.
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
