/**
 * The server process: configuration, data directory and secrets, database (migrated on open), the
 * demo plant on an empty database, then one Fastify instance on PORT — or, in split mode, docs/product.md#calls'
 * local topology (kiosk files on PORT, content 8081, auth 8082, stream 8085) sharing one store, one
 * event bus and one stream hub. With PostgreSQL the bus also links this process to the other
 * instances on the same store. SIGINT/SIGTERM close streams, servers and database in that order.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { LOCAL_PORTS } from '@plant-kiosk/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_SERVICES, buildApp, type Service } from './app.js';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { importFirstStartContent, PackError } from './packs/index.js';
import { openDatabase } from './db/database.js';
import { createRepositories } from './db/repositories/index.js';
import { NOTIFICATION_WORKER_MS } from './notifications/index.js';
import { HEALTH_CHECK_MS } from './health/index.js';
import { USAGE_RETENTION_SWEEP_MS } from './usage/index.js';
import { ensureFirstAdmin, type FirstAdminResult } from './accounts/index.js';
import { PostgresEventBus } from './lib/postgres-event-bus.js';
import { InMemoryEventBus, type EventBus } from './lib/event-bus.js';
import { PRODUCTION_SCRYPT_COST } from './lib/passwords.js';
import { ensureSecrets, METRICS_TOKEN_FILE } from './lib/secrets.js';
import { StreamHub } from './lib/stream-hub.js';

interface Instance {
  name: string;
  port: number;
  services: readonly Service[];
}

function topology(config: ServerConfig): Instance[] {
  if (!config.splitPorts)
    return [{ name: 'kiosk + API', port: config.port, services: ALL_SERVICES }];
  return [
    // The back-office API sits with the back-office files: its cookie is SameSite=Strict.
    { name: 'kiosk files', port: config.port, services: ['static', 'admin'] },
    { name: 'content', port: LOCAL_PORTS.content, services: ['content'] },
    { name: 'auth', port: LOCAL_PORTS.auth, services: ['auth'] },
    { name: 'stream', port: LOCAL_PORTS.stream, services: ['stream'] },
  ];
}

function displayHost(host: string): string {
  return host === '0.0.0.0' || host === '::'
    ? 'localhost'
    : host.includes(':')
      ? `[${host}]`
      : host;
}

/** Back-office lines of the start banner; a generated password is shown here and nowhere else. */
function adminBanner(result: FirstAdminResult): string[] {
  if (!result.created) return result.warning ? [`  Back-office: ${result.warning}`, ''] : [];
  if (result.generatedPassword === undefined) {
    return [`  Back-office /admin/: user "${result.username}" created with ADMIN_PASSWORD.`, ''];
  }
  return [
    `  Back-office /admin/: user "${result.username}" created, password: ${result.generatedPassword}`,
    '  This password is shown ONCE and stored only as a hash: note it now.',
    '  (To choose it instead, set ADMIN_PASSWORD before the first start.)',
    '',
  ];
}

async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  mkdirSync(config.mediaDir, { recursive: true });
  const secrets = ensureSecrets(config);
  const database = await openDatabase({ url: config.databaseUrl });
  const repos = createRepositories(database.db);

  // Under the startup lock: instances started together on an empty PostgreSQL store import it once.
  await database.exclusive(async () => {
    const started = performance.now();
    const outcome = await importFirstStartContent({
      repos,
      mediaDir: config.mediaDir,
      ...config.demo,
    }).catch((error: unknown) => {
      // A pack the import refuses leaves the store as it was: the product starts, empty, and says
      // why (its reasons), rather than stopping a plant's server over demo content.
      if (!(error instanceof PackError)) throw error;
      console.error(`The pack at ${config.demo.pack} was refused: ${error.reasons.join(' ')}`);
      return undefined;
    });
    if (outcome?.imported) {
      const { result, revision } = outcome;
      console.log(
        `Demo plant "${result.devname}" imported from ${config.demo.pack} and published as revision ${revision} (devid ${result.devid}) in ${Math.round(performance.now() - started)} ms.`,
      );
    } else if (outcome?.reason === 'no-pack') {
      console.log(
        `No development "${config.demo.devname}" and no demo pack at ${config.demo.pack}: starting without content (npm run build makes the pack; npm run content -- import brings any).`,
      );
    }
  });

  // PostgreSQL: instances share stream messages and cache invalidations (LISTEN/NOTIFY, ADR 005).
  const bus: EventBus = database.postgres
    ? await PostgresEventBus.start({ db: database.db, ...database.postgres })
    : new InMemoryEventBus();
  const streams = new StreamHub(bus);
  const apps: FastifyInstance[] = [];
  const lines: string[] = [];
  let shuttingDown = false;

  const shutdown = async (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${reason}: shutting down…`);
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(code || 1), 10_000);
    force.unref();
    try {
      streams.closeAll();
      await Promise.allSettled(apps.map((app) => app.close()));
      await bus.close();
      await database.close();
    } finally {
      process.exit(code);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('unhandledRejection', (reason) => {
    // Logged, not fatal: a request's failure is already answered with a 500 by the error handler.
    if (apps[0]) apps[0].log.error({ err: reason }, 'unhandled promise rejection');
    else console.error('unhandled promise rejection', reason);
  });
  process.on('uncaughtException', (error) => {
    if (apps[0]) apps[0].log.fatal({ err: error }, 'uncaught exception');
    else console.error('uncaught exception', error);
    void shutdown('uncaught exception', 1);
  });

  try {
    for (const instance of topology(config)) {
      const app = await buildApp({
        repos,
        config,
        bus,
        secrets,
        services: instance.services,
        streams,
        scheduledPublishing: {
          intervalMs: 1000,
          maxLatenessMs: config.scheduleMaxLatenessHours * 3_600_000,
        },
        notificationWorker: { intervalMs: NOTIFICATION_WORKER_MS },
        healthMonitor: { checkMs: HEALTH_CHECK_MS },
        usageRetention: { intervalMs: USAGE_RETENTION_SWEEP_MS },
      });
      apps.push(app);
      await app.listen({ port: instance.port, host: config.host });
      const port = (app.server.address() as AddressInfo).port;
      lines.push(`  ${instance.name.padEnd(12)} http://${displayHost(config.host)}:${port}/`);
    }
  } catch (error) {
    console.error(`Could not start the server: ${(error as Error).message}`);
    await shutdown('start failure', 1);
    return;
  }

  // Only once the server is up: a generated password must not be lost to a failed start.
  const firstAdmin = await database.exclusive(() =>
    ensureFirstAdmin(repos, {
      password: config.adminPassword,
      cost: PRODUCTION_SCRYPT_COST,
    }),
  );

  const { devname, login, password } = config.demo;
  console.log(
    [
      '',
      'Plant kiosk content service is running:',
      ...lines,
      '',
      `  Demo development: ${devname}   login: ${login}   password: ${password}`,
      '  (from DEMO_DEVNAME, DEMO_LOGIN and DEMO_PASSWORD; the defaults unless you set them)',
      '',
      `  Publish the draft to the kiosks: npm run publish-content`,
      `    (or: node apps/server/dist/cli.js publish --devname ${devname})`,
      `  Emergency alert: npm run alert -- start Évacuation [--drill]   /   npm run alert -- end`,
      `    (alert token: ${config.alertToken ? 'ALERT_TOKEN' : join(config.secretsDir, 'alert-token')})`,
      `  Prometheus metrics: GET /metrics with the metrics token as a bearer token`,
      `    (metrics token: ${config.metricsToken ? 'METRICS_TOKEN' : join(config.secretsDir, METRICS_TOKEN_FILE)})`,
      '',
      ...adminBanner(firstAdmin),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
