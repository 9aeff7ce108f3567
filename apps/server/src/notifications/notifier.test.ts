/**
 * The notifier against a real webhook receiver (node:http, started by the test) and a real SMTP
 * server (smtp-server), on an injected clock: delivered and signed as documented, retried with
 * back-off, failed after the last retry with its answer visible, one send per due delivery when
 * two workers share the store. Runs on SQLite and on PostgreSQL (server-pg).
 */
import type { HealthNotice } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createRepositories, type Repositories } from '../db/repositories/index.js';
import { openTestDatabase } from '../testing/test-database.js';
import { EMPTY_SETTINGS, type StoredNotificationSettings } from './notification-repository.js';
import { createNotifier, RETRY_DELAYS_MS, type Notifier } from './notifier.js';
import {
  at,
  makeTestCertificate,
  startReceiver,
  startSmtp,
  verify,
  type TestCertificate,
} from './test-receivers.js';

const SECRET = 'secret-partage-du-webhook';

const notice = (overrides: Partial<HealthNotice> = {}): HealthNotice => ({
  noticeId: 'n-1',
  incidentId: 1,
  state: 'raised',
  rule: 'silent',
  devid: 1,
  devname: 'usine',
  kioskId: 'k-hall',
  kioskName: "Hall d'accueil",
  subject: "Totem « Hall d'accueil » silencieux depuis 20 min",
  text: "Aucune nouvelle du totem « Hall d'accueil » depuis 14:00.",
  raisedAt: '2026-11-27T14:20:00.000Z',
  clearedAt: null,
  at: '2026-11-27T14:20:00.000Z',
  ...overrides,
});

/** The newest delivery. */
const newest = async () => at(await repos.notifications.list(10));

let handle: DatabaseHandle;
let repos: Repositories;
let clock: Date;
let notifier: Notifier;

async function configure(change: (settings: StoredNotificationSettings) => void): Promise<void> {
  const settings = structuredClone(EMPTY_SETTINGS);
  change(settings);
  settings.version = 1;
  await repos.notifications.saveSettings(settings, clock);
}

beforeEach(async () => {
  handle = await openTestDatabase();
  repos = createRepositories(handle.db);
  clock = new Date('2026-11-27T14:20:00.000Z');
  notifier = createNotifier({ repos, now: () => clock });
});

afterEach(async () => {
  await notifier.stop();
  await handle.close();
});

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('webhook', () => {
  it('delivers the notice as signed JSON, with its event, delivery id and timestamp', async () => {
    const receiver = await startReceiver();
    try {
      await configure((s) => (s.webhook = { enabled: true, url: receiver.url, secret: SECRET }));
      await notifier.notify(notice());
      await notifier.settled();
      expect(receiver.received).toHaveLength(1);
      const got = at(receiver.received);
      expect(got.headers['content-type']).toBe('application/json');
      expect(got.headers['x-plant-kiosk-event']).toBe('health.raised');
      expect(got.headers['x-plant-kiosk-timestamp']).toBe(String(clock.getTime() / 1000));
      expect(JSON.parse(got.body)).toEqual(notice());
      expect(verify(got, SECRET)).toBe(true);
      expect(verify(got, 'un autre secret')).toBe(false);
      const delivery = await newest();
      expect(got.headers['x-plant-kiosk-delivery']).toBe(delivery.deliveryId);
      expect(delivery).toMatchObject({
        channel: 'webhook',
        state: 'delivered',
        attempts: 1,
        lastResult: 'HTTP 200',
        nextAttemptAt: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('records nothing when no channel is enabled', async () => {
    await notifier.notify(notice());
    await notifier.settled();
    expect(await repos.notifications.list(10)).toEqual([]);
  });

  it('retries a 500 after the first back-off and delivers on the 200', async () => {
    const receiver = await startReceiver([500]);
    try {
      await configure((s) => (s.webhook = { enabled: true, url: receiver.url, secret: SECRET }));
      await notifier.notify(notice({ state: 'cleared', clearedAt: '2026-11-27T14:30:00.000Z' }));
      await notifier.settled();
      let delivery = await newest();
      expect(delivery).toMatchObject({ state: 'retrying', attempts: 1 });
      expect(delivery.lastResult).toContain('HTTP 500');
      expect(delivery.nextAttemptAt).toBe(new Date(clock.getTime() + 30_000).toISOString());

      advance(29_000);
      expect(await notifier.runDue()).toBe(0);
      advance(1_000);
      expect(await notifier.runDue()).toBe(1);
      delivery = await newest();
      expect(delivery).toMatchObject({ state: 'delivered', attempts: 2, lastResult: 'HTTP 200' });
      expect(receiver.received).toHaveLength(2);
      // The same delivery, retried: same id, the event of a clear.
      expect(at(receiver.received, 1).headers['x-plant-kiosk-delivery']).toBe(delivery.deliveryId);
      expect(at(receiver.received, 1).headers['x-plant-kiosk-event']).toBe('health.cleared');
      expect(verify(at(receiver.received, 1), SECRET)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('fails for good after the last back-off, with the last answer visible', async () => {
    const receiver = await startReceiver(Array(10).fill(503));
    try {
      await configure((s) => (s.webhook = { enabled: true, url: receiver.url, secret: '' }));
      await notifier.notify(notice());
      await notifier.settled();
      for (const wait of RETRY_DELAYS_MS) {
        advance(wait);
        expect(await notifier.runDue()).toBe(1);
      }
      const delivery = await newest();
      expect(delivery).toMatchObject({
        state: 'failed',
        attempts: RETRY_DELAYS_MS.length + 1,
        nextAttemptAt: null,
      });
      expect(delivery.lastResult).toContain('HTTP 503');
      // No secret: no signature.
      expect(at(receiver.received, 0).headers['x-plant-kiosk-signature']).toBeUndefined();
      advance(24 * 3600_000);
      expect(await notifier.runDue()).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('says « Connexion refusée » in French when nothing listens', async () => {
    const receiver = await startReceiver();
    const { url } = receiver;
    await receiver.close();
    await configure((s) => (s.webhook = { enabled: true, url, secret: SECRET }));
    const delivery = await notifier.sendNow('webhook', notice({ noticeId: 'test-1' }));
    expect(delivery.state).toBe('failed');
    expect(delivery.lastResult).toMatch(/^Connexion refusée par 127\.0\.0\.1:\d+$/);
  });

  it('sends one due delivery once when two workers share the store', async () => {
    const receiver = await startReceiver([500]);
    try {
      await configure((s) => (s.webhook = { enabled: true, url: receiver.url, secret: SECRET }));
      await notifier.notify(notice());
      await notifier.settled();
      advance(30_000);
      const other = createNotifier({ repos: createRepositories(handle.db), now: () => clock });
      const attempted = await Promise.all([notifier.runDue(), other.runDue()]);
      expect(at(attempted, 0) + at(attempted, 1)).toBe(1);
      expect(receiver.received).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });
});

describe('e-mail', () => {
  const emailSettings = (port: number, user = '', password = '') => ({
    enabled: true,
    host: '127.0.0.1',
    port,
    security: 'none' as const,
    user,
    password,
    from: 'totems@usine.example',
    to: ['it@usine.example', 'astreinte@usine.example'],
  });

  it('sends the notice through the relay, subject and text from the notice', async () => {
    const smtp = await startSmtp({});
    try {
      await configure((s) => (s.email = emailSettings(smtp.port)));
      await notifier.notify(notice());
      await notifier.settled();
      expect(smtp.mails).toHaveLength(1);
      const mail = at(smtp.mails);
      expect(mail.from).toBe('totems@usine.example');
      expect(mail.to).toEqual(['it@usine.example', 'astreinte@usine.example']);
      expect(mail.data).toContain('Subject: =?UTF-8?');
      expect(mail.data).toContain('depuis 14:00');
      const delivery = await newest();
      expect(delivery).toMatchObject({ channel: 'email', state: 'delivered', attempts: 1 });
      expect(delivery.lastResult).toMatch(/^250/);
    } finally {
      await smtp.close();
    }
  });

  it('logs in with the credentials, and says when they are refused', async () => {
    const smtp = await startSmtp({ auth: { user: 'kiosk', pass: 'bon-mot-de-passe' } });
    try {
      await configure((s) => (s.email = emailSettings(smtp.port, 'kiosk', 'bon-mot-de-passe')));
      expect((await notifier.sendNow('email', notice())).state).toBe('delivered');
      await configure((s) => (s.email = emailSettings(smtp.port, 'kiosk', 'mauvais')));
      const refused = await notifier.sendNow('email', notice());
      expect(refused.state).toBe('failed');
      expect(refused.lastResult).toContain('Identifiants refusés par le serveur SMTP');
      expect(smtp.mails).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('retries a relay that refuses the connection', async () => {
    const smtp = await startSmtp({});
    const { port } = smtp;
    await smtp.close();
    await configure((s) => (s.email = emailSettings(port)));
    await notifier.notify(notice());
    await notifier.settled();
    const delivery = await newest();
    expect(delivery).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(delivery.lastResult).toBe(`Connexion refusée par 127.0.0.1:${port}`);
  });
});

describe('e-mail over TLS', () => {
  let certificate: TestCertificate;
  beforeEach(() => {
    certificate ??= makeTestCertificate();
  });

  const tlsSettings = (port: number, security: 'starttls' | 'tls') => ({
    enabled: true,
    host: '127.0.0.1',
    port,
    security,
    user: 'totems',
    password: 'bon',
    from: 'totems@usine.example',
    to: ['it@usine.example'],
  });

  it('upgrades with STARTTLS, logs in and sends, trusting the relay’s authority', async () => {
    const smtp = await startSmtp({
      auth: { user: 'totems', pass: 'bon' },
      starttls: certificate,
    });
    const trusting = createNotifier({ repos, now: () => clock, smtpCa: certificate.cert });
    try {
      await configure((s) => (s.email = tlsSettings(smtp.port, 'starttls')));
      const delivery = await trusting.sendNow('email', notice());
      expect(delivery.lastResult).toMatch(/^250/);
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.secure).toEqual([true]);
    } finally {
      await smtp.close();
    }
  });

  it('sends over TLS from the first byte', async () => {
    const smtp = await startSmtp({
      auth: { user: 'totems', pass: 'bon' },
      implicitTls: certificate,
    });
    const trusting = createNotifier({ repos, now: () => clock, smtpCa: certificate.cert });
    try {
      await configure((s) => (s.email = tlsSettings(smtp.port, 'tls')));
      const delivery = await trusting.sendNow('email', notice());
      expect(delivery.state).toBe('delivered');
      expect(smtp.secure).toEqual([true]);
    } finally {
      await smtp.close();
    }
  });

  it('refuses a relay whose certificate it does not trust, in French', async () => {
    const smtp = await startSmtp({ auth: { user: 'totems', pass: 'bon' }, starttls: certificate });
    try {
      await configure((s) => (s.email = tlsSettings(smtp.port, 'starttls')));
      const delivery = await notifier.sendNow('email', notice());
      expect(delivery.state).toBe('failed');
      expect(delivery.lastResult).toMatch(/^Échec TLS avec 127\.0\.0\.1:\d+/);
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('never sends in clear when STARTTLS is required and the relay does not offer it', async () => {
    const smtp = await startSmtp({ auth: { user: 'totems', pass: 'bon' } });
    try {
      await configure((s) => (s.email = tlsSettings(smtp.port, 'starttls')));
      const delivery = await notifier.sendNow('email', notice());
      expect(delivery.state).toBe('failed');
      expect(delivery.lastResult).toMatch(/TLS/);
      expect(smtp.mails).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});
