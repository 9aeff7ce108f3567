/**
 * The notification settings between the wire and the store (decision 042): the answer hides the
 * secrets (`hasSecret`, `hasPassword`); a save keeps a secret it does not carry, clears it on "",
 * and replaces it otherwise; the audit summary names what changed, a secret only as « changed ».
 */
import type {
  HealthNotice,
  NotificationDelivery,
  NotificationSettings,
  NotificationSettingsRequest,
} from '@plant-kiosk/contract';
import type { StoredDelivery, StoredNotificationSettings } from './notification-repository.js';
import { noticeEvent } from './senders.js';

export function settingsView(stored: StoredNotificationSettings): NotificationSettings {
  const { secret, ...webhook } = stored.webhook;
  const { password, ...email } = stored.email;
  return {
    webhook: { ...webhook, hasSecret: secret !== '' },
    email: { ...email, hasPassword: password !== '' },
    version: stored.version,
    updatedAt: stored.updatedAt,
  };
}

/** The request with its texts trimmed and empty recipients dropped: what is checked and saved. */
export function trimmedRequest(request: NotificationSettingsRequest): NotificationSettingsRequest {
  const { webhook, email } = request;
  return {
    webhook: { ...webhook, url: webhook.url.trim() },
    email: {
      ...email,
      host: email.host.trim(),
      user: email.user.trim(),
      from: email.from.trim(),
      to: email.to.map((address) => address.trim()).filter((address) => address !== ''),
    },
  };
}

/** The settings after the save (`request` trimmed): a secret kept unless given. */
export function mergeSettings(
  before: StoredNotificationSettings,
  request: NotificationSettingsRequest,
): StoredNotificationSettings {
  const { secret, ...webhook } = request.webhook;
  const { password, ...email } = request.email;
  return {
    webhook: { ...webhook, secret: secret ?? before.webhook.secret },
    email: { ...email, password: password ?? before.email.password },
    version: before.version + 1,
    updatedAt: before.updatedAt,
  };
}

/** What changed, for the audit log: values for the plain fields, « modifié » for a secret. */
export function settingsChanges(
  before: StoredNotificationSettings,
  after: StoredNotificationSettings,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const channel of ['webhook', 'email'] as const) {
    const was = before[channel] as unknown as Record<string, unknown>;
    const now = after[channel] as unknown as Record<string, unknown>;
    for (const key of Object.keys(now)) {
      if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
      const secret = key === 'secret' || key === 'password';
      changes[`${channel}.${key}`] = secret
        ? now[key] === ''
          ? 'effacé'
          : 'modifié'
        : { before: was[key], after: now[key] };
    }
  }
  return changes;
}

export function deliveryView(delivery: StoredDelivery): NotificationDelivery {
  return {
    deliveryId: delivery.deliveryId,
    channel: delivery.channel,
    event: noticeEvent(delivery.notice),
    subject: delivery.notice.subject,
    devname: delivery.notice.devname,
    state: delivery.state,
    attempts: delivery.attempts,
    lastResult: delivery.lastResult,
    nextAttemptAt: delivery.nextAttemptAt,
    createdAt: delivery.createdAt,
    deliveredAt: delivery.deliveredAt,
  };
}

/** The notice « Envoyer un test » sends: a health notice's shape, said to be a test. */
export function testNotice(id: string, now: Date, username: string): HealthNotice {
  const at = now.toISOString();
  return {
    noticeId: id,
    incidentId: 1,
    state: 'raised',
    rule: 'silent',
    devid: 1,
    devname: 'test',
    kioskId: null,
    kioskName: null,
    subject: 'Test des notifications des totems',
    text: [
      'Ceci est un message de test envoyé depuis le back-office des totems',
      `par ${username}, le ${at}.`,
      '',
      'Si vous le lisez, les messages de santé des totems arriveront ici.',
      'Aucune action n’est nécessaire.',
    ].join('\n'),
    raisedAt: at,
    clearedAt: null,
    at,
  };
}
