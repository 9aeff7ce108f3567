/**
 * The kiosk's heartbeat for the back-office's fleet view: every KIOSK_HEARTBEAT_INTERVAL_MS while
 * online, and right after each sync (kiosk-services calls `send`). It says which mode the totem
 * is in, which build and content version it runs, when it last synced, how much storage it uses
 * and why its last sync failed. A failed heartbeat is dropped quietly: the fleet view is a
 * convenience, and the next one comes a minute later.
 *
 * Red button and acknowledgements: while an alert's takeover shows, every heartbeat carries its
 * acknowledgement ("alerte affichée", features/emergency-alert), and one goes at once when the
 * takeover is painted. The server keeps the first (decision 018), so a lost one is made good by the
 * next heartbeat.
 *
 * Content-first sync: it also says whether the media of its revision are all cached (`media`, from
 * the sync store's media step: n of N files, downloading / complete / incomplete), so that the
 * fleet page tells a totem that shows the revision from one that also holds it offline. Null until
 * the first media step since the page started (a media step follows every sync, so that is
 * seconds).
 */
import {
  KIOSK_HEARTBEAT_INTERVAL_MS,
  type KioskHeartbeat,
  type KioskStreamIdentity,
  type WatchdogReport,
} from '@plant-kiosk/contract';
import type { ApiClient } from '../../lib/api/api-client';
import { KIOSK_APP_VERSION } from '../../lib/config/app-version';
import { useUiStore } from '../../lib/ui-store/ui-store';
import { useAlertStore } from '../emergency-alert';
import { useSyncStore } from '../sync';

/** The server keeps at most this much of the last error. */
const MAX_ERROR_LENGTH = 500;

export interface StorageEstimateLike {
  usage?: number;
  quota?: number;
}

export interface FleetReporterOptions {
  api: Pick<ApiClient, 'heartbeat'>;
  devid: number;
  kioskId: () => string;
  isOnline: () => boolean;
  /**
   * The heartbeat's answer carries a token when the kiosk's own predates totem identities (issue
   * 47): the one bound to the id it reported, to be stored in its place.
   */
  onToken?: (token: string) => void;
  intervalMs?: number;
  /** Default: navigator.storage.estimate when the browser has it. */
  estimateStorage?: () => Promise<StorageEstimateLike | undefined>;
  /**
   * Whether the browser keeps this origin's storage under pressure (issue 53). Default:
   * navigator.storage.persisted when the browser has it; undefined: it cannot tell.
   */
  storagePersisted?: () => Promise<boolean | undefined>;
  /**
   * The totem's watchdog (issue 53): what to say of it, and what to do once the server has it (its
   * events are then dropped). Absent: the heartbeat says nothing of a watchdog.
   */
  watchdog?: () => { report: WatchdogReport; sent: () => void };
}

export interface FleetReporter {
  start(): void;
  /**
   * Sends a heartbeat now if online; never rejects. Asked while one is in flight, it sends one more
   * after it (what changed since may be an alert acknowledgement), however many times it was asked.
   */
  send(): Promise<void>;
  /**
   * Date.now() of the last heartbeat attempted (sent or not: offline is no fault), null before the
   * first; the watchdog reads it to tell a page whose timers died.
   */
  lastAttemptAt(): number | null;
  stop(): void;
}

/** Mode and totem kind as the UI store holds them (docs/product.md#screens: the hidden switcher). */
export function currentMode(): Pick<KioskHeartbeat, 'mode' | 'totem'> {
  const { parcours, totem } = useUiStore.getState();
  if (parcours !== null) return { mode: 'parcours', totem: null };
  if (totem !== null) return { mode: 'totem', totem };
  return { mode: null, totem: null };
}

/** What the kiosk adds to its stream URL so that the fleet knows it from the first connection. */
export function streamIdentity(): Omit<KioskStreamIdentity, 'kioskId'> {
  const { mode, totem } = currentMode();
  const { contentVersion } = useSyncStore.getState();
  return {
    mode: mode ?? undefined,
    totem: totem ?? undefined,
    appVersion: KIOSK_APP_VERSION,
    contentVersion: contentVersion ?? undefined,
  };
}

async function browserStorageEstimate(): Promise<StorageEstimateLike | undefined> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.estimate !== 'function') {
    return undefined;
  }
  return navigator.storage.estimate();
}

async function browserStoragePersisted(): Promise<boolean | undefined> {
  if (typeof navigator === 'undefined' || typeof navigator.storage?.persisted !== 'function') {
    return undefined;
  }
  return navigator.storage.persisted();
}

const bytes = (value: number | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;

export function createFleetReporter(options: FleetReporterOptions): FleetReporter {
  const estimate = options.estimateStorage ?? browserStorageEstimate;
  const persisted = options.storagePersisted ?? browserStoragePersisted;
  const controller = new AbortController();
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight: Promise<void> | null = null;
  /** A send asked while one was in flight: that one was built before, so one more follows it. */
  let again = false;
  let stopped = false;
  let unsubscribeAlert: (() => void) | undefined;
  let attemptedAt: number | null = null;
  let watchdogSent: (() => void) | null = null;

  const build = async (): Promise<KioskHeartbeat> => {
    const sync = useSyncStore.getState();
    let storage: StorageEstimateLike | undefined;
    try {
      storage = await estimate();
    } catch {
      storage = undefined;
    }
    let kept: boolean | undefined;
    try {
      kept = await persisted();
    } catch {
      kept = undefined;
    }
    const watchdog = options.watchdog?.();
    watchdogSent = watchdog?.sent ?? null;
    return {
      kioskId: options.kioskId(),
      ...currentMode(),
      appVersion: KIOSK_APP_VERSION,
      contentVersion: sync.contentVersion,
      lastSyncAt: sync.lastSuccessAt,
      storageUsedBytes: bytes(storage?.usage),
      storageQuotaBytes: bytes(storage?.quota),
      storagePersisted: typeof kept === 'boolean' ? kept : null,
      lastError: sync.lastError === null ? null : sync.lastError.slice(0, MAX_ERROR_LENGTH),
      alertAck: useAlertStore.getState().ack,
      media: sync.media && {
        phase: sync.media.phase,
        // Never more than the total, whatever a racing step said (the server refuses it).
        cached: Math.min(sync.media.cached, sync.media.total),
        total: sync.media.total,
      },
      ...(watchdog ? { watchdog: watchdog.report } : {}),
    };
  };

  const once = async (): Promise<void> => {
    try {
      const answer = await options.api.heartbeat(options.devid, await build(), {
        signal: controller.signal,
      });
      if (answer.token !== undefined) options.onToken?.(answer.token);
      watchdogSent?.();
    } catch {
      // Quietly dropped: see the header comment.
    }
  };

  const send = (): Promise<void> => {
    // Attempted: the timer fired, online or not (see lastAttemptAt).
    attemptedAt = Date.now();
    if (stopped || !options.isOnline()) return Promise.resolve();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await once();
      } while (again && !stopped && options.isOnline());
      inFlight = null;
    })();
    return inFlight;
  };

  return {
    start() {
      if (stopped || timer !== undefined) return;
      timer = setInterval(() => void send(), options.intervalMs ?? KIOSK_HEARTBEAT_INTERVAL_MS);
      // "Alerte affichée" goes at once, not at the next minute's heartbeat.
      unsubscribeAlert = useAlertStore.subscribe((state, previous) => {
        if (state.ack && state.ack !== previous.ack) void send();
      });
    },
    send,
    lastAttemptAt: () => attemptedAt,
    stop() {
      stopped = true;
      unsubscribeAlert?.();
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      controller.abort();
    },
  };
}
