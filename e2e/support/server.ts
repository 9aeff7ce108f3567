/**
 * Starts the real, built content service (apps/server/dist/server.js) as a child process on a free
 * loopback port with its own DATA_DIR — a copy of a data directory seeded once by global-setup, so
 * each server starts in well under a second with the demo plant. Tests can stop, kill and restart
 * it to exercise the kiosk's offline behaviour.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
/**
 * The seeded template every test server copies: one per checkout (named after its path), so that
 * two checkouts testing on one machine (a clean clone beside a working tree) never seed over each
 * other's template with a different schema.
 */
export const templateDataDir = join(
  tmpdir(),
  `plant-kiosk-e2e-template-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`,
);
export const DEMO = { devname: 'neubourg', login: 'kiosk', password: 'kiosk' } as const;
/** Fixed so a test can mint or check tokens; never used outside tests. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';
export const E2E_PUBLISH_TOKEN = 'e2e-only-publish-token';
/** The back-office's first admin, created with this password on the template's first start. */
export const E2E_ADMIN = { username: 'admin', password: 'e2e-only-admin-password' } as const;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Graceful stop (SIGTERM), waits for exit. */
  stop(): Promise<void>;
  /** Hard kill (SIGKILL), as a crash or power cut would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  dispose(): Promise<void>;
  output(): string;
}

export interface LaunchOptions {
  /** Use this data directory as is (e.g. the template itself in global-setup). */
  dataDir?: string;
  env?: Record<string, string>;
}

export async function launchServer(options: LaunchOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'plant-kiosk-e2e-'));
  if (!options.dataDir) cpSync(templateDataDir, dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = '';

  const start = async () => {
    child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/server.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JWT_SECRET: E2E_JWT_SECRET,
        PUBLISH_TOKEN: E2E_PUBLISH_TOKEN,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(`server exited early (${child.exitCode}):\n${log}`);
      try {
        const response = await fetch(`${url}/healthz`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not become healthy within 60 s:\n${log}`);
  };

  const waitExit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolveExit) => {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null)
        return resolveExit();
      current.once('exit', () => resolveExit());
      current.kill(signal);
    });

  await start();
  return {
    url,
    port,
    dataDir,
    stop: () => waitExit('SIGTERM'),
    kill: () => waitExit('SIGKILL'),
    start,
    dispose: async () => {
      await waitExit('SIGTERM');
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => log,
  };
}

/** Asks the server to send a stream message to the development's kiosks (as the back-office does). */
export async function publish(
  server: RunningServer,
  devid: number,
  body: Record<string, unknown> = { type: 'sync' },
): Promise<unknown> {
  const response = await fetch(`${server.url}/api/publish/${devid}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`publish failed: ${response.status} ${await response.text()}`);
  return response.json();
}
