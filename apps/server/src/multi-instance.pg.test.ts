/**
 * Two real server processes (src/server.ts under tsx, as `npm run dev` runs it) on two ports,
 * sharing one PostgreSQL schema: a kiosk streaming from instance B (with a stream ticket asked of
 * A) receives the `sync` published through instance A, exactly once, and B's snapshot already
 * shows the new content version (the publish invalidated B's cache through the bus, not after its
 * TTL); and the fleet seen through A follows a kiosk that streams from B. Runs in the server-pg
 * project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ADMIN_CSRF_HEADER,
  type AdminSession,
  hashPasswordForLogin,
  type KioskStatus,
  TOKEN_HEADER,
  type Envelope,
  type LoginResponse,
  type PublishResponse,
  type Snapshot,
  type StreamTicket,
  pathOf,
} from '@plant-kiosk/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack, sampleContent } from './testing/pack-builder.js';
import { openStream, type StreamClient } from './testing/sse-client.js';
import { createTestSchema, testPostgresUrl, type TestSchema } from './testing/test-database.js';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const PUBLISH_TOKEN = 'multi-instance-publish-token-0123456789';
const JWT_SECRET = 'multi-instance-jwt-secret-0123456789abcdef0123';

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

const started: Instance[] = [];
const dataDirs: string[] = [];
let schema: TestSchema;

/**
 * Starts one server process; resolves once it prints its address. Instances share their data
 * directory, as the README's deployment requires (the media live there: with a directory each,
 * whichever instance did not seed had no media, and its publish checks refused the demo's).
 */
function startInstance(
  name: string,
  databaseUrl: string,
  dataDir: string,
  demoPack: string,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      // Only what this test means: no inherited DATABASE_URL, PORT… surprises.
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO_PACK: demoPack,
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLISH_TOKEN,
      JWT_SECRET,
      ADMIN_PASSWORD: 'multi-instance-admin',
      LOG_LEVEL: 'warn',
      SPLIT_PORTS: '',
      KIOSK_ENV: 'prod',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const instance = { child, url: '', output: () => output };
  started.push(instance);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 90_000);
    const check = () => {
      const match = /kiosk \+ API\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve({ ...instance, url: match[1]! });
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before starting:\n${output}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  schema = await createTestSchema(testPostgresUrl()!);
  // Together, on an empty store: the startup lock lets one seed the demo plant, the other wait.
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-multi-instance-'));
  dataDirs.push(dataDir);
  // A small plant's pack as the first start's content (the demo's is built by `npm run build`,
  // which the unit tests do not wait for).
  const packDir = mkdtempSync(join(tmpdir(), 'kiosk-multi-instance-pack-'));
  dataDirs.push(packDir);
  const demoPack = join(packDir, 'plant.zip');
  writeFileSync(demoPack, await buildPack({ content: { ...sampleContent(), setting: [] } }));
  [a, b] = await Promise.all([
    startInstance('a', schema.url, dataDir, demoPack),
    startInstance('b', schema.url, dataDir, demoPack),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map(({ child }) => stop(child)));
  await schema?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function json<T>(response: Response): Promise<T> {
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(envelope)}`);
  return envelope.data as T;
}

async function kioskLogin(instance: Instance): Promise<LoginResponse> {
  return json<LoginResponse>(
    await fetch(`${instance.url}${pathOf('login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        devname: 'neubourg',
        loginRequest: { login: 'kiosk', password: hashPasswordForLogin('kiosk') },
      }),
    }),
  );
}

/** The back-office's fleet list as seen through one instance (admin session cookie). */
async function fleetThrough(
  instance: Instance,
): Promise<(kioskId: string) => Promise<KioskStatus | undefined>> {
  const response = await fetch(`${instance.url}${pathOf('adminLogin')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: instance.url },
    body: JSON.stringify({ username: 'admin', password: 'multi-instance-admin' }),
  });
  await json<unknown>(response);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return async (kioskId) =>
    (
      await json<KioskStatus[]>(
        await fetch(`${instance.url}${pathOf('adminFleet')}`, { headers: { cookie } }),
      )
    ).find((entry) => entry.kioskId === kioskId);
}

async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 25_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('two server instances on one PostgreSQL', () => {
  it('imports the first start content into an empty store once when both start together', () => {
    const seeded = [a, b].filter((instance) =>
      /Demo plant "neubourg" imported from .* and published as revision 1/.test(instance.output()),
    );
    expect(seeded).toHaveLength(1);
  });

  it('a kiosk streaming from B receives the sync published through A, once', async () => {
    const login = await kioskLogin(b);
    const devid = login.development.devid;
    const snapshotOnB = async () =>
      json<Snapshot>(
        await fetch(`${b.url}${pathOf('snapshot', { params: { devid } })}`, {
          headers: { [TOKEN_HEADER]: login.token },
        }),
      );
    const before = (await snapshotOnB()).version;

    let stream: StreamClient | undefined;
    try {
      // As the kiosk opens it (decision 028): a single-use ticket, here asked of A, opens the
      // stream on B; the same ticket is then refused, on either instance.
      const { ticket } = await json<StreamTicket>(
        await fetch(`${a.url}${pathOf('streamTicket', { params: { devid } })}`, {
          method: 'POST',
          headers: { [TOKEN_HEADER]: login.token },
        }),
      );
      stream = await openStream(
        `${b.url}${pathOf('stream', { params: { devid }, query: { ticket } })}`,
      );
      expect(stream.status).toBe(200);
      await stream.waitFor((text) => text.includes('retry:'));
      const again = await fetch(
        `${a.url}${pathOf('stream', { params: { devid }, query: { ticket } })}`,
      );
      expect(again.status).toBe(401);

      // An edit of the draft, as the back-office would make it, so that the publish has something.
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        await client.query(
          `update elements set addingdate = '2026-01-01T00:00:00.000Z' where elementid =
             (select min(e.elementid) from elements e join zones z on z.zoneid = e.zoneid
              where z.devid = $1)`,
          [devid],
        );
      } finally {
        await client.end();
      }

      const published = await json<PublishResponse>(
        await fetch(`${a.url}/api/publish/${devid}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${PUBLISH_TOKEN}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ type: 'sync' }),
        }),
      );
      // No kiosk is connected to A itself.
      expect(published.delivered).toBe(0);
      expect(published.message.version).toBe(before + 1);

      const text = await stream.waitFor((received) => received.includes('"type":"sync"'));
      // Content messages only: every stream also starts with the alert state (emergency alerts,
      // decision 012).
      const contentOnly = (received: string) =>
        [...received.matchAll(/^data: (.*)$/gm)]
          .map((match) => JSON.parse(match[1]!) as { type: string })
          .filter((message) => message.type !== 'alert');
      const messages = contentOnly(text);
      expect(messages).toEqual([
        { devid, type: 'sync', version: before + 1, revision: before + 1 },
      ]);
      // B's content-version cache was invalidated by the notification: no stale snapshot.
      expect((await snapshotOnB()).version).toBe(before + 1);

      // Exactly once, even after a while.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(contentOnly(stream.text())).toHaveLength(1);
    } catch (error) {
      throw new Error(
        `${(error as Error).message}\n--- A ---\n${a.output()}\n--- B ---\n${b.output()}`,
        { cause: error },
      );
    } finally {
      stream?.close();
    }
  });

  it('the fleet seen through A follows a kiosk that streams from B: online, then offline', async () => {
    const login = await kioskLogin(b);
    // The id the login gave (issue 47): a stream speaks for its token's totem only.
    const kioskId = login.kioskId!;
    const entry = await fleetThrough(a);
    const stream = await openStream(
      `${b.url}${pathOf('stream', { params: { devid: login.development.devid }, query: { token: login.token, ...{ kioskId, mode: 'totem', totem: 'Moulage' } } })}`,
    );
    try {
      await stream.waitFor((text) => text.includes('retry:'));
      expect(
        await until(
          () => entry(kioskId),
          (found) => found?.connected === true,
        ),
      ).toMatchObject({
        kioskId,
        state: 'online',
        connected: true,
        totem: 'Moulage',
      });
    } finally {
      stream.close();
    }
    expect(
      await until(
        () => entry(kioskId),
        (found) => found?.state === 'offline',
      ),
    ).toMatchObject({
      state: 'offline',
      connected: false,
    });
  });

  // Outside-probe hardening: last, because it revokes the demo development's tokens.
  it('revoking tokens through A ends the streams open on B', async () => {
    const login = await kioskLogin(b);
    const devid = login.development.devid;
    const stream = await openStream(
      `${b.url}${pathOf('stream', { params: { devid }, query: { token: login.token } })}`,
    );
    try {
      await stream.waitFor((text) => text.includes('retry:'));
      const response = await fetch(`${a.url}${pathOf('adminLogin')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.url },
        body: JSON.stringify({ username: 'admin', password: 'multi-instance-admin' }),
      });
      const session = await json<AdminSession>(response);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
      await json<unknown>(
        await fetch(`${a.url}${pathOf('adminRevokeTokens', { params: { devid } })}`, {
          method: 'POST',
          headers: { cookie, origin: a.url, [ADMIN_CSRF_HEADER]: session.csrfToken },
        }),
      );
      // The NOTIFY reaches B, whose hub ends the development's streams: wait for that end.
      await stream.ended;
    } finally {
      stream.close();
    }
  });
});
