/**
 * The health rules end to end (issue 48, part 2): the app's own monitor (AppOptions.healthMonitor,
 * as server.ts turns it on) raises a silent totem's incident on the injected clock and hands the
 * notice to the notifications, which deliver it to a real webhook receiver (node:http) and a real
 * SMTP server (smtp-server) started here — no mocks. Runs on SQLite (`server`) and PostgreSQL
 * (`server-pg`).
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HealthNotice } from '@plant-kiosk/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminFixture, type AdminFixture } from '../testing/admin-fixture.js';

const SECRET = 'secret-partage-du-webhook';
const MINUTE = 60_000;

let f: AdminFixture;
const hooks: { headers: IncomingMessage['headers']; body: string }[] = [];
const mails: { to: string[]; data: string }[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    hooks.push({ headers: request.headers, body });
    response.end('ok');
  });
});
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  onData(stream, session, callback) {
    let data = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (data += chunk));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
      callback();
    });
  },
});

const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  await listen(receiver);
  await listen(smtp);
  // The app's monitor checks every 20 ms of real time; the clock it reads is the fixture's.
  f = await createAdminFixture({ app: { healthMonitor: { checkMs: 20 } } });
  await f.repos.notifications.saveSettings(
    {
      webhook: {
        enabled: true,
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/kiosk`,
        secret: SECRET,
      },
      email: {
        enabled: true,
        host: '127.0.0.1',
        port: (smtp.server.address() as AddressInfo).port,
        security: 'none',
        user: '',
        password: '',
        from: 'totems@usine.example',
        to: ['it@usine.example'],
      },
      version: 0,
      updatedAt: null,
    },
    f.clock.now,
  );
});
afterAll(async () => {
  await f.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('a silent totem, through the notifications', () => {
  it('reaches the webhook (signed) and the mailbox once, raised then cleared', async () => {
    await f.repos.kiosks.record({
      devid: f.ids.devid,
      kioskId: 'totem-hall',
      now: f.clock.now,
      report: { mode: 'totem' },
      heartbeat: true,
    });
    const open = async () => (await f.repos.health.open(f.ids.devid))[0];
    // Silent 15 min: the monitor opens a pending incident…
    f.clock.now = new Date(f.clock.now.getTime() + 15 * MINUTE);
    await vi.waitFor(async () => expect((await open())?.state).toBe('pending'), 10_000);
    // …and raises it once the quiet period has passed.
    f.clock.now = new Date(f.clock.now.getTime() + 5 * MINUTE);
    await vi.waitFor(() => {
      expect(hooks).toHaveLength(1);
      expect(mails).toHaveLength(1);
    }, 10_000);
    const hook = hooks[0]!;
    const notice = JSON.parse(hook.body) as HealthNotice;
    expect(notice).toMatchObject({
      state: 'raised',
      rule: 'silent',
      kioskId: 'totem-hall',
      subject: 'Totem « totem-hall » silencieux depuis 20 min',
    });
    const timestamp = String(hook.headers['x-plant-kiosk-timestamp']);
    const signature = createHmac('sha256', SECRET)
      .update(`${timestamp}.${hook.body}`)
      .digest('hex');
    expect(hook.headers['x-plant-kiosk-signature']).toBe(`sha256=${signature}`);
    expect(mails[0]!.to).toEqual(['it@usine.example']);
    expect(mails[0]!.data).toMatch(/Subject: /);
    expect(mails[0]!.data).toContain('totem-hall');

    // Back: cleared after the quiet period, one more message each.
    await f.repos.kiosks.record({
      devid: f.ids.devid,
      kioskId: 'totem-hall',
      now: f.clock.now,
      report: {},
      heartbeat: true,
    });
    await vi.waitFor(async () => expect((await open())?.state).toBe('clearing'), 10_000);
    f.clock.now = new Date(f.clock.now.getTime() + 5 * MINUTE);
    await f.repos.kiosks.record({
      devid: f.ids.devid,
      kioskId: 'totem-hall',
      now: f.clock.now,
      report: {},
      heartbeat: true,
    });
    await vi.waitFor(() => {
      expect(hooks).toHaveLength(2);
      expect(mails).toHaveLength(2);
    }, 10_000);
    expect(JSON.parse(hooks[1]!.body)).toMatchObject({
      state: 'cleared',
      subject: 'Rétabli : totem « totem-hall » de nouveau en contact',
    });
  });
});
