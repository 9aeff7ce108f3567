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

/** Bytes written as text with `=XX` escapes (quoted-printable, RFC 2047's Q), read as UTF-8. */
function unescapeBytes(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3);
    if (text[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(text.charCodeAt(index));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_whole, _charset, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : unescapeBytes(text.replace(/_/g, ' ')),
    );
}

/**
 * A received mail read as its reader would: the subject decoded, the text part decoded from its
 * transfer encoding. Enough for the single-part text mails the notifier sends (no MIME parser
 * among the project's dependencies, and a test one would be a dependency for three lines).
 */
export function readMail(data: string): {
  subject: string;
  text: string;
  header(name: string): string;
} {
  const split = data.indexOf('\r\n\r\n');
  const head = data.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = data.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const header = (name: string) => headers.get(name.toLowerCase()) ?? '';
  const encoding = header('content-transfer-encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? unescapeBytes(body.replace(/=\r\n/g, ''))
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { subject: decodeWords(header('subject')), text: text.replace(/\r\n/g, '\n'), header };
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
