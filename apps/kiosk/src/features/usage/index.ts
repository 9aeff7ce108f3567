/**
 * The usage feature's public surface (issue 49, part 1): the totem records what people do on it
 * into its own database and sends it in batches (docs/usage.md). The preview never records:
 * `startUsage` does nothing there — no listener, no write, no send.
 */
import type { ApiClient } from '../../lib/api/api-client';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { isPreview } from '../../lib/preview/preview-request';
import { currentSettings } from '../../lib/settings/settings-store';
import { kioskStorage } from '../../lib/storage/kiosk-storage';
import { createUsageRecorder, type UsageRecorder } from './usage-recorder';
import { createUsageSender, type UsageSenderOptions } from './usage-sender';
import { createUsageSessions } from './usage-session';
import { currentUsagePlace, startUsageTracking } from './usage-tracking';

export { noteUsageRoute, tapTarget } from './usage-tracking';
export { USAGE_KEEP_DAYS, USAGE_KEEP_MAX_EVENTS } from './usage-log';

export interface UsageOptions {
  db: KioskDb;
  api: Pick<ApiClient, 'sendUsage'>;
  devid: number;
  devname: string;
  kioskId: () => string;
  isOnline: () => boolean;
  /** The kiosk context's `localOnly` (a preview): nothing is recorded. */
  localOnly?: boolean;
  now?: () => number;
  /** Test seams of the sender (timers, jitter). */
  senderOptions?: Pick<UsageSenderOptions, 'setTimer' | 'clearTimer' | 'random' | 'intervalMs'>;
}

export interface Usage {
  /** Sends the backlog now (after a sync, back online); never rejects. */
  send(reason: 'sync' | 'online'): Promise<void>;
  /** Writes what is queued (tests, and before a logout). */
  flush(): Promise<void>;
  stop(): void;
}

const NOTHING: Usage = {
  send: () => Promise.resolve(),
  flush: () => Promise.resolve(),
  stop: () => undefined,
};

/** The journal of events that must survive a reload (usage-recorder.ts). */
export const usageJournalKey = (devname: string) => `usage-pending-${devname}`;

export function startUsage(options: UsageOptions): Usage {
  if (options.localOnly || isPreview()) return NOTHING;
  const now = options.now ?? (() => Date.now());
  let sessionId: () => string | null = () => null;
  const recorder: UsageRecorder = createUsageRecorder({
    db: options.db,
    now,
    place: currentUsagePlace,
    session: () => sessionId(),
    journal: { storage: kioskStorage, key: usageJournalKey(options.devname) },
  });
  // The kiosk's own timing: the inactivity countdown of the published settings (usage-session.ts).
  const sessions = createUsageSessions({
    recorder,
    now,
    idleMs: () => currentSettings().inactivitySeconds * 1000,
  });
  sessionId = sessions.current;
  const replayed = recorder.replayJournal();
  const stopTracking = startUsageTracking({ recorder, sessions });
  const sender = createUsageSender({
    db: options.db,
    api: options.api,
    devid: options.devid,
    kioskId: options.kioskId,
    isOnline: options.isOnline,
    now,
    ...options.senderOptions,
  });
  sender.start();
  void replayed.then(() => sender.send('start'));

  return {
    send: (reason) => sender.send(reason),
    flush: () => recorder.flush(),
    stop() {
      stopTracking();
      sessions.rest();
      recorder.stop();
      sender.stop();
      void recorder.flush();
    },
  };
}
