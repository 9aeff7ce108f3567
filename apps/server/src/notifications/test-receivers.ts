/**
 * Test support for the notifications: a real webhook receiver (node:http) and a real SMTP server
 * (smtp-server), each on a free port of 127.0.0.1, recording what they received. No mocks.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { webhookSignature } from './senders.js';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A webhook receiver answering the statuses queued in `statuses` (then 200). */
export function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  return new Promise<{ url: string; received: Received[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hooks/kiosk`,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** What a receiver does with a delivery (docs/notifications.md): recompute and compare. */
export function verify(received: Received, secret: string): boolean {
  const timestamp = String(received.headers['x-plant-kiosk-timestamp']);
  const expected = `sha256=${webhookSignature(secret, timestamp, received.body)}`;
  return received.headers['x-plant-kiosk-signature'] === expected;
}

/** The list's item at `index`, which the test expects to be there. */
export function at<T>(list: readonly T[], index = 0): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

export interface Mail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpOptions {
  auth?: { user: string; pass: string };
  /** Offer STARTTLS with this certificate (else no STARTTLS). */
  starttls?: TestCertificate;
  /** TLS from the first byte with this certificate. */
  implicitTls?: TestCertificate;
}

export function startSmtp(options: SmtpOptions) {
  const mails: Mail[] = [];
  /** Per mail received: whether its connection was encrypted by then. */
  const secure: boolean[] = [];
  const certificate = options.starttls ?? options.implicitTls;
  const disabled = [...(options.starttls ? [] : ['STARTTLS']), ...(options.auth ? [] : ['AUTH'])];
  const server = new SMTPServer({
    disabledCommands: disabled,
    ...(certificate ? { key: certificate.key, cert: certificate.cert } : {}),
    secure: options.implicitTls !== undefined,
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (
        options.auth &&
        auth.username === options.auth.user &&
        auth.password === options.auth.pass
      ) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (data += chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        secure.push(session.secure);
        callback();
      });
    },
  });
  return new Promise<{
    port: number;
    mails: Mail[];
    secure: boolean[];
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        port,
        mails,
        secure,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

export interface TestCertificate {
  key: string;
  cert: string;
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made now with the system's openssl (node
 * cannot write an X.509 certificate): the relay's certificate in the TLS tests, and the authority
 * the notifier is told to trust (`smtpCa`).
 */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'plant-kiosk-smtp-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
