/**
 * The notifications' SQL (migration 021, decision 042): the server-wide settings row and the
 * deliveries, queue and history at once.
 *
 * Claiming: a worker reads the due deliveries, then takes each with a conditional UPDATE that
 * moves its `next_attempt_at` to the end of a lease and counts the attempt, WHERE the row still
 * holds the values it read. Only one instance's UPDATE matches; the others see 0 rows and skip it.
 * An instance that dies mid-send leaves the row due again once the lease ends (a repeat the
 * receiver recognises by its `x-plant-kiosk-delivery` id).
 */
import type { Notice } from '@plant-kiosk/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NotificationDeliveryTable } from '../db/schema.js';

export type NotificationChannel = 'webhook' | 'email';
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'retrying';
export type EmailSecurity = 'starttls' | 'tls' | 'none';

/** The settings as stored, secrets included: never answered as such (see the routes). */
export interface StoredNotificationSettings {
  webhook: { enabled: boolean; url: string; secret: string };
  email: {
    enabled: boolean;
    host: string;
    port: number;
    security: EmailSecurity;
    user: string;
    password: string;
    from: string;
    to: string[];
  };
  version: number;
  updatedAt: string | null;
}

export const EMPTY_SETTINGS: StoredNotificationSettings = {
  webhook: { enabled: false, url: '', secret: '' },
  email: {
    enabled: false,
    host: '',
    port: 587,
    security: 'starttls',
    user: '',
    password: '',
    from: '',
    to: [],
  },
  version: 0,
  updatedAt: null,
};

export interface StoredDelivery {
  deliveryId: string;
  notice: Notice;
  channel: NotificationChannel;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: string | null;
  lastResult: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

const SETTINGS_ID = 1;

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const toDelivery = (row: Selectable<NotificationDeliveryTable>): StoredDelivery => ({
  deliveryId: row.delivery_id,
  notice: JSON.parse(row.notice) as Notice,
  channel: row.channel as NotificationChannel,
  state: row.state as DeliveryState,
  attempts: Number(row.attempts),
  nextAttemptAt: row.next_attempt_at,
  lastResult: row.last_result,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The server's settings (the defaults until an admin saved them once). */
  async settings(): Promise<StoredNotificationSettings> {
    const row = await this.db
      .selectFrom('notification_settings')
      .selectAll()
      .where('id', '=', SETTINGS_ID)
      .executeTakeFirst();
    if (!row) return EMPTY_SETTINGS;
    return {
      webhook: {
        enabled: Number(row.webhook_enabled) === 1,
        url: row.webhook_url,
        secret: row.webhook_secret,
      },
      email: {
        enabled: Number(row.email_enabled) === 1,
        host: row.email_host,
        port: Number(row.email_port),
        security: row.email_security as EmailSecurity,
        user: row.email_user,
        password: row.email_password,
        from: row.email_from,
        to: parseList(row.email_to),
      },
      version: Number(row.version),
      updatedAt: row.updated_at,
    };
  }

  /** Stores the whole settings as `version` (an insert the first time, else an update). */
  async saveSettings(settings: StoredNotificationSettings, now: Date): Promise<void> {
    const values = {
      webhook_enabled: settings.webhook.enabled ? 1 : 0,
      webhook_url: settings.webhook.url,
      webhook_secret: settings.webhook.secret,
      email_enabled: settings.email.enabled ? 1 : 0,
      email_host: settings.email.host,
      email_port: settings.email.port,
      email_security: settings.email.security,
      email_user: settings.email.user,
      email_password: settings.email.password,
      email_from: settings.email.from,
      email_to: JSON.stringify(settings.email.to),
      version: settings.version,
      updated_at: now.toISOString(),
    };
    await this.db
      .insertInto('notification_settings')
      .values({ id: SETTINGS_ID, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async insertDelivery(delivery: StoredDelivery): Promise<void> {
    await this.db
      .insertInto('notification_deliveries')
      .values({
        delivery_id: delivery.deliveryId,
        notice: JSON.stringify(delivery.notice),
        channel: delivery.channel,
        state: delivery.state,
        attempts: delivery.attempts,
        next_attempt_at: delivery.nextAttemptAt,
        last_result: delivery.lastResult,
        created_at: delivery.createdAt,
        delivered_at: delivery.deliveredAt,
      })
      .execute();
  }

  async find(deliveryId: string): Promise<StoredDelivery | undefined> {
    const row = await this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('delivery_id', '=', deliveryId)
      .executeTakeFirst();
    return row ? toDelivery(row) : undefined;
  }

  /** The newest deliveries first. */
  async list(limit: number): Promise<StoredDelivery[]> {
    const rows = await this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('delivery_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }

  /** Deliveries waiting for an attempt whose time has come, oldest due first. */
  async due(now: Date, limit: number): Promise<StoredDelivery[]> {
    const rows = await this.db
      .selectFrom('notification_deliveries')
      .selectAll()
      .where('state', 'in', ['pending', 'retrying'])
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }

  /**
   * Takes `delivery` (as read by `due`) for one attempt: counts it and moves its next attempt to
   * `leaseUntil`. False when another worker took it first (the row no longer holds what was read).
   */
  async claim(delivery: StoredDelivery, leaseUntil: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_deliveries')
      .set({ attempts: delivery.attempts + 1, next_attempt_at: leaseUntil.toISOString() })
      .where('delivery_id', '=', delivery.deliveryId)
      .where('state', '=', delivery.state)
      .where('attempts', '=', delivery.attempts)
      .where('next_attempt_at', '=', delivery.nextAttemptAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an attempt's outcome: delivered, failed for good, or retrying at `nextAttemptAt`. */
  async finish(
    deliveryId: string,
    outcome: {
      state: Exclude<DeliveryState, 'pending'>;
      lastResult: string;
      nextAttemptAt: string | null;
      deliveredAt: string | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('notification_deliveries')
      .set({
        state: outcome.state,
        last_result: outcome.lastResult.slice(0, 500),
        next_attempt_at: outcome.nextAttemptAt,
        delivered_at: outcome.deliveredAt,
      })
      .where('delivery_id', '=', deliveryId)
      .execute();
  }
}
