/**
 * The server's configuration, read once from the environment and validated: a wrong value stops
 * the start with one message listing every problem, rather than surfacing later as odd behaviour.
 *
 * | variable       | default                              | meaning                                            |
 * |----------------|--------------------------------------|----------------------------------------------------|
 * | PORT           | 8080                                 | port of the single server (or of the kiosk files in split mode) |
 * | HOST           | 0.0.0.0                              | interface to listen on                             |
 * | DATA_DIR       | ./data (from the working directory)  | database, media and generated secrets              |
 * | DATABASE_URL   | DATA_DIR/kiosk.sqlite                | SQLite file path, ':memory:', or postgres://…      |
 * | JWT_SECRET     | generated into DATA_DIR/secrets/jwt-secret | HS256 key of kiosk tokens (≥ 32 characters)  |
 * | PUBLISH_TOKEN  | generated into DATA_DIR/secrets/publish-token | bearer token of POST /api/publish/:devid (≥ 16 characters) |
 * | ALERT_TOKEN    | generated into DATA_DIR/secrets/alert-token | bearer token of /api/alerts/:devid (≥ 16 characters) |
 * | METRICS_TOKEN  | generated into DATA_DIR/secrets/metrics-token | bearer token of GET /metrics (≥ 16 characters) |
 * | DEMO_DEVNAME   | neubourg                             | development seeded on an empty database            |
 * | DEMO_LOGIN     | kiosk                                | its kiosk account login                            |
 * | DEMO_PASSWORD  | kiosk                                | its kiosk account password                         |
 * | SCHEDULE_MAX_LATENESS_HOURS | 12                    | how late a scheduled publication may still go live |
 * | DEMO_PACK      | demo/dist/demo-plant.zip             | content pack imported and published as revision 1  |
 * | KIOSK_ENV      | prod                                 | prod, dev or local (the kiosk's environment, docs/product.md#calls) |
 * | TOKEN_TTL_DAYS | 365                                  | lifetime of kiosk tokens (a kiosk runs offline for days) |
 * | LOG_LEVEL      | info                                 | fatal, error, warn, info, debug, trace or silent   |
 * | KIOSK_DIST     | apps/kiosk/dist                      | built kiosk served at /                            |
 * | ADMIN_DIST     | apps/admin/dist                      | built back-office served at /admin/                |
 * | SPLIT_PORTS    | off (on when KIOSK_ENV=local)        | "1": content on 8081, auth on 8082, stream on 8085 (docs/product.md#calls) |
 * | TRUST_PROXY    | off                                  | "true", a hop count, or a comma-separated list of proxy addresses |
 * | ADMIN_PASSWORD | generated, printed once              | password of the back-office user `admin`, created when no admin exists (≥ 10 characters) |
 * | KIOSK_FRAME_SOURCES | none                                 | space- or comma-separated http(s) addresses the kiosk may show in frames (CSP frame-src), besides the addresses published in the developments' settings |
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEDULE_MAX_LATENESS_DEFAULT_HOURS, type KioskEnvironment } from '@plant-kiosk/contract';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** DATA_DIR/media: served at /media/ (and its pdf/ folder at /pdf/). */
  mediaDir: string;
  /** DATA_DIR/secrets: where generated secrets are kept. */
  secretsDir: string;
  databaseUrl: string;
  /** From the environment; undefined means "generate or read DATA_DIR/secrets/jwt-secret". */
  jwtSecret: string | undefined;
  /** From the environment; undefined means "generate or read DATA_DIR/secrets/publish-token". */
  publishToken: string | undefined;
  /** From the environment; undefined means "generate or read DATA_DIR/secrets/alert-token". */
  alertToken?: string | undefined;
  /** From the environment; undefined means "generate or read DATA_DIR/secrets/metrics-token". */
  metricsToken?: string | undefined;
  /** The development imported on a store without it (`pack`: the content pack it comes from). */
  demo: { devname: string; login: string; password: string; pack: string };
  environment: KioskEnvironment;
  tokenTtlDays: number;
  /** How late a scheduled publication may still go live (a server down at its time), in hours. */
  scheduleMaxLatenessHours: number;
  logLevel: LogLevel;
  kioskDist: string;
  adminDist: string;
  /** docs/product.md#calls' local topology: one Fastify instance per service on its own port. */
  splitPorts: boolean;
  trustProxy: boolean | number | string[];
  /** Version of the root package.json, shown by the kiosk. */
  appVersion: string;
  /** ADMIN_PASSWORD: the first back-office admin's password; undefined means "generate one". */
  adminPassword?: string;
  /**
   * KIOSK_FRAME_SOURCES: addresses the pages' Content-Security-Policy lets the kiosk frame besides
   * those published in the developments' settings (decision 017); undefined means none.
   */
  frameSources?: string[];
  /**
   * The publish checks (rollback and publish checks, decision 014): on unless false. Only the
   * generic test fixture turns them off — its plant names files it never puts in a library; suites
   * of the checks and the real server keep them on.
   */
  publishChecks?: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root: src/ and dist/ both sit two levels below it (apps/server/{src,dist}). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
const ENVIRONMENTS: readonly KioskEnvironment[] = ['prod', 'dev', 'local'];
const MIN_JWT_SECRET_LENGTH = 32;
const MIN_PUBLISH_TOKEN_LENGTH = 16;
const MIN_ADMIN_PASSWORD_LENGTH = 10;

function readAppVersion(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ServerConfig {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    return value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };
  const nonEmpty = (name: string, fallback: string, maxLength: number): string => {
    const value = text(name, fallback);
    if (value.trim() !== value || value.length > maxLength) {
      problems.push(`${name} must have no surrounding spaces and at most ${maxLength} characters`);
    }
    return value;
  };
  const secret = (name: string, minLength: number): string | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    if (value.length < minLength) {
      problems.push(
        `${name} must be at least ${minLength} characters long (or unset, to generate one)`,
      );
    }
    return value;
  };
  const path = (name: string, fallback: string): string => resolve(cwd, text(name, fallback));

  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST', '0.0.0.0');
  const dataDir = path('DATA_DIR', './data');
  const rawDatabaseUrl = text('DATABASE_URL', join(dataDir, 'kiosk.sqlite'));
  const databaseUrl =
    rawDatabaseUrl === ':memory:' ||
    /^postgres(ql)?:\/\//.test(rawDatabaseUrl) ||
    isAbsolute(rawDatabaseUrl)
      ? rawDatabaseUrl
      : resolve(cwd, rawDatabaseUrl);
  if (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(rawDatabaseUrl) &&
    !/^postgres(ql)?:\/\//.test(rawDatabaseUrl)
  ) {
    problems.push(
      `DATABASE_URL must be postgres://…, postgresql://…, ':memory:' or a SQLite file path (got a "${rawDatabaseUrl.split(':')[0]}:" URL)`,
    );
  }
  const environment = oneOf('KIOSK_ENV', ENVIRONMENTS, 'prod');
  const split = env.SPLIT_PORTS;
  if (split !== undefined && split !== '' && split !== '0' && split !== '1') {
    problems.push(`SPLIT_PORTS must be "1" or "0" (got "${split}")`);
  }
  const splitPorts =
    split === '1' || ((split === undefined || split === '') && environment === 'local');

  const config: ServerConfig = {
    port,
    host,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    secretsDir: join(dataDir, 'secrets'),
    databaseUrl,
    jwtSecret: secret('JWT_SECRET', MIN_JWT_SECRET_LENGTH),
    publishToken: secret('PUBLISH_TOKEN', MIN_PUBLISH_TOKEN_LENGTH),
    alertToken: secret('ALERT_TOKEN', MIN_PUBLISH_TOKEN_LENGTH),
    metricsToken: secret('METRICS_TOKEN', MIN_PUBLISH_TOKEN_LENGTH),
    demo: {
      devname: nonEmpty('DEMO_DEVNAME', 'neubourg', 60),
      login: nonEmpty('DEMO_LOGIN', 'kiosk', 120),
      password: text('DEMO_PASSWORD', 'kiosk'),
      pack: path('DEMO_PACK', join(REPO_ROOT, 'demo/dist/demo-plant.zip')),
    },
    environment,
    tokenTtlDays: integer('TOKEN_TTL_DAYS', 365, 1, 3650),
    scheduleMaxLatenessHours: integer(
      'SCHEDULE_MAX_LATENESS_HOURS',
      SCHEDULE_MAX_LATENESS_DEFAULT_HOURS,
      0,
      24 * 31,
    ),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    kioskDist: path('KIOSK_DIST', join(REPO_ROOT, 'apps/kiosk/dist')),
    adminDist: path('ADMIN_DIST', join(REPO_ROOT, 'apps/admin/dist')),
    splitPorts,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    appVersion: readAppVersion(REPO_ROOT),
    adminPassword: secret('ADMIN_PASSWORD', MIN_ADMIN_PASSWORD_LENGTH),
    frameSources: parseFrameSources(env.KIOSK_FRAME_SOURCES, problems),
  };
  if (splitPorts && [8081, 8082, 8085].includes(port)) {
    problems.push(`PORT ${port} collides with the split-mode service ports 8081, 8082 and 8085`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseTrustProxy(raw: string | undefined, problems: string[]): boolean | number | string[] {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((item) => !/^[0-9a-fA-F.:/]+$/.test(item))) {
    problems.push(
      `TRUST_PROXY must be "true", "false", a hop count or a comma-separated list of addresses/CIDRs (got "${raw}")`,
    );
    return false;
  }
  return list;
}

/** KIOSK_FRAME_SOURCES: http(s) addresses only, since each becomes a CSP frame-src source. */
function parseFrameSources(raw: string | undefined, problems: string[]): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const list = raw.split(/[\s,]+/).filter(Boolean);
  const wrong = list.filter((item) => {
    try {
      const url = new URL(item);
      return url.protocol !== 'https:' && url.protocol !== 'http:';
    } catch {
      return true;
    }
  });
  if (wrong.length > 0) {
    problems.push(
      `KIOSK_FRAME_SOURCES must be http(s) addresses separated by spaces or commas (got "${wrong[0]}")`,
    );
    return undefined;
  }
  return list;
}
