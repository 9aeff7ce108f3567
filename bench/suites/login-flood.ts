/**
 * The outside-probe hardening's login figure: how long a real login takes while someone floods the
 * login routes, against the same login without a flood, in the same run (a ratio: these machines
 * are noisy).
 *
 * The server runs from source (the production scrypt cost, SQLite, the demo plant). Real logins
 * come from 127.0.0.3, one after the other; the flood, during them, keeps 40 requests in flight:
 * - "one address": random development (or user) names from 127.0.0.2, as the outside probe did
 *   (before the fix: real kiosk login 2.1 s → 63 s, admin 1.4 s → 38 s);
 * - "many addresses": random names from 40 addresses 127.0.1.x, so that the per-address limit
 *   never bites: what is left is the cost of an unknown name, which runs no scrypt.
 * Also reported: the flood's answers by status, and how many real logins were refused.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import { hashPasswordForLogin, pathOf } from '@plant-kiosk/contract';
import { BENCH_ADMIN_PASSWORD, freePort, makeDataDir, repoRoot } from '../support/processes.js';
import { sized } from '../support/sizes.js';
import { median, round } from '../support/stats.js';

const LOGINS = sized(8, 1);
const IN_FLIGHT = sized(40, 4);

interface Answer {
  status: number;
  ms: number;
}

function post(base: string, path: string, body: unknown, localAddress: string): Promise<Answer> {
  const started = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: base,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const kioskBody = (devname: string, password: string) => ({
  devname,
  loginRequest: { login: 'kiosk', password: hashPasswordForLogin(password) },
});
const adminBody = (username: string, password: string) => ({ username, password });
const madeUp = () => `x-${randomBytes(6).toString('hex')}`;

async function startServer() {
  const data = makeDataDir();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-only-secret-0123456789abcdef0123456789abcdef',
      PUBLISH_TOKEN: 'bench-only-publish-token',
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      SPLIT_PORTS: '',
      KIOSK_ENV: 'prod',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server not up in 120 s:\n${log}`);
    const up = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    // The first admin is created just after the server listens.
    if (
      up &&
      (
        await post(
          base,
          pathOf('adminLogin'),
          adminBody('admin', BENCH_ADMIN_PASSWORD),
          '127.0.0.9',
        )
      ).status === 200
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => {
          data.remove();
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Keeps IN_FLIGHT flood requests going until stopped; counts their answers by status. */
function flood(send: (i: number) => Promise<Answer>) {
  const statuses: Record<string, number> = {};
  let running = true;
  let i = 0;
  const lanes = Array.from({ length: IN_FLIGHT }, async () => {
    while (running) {
      const answer = await send(i++).catch(() => ({ status: 0, ms: 0 }));
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(lanes);
    },
  };
}

async function realLogins(send: () => Promise<Answer>) {
  const times: number[] = [];
  let refused = 0;
  for (let n = 0; n < LOGINS; n++) {
    const answer = await send();
    if (answer.status === 200) times.push(answer.ms);
    else refused++;
  }
  return { medianMs: round(times.length ? median(times) : 0, 0), refused };
}

export async function loginFloodBench(log: (line: string) => void) {
  const server = await startServer();
  const { base } = server;
  try {
    const kiosk = () => post(base, pathOf('login'), kioskBody('neubourg', 'kiosk'), '127.0.0.3');
    const admin = () =>
      post(base, pathOf('adminLogin'), adminBody('admin', BENCH_ADMIN_PASSWORD), '127.0.0.3');
    const result: Record<string, unknown> = {};
    for (const [name, real, fake] of [
      ['kiosk', kiosk, () => kioskBody(madeUp(), 'whatever')],
      ['admin', admin, () => adminBody(madeUp(), 'mauvais-mot-de-passe')],
    ] as const) {
      const path = name === 'kiosk' ? pathOf('login') : pathOf('adminLogin');
      const alone = await realLogins(real);
      const oneAddress = flood(() => post(base, path, fake(), '127.0.0.2'));
      const underOne = await realLogins(real);
      await oneAddress.stop();
      const many = flood((i) => post(base, path, fake(), `127.0.1.${(i % 40) + 10}`));
      const underMany = await realLogins(real);
      await many.stop();
      result[name] = {
        aloneMs: alone.medianMs,
        floodOneAddress: {
          medianMs: underOne.medianMs,
          ratio: round(underOne.medianMs / Math.max(1, alone.medianMs)),
          realRefused: underOne.refused,
          floodAnswers: oneAddress.statuses,
        },
        floodManyAddresses: {
          medianMs: underMany.medianMs,
          ratio: round(underMany.medianMs / Math.max(1, alone.medianMs)),
          realRefused: underMany.refused,
          floodAnswers: many.statuses,
        },
      };
      log(`${name}: ${JSON.stringify(result[name])}`);
    }
    return result;
  } finally {
    await server.stop();
  }
}
