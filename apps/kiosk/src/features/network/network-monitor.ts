/**
 * Network mode of docs/product.md#states: a HEAD ping at start and then every 15 s (3 s in `local`); the kiosk is
 * online only when the ping answers 200. `navigator.onLine` is not trusted (a totem on a plant LAN
 * is "online" with the server down), but the browser's offline/online events trigger a ping at
 * once so a cable pulled out is noticed without waiting for the next tick.
 *
 * Pings are chained (the next is scheduled when the previous one ends) rather than on an interval,
 * so a slow ping can never pile up with the next over days of uptime.
 */
import { create } from 'zustand';

export interface ConnectionState {
  online: boolean;
  /** Whether the server-sent event stream is open. */
  streamConnected: boolean;
  /** ISO date of the last ping answer or failure; null before the first. */
  lastPingAt: string | null;
}

export const useConnectionStore = create<ConnectionState>()(() => ({
  online: false,
  streamConnected: false,
  lastPingAt: null,
}));

export interface NetworkMonitorOptions {
  /** Resolves true only on HTTP 200 (the API client's `ping`). */
  ping: () => Promise<boolean>;
  /** Period between checks; a function is read at each scheduling (a published setting). */
  intervalMs: number | (() => number);
  /** Called on every change of mode, including the first answer. */
  onChange?: (online: boolean) => void;
  /** Window whose online/offline events trigger an immediate ping (default: window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  now?: () => Date;
}

export interface NetworkMonitor {
  start(): void;
  stop(): void;
  /** Pings now (the periodic schedule restarts from here); resolves with the new mode. */
  checkNow(): Promise<boolean>;
}

export function createNetworkMonitor(options: NetworkMonitorOptions): NetworkMonitor {
  const target = options.target === undefined ? window : options.target;
  const now = options.now ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let inFlight: Promise<boolean> | null = null;
  let known: boolean | null = null;
  /** A reason to ping again arrived while a ping was in flight (its answer may predate it). */
  let pingAgain = false;

  const schedule = () => {
    if (timer !== null) clearTimeout(timer);
    const intervalMs =
      typeof options.intervalMs === 'function' ? options.intervalMs() : options.intervalMs;
    timer = running ? setTimeout(() => void checkNow(), intervalMs) : null;
  };

  const apply = (online: boolean) => {
    useConnectionStore.setState({ online, lastPingAt: now().toISOString() });
    if (known !== online) {
      known = online;
      options.onChange?.(online);
    }
  };

  function checkNow(): Promise<boolean> {
    if (!running) return Promise.resolve(known ?? false);
    if (inFlight) return inFlight;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    inFlight = options
      .ping()
      .catch(() => false)
      .then((online) => {
        inFlight = null;
        if (running) {
          apply(online);
          if (pingAgain) {
            pingAgain = false;
            return checkNow();
          }
          schedule();
        }
        return online;
      });
    return inFlight;
  }

  const recheck = () => {
    if (inFlight) pingAgain = true;
    else void checkNow();
  };
  const onBrowserOffline = () => {
    // The browser knows for sure it has no network; no need to wait for the ping's timeout.
    if (running) apply(false);
    recheck();
  };
  const onBrowserOnline = () => recheck();

  return {
    start() {
      if (running) return;
      running = true;
      target?.addEventListener('offline', onBrowserOffline);
      target?.addEventListener('online', onBrowserOnline);
      void checkNow();
    },
    stop() {
      running = false;
      pingAgain = false;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      target?.removeEventListener('offline', onBrowserOffline);
      target?.removeEventListener('online', onBrowserOnline);
    },
    checkNow,
  };
}
