/**
 * The open server-sent-event connections of this process. Each connection subscribes to its
 * development on the event bus; one shared interval writes the heartbeat to all of them, so the cost
 * of a connection is a socket and a bus listener, not a timer (this must scale to thousands of
 * kiosks). A connection is released as soon as its socket closes.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { StreamMessage } from '@plant-kiosk/contract';
import type { EventBus } from './event-bus.js';

export interface StreamConnection {
  id: number;
  devid: number;
  /** Set when the kiosk identifies itself (`?kioskId=`), for the future fleet view. */
  kioskId: string | undefined;
  remoteAddress: string | undefined;
  connectedAt: Date;
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

export class StreamHub {
  private readonly connections = new Map<number, LiveConnection>();
  private nextId = 1;
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
    bus.onInvalidate((signal) => {
      if (signal.kind === 'reset') this.closeAll();
    });
  }

  get size(): number {
    return this.connections.size;
  }

  list(): StreamConnection[] {
    return [...this.connections.values()].map(
      ({ id, devid, kioskId, remoteAddress, connectedAt }) => ({
        id,
        devid,
        kioskId,
        remoteAddress,
        connectedAt,
      }),
    );
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

    const id = this.nextId++;
    let released = false;
    const connection: LiveConnection = {
      id,
      devid: input.devid,
      kioskId: input.kioskId,
      remoteAddress: socket.remoteAddress,
      connectedAt: new Date(),
      res,
      release: () => {
        if (released) return;
        released = true;
        unsubscribe();
        this.connections.delete(id);
        if (this.connections.size === 0) this.stopHeartbeat();
      },
    };
    const unsubscribe = this.bus.subscribe(input.devid, (message: StreamMessage) => {
      this.write(connection, `data: ${JSON.stringify(message)}\n\n`);
    });
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

  private write(connection: LiveConnection, chunk: string): void {
    const { res } = connection;
    if (res.destroyed || res.writableEnded) {
      connection.release();
      return;
    }
    if (res.writableLength > this.maxBufferedBytes) {
      connection.release();
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const connection of [...this.connections.values()]) this.write(connection, ': hb\n\n');
    }, this.heartbeatMs);
    // The heartbeat alone must not keep the process alive.
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
