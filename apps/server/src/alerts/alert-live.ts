/**
 * The back-office's live alert channel (red button and acknowledgements, decision 018): one
 * server-sent event stream per open screen that shows a development's alert (the banner, the list
 * of totems). Like the fleet's channel (fleet/fleet-live.ts) it trusts no message's content, only
 * the store: a bus message on the development (an alert started or ended, from any instance) or a
 * fleet signal of it (a totem connected, left, or sent a heartbeat — which carries its
 * acknowledgement) marks the stream dirty, and a short debounce re-reads the whole view and sends
 * it when it changed.
 *
 * During an alert a tick re-reads it every second, because the list changes with time alone: a
 * totem passes the 5 s deadline, or drops offline. Without an alert the tick only keeps proxies
 * from closing the connection. A stream ends after `maxLifetimeMs` (EventSource reconnects, which
 * checks the session again).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALERT_EVENTS, type AdminAlertView } from '@plant-kiosk/contract';
import type { EventBus } from '../lib/event-bus.js';
import { openLiveResponse, type LiveResponse } from '../lib/live-response.js';

export interface AlertLiveOptions {
  /** Re-read while an alert is in force. */
  activeTickMs?: number;
  /** Keep-alive comment (and re-read) without an alert. */
  idleTickMs?: number;
  debounceMs?: number;
  maxLifetimeMs?: number;
  retryMs?: number;
}

interface LiveStream {
  live: LiveResponse;
  read: () => Promise<AdminAlertView>;
  /** The last view sent, without its `at` (which moves every read). */
  sent: string | null;
  active: boolean;
  flushTimer: NodeJS.Timeout | undefined;
  tickTimer: NodeJS.Timeout | undefined;
  lastTickAt: number;
}

const fingerprint = ({ at: _at, ...rest }: AdminAlertView) => JSON.stringify(rest);

export class AlertLive {
  private readonly streams = new Set<LiveStream>();
  private readonly activeTickMs: number;
  private readonly idleTickMs: number;
  private readonly debounceMs: number;
  private readonly maxLifetimeMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly bus: EventBus,
    private readonly onError: (error: unknown) => void,
    options: AlertLiveOptions = {},
  ) {
    this.activeTickMs = options.activeTickMs ?? 1_000;
    this.idleTickMs = options.idleTickMs ?? 30_000;
    this.debounceMs = options.debounceMs ?? 100;
    this.maxLifetimeMs = options.maxLifetimeMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 3_000;
  }

  get size(): number {
    return this.streams.size;
  }

  /** Takes over an authorised response: the first event is the view as it is. */
  async open(
    req: IncomingMessage,
    res: ServerResponse,
    devid: number,
    read: () => Promise<AdminAlertView>,
    headers: Record<string, string | number | string[] | undefined>,
  ): Promise<void> {
    const live = openLiveResponse(req, res, headers, {
      retryMs: this.retryMs,
      maxLifetimeMs: this.maxLifetimeMs,
    });
    const stream: LiveStream = {
      live,
      read,
      sent: null,
      active: false,
      flushTimer: undefined,
      tickTimer: undefined,
      lastTickAt: Date.now(),
    };
    live.onRelease(() => {
      clearTimeout(stream.flushTimer);
      clearInterval(stream.tickTimer);
      this.streams.delete(stream);
    });
    const dirty = () => {
      stream.flushTimer ??= setTimeout(() => {
        stream.flushTimer = undefined;
        void this.refresh(stream);
      }, this.debounceMs);
      // Not a kiosk: the alert's `delivered` count must not include back-office screens.
      return { receivers: 0 };
    };
    // Subscribe before the first read, so that nothing between the two is missed.
    live.onRelease(this.bus.subscribe(devid, dirty));
    live.onRelease(this.bus.onFleet(devid, dirty));
    // One timer at the short period; the idle period is counted on it.
    stream.tickTimer = setInterval(() => {
      const at = Date.now();
      if (stream.active || at - stream.lastTickAt >= this.idleTickMs) {
        stream.lastTickAt = at;
        if (!stream.active) live.write(': hb\n\n');
        void this.refresh(stream);
      }
    }, this.activeTickMs);
    stream.tickTimer.unref();
    this.streams.add(stream);
    await this.refresh(stream);
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.live.end();
  }

  private async refresh(stream: LiveStream): Promise<void> {
    if (!this.streams.has(stream)) return;
    try {
      const view = await stream.read();
      stream.active = view.alert !== null;
      const print = fingerprint(view);
      if (print === stream.sent) return;
      stream.sent = print;
      stream.live.write(`event: ${ALERT_EVENTS.view}\ndata: ${JSON.stringify(view)}\n\n`);
    } catch (error) {
      // The next signal or tick tries again; the stream stays open.
      this.onError(error);
    }
  }
}
