/**
 * The back-office's live fleet channel: one server-sent event stream per open fleet page.
 *
 * Each stream listens to the fleet signals of the developments it may see (from any instance,
 * through the event bus). A signal marks its development dirty; a short debounce then re-reads
 * that development's kiosks and sends a `kiosk` event for each entry that changed since the last
 * one sent. So a burst of heartbeats costs one query, and the stream never trusts the signal's
 * content — only the database. A periodic re-read catches what changes with time alone (a kiosk
 * going offline, a flag appearing) and writes a comment that keeps proxies from closing the
 * connection.
 *
 * A stream ends after `maxLifetimeMs`: EventSource reconnects at once, which re-checks the
 * session (a logged-out or disabled user stops receiving) and picks up new developments.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FLEET_EVENTS, type KioskStatus } from '@plant-kiosk/contract';
import type { EventBus } from '../lib/event-bus.js';
import { openLiveResponse, type LiveResponse } from '../lib/live-response.js';
import type { Fleet } from './fleet.js';

export interface FleetLiveOptions {
  /** Re-read of every stream's kiosks (time-based changes) and keep-alive comment. */
  tickMs?: number;
  debounceMs?: number;
  maxLifetimeMs?: number;
  retryMs?: number;
}

interface LiveStream {
  live: LiveResponse;
  devids: number[];
  /** What was last sent per kiosk (without lastSeenAt, which the presence refresh moves). */
  sent: Map<string, string>;
  dirty: Set<number>;
  flushTimer: NodeJS.Timeout | undefined;
}

const keyOf = (status: KioskStatus) => `${status.devid}:${status.kioskId}`;
const fingerprint = ({ lastSeenAt: _lastSeenAt, ...rest }: KioskStatus) => JSON.stringify(rest);

export class FleetLive {
  private readonly streams = new Set<LiveStream>();
  private ticker: NodeJS.Timeout | undefined;
  private readonly tickMs: number;
  private readonly debounceMs: number;
  private readonly maxLifetimeMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly fleet: Fleet,
    private readonly bus: EventBus,
    private readonly onError: (error: unknown) => void,
    options: FleetLiveOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 30_000;
    this.debounceMs = options.debounceMs ?? 250;
    this.maxLifetimeMs = options.maxLifetimeMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 3_000;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Takes over an authorised response: the first event is the whole list. */
  async open(
    req: IncomingMessage,
    res: ServerResponse,
    devids: number[],
    headers: Record<string, string | number | string[] | undefined>,
  ): Promise<void> {
    const live = openLiveResponse(req, res, headers, {
      retryMs: this.retryMs,
      maxLifetimeMs: this.maxLifetimeMs,
    });
    const stream: LiveStream = {
      live,
      devids,
      sent: new Map(),
      dirty: new Set(),
      flushTimer: undefined,
    };
    live.onRelease(() => {
      clearTimeout(stream.flushTimer);
      this.streams.delete(stream);
      if (this.streams.size === 0) this.stopTicker();
    });
    // Subscribe before the first read, so that nothing between the two is missed.
    for (const devid of devids) {
      live.onRelease(
        this.bus.onFleet(devid, () => {
          stream.dirty.add(devid);
          stream.flushTimer ??= setTimeout(() => void this.flush(stream), this.debounceMs);
        }),
      );
    }
    this.streams.add(stream);
    this.startTicker();

    try {
      const list = await this.fleet.list(devids);
      for (const status of list) stream.sent.set(keyOf(status), fingerprint(status));
      live.write(`event: ${FLEET_EVENTS.list}\ndata: ${JSON.stringify(list)}\n\n`);
    } catch (error) {
      this.onError(error);
      live.end();
    }
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.live.end();
    this.stopTicker();
  }

  private async flush(stream: LiveStream): Promise<void> {
    stream.flushTimer = undefined;
    const devids = [...stream.dirty];
    stream.dirty.clear();
    await this.refresh(stream, devids);
  }

  /** Sends the entries of `devids` that changed since last sent. */
  private async refresh(stream: LiveStream, devids: number[]): Promise<void> {
    if (devids.length === 0 || !this.streams.has(stream)) return;
    try {
      for (const status of await this.fleet.list(devids)) {
        const key = keyOf(status);
        const print = fingerprint(status);
        if (stream.sent.get(key) === print) continue;
        stream.sent.set(key, print);
        stream.live.write(`event: ${FLEET_EVENTS.kiosk}\ndata: ${JSON.stringify(status)}\n\n`);
      }
    } catch (error) {
      // The next signal or tick tries again; the stream stays open.
      this.onError(error);
    }
  }

  private startTicker(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      for (const stream of [...this.streams]) {
        stream.live.write(': hb\n\n');
        void this.refresh(stream, stream.devids);
      }
    }, this.tickMs);
    this.ticker.unref();
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }
}
