/**
 * The kiosk's background services, wired together once per logged-in session:
 *
 *   network monitor ──online/offline──► stream client ──open / `sync` message──► sync engine
 *                   └──first online, back online──────────────────────────────────┘
 *                                        stream `zone`/`element` ──► content events (hooks reload)
 *   local settings row ──► settings store (timings and frame addresses applied without a reload)
 *                                        stream `command` ──► command runner (remote commands,
 *                                        issue 47) ──► sync, full sync, identify, mode, reload
 *                                        stream `profile` naming this totem, open, online ──►
 *                                        own settings (issue 47: name, place, « Vous êtes ici »)
 *   first successful sync ──► thumbnails (issue 48: the page drawn every 10 min, and on a
 *                             `thumbnail` command) ──► uploadThumbnail
 *   taps, pages, visits ──► usage log (issue 49, local database) ──sync, every minute, online──►
 *                           sendUsage
 *
 * `stop()` releases every timer, listener and connection, so a logout/login cycle or days of
 * uptime never accumulate background work (the soak test checks that timers stay flat).
 */
import {
  isOpenAt,
  KIOSK_HEARTBEAT_INTERVAL_MS,
  pathOf,
  type KioskStreamIdentity,
} from '@plant-kiosk/contract';
import { contentEvents, type ContentEventEmitter } from '../features/content/content-events';
import {
  createFleetReporter,
  streamIdentity,
  type FleetReporterOptions,
} from '../features/fleet/fleet-reporter';
import {
  createNetworkMonitor,
  useConnectionStore,
  type NetworkMonitorOptions,
} from '../features/network/network-monitor';
import {
  createStreamClient,
  type EventSourceFactory,
  type StreamClientOptions,
} from '../features/network/stream-client';
import {
  createSyncEngine,
  type SyncEngineOptions,
  type SyncResult,
  type SyncRunOptions,
} from '../features/sync/sync-engine';
import {
  applyKioskMode,
  createCommandRunner,
  failed,
  hideIdentification,
  showIdentification,
  type CommandActions,
} from '../features/remote-commands';
import { pageReload } from '../lib/page-reload/page-reload';
import type { ApiClient } from '../lib/api/api-client';
import type { RuntimeConfig } from '../lib/config/runtime-config';
import {
  currentSettings,
  resetSettings,
  watchStoredSettings,
} from '../lib/settings/settings-store';
import { startFramePolicyReload, type FramePolicyReloadOptions } from './frame-policy-reload';
import { openUsageDb, type KioskDb } from '../lib/local-db/kiosk-db';
import { getKioskId, replaceToken, type Session } from '../lib/session/session';
import { receiveAlert, useAlertStore } from '../features/emergency-alert/alert-store';
import {
  attachWatchdogServices,
  runThroughWatchdog,
  wakeWatchdog,
  watchdogReport,
} from '../features/totem-watchdog';
import { createOwnSettings } from '../features/own-settings';
import {
  createThumbnailScheduler,
  takeThumbnail,
  type ThumbnailScheduler,
} from '../features/thumbnails';
import { useSyncStore } from '../features/sync/sync-store';
import { startUsage, type UsageOptions } from '../features/usage';

export interface KioskServicesOptions {
  config: RuntimeConfig;
  session: Session;
  api: ApiClient;
  db: KioskDb;
  /** Test seams. */
  createEventSource?: EventSourceFactory;
  random?: StreamClientOptions['random'];
  windowTarget?: NetworkMonitorOptions['target'];
  engineOptions?: Pick<SyncEngineOptions, 'openMediaCache' | 'fetchMedia' | 'reporter' | 'now'>;
  fleetOptions?: Pick<FleetReporterOptions, 'estimateStorage' | 'intervalMs'>;
  framePolicyOptions?: FramePolicyReloadOptions;
  events?: ContentEventEmitter;
  /**
   * The back-office forgot this totem (issue 47: a `forgotten` stream message naming it): its
   * token is refused from now on, so it returns to the login screen at once.
   */
  logout?: () => void;
  /**
   * Goes to a route of the kiosk (a remote « Changer de mode »); the hash is set when the app
   * gives none.
   */
  navigate?: (path: string) => void;
  /** Test seam: what a remote command does, instead of the real actions. */
  commandActions?: Partial<CommandActions>;
  /** Test seam: the thumbnails' drawing and schedule (jsdom cannot draw). */
  thumbnailOptions?: Partial<Parameters<typeof createThumbnailScheduler>[0]>;
  /** Test seam: the usage log's clock and sender timers (issue 49). */
  usageOptions?: Pick<UsageOptions, 'now' | 'senderOptions'>;
}

export interface KioskServices {
  stop(): void;
  /** Runs a sync now (coalesced with a running one); resolves when it is over, never rejects. */
  syncNow(reason: string): Promise<void>;
  /** The last sync's outcome, for callers that want more than the store. */
  lastResult(): SyncResult | null;
}

/**
 * `${streamBase}/stream/{devid}?ticket=…&kioskId=…` plus the rest of the fleet identity: a
 * single-use ticket, never the token (decision 028: URLs end up in proxy logs).
 */
export function streamUrl(
  streamBase: string,
  devid: number,
  ticket: string,
  kioskId: string,
  identity: Omit<KioskStreamIdentity, 'kioskId'> = {},
): string {
  const { mode, totem, appVersion, contentVersion } = identity;
  const path = pathOf('stream', {
    params: { devid },
    // The fleet identity's content version is a number; in a query, as everything, it is text.
    query: {
      ticket,
      kioskId,
      mode,
      totem,
      appVersion,
      contentVersion: contentVersion === undefined ? undefined : String(contentVersion),
    },
  });
  return new URL(`${streamBase}${path}`).href;
}

export function startKioskServices(options: KioskServicesOptions): KioskServices {
  const { config, session, api, db } = options;
  const events = options.events ?? contentEvents;
  let stopped = false;
  let seenOnline = false;
  let last: SyncResult | null = null;
  // Published settings: the published settings held offline, applied as soon as a sync writes new
  // ones.
  const stopSettings = watchStoredSettings(db);
  // A newly published frame address needs a page load for the policy to allow it.
  const stopFramePolicy = startFramePolicyReload(options.framePolicyOptions);

  const engine = createSyncEngine({
    db,
    api,
    devid: session.devid,
    devname: config.devname,
    contentBase: config.contentBase,
    ...options.engineOptions,
  });

  const fleet = createFleetReporter({
    api,
    devid: session.devid,
    kioskId: getKioskId,
    isOnline: () => useConnectionStore.getState().online,
    // The API client reads the stored token at each call: the next call uses this one.
    onToken: (token) => replaceToken(config.devname, token),
    watchdog: watchdogReport,
    ...options.fleetOptions,
  });

  // Usage analytics (issue 49): recorded into the local database, sent in batches when online
  // (after a sync, every minute, back online); see features/usage. Through the usage log's own
  // connection, whose writes wake no live query (openUsageDb says why).
  const usage = startUsage({
    db: openUsageDb(db.name),
    api,
    devid: session.devid,
    devname: config.devname,
    kioskId: getKioskId,
    isOnline: () => useConnectionStore.getState().online,
    ...options.usageOptions,
  });

  // Thumbnails (issue 48): armed by the first successful sync (before it, nothing worth showing).
  const thumbnails: ThumbnailScheduler = createThumbnailScheduler({
    take: () => takeThumbnail(() => useSyncStore.getState().contentVersion),
    upload: async (shot, commandId) => {
      await api.uploadThumbnail(session.devid, shot.blob, {
        route: shot.route,
        revision: shot.revision ?? undefined,
        takenAt: shot.takenAt,
        placeholders: shot.placeholders,
        commandId,
      });
    },
    isOnline: () => useConnectionStore.getState().online,
    isHidden: () => document.visibilityState === 'hidden',
    ...options.thumbnailOptions,
  });

  const sync = async (reason: string, runOptions?: SyncRunOptions): Promise<SyncResult | null> => {
    if (stopped) return null;
    const result = await engine.sync(reason, runOptions);
    last = result;
    if (result.ok) thumbnails.synced();
    if (result.ok) void usage.send('sync');
    // The fleet view learns the outcome (new content version, or the failure) at once.
    void fleet.send();
    return result;
  };

  // Remote commands (issue 47): one at a time, each acknowledged; see features/remote-commands.
  const syncAck = async (reason: string, runOptions?: SyncRunOptions) => {
    const result = await sync(reason, runOptions);
    if (result === null) return failed('totem arrêté');
    return result.ok ? { status: 'done' as const } : failed(result.error ?? 'échec');
  };
  const navigate =
    options.navigate ??
    ((path: string) => {
      window.location.hash = `#${path}`;
    });
  const commands = createCommandRunner({
    devid: session.devid,
    kioskId: getKioskId,
    api,
    actions: {
      reload: () => pageReload.toRoot(),
      resync: () => syncAck('command'),
      rebuild: () => syncAck('command-rebuild', { full: true }),
      identify: (identification) => showIdentification(identification),
      setMode: (mode) => applyKioskMode(mode, navigate),
      thumbnail: async (commandId) => {
        await thumbnails.takeNow(commandId);
        return { status: 'done' };
      },
      // Restart the browser, reboot, screen off / on: only the totem's watchdog can (issue 53).
      watchdog: (kind) => runThroughWatchdog(kind),
      ...options.commandActions,
    },
  });

  // This totem's own settings (issue 47: name, place, « Vous êtes ici »): held ones at once, read
  // again when online and when a `profile` message names this totem.
  const ownSettings = createOwnSettings({
    api,
    devid: session.devid,
    devname: config.devname,
    kioskId: getKioskId,
  });
  ownSettings.restore();

  const stream = createStreamClient({
    // Built at each (re)connection attempt: a new single-use ticket, asked with the token in a
    // header (decision 028; a failed request is a failed attempt), and the current identity.
    url: async () => {
      const { ticket } = await api.streamTicket(session.devid);
      return streamUrl(config.streamBase, session.devid, ticket, getKioskId(), streamIdentity());
    },
    devid: session.devid,
    createEventSource: options.createEventSource,
    random: options.random,
    onConnectedChange: (connected) => useConnectionStore.setState({ streamConnected: connected }),
    // Messages sent while we were disconnected are lost: catch up (a 304 when nothing changed).
    onOpen: () => {
      void sync('stream-open');
      // …and a `profile` message too (a small read: the totem's own settings).
      void ownSettings.refresh();
    },
    // Emergency alerts: latched locally; the takeover (features/emergency-alert) shows it.
    onAlert: (message) => receiveAlert(config.devname, message.alert),
    onCommand: (message) => commands.receive(message),
    onMessage: (message) => {
      if (message.type === 'sync') {
        // The message says which revision the server now has; skip a sync we already have. A
        // kiosk behind syncs, and the engine asks the delta since its revision (delta sync,
        // decision 016).
        const published = message.revision ?? message.version;
        // A kiosk whose media are incomplete syncs too: that sync fetches them (decision 019).
        if (published === undefined || !engine.holds(published)) void sync('stream-message');
      } else if (message.type === 'zone' && message.zoneid !== undefined) {
        events.emit({ type: 'zone', zoneid: message.zoneid });
      } else if (message.type === 'element' && message.elementid !== undefined) {
        events.emit({ type: 'element', elementid: message.elementid, zoneid: message.zoneid });
      } else if (message.type === 'forgotten' && message.kioskId === getKioskId()) {
        options.logout?.();
      } else if (message.type === 'profile' && message.kioskId === getKioskId()) {
        void ownSettings.refresh();
      }
    },
  });

  const monitor = createNetworkMonitor({
    ping: () => api.ping(),
    // Read at each scheduling, so a published change applies at the next check. The `local`
    // environment keeps its own fast check (docs/product.md#constants: 3 s).
    intervalMs: () =>
      config.environment === 'local'
        ? config.pingIntervalMs
        : currentSettings().pingIntervalSeconds * 1000,
    target: options.windowTarget,
    onChange: (online) => {
      if (stopped) return;
      stream.setOnline(online);
      if (online) {
        void sync(seenOnline ? 'back-online' : 'start');
        // A `profile` message sent while offline was lost: read them again.
        void ownSettings.refresh();
        seenOnline = true;
        // Acknowledgements of remote commands that could not be sent offline (or before a reload).
        void commands.flushAcks();
        void usage.send('online');
      }
    },
  });
  monitor.start();
  fleet.start();

  // The totem's watchdog (issue 53) reads the heartbeat's pulse, the alert and the opening hours;
  // an alert lights a dark screen at once.
  const detachWatchdog = attachWatchdogServices({
    heartbeatAt: () => fleet.lastAttemptAt(),
    heartbeatEveryMs: options.fleetOptions?.intervalMs ?? KIOSK_HEARTBEAT_INTERVAL_MS,
    alertActive: () => useAlertStore.getState().active !== null,
    isOpen: () => {
      const { openingHours, timeZone } = currentSettings();
      return isOpenAt(openingHours, timeZone, new Date());
    },
    onEvents: () => void fleet.send(),
  });
  const stopAlertWake = useAlertStore.subscribe((state, previous) => {
    if (state.active !== null && state.active !== previous.active) wakeWatchdog();
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      monitor.stop();
      fleet.stop();
      detachWatchdog();
      stopAlertWake();
      stopSettings();
      stopFramePolicy();
      // The next session (maybe another development) starts from its own held settings.
      resetSettings();
      stream.stop();
      ownSettings.stop();
      commands.stop();
      thumbnails.stop();
      usage.stop();
      hideIdentification();
      engine.dispose();
      useConnectionStore.setState({ streamConnected: false });
    },
    syncNow: async (reason) => {
      await sync(reason);
    },
    lastResult: () => last,
  };
}
