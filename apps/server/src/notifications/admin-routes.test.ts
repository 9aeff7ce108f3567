/**
 * The notification settings in the back-office: admins only (an editor gets 403), secrets never
 * answered (hasSecret, hasPassword) and kept unless given, bad input refused in French, changes
 * and tests audited without a secret's value; « Envoyer un test » against a real webhook receiver
 * and a real SMTP server, its French failure when nothing listens; the deliveries list.
 */
import {
  pathOf,
  type AuditEntry,
  type NotificationDelivery,
  type NotificationSettings,
  type NotificationSettingsRequest,
  type NotificationTestResult,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import { at, startReceiver, startSmtp, verify } from './test-receivers.js';

let f: AdminFixture;
let admin: AdminClient;
let editor: AdminClient;
beforeAll(async () => {
  ({ f, admin, editor } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});

const SETTINGS = pathOf('adminNotificationSettings', {});
const TEST = pathOf('adminTestNotification', {});
const DELIVERIES = pathOf('adminNotificationDeliveries', {});

const request = (
  webhook: Partial<NotificationSettingsRequest['webhook']> = {},
  email: Partial<NotificationSettingsRequest['email']> = {},
): NotificationSettingsRequest => ({
  webhook: { enabled: false, url: '', ...webhook },
  email: {
    enabled: false,
    host: '',
    port: 25,
    security: 'none',
    user: '',
    from: '',
    to: [],
    ...email,
  },
});

const auditOf = async (action: string) =>
  (await f.repos.audit.list({ limit: 50 })).filter((entry: AuditEntry) => entry.action === action);

describe('notification settings', () => {
  it('are for admins only: an editor gets 403 on every call', async () => {
    expect((await editor.get(SETTINGS)).statusCode).toBe(403);
    expect((await editor.put(SETTINGS, request())).statusCode).toBe(403);
    expect((await editor.post(TEST, { channel: 'webhook' })).statusCode).toBe(403);
    expect((await editor.get(DELIVERIES)).statusCode).toBe(403);
  });

  it('answer the defaults, then what was saved, never a secret', async () => {
    const first = await admin.get(SETTINGS);
    expect(first.statusCode).toBe(200);
    expect(data<NotificationSettings>(first)).toMatchObject({
      webhook: { enabled: false, url: '', hasSecret: false },
      email: { enabled: false, hasPassword: false, security: 'starttls', port: 587 },
      version: 0,
    });

    const saved = await admin.put(
      SETTINGS,
      request(
        { enabled: true, url: ' https://it.usine.example/hooks/totems ', secret: 'tres-secret' },
        {
          host: 'relais.usine.example',
          port: 587,
          security: 'starttls',
          user: 'totems',
          password: 'mot-de-passe-smtp',
          from: 'totems@usine.example',
          to: ['it@usine.example', ' '],
        },
      ),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('tres-secret');
    expect(saved.body).not.toContain('mot-de-passe-smtp');
    expect(data<NotificationSettings>(saved)).toMatchObject({
      webhook: { enabled: true, url: 'https://it.usine.example/hooks/totems', hasSecret: true },
      email: { host: 'relais.usine.example', to: ['it@usine.example'], hasPassword: true },
      version: 1,
    });

    // A save without the secrets keeps them; "" clears one.
    const kept = await admin.put(
      SETTINGS,
      request(
        { enabled: true, url: 'https://it.usine.example/hooks/totems' },
        {
          host: 'relais.usine.example',
          port: 587,
          security: 'starttls',
          user: 'totems',
          password: '',
          from: 'totems@usine.example',
          to: ['it@usine.example'],
        },
      ),
    );
    expect(data<NotificationSettings>(kept)).toMatchObject({
      webhook: { hasSecret: true },
      email: { hasPassword: false },
    });
    expect((await f.repos.notifications.settings()).webhook.secret).toBe('tres-secret');

    const audit = await auditOf('notifications.settings.update');
    expect(audit).toHaveLength(2);
    const text = JSON.stringify(audit);
    expect(text).not.toContain('tres-secret');
    expect(text).not.toContain('mot-de-passe-smtp');
    expect(text).toContain('effacé');
  });

  it('refuse bad input with a French 400', async () => {
    const cases: Array<[NotificationSettingsRequest, RegExp]> = [
      [request({ url: 'ftp://it.usine.example/' }), /http:\/\/ ou https:\/\//],
      [request({ url: 'pas une adresse' }), /n’est pas une adresse web valide/],
      [request({ enabled: true }), /Indiquez l’adresse du webhook/],
      [request({}, { to: ['it@usine.example', 'pas-une-adresse'] }), /« pas-une-adresse »/],
      [request({}, { from: 'totems usine' }), /L’expéditeur/],
      [request({}, { enabled: true, from: 'a@b', to: ['c@d'] }), /serveur SMTP/],
    ];
    for (const [body, message] of cases) {
      const response = await admin.put(SETTINGS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const port = await admin.put(SETTINGS, request({}, { port: 70000 }));
    expect(port.statusCode).toBe(400);
    expect(port.json<{ message: string }>().message).toMatch(/port/);
  });
});

describe('« Envoyer un test »', () => {
  it('sends a signed test notice to the webhook and answers its result', async () => {
    const receiver = await startReceiver();
    try {
      await admin.put(SETTINGS, request({ url: receiver.url, secret: 'secret-du-test' }));
      const response = await admin.post(TEST, { channel: 'webhook' });
      expect(response.statusCode).toBe(200);
      const result = data<NotificationTestResult>(response);
      expect(result).toMatchObject({ ok: true, result: 'HTTP 200' });
      expect(result.delivery).toMatchObject({ channel: 'webhook', event: 'test', attempts: 1 });
      const got = at(receiver.received);
      expect(got.headers['x-plant-kiosk-event']).toBe('test');
      expect(verify(got, 'secret-du-test')).toBe(true);
      expect(JSON.parse(got.body)).toMatchObject({ subject: 'Test des notifications des totems' });
    } finally {
      await receiver.close();
    }
  });

  it('answers « Connexion refusée » in French when nothing listens', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    await admin.put(SETTINGS, request({ url: receiver.url }));
    const response = await admin.post(TEST, { channel: 'webhook' });
    expect(response.statusCode).toBe(200);
    const result = data<NotificationTestResult>(response);
    expect(result.ok).toBe(false);
    expect(result.result).toMatch(/^Connexion refusée par 127\.0\.0\.1:\d+$/);
    expect(response.json<{ message: string }>().message).toMatch(/^Le test par webhook a échoué/);
    const [entry] = await auditOf('notifications.test');
    expect(entry?.summary).toMatchObject({ channel: 'webhook', ok: false });
  });

  it('sends a test e-mail through the relay, and says when the credentials are refused', async () => {
    const smtp = await startSmtp({ auth: { user: 'totems', pass: 'bon' } });
    try {
      const email = {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none' as const,
        user: 'totems',
        password: 'bon',
        from: 'totems@usine.example',
        to: ['it@usine.example'],
      };
      await admin.put(SETTINGS, request({}, email));
      const sent = data<NotificationTestResult>(await admin.post(TEST, { channel: 'email' }));
      expect(sent.ok).toBe(true);
      expect(sent.result).toMatch(/^250/);
      expect(at(smtp.mails).to).toEqual(['it@usine.example']);

      await admin.put(SETTINGS, request({}, { ...email, password: 'mauvais' }));
      // A second later, so that the list's order is the tests' order.
      f.clock.now = new Date(f.clock.now.getTime() + 1000);
      const refused = data<NotificationTestResult>(await admin.post(TEST, { channel: 'email' }));
      expect(refused.ok).toBe(false);
      expect(refused.result).toContain('Identifiants refusés par le serveur SMTP');
    } finally {
      await smtp.close();
    }
  });

  it('asks for the settings first when the channel has none', async () => {
    await admin.put(SETTINGS, request());
    const response = await admin.post(TEST, { channel: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Enregistrez d’abord/);
  });

  it('lists the deliveries newest first, tests included', async () => {
    const response = await admin.get(`${DELIVERIES}?limit=2`);
    expect(response.statusCode).toBe(200);
    const list = data<NotificationDelivery[]>(response);
    expect(list).toHaveLength(2);
    expect(at(list, 0)).toMatchObject({ channel: 'email', state: 'failed', event: 'test' });
    const all = data<NotificationDelivery[]>(await admin.get(DELIVERIES));
    expect(all.map((delivery) => `${delivery.channel} ${delivery.state}`).sort()).toEqual([
      'email delivered',
      'email failed',
      'webhook delivered',
      'webhook failed',
    ]);
  });
});
