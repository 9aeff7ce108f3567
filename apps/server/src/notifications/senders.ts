/**
 * Sending one notice — a health notice, or a publication notice of four-eyes publishing (decision
 * 048) — on one channel, once (decision 042): the signed webhook (node's own
 * fetch) and e-mail through the plant's SMTP relay (nodemailer). Each answers what happened in
 * one French line — the delivery's `lastResult` and the « Envoyer un test » answer — and never
 * throws: the worker decides what a failure means (a retry, or failed for good).
 */
import { createHmac } from 'node:crypto';
import { isPublicationNotice, type Notice, type NotificationEvent } from '@plant-kiosk/contract';
import nodemailer from 'nodemailer';
import type { StoredNotificationSettings } from './notification-repository.js';

/** How long one attempt may take, webhook and SMTP alike. */
export const SEND_TIMEOUT_MS = 10_000;

export interface SendResult {
  ok: boolean;
  /** One French line: « HTTP 200 », « Connexion refusée par relay:25 », « 250 OK … ». */
  result: string;
}

/** The notice that « Envoyer un test » sends: its id says it is a test (`x-plant-kiosk-event`). */
export const TEST_NOTICE_PREFIX = 'test-';
export const isTestNotice = (notice: Notice): boolean =>
  notice.noticeId.startsWith(TEST_NOTICE_PREFIX);

/** The notice's event: the webhook's `x-plant-kiosk-event`, and the deliveries list's label. */
export function noticeEvent(notice: Notice): NotificationEvent {
  if (isTestNotice(notice)) return 'test';
  return isPublicationNotice(notice) ? `publication.${notice.event}` : `health.${notice.state}`;
}

/** The webhook's signature: hex HMAC-SHA256 of "<timestamp>.<body>" (docs/notifications.md). */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The network error's code, wherever fetch or nodemailer put it. */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && code !== 'ECONNECTION' && code !== 'ESOCKET') return code;
    current = (current as { cause?: unknown }).cause;
  }
  const text = error instanceof Error ? error.message : String(error);
  return /\b(E[A-Z]+)\b/.exec(text)?.[1];
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** A network failure in French, naming where it went. */
function networkFailure(error: unknown, where: string): string {
  const code = errorCode(error);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `Pas de réponse de ${where} en ${SEND_TIMEOUT_MS / 1000} s`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Connexion refusée par ${where}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Adresse introuvable : ${where}`;
    case 'ETIMEDOUT':
      return `Pas de réponse de ${where} en ${SEND_TIMEOUT_MS / 1000} s`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `Connexion coupée par ${where}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where} injoignable depuis le serveur`;
    default:
      break;
  }
  if (code && (code.startsWith('CERT_') || code.includes('CERT') || code.includes('TLS'))) {
    return `Échec TLS avec ${where} : certificat refusé (${code})`;
  }
  // nodemailer keeps the TLS socket's message, not its code (« self-signed certificate »).
  if (/certificate|self[- ]signed|\bSSL\b|\bTLS\b/i.test(messageOf(error))) {
    return `Échec TLS avec ${where} : certificat refusé (${messageOf(error)})`;
  }
  return `Échec de l'envoi à ${where} : ${messageOf(error)}`;
}

/** POSTs the notice as JSON, signed when a secret is set; 2xx = delivered. */
export async function sendWebhook(
  settings: StoredNotificationSettings['webhook'],
  notice: Notice,
  deliveryId: string,
  now: Date,
): Promise<SendResult> {
  let where: string;
  try {
    where = new URL(settings.url).host;
  } catch {
    return { ok: false, result: 'Adresse du webhook invalide' };
  }
  const body = JSON.stringify(notice);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'plant-kiosk-notifications',
    'x-plant-kiosk-event': noticeEvent(notice),
    'x-plant-kiosk-delivery': deliveryId,
    'x-plant-kiosk-timestamp': timestamp,
  };
  if (settings.secret !== '') {
    headers['x-plant-kiosk-signature'] =
      `sha256=${webhookSignature(settings.secret, timestamp, body)}`;
  }
  try {
    const response = await fetch(settings.url, {
      method: 'POST',
      headers,
      body,
      // A redirect is an answer to fix in the settings, not one to follow with the notice.
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // The body is not used; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, result: `HTTP ${response.status}` };
    }
    return { ok: false, result: `HTTP ${response.status} — refusé par ${where}` };
  } catch (error) {
    return { ok: false, result: networkFailure(error, where) };
  }
}

/** Sends the notice by e-mail through the relay; the relay's acceptance = delivered. */
export async function sendEmail(
  settings: StoredNotificationSettings['email'],
  notice: Notice,
  /** Certificate authorities trusted beside the system's (PEM; the tests' own). */
  extraCa?: string,
): Promise<SendResult> {
  const where = `${settings.host}:${settings.port}`;
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    // 'tls': TLS from the first byte (usually 465); 'starttls': plain then STARTTLS, required
    // (usually 587); 'none': never upgrade, for a relay inside the plant's network.
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user !== '' ? { auth: { user: settings.user, pass: settings.password } } : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
    // The relay's certificate is checked against the system's list (and NODE_EXTRA_CA_CERTS).
    ...(extraCa ? { tls: { ca: [extraCa] } } : {}),
  });
  try {
    const info = await transport.sendMail({
      from: settings.from,
      to: settings.to,
      subject: notice.subject,
      text: notice.text,
      headers: { 'X-Plant-Kiosk-Notice': notice.noticeId },
    });
    return { ok: true, result: info.response || 'Accepté par le relais SMTP' };
  } catch (error) {
    return { ok: false, result: smtpFailure(error, where) };
  } finally {
    transport.close();
  }
}

function smtpFailure(error: unknown, where: string): string {
  const { code, response } = (error ?? {}) as { code?: unknown; response?: unknown };
  const answer = typeof response === 'string' ? ` (${response})` : '';
  switch (code) {
    case 'EAUTH':
      return `Identifiants refusés par le serveur SMTP ${where}${answer}`;
    case 'ENOAUTH':
      return `Le serveur SMTP ${where} demande un identifiant et un mot de passe`;
    case 'ETLS':
      return `Échec TLS avec ${where} : ${messageOf(error)}`;
    case 'EENVELOPE':
      return `Adresse refusée par le serveur SMTP ${where}${answer}`;
    case 'EMESSAGE':
      return `Message refusé par le serveur SMTP ${where}${answer}`;
    case 'EDNS':
      return `Adresse introuvable : ${where}`;
    case 'ETIMEDOUT':
    case 'EGREETING':
      return `Pas de réponse de ${where} en ${SEND_TIMEOUT_MS / 1000} s`;
    default:
      return networkFailure(error, where);
  }
}
