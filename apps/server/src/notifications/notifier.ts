/**
 * The notifier (decision 042): what the health rules — and four-eyes publishing (decision 048) —
 * call with each notice. `notify` records one
 * delivery per channel enabled in the server's settings, due at once, and starts an attempt; the
 * worker (`runDue`, on a timer in the app, by hand in the tests) sends what is due: 2xx or the
 * relay's acceptance = delivered; else a retry after 30 s, 2 min, 10 min, 1 h, 6 h, then failed.
 *
 * Everything lives in the store, so several instances on one PostgreSQL share one queue: a due
 * delivery is claimed with a conditional UPDATE (notification-repository.ts) before it is sent,
 * and only the instance whose UPDATE matched sends it.
 */
import { randomUUID } from 'node:crypto';
import type { Notice } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';
import type {
  NotificationChannel,
  StoredDelivery,
  StoredNotificationSettings,
} from './notification-repository.js';
import { SEND_TIMEOUT_MS, sendEmail, sendWebhook, type SendResult } from './senders.js';

/** The waits after the 1st, 2nd… failed attempt; one more failure after the last = failed. */
export const RETRY_DELAYS_MS: readonly number[] = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  6 * 60 * 60_000,
];
/** How often the app's worker looks for due deliveries (server.ts). */
export const NOTIFICATION_WORKER_MS = 5_000;
/** How long a claimed delivery is another instance's: one attempt and some margin. */
const LEASE_MS = SEND_TIMEOUT_MS * 3;
/** Deliveries taken per round of the worker. */
const BATCH = 20;

export interface NotifierContext {
  repos: Pick<Repositories, 'notifications'>;
  now: () => Date;
  /**
   * A certificate authority the SMTP relay's certificate may chain to, beside the system's list
   * (PEM). Production leaves it out (NODE_EXTRA_CA_CERTS adds the plant's own authority); the
   * tests trust the certificate they generate.
   */
  smtpCa?: string;
  /** Where an unexpected failure of the store is told (the app's logger). */
  log?: { error(details: object, message: string): void };
}

export interface Notifier {
  /** Records the notice for every enabled channel and starts sending it (not awaited). */
  notify(notice: Notice): Promise<void>;
  /** Sends every due delivery this instance can claim; answers how many were attempted. */
  runDue(): Promise<number>;
  /** Sends `notice` on `channel` now, once, whatever its `enabled`, and records it (no retry). */
  sendNow(channel: NotificationChannel, notice: Notice): Promise<StoredDelivery>;
  /** Resolves once the attempts started by `notify` are over (tests, shutdown). */
  settled(): Promise<void>;
  /** Runs `runDue` every `intervalMs` until `stop`. */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

function channelsOf(settings: StoredNotificationSettings): NotificationChannel[] {
  const channels: NotificationChannel[] = [];
  if (settings.webhook.enabled && settings.webhook.url !== '') channels.push('webhook');
  if (settings.email.enabled && settings.email.host !== '' && settings.email.to.length > 0) {
    channels.push('email');
  }
  return channels;
}

async function send(
  settings: StoredNotificationSettings,
  delivery: Pick<StoredDelivery, 'channel' | 'notice' | 'deliveryId'>,
  now: Date,
  smtpCa: string | undefined,
): Promise<SendResult> {
  return delivery.channel === 'webhook'
    ? sendWebhook(settings.webhook, delivery.notice, delivery.deliveryId, now)
    : sendEmail(settings.email, delivery.notice, smtpCa);
}

export function createNotifier(ctx: NotifierContext): Notifier {
  const repo = ctx.repos.notifications;
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<number> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  const attempt = async (delivery: StoredDelivery): Promise<boolean> => {
    const claimedAt = ctx.now();
    if (!(await repo.claim(delivery, new Date(claimedAt.getTime() + LEASE_MS)))) return false;
    const settings = await repo.settings();
    const outcome = await send(settings, delivery, claimedAt, ctx.smtpCa);
    const attempts = delivery.attempts + 1;
    const doneAt = ctx.now();
    if (outcome.ok) {
      await repo.finish(delivery.deliveryId, {
        state: 'delivered',
        lastResult: outcome.result,
        nextAttemptAt: null,
        deliveredAt: doneAt.toISOString(),
      });
    } else {
      const wait = RETRY_DELAYS_MS[attempts - 1];
      await repo.finish(delivery.deliveryId, {
        state: wait === undefined ? 'failed' : 'retrying',
        lastResult: outcome.result,
        nextAttemptAt: wait === undefined ? null : new Date(doneAt.getTime() + wait).toISOString(),
        deliveredAt: null,
      });
    }
    return true;
  };

  const runRound = async (): Promise<number> => {
    const due = await repo.due(ctx.now(), BATCH);
    let attempted = 0;
    for (const delivery of due) {
      if (await attempt(delivery)) attempted += 1;
    }
    return attempted;
  };

  const notifier: Notifier = {
    async notify(notice) {
      const settings = await repo.settings();
      const createdAt = ctx.now().toISOString();
      for (const channel of channelsOf(settings)) {
        await repo.insertDelivery({
          deliveryId: randomUUID(),
          notice,
          channel,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: createdAt,
          lastResult: null,
          createdAt,
          deliveredAt: null,
        });
      }
      void track(notifier.runDue()).catch((error: unknown) =>
        ctx.log?.error({ err: error }, 'could not send the notices'),
      );
    },

    runDue() {
      // One round at a time in this instance; a call during a round waits for it, then runs.
      const previous = round ?? Promise.resolve(0);
      const next = previous.catch(() => 0).then(runRound);
      round = next;
      return track(next);
    },

    async sendNow(channel, notice) {
      const settings = await repo.settings();
      const deliveryId = randomUUID();
      const at = ctx.now();
      const outcome = await send(settings, { channel, notice, deliveryId }, at, ctx.smtpCa);
      const doneAt = ctx.now().toISOString();
      const delivery: StoredDelivery = {
        deliveryId,
        notice,
        channel,
        state: outcome.ok ? 'delivered' : 'failed',
        attempts: 1,
        nextAttemptAt: null,
        lastResult: outcome.result.slice(0, 500),
        createdAt: at.toISOString(),
        deliveredAt: outcome.ok ? doneAt : null,
      };
      await repo.insertDelivery(delivery);
      return delivery;
    },

    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    start(intervalMs) {
      if (timer) return;
      timer = setInterval(() => {
        void notifier
          .runDue()
          .catch((error: unknown) => ctx.log?.error({ err: error }, 'could not send the notices'));
      }, intervalMs);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await notifier.settled();
    },
  };
  return notifier;
}
