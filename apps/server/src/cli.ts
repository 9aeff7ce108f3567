/**
 * Operator commands: `publish` (through the running server's endpoint, since only it can reach the
 * connected kiosks), `revoke-tokens` and `set-password` (directly in the database), `backup` and
 * `restore` (lib/backup.ts, lib/restore.ts). Reads the same environment as the server (DATA_DIR,
 * DATABASE_URL, PUBLISH_TOKEN…).
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  hashPasswordForLogin,
  LOCAL_PORTS,
  type AlertState,
  type Envelope,
  type PublishResponse,
  type StreamMessageType,
  pathOf,
} from '@plant-kiosk/contract';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { notifyInstances } from './lib/postgres-event-bus.js';
import { createRepositories, type Repositories } from './db/repositories/index.js';
import { createBackup } from './lib/backup.js';
import { BackupError } from './lib/backup-manifest.js';
import { restoreBackup } from './lib/restore.js';
import { hashClientPassword } from './lib/passwords.js';
import { readAlertToken, readPublishToken } from './lib/secrets.js';

export const USAGE = `Usage: node apps/server/dist/cli.js <command> [options]

Commands:
  publish        Tell the kiosks of a development to reload (through the running server).
                   --devname NAME   development (default: DEMO_DEVNAME, i.e. neubourg)
                   --devid N        development id, instead of --devname
                   --url URL        server base URL (default: http://127.0.0.1:PORT)
                   --type TYPE      sync (default), zone or element
                   --zoneid N       zone to reload (type zone)
                   --elementid N    element to reload (type element)
  alert start TEMPLATE   Start an emergency alert on every totem (through the running server):
                 TEMPLATE is a template's name ("Évacuation", "Pollution accidentelle") or id.
                   --drill          an exercise: the totems say "EXERCICE / DRILL"
                   --replace        replace another alert of the same kind in force (without
                                    it that is refused; a drill never replaces a real alert)
                   --dev NAME       development (default: DEMO_DEVNAME); also --devname, --devid
                   --url URL        server base URL (default: http://127.0.0.1:PORT)
  alert end      End it (a no-op, said so, when none is in force).
  alert status   Tell the alert in force.
  revoke-tokens  Log every kiosk of a development out (bumps its token version;
                 each totem keeps its identity when it logs in again).
                   --devname NAME   (required)
  set-password   Set (or create) a kiosk account's password.
                   --devname NAME --login LOGIN --password PASSWORD   (all required)
  backup PATH    Copy the database (consistent, even while the server runs), the media and the
                 generated secrets into PATH: a new .tar.gz/.tgz file, or a new directory.
                 SQLite only; for PostgreSQL see docs/deployment.md (pg_dump).
  restore PATH   Restore a backup (file or directory) into DATA_DIR after checking every file
                 against its manifest. DATA_DIR must be empty (or missing); stop the server first.
                   --force          replace a non-empty DATA_DIR (its data is moved aside)
  help           Show this text.

Environment: DATA_DIR, DATABASE_URL, PUBLISH_TOKEN, ALERT_TOKEN, PORT, SPLIT_PORTS (see the README).
Exit codes: 0 success, 1 failure, 2 wrong usage.`;

export interface CliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  fetch: typeof fetch;
}

class UsageError extends Error {}
class CommandError extends Error {}

const OPTIONS = {
  devname: { type: 'string' },
  devid: { type: 'string' },
  url: { type: 'string' },
  type: { type: 'string' },
  zoneid: { type: 'string' },
  elementid: { type: 'string' },
  login: { type: 'string' },
  password: { type: 'string' },
  force: { type: 'boolean' },
  drill: { type: 'boolean' },
  replace: { type: 'boolean' },
  dev: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * Text from the server (template names, messages) made safe for a terminal: control characters
 * (C0, DEL, C1 — escape sequences that could move the cursor, rewrite the screen or set the
 * window title) and bidirectional overrides are shown as `\x1b`, `\u202e`…, never passed to the
 * terminal to execute.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is this function's job
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (char) => {
    const code = char.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    throw new UsageError(`--${name} must be a positive integer (got "${value}")`);
  }
  return Number(value);
}

function required(name: string, value: string | undefined): string {
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function withRepos<T>(
  config: ServerConfig,
  work: (repos: Repositories, database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({ url: config.databaseUrl });
  try {
    return await work(createRepositories(database.db), database);
  } finally {
    await database.close();
  }
}

async function findDevid(repos: Repositories, devname: string): Promise<number> {
  const development = await repos.developments.findByName(devname);
  if (!development) throw new CommandError(`No development named "${devname}"`);
  return development.devid;
}

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

/**
 * `alert start|end|status` (emergency alerts, decision 012): through the running server's
 * /api/alerts, which alone reaches the connected totems, with the alert token.
 */
async function alert(
  config: ServerConfig,
  values: Values,
  positionals: readonly string[],
  io: CliIo,
): Promise<void> {
  const [action, ...words] = positionals;
  if (action !== 'start' && action !== 'end' && action !== 'status')
    throw new UsageError('alert takes "start <template>", "end" or "status"');
  const template = words.join(' ').trim();
  if (action === 'start' && !template) throw new UsageError('alert start needs a template name');
  if (action !== 'start' && words.length > 0)
    throw new UsageError(`Unexpected argument "${words[0]}"`);
  let devid = positiveInteger('devid', values.devid);
  const devname = values.dev ?? values.devname ?? config.demo.devname;
  if (devid === undefined) devid = await withRepos(config, (repos) => findDevid(repos, devname));
  const token = readAlertToken(config);
  if (!token)
    throw new CommandError(
      'No alert token: set ALERT_TOKEN, or start the server once so that it generates DATA_DIR/secrets/alert-token',
    );
  const base = (
    values.url ?? `http://127.0.0.1:${config.splitPorts ? LOCAL_PORTS.stream : config.port}`
  ).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await io.fetch(base + pathOf('alertGet', { params: { devid } }), {
      method: action === 'start' ? 'POST' : action === 'end' ? 'DELETE' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        'x-alert-client': 'cli',
        ...(action === 'start' ? { 'content-type': 'application/json' } : {}),
      },
      ...(action === 'start'
        ? {
            body: JSON.stringify({
              template: /^\d{1,10}$/.test(template) ? Number(template) : template,
              drill: values.drill ?? false,
              ...(values.replace ? { replace: true } : {}),
            }),
          }
        : {}),
    });
  } catch (error) {
    throw new CommandError(
      `Could not reach the server at ${base}: ${(error as Error).message}. Is it running?`,
    );
  }
  let envelope: Envelope<AlertState> | undefined;
  try {
    envelope = (await response.json()) as Envelope<AlertState>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope?.data)
    throw new CommandError(
      printable(
        `Alert ${action} failed: HTTP ${response.status} ${envelope?.message ?? ''}`.trim(),
      ),
    );
  const where = values.devid ? `development ${devid}` : `"${devname}" (devid ${devid})`;
  const reached = envelope.data.changed
    ? `, sent to ${envelope.data.delivered} connected kiosk(s)`
    : '';
  io.out(printable(`${envelope.message} — ${where}${reached}.`));
}

async function publish(config: ServerConfig, values: Values, io: CliIo): Promise<void> {
  const type = (values.type ?? 'sync') as StreamMessageType;
  if (!['sync', 'zone', 'element'].includes(type)) {
    throw new UsageError(`--type must be sync, zone or element (got "${values.type}")`);
  }
  const zoneid = positiveInteger('zoneid', values.zoneid);
  const elementid = positiveInteger('elementid', values.elementid);
  let devid = positiveInteger('devid', values.devid);
  const devname = values.devname ?? config.demo.devname;
  if (devid === undefined) devid = await withRepos(config, (repos) => findDevid(repos, devname));
  const token = readPublishToken(config);
  if (!token) {
    throw new CommandError(
      'No publish token: set PUBLISH_TOKEN, or start the server once so that it generates DATA_DIR/secrets/publish-token',
    );
  }
  const base = (
    values.url ?? `http://127.0.0.1:${config.splitPorts ? LOCAL_PORTS.stream : config.port}`
  ).replace(/\/+$/, '');
  let response: Response;
  try {
    response = await io.fetch(base + pathOf('publish', { params: { devid } }), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-publish-client': 'cli',
      },
      body: JSON.stringify({ type, zoneid, elementid }),
    });
  } catch (error) {
    throw new CommandError(
      `Could not reach the server at ${base}: ${(error as Error).message}. Is it running?`,
    );
  }
  let envelope: Envelope<PublishResponse> | undefined;
  try {
    envelope = (await response.json()) as Envelope<PublishResponse>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope?.data) {
    throw new CommandError(
      `Publish failed: HTTP ${response.status} ${envelope?.message ?? ''}`.trim(),
    );
  }
  const { delivered, message, revision, created } = envelope.data;
  const what =
    message.type === 'sync'
      ? 'sync'
      : `reload of ${message.type} ${message.type === 'zone' ? message.zoneid : message.elementid}`;
  io.out(
    `Published ${what} to development ${values.devid ? devid : `"${devname}" (devid ${devid})`}: ` +
      (created
        ? `revision ${revision} created`
        : `nothing new in the draft, revision ${revision} announced again`) +
      `, delivered to ${delivered} connected kiosk(s).`,
  );
}

async function revokeTokens(config: ServerConfig, values: Values, io: CliIo): Promise<void> {
  const devname = required('devname', values.devname);
  const version = await withRepos(config, async (repos, database) => {
    const devid = await findDevid(repos, devname);
    const tokenVersion = await repos.accounts.revokeTokens(devid);
    // PostgreSQL: running instances drop their cached token version now (SQLite: within 2 s).
    if (database.postgres) {
      await notifyInstances(
        { db: database.db, schema: database.postgres.schema },
        { kind: 'tokens', devid },
      );
    }
    return tokenVersion;
  });
  io.out(
    `Revoked every token of "${devname}" (token version is now ${version}). ` +
      'Its kiosks must log in again (each keeps its identity: issue 47); a running server notices within 2 seconds.',
  );
}

async function setPassword(config: ServerConfig, values: Values, io: CliIo): Promise<void> {
  const devname = required('devname', values.devname);
  const login = required('login', values.login);
  const password = required('password', values.password);
  if (login.length > 120) throw new UsageError('--login must be at most 120 characters');
  const created = await withRepos(config, async (repos) => {
    const devid = await findDevid(repos, devname);
    const { hash, salt } = await hashClientPassword(hashPasswordForLogin(password));
    const account = await repos.accounts.findKioskAccount(devid, login);
    if (account) {
      await repos.accounts.setKioskPassword(account.accountid, hash, salt);
      return false;
    }
    await repos.accounts.createKioskAccount({
      devid,
      login,
      passwordHash: hash,
      passwordSalt: salt,
    });
    return true;
  });
  io.out(`${created ? 'Created' : 'Updated'} the kiosk account "${login}" of "${devname}".`);
}

/** Paths on the command line are relative to where the operator typed it (npm run changes cwd). */
function operatorPath(path: string, io: CliIo): string {
  return resolve(io.env.INIT_CWD || io.cwd, path);
}

function onePath(command: string, positionals: string[]): string {
  if (positionals.length !== 1 || !positionals[0]) {
    throw new UsageError(`${command} takes exactly one path (got ${positionals.length})`);
  }
  return positionals[0];
}

async function backup(config: ServerConfig, path: string, io: CliIo): Promise<void> {
  const target = operatorPath(path, io);
  const manifest = await createBackup({ config, target });
  const versions = manifest.developments.map((d) => `${d.devname} v${d.contentVersion}`).join(', ');
  io.out(
    `Backup written to ${target}: database (${manifest.database.size} bytes; ${versions || 'no development'}), ` +
      `${manifest.files.length} media and secret file(s).`,
  );
}

/** Whether a server answers on this configuration's port of this machine. */
async function serverRunning(config: ServerConfig, io: CliIo): Promise<boolean> {
  try {
    const response = await io.fetch(`http://127.0.0.1:${config.port}/healthz`, {
      signal: AbortSignal.timeout(1500),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function restore(
  config: ServerConfig,
  path: string,
  values: Values,
  io: CliIo,
): Promise<void> {
  // Replacing the files under a running server would lose its next writes and serve stale data.
  if (values.force && (await serverRunning(config, io))) {
    throw new CommandError(
      `A server is running on port ${config.port}: stop it before restoring over its data ` +
        "(systemctl stop plant-kiosk). If that server uses another DATA_DIR, set PORT to this one's.",
    );
  }
  const { manifest, replacedInto } = await restoreBackup({
    config,
    source: operatorPath(path, io),
    force: values.force === true,
  });
  io.out(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}) into ${config.dataDir}: ` +
      `${manifest.developments.map((d) => `${d.devname} v${d.contentVersion}`).join(', ') || 'no development'}, ` +
      `${manifest.files.length} media and secret file(s).`,
  );
  if (replacedInto) io.out(`The data it replaced was moved to ${replacedInto}.`);
}

/** Runs one command; resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    let values: Values;
    let positionals: string[];
    try {
      ({ values, positionals } = parseArgs({
        args: [...rest],
        options: OPTIONS,
        strict: true,
        allowPositionals: true,
      }));
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    // Only backup and restore take a path; anything loose elsewhere is a mistake.
    if (
      command !== 'backup' &&
      command !== 'restore' &&
      command !== 'alert' &&
      positionals.length > 0
    ) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`);
    }
    if (values.help) {
      io.out(USAGE);
      return 0;
    }
    const config = loadConfig(io.env, io.cwd);
    switch (command) {
      case 'publish':
        await publish(config, values, io);
        return 0;
      case 'alert':
        await alert(config, values, positionals, io);
        return 0;
      case 'revoke-tokens':
        await revokeTokens(config, values, io);
        return 0;
      case 'set-password':
        await setPassword(config, values, io);
        return 0;
      case 'backup':
        await backup(config, onePath(command, positionals), io);
        return 0;
      case 'restore':
        await restore(config, onePath(command, positionals), values, io);
        return 0;
      default:
        throw new UsageError(`Unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof CommandError ||
      error instanceof ConfigError ||
      error instanceof BackupError
    ) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

/** The process entry: runs the command of argv and sets the exit code. */
export async function main(): Promise<void> {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    fetch: globalThis.fetch,
  });
}

// Run directly (`tsx src/cli.ts …`); the bundle's dist/cli.js calls main() itself.
if (isEntryPoint()) await main();
