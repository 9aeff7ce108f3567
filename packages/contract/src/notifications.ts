/**
 * Where health messages go (issue 48, part 2; decision 042): a signed webhook and e-mail through
 * the plant's SMTP relay, ONE set of settings for the whole server (the plant's IT has one
 * webhook and one relay, whatever the development). Server-side, admin-only, never published
 * (published settings travel to every totem: decision 017).
 *
 * Secrets are write-only: the answers say `hasSecret` / `hasPassword`, never the value; a save
 * sets a secret only when it carries one (absent: kept; "": cleared).
 *
 * Each notice to each channel is a delivery, retried with back-off until delivered or failed;
 * the back-office lists them with their last answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoDate } from './entities.js';
import type { HealthNotice } from './health-notice.js';
import { adminRelative } from './route-table.js';

export const NOTIFICATION_CHANNELS = ['webhook', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NotificationChannel = Type.Union(
  NOTIFICATION_CHANNELS.map((channel) => Type.Literal(channel)),
);

/** 'starttls': plain then STARTTLS, required (usually 587); 'tls': TLS at once (usually 465);
 * 'none': never encrypted (a relay inside the plant's network, usually 25). */
export const EMAIL_SECURITIES = ['starttls', 'tls', 'none'] as const;
export type EmailSecurity = (typeof EMAIL_SECURITIES)[number];
export const EmailSecurity = Type.Union(EMAIL_SECURITIES.map((value) => Type.Literal(value)));

export const NOTIFICATION_URL_MAX_LENGTH = 2000;
export const NOTIFICATION_SECRET_MAX_LENGTH = 500;
export const NOTIFICATION_MAX_RECIPIENTS = 20;
const ADDRESS_MAX_LENGTH = 320;

const webhookFields = {
  enabled: Type.Boolean(),
  /** http or https (checked by validateNotificationSettings, in French); "" when unset. */
  url: Type.String({ maxLength: NOTIFICATION_URL_MAX_LENGTH }),
};
const emailFields = {
  enabled: Type.Boolean(),
  host: Type.String({ maxLength: 255 }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  security: EmailSecurity,
  /** The relay's login ("" = none: the relay takes mail without one). */
  user: Type.String({ maxLength: 255 }),
  from: Type.String({ maxLength: ADDRESS_MAX_LENGTH }),
  to: Type.Array(Type.String({ maxLength: ADDRESS_MAX_LENGTH }), {
    maxItems: NOTIFICATION_MAX_RECIPIENTS,
  }),
};

/** What the server answers: the settings, secrets replaced by whether they are set. */
export const NotificationSettings = Type.Object({
  webhook: Type.Object({ ...webhookFields, hasSecret: Type.Boolean() }),
  email: Type.Object({ ...emailFields, hasPassword: Type.Boolean() }),
  /** Bumped by every save (0: never saved). */
  version: Type.Integer({ minimum: 0 }),
  updatedAt: Type.Union([IsoDate, Type.Null()]),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** What an admin saves: the whole settings; a secret only when it changes. */
export const NotificationSettingsRequest = Type.Object(
  {
    webhook: Type.Object(
      {
        ...webhookFields,
        /** Absent: kept as it is; "": cleared; else the new shared secret. */
        secret: Type.Optional(Type.String({ maxLength: NOTIFICATION_SECRET_MAX_LENGTH })),
      },
      { additionalProperties: false },
    ),
    email: Type.Object(
      {
        ...emailFields,
        /** Absent: kept as it is; "": cleared; else the new password. */
        password: Type.Optional(Type.String({ maxLength: NOTIFICATION_SECRET_MAX_LENGTH })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type NotificationSettingsRequest = Static<typeof NotificationSettingsRequest>;

/** « Envoyer un test »: a test notice sent now on one channel, with the saved settings. */
export const NotificationTestRequest = Type.Object(
  { channel: NotificationChannel },
  { additionalProperties: false },
);
export type NotificationTestRequest = Static<typeof NotificationTestRequest>;

export const NOTIFICATION_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type NotificationDeliveryState = (typeof NOTIFICATION_DELIVERY_STATES)[number];

/** French names of the delivery states. */
export const NOTIFICATION_DELIVERY_STATE_LABELS: Record<NotificationDeliveryState, string> = {
  pending: 'En attente',
  delivered: 'Remis',
  failed: 'Échec',
  retrying: 'Nouvel essai prévu',
};

/**
 * Four-eyes publishing's notices (issue 51, part 2; decision 048), on the same channels as the
 * health notices: a request made (for the reviewers), approved or refused (for its author), and an
 * admin's publication without approval (for whoever watches the plant's publishing). The plant's
 * IT recipients receive them: users have no e-mail address in the model.
 */
export const PUBLICATION_NOTICE_EVENTS = ['requested', 'approved', 'refused', 'bypass'] as const;
export type PublicationNoticeEvent = (typeof PUBLICATION_NOTICE_EVENTS)[number];

export const PublicationNotice = Type.Object({
  /** The notice's own id (a delivery retried carries the same). */
  noticeId: Type.String(),
  /** What tells it from a health notice (which has no `kind`). */
  kind: Type.Literal('publication'),
  event: Type.Union(PUBLICATION_NOTICE_EVENTS.map((event) => Type.Literal(event))),
  devid: Id,
  devname: Type.String(),
  /** The request concerned; null for a publication without approval. */
  requestId: Type.Union([Id, Type.Null()]),
  /** One line in French: « Demande de publication sur « usine-nord » : Nouveau menu ». */
  subject: Type.String(),
  /** A few lines in French: who asked what, the note, where to look (`/admin/#/demandes/<devid>`). */
  text: Type.String(),
  /** When this notice was made. */
  at: IsoDate,
});
export type PublicationNotice = Static<typeof PublicationNotice>;

/** Whatever the notifications deliver: a health notice or a publication notice. */
export type Notice = HealthNotice | PublicationNotice;

export const isPublicationNotice = (notice: Notice): notice is PublicationNotice =>
  'kind' in notice && notice.kind === 'publication';

/** The webhook's `x-plant-kiosk-event` of a notice. */
export const NOTIFICATION_EVENTS = [
  'health.raised',
  'health.cleared',
  'publication.requested',
  'publication.approved',
  'publication.refused',
  'publication.bypass',
  'test',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NotificationDelivery = Type.Object({
  deliveryId: Type.String(),
  channel: NotificationChannel,
  event: Type.Union(NOTIFICATION_EVENTS.map((event) => Type.Literal(event))),
  /** The notice's subject. */
  subject: Type.String(),
  devname: Type.String(),
  state: Type.Union(NOTIFICATION_DELIVERY_STATES.map((state) => Type.Literal(state))),
  attempts: Type.Integer({ minimum: 0 }),
  /** The last attempt's answer in one line: « HTTP 200 », « 250 OK », « Connexion refusée par … ». */
  lastResult: Type.Union([Type.String(), Type.Null()]),
  /** When the next attempt is due (pending, retrying); null once delivered or failed. */
  nextAttemptAt: Type.Union([IsoDate, Type.Null()]),
  createdAt: IsoDate,
  deliveredAt: Type.Union([IsoDate, Type.Null()]),
});
export type NotificationDelivery = Static<typeof NotificationDelivery>;

export const NotificationDeliveryList = Type.Array(NotificationDelivery);
export type NotificationDeliveryList = Static<typeof NotificationDeliveryList>;

export const NotificationDeliveryQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type NotificationDeliveryQuery = Static<typeof NotificationDeliveryQuery>;

/** The test's answer: whether it went through, its answer in French, and its delivery. */
export const NotificationTestResult = Type.Object({
  ok: Type.Boolean(),
  result: Type.String(),
  delivery: NotificationDelivery,
});
export type NotificationTestResult = Static<typeof NotificationTestResult>;

/** A mail address as relays take it: one @, no spaces nor separators (not the whole RFC 5321). */
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;
export const isMailAddress = (value: string): boolean => ADDRESS.test(value);

/**
 * What is wrong with the settings, in French (the form and the server's 400 alike); null when
 * nothing. An enabled channel needs what it sends with; a disabled one may be half filled.
 */
export function validateNotificationSettings(request: NotificationSettingsRequest): string | null {
  const { webhook, email } = request;
  if (webhook.url !== '') {
    let protocol = '';
    try {
      protocol = new URL(webhook.url).protocol;
    } catch {
      return `L’adresse du webhook « ${webhook.url} » n’est pas une adresse web valide.`;
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      return 'L’adresse du webhook doit commencer par http:// ou https://.';
    }
  } else if (webhook.enabled) {
    return 'Indiquez l’adresse du webhook, ou désactivez-le.';
  }
  if (email.from !== '' && !isMailAddress(email.from)) {
    return `L’expéditeur « ${email.from} » n’est pas une adresse e-mail valide.`;
  }
  const wrong = email.to.find((address) => !isMailAddress(address));
  if (wrong !== undefined)
    return `Le destinataire « ${wrong} » n’est pas une adresse e-mail valide.`;
  if (/[\s/]/.test(email.host)) {
    return `Le serveur SMTP « ${email.host} » doit être un nom d’hôte ou une adresse IP.`;
  }
  if (email.enabled) {
    if (email.host === '') return 'Indiquez le serveur SMTP, ou désactivez l’e-mail.';
    if (email.from === '') return 'Indiquez l’expéditeur des e-mails.';
    if (email.to.length === 0) return 'Indiquez au moins un destinataire.';
  }
  return null;
}

/** The server's route patterns, relative to the admin prefix. */
export const adminNotificationRoutePatterns = {
  settings: adminRelative('adminNotificationSettings'),
  test: adminRelative('adminTestNotification'),
  deliveries: adminRelative('adminNotificationDeliveries'),
} as const;

/** The audit log's actions (never a secret's value in their summary). */
export const NOTIFICATION_AUDIT_ACTIONS = {
  update: 'notifications.settings.update',
  test: 'notifications.test',
} as const;

/** French names of the settings' fields as the audit summary names them (`webhook.url`…). */
export const NOTIFICATION_FIELD_LABELS: Record<string, string> = {
  'webhook.enabled': 'webhook activé',
  'webhook.url': 'adresse du webhook',
  'webhook.secret': 'secret du webhook',
  'email.enabled': 'e-mail activé',
  'email.host': 'serveur SMTP',
  'email.port': 'port SMTP',
  'email.security': 'chiffrement SMTP',
  'email.user': 'identifiant SMTP',
  'email.password': 'mot de passe SMTP',
  'email.from': 'expéditeur',
  'email.to': 'destinataires',
};
