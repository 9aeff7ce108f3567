/**
 * The content service as a Fastify plugin (`kioskApp`) and a ready-made instance (`buildApp`).
 * `services` picks what one instance serves, so the same plugin runs as one server on PORT or as
 * docs/product.md#calls' split topology (auth, content and stream each on its own port, plus the kiosk files).
 */
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_API_PREFIX, MEDIA_MAX_BYTES, type HealthNotice } from '@plant-kiosk/contract';
import type { ServerConfig } from './config.js';
import type { Repositories } from './db/repositories/index.js';
import { ContentVersions } from './lib/content-versions.js';
import { DeltaCache } from './lib/delta-cache.js';
import type { AppContext } from './lib/context.js';
import { ok } from './lib/envelope.js';
import type { EventBus } from './lib/event-bus.js';
import { PRODUCTION_SCRYPT_COST, type ScryptCost } from './lib/passwords.js';
import { ResponseCache } from './lib/response-cache.js';
import type { Secrets } from './lib/secrets.js';
import { SnapshotCache } from './lib/snapshot-cache.js';
import { FrameProbe, PublishedFrameSources } from './settings/index.js';
import { MediaIntegrity, type MediaIntegrityOptions, type MediaLimits } from './media/index.js';
import { StreamHub, type StreamHubOptions } from './lib/stream-hub.js';
import { TokenService } from './lib/tokens.js';
import { loggerOptions } from './lib/logging.js';
import { clientErrorHandler, errorsPluginFp, frameworkErrorHandler } from './plugins/errors.js';
import { frameSourceList, securityPluginFp } from './plugins/security.js';
import { bodyWithoutArrayCoercion, jsonBodyPluginFp } from './plugins/json-body.js';
import { textInputPluginFp } from './plugins/text-input.js';
import { kioskLoginRoutes } from './accounts/index.js';
import { displayRoutes, pingRoute } from './display/index.js';
import { kioskCommandAckRoutes, kioskThumbnailRoutes } from './fleet/index.js';
import { heartbeatRoutes, kioskOwnSettingsRoutes } from './fleet/index.js';
import { adminRoutes } from './routes/admin/index.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { publishApiRoutes, ScheduledPublisher } from './publishing/index.js';
import { alertApiRoutes } from './alerts/index.js';
import { metricsRoutes } from './metrics/index.js';
import { createNotifier } from './notifications/index.js';
import { HealthMonitor } from './health/index.js';
import { appRoutes, configRoute, mediaRoutes } from './routes/static.js';
import { streamRoutes, streamTicketRoutes } from './streaming/index.js';
import { kioskUsageRoutes, UsageRetention } from './usage/index.js';
import type { SsoOptions } from './sso/index.js';

export type Service = 'auth' | 'content' | 'stream' | 'static' | 'admin';
export const ALL_SERVICES: readonly Service[] = ['auth', 'content', 'stream', 'static', 'admin'];

export interface AppOptions {
  repos: Repositories;
  config: ServerConfig;
  bus: EventBus;
  secrets: Secrets;
  now?: () => Date;
  /**
   * What this instance serves (default: everything).
   * - auth: POST /clientauth
   * - content: /display/* (ping, content calls, snapshot, the stream's tickets) and the media
   * - stream: /stream/:devid, POST /api/publish/:devid and /api/alerts/:devid
   * - static: the kiosk and back-office files, /config.json and the media
   * - admin: the back-office API under /api/admin (same origin as the back-office files: its
   *   session cookie is SameSite=Strict)
   */
  services?: readonly Service[];
  /** Shared stream hub, so several instances of one process can be closed together. */
  streams?: StreamHub;
  streamOptions?: StreamHubOptions;
  /** How long a development's token version may be cached (bounds how late a revocation bites). */
  tokenVersionCacheMs?: number;
  /**
   * How long a development's content version may be cached: how late content changed by another
   * process (without a publish through this one) shows in cached responses.
   */
  contentVersionCacheMs?: number;
  /**
   * Monotonic clock (milliseconds) of those two caches; default `performance.now`. Tests move an
   * injected one instead of waiting for real time to pass.
   */
  cacheClock?: () => number;
  /**
   * Cost of the dummy scrypt run for unknown logins, and of the passwords the back-office sets;
   * tests only — keep the default in production.
   */
  passwordCost?: ScryptCost;
  /**
   * Test seam: the prober of frame addresses (its time-out, its clock, and its address policy: a
   * test lets its own loopback server through, which the default refuses).
   */
  frameProbe?: FrameProbe;
  /**
   * Test seam: the media size limits, so that a test can upload a file just over one; keep the
   * default (the contract's MEDIA_MAX_BYTES) in production.
   */
  mediaMaxBytes?: MediaLimits;
  /** Test seam: the media integrity checks' pace (pause between files, refresh delay). */
  mediaIntegrity?: Pick<MediaIntegrityOptions, 'pauseMs' | 'refreshDelayMs'>;
  /**
   * Scheduled publishing's clock (issue 45): how often this instance looks for due publications,
   * and how late one may still go live. Off when absent (tests drive `publishDueSets` on an
   * injected clock); server.ts turns it on where the back-office or the publish API is served.
   */
  scheduledPublishing?: { intervalMs: number; maxLatenessMs: number };
  /**
   * The health notices' retries (issue 48, decision 042): how often this instance sends the due
   * deliveries. Off when absent (tests drive a notifier's `runDue` on an injected clock); every
   * instance may run one: a due delivery is claimed in the store before it is sent.
   */
  notificationWorker?: { intervalMs: number };
  /**
   * The health rules' clock (issue 48, decision 041): how often this instance checks them, and
   * where their raises and clears go. Off when absent (tests drive a monitor's `checkNow` on an
   * injected clock); server.ts turns it on where the back-office or the publish API is served.
   */
  healthMonitor?: { checkMs: number; notify?: (notice: HealthNotice) => Promise<void> };
  /**
   * The raw usage events' retention (issue 49): how often this instance deletes the expired ones.
   * Off when absent (tests drive a UsageRetention's `sweepNow` on an injected clock); every
   * instance may run one: a chunk is deleted under the sweep's lock (usage/usage-retention.ts).
   */
  usageRetention?: { intervalMs: number };
  /** Test seam of the OpenID Connect sign-in (decision 046): see sso/sso-service.ts. */
  sso?: SsoOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    kiosk: AppContext;
  }
}

const kioskAppPlugin: FastifyPluginAsync<AppOptions> = async (fastify, options) => {
  const now = options.now ?? (() => new Date());
  const services = new Set(options.services ?? ALL_SERVICES);
  const versions = new ContentVersions(options.repos, now, {
    ttlMs: options.contentVersionCacheMs,
    ...(options.cacheClock ? { clock: options.cacheClock } : {}),
  });
  const ctx: AppContext = {
    repos: options.repos,
    config: options.config,
    bus: options.bus,
    secrets: options.secrets,
    now,
    tokens: new TokenService({
      secret: options.secrets.jwtSecret,
      ttlDays: options.config.tokenTtlDays,
      tokenVersion: (devid) => options.repos.accounts.tokenVersion(devid),
      kioskKnownAmong: (devid, kioskIds) =>
        options.repos.kioskIdentities.knownAmong(devid, kioskIds),
      now,
      versionCacheMs: options.tokenVersionCacheMs,
      ...(options.cacheClock ? { clock: options.cacheClock } : {}),
    }),
    versions,
    responses: new ResponseCache(versions, now),
    snapshots: new SnapshotCache(options.repos.live, versions, now),
    deltas: new DeltaCache(options.repos.deltas, versions, now),
    frameSources: new PublishedFrameSources(
      // The development the kiosk's page shows (`/config.json`'s devname): only its addresses.
      () => options.repos.settings.publishedFrameAddresses(options.config.demo.devname),
      frameSourceList(options.config.frameSources ?? []),
      (error) => fastify.log.error({ err: error }, 'could not read the published frame addresses'),
    ),
    streams: options.streams ?? new StreamHub(options.bus, options.streamOptions),
    frameProbe: options.frameProbe ?? new FrameProbe({ log: fastify.log }),
    passwordCost: options.passwordCost ?? PRODUCTION_SCRYPT_COST,
    mediaMaxBytes: options.mediaMaxBytes ?? MEDIA_MAX_BYTES,
    mediaIntegrity: new MediaIntegrity({
      root: options.config.mediaDir,
      repo: options.repos.media,
      log: fastify.log,
      bus: options.bus,
      ...options.mediaIntegrity,
    }),
  };
  fastify.decorate('kiosk', ctx);
  fastify.decorateRequest('kioskAuth', null);

  // Changes made through other instances (PostgreSQL bus) or elsewhere in this one reach the caches.
  const stopSignals = options.bus.onInvalidate((signal) => {
    if (signal.kind === 'content') {
      versions.invalidate(signal.devid);
      // Another instance's publish may have changed a frame address (decision 017).
      void ctx.frameSources.refresh();
    } else if (signal.kind === 'tokens') ctx.tokens.forgetVersion(signal.devid);
    else {
      versions.invalidateAll();
      ctx.tokens.forgetAllVersions();
    }
  });
  fastify.addHook('onClose', async () => stopSignals());

  await fastify.register(errorsPluginFp);
  // The pages' policy allows the published frame addresses from the first request on.
  await ctx.frameSources.refresh();
  await fastify.register(securityPluginFp, {
    kioskPort: options.config.port,
    frameSources: () => ctx.frameSources.current(),
  });
  // After the security headers (a refusal carries them too), before any store sees the input:
  // PostgreSQL and SQLite disagree on NUL in text.
  await fastify.register(textInputPluginFp);
  // Empty JSON bodies are no body; too deep ones are refused before parsing (json-body.ts).
  await fastify.register(jsonBodyPluginFp);

  // Open event streams would keep the server from closing.
  fastify.addHook('preClose', async () => {
    ctx.streams.closeAll();
  });

  // Media integrity (decision 029): sizes now, hashes in the background, where media are served or
  // published. An instance that does neither checks nothing.
  if (['content', 'static', 'stream', 'admin'].some((name) => services.has(name as Service))) {
    ctx.mediaIntegrity.start().catch((error: unknown) => {
      fastify.log.error({ err: error }, 'media integrity: could not read the library');
    });
    fastify.addHook('onClose', async () => ctx.mediaIntegrity.close());
  }

  if (options.scheduledPublishing && (services.has('admin') || services.has('stream'))) {
    const { intervalMs, maxLatenessMs } = options.scheduledPublishing;
    const publisher = new ScheduledPublisher({ ...ctx, maxLatenessMs }, intervalMs, fastify.log);
    fastify.addHook('onReady', async () => publisher.start());
    fastify.addHook('onClose', async () => publisher.stop());
  }

  if (options.notificationWorker && (services.has('admin') || services.has('stream'))) {
    const worker = createNotifier({ repos: ctx.repos, now, log: fastify.log });
    const { intervalMs } = options.notificationWorker;
    fastify.addHook('onReady', async () => worker.start(intervalMs));
    fastify.addHook('onClose', async () => worker.stop());
  }

  if (options.healthMonitor && (services.has('admin') || services.has('stream'))) {
    const { checkMs } = options.healthMonitor;
    // The notices go to the notifications (webhook, e-mail), whose own worker retries what
    // failed.
    const notifier = createNotifier({ repos: ctx.repos, now, log: fastify.log });
    const notify =
      options.healthMonitor.notify ?? ((notice: HealthNotice) => notifier.notify(notice));
    // Every instance runs one; the store's conditional moves let one send each notice.
    const monitor = new HealthMonitor({ ...ctx, notify, log: fastify.log }, checkMs);
    fastify.addHook('onReady', async () => monitor.start());
    fastify.addHook('onClose', async () => {
      await monitor.stop();
      // The attempts under way end before the store closes.
      await notifier.settled();
    });
  }

  if (services.has('admin')) {
    // Four-eyes publishing's notices (decision 048): the publishing service hands them over after
    // its commits; recorded for the enabled channels and sent at once, retried by the worker above.
    const notices = createNotifier({ repos: ctx.repos, now, log: fastify.log });
    ctx.notifyPublication = async (notice) => {
      try {
        await notices.notify(notice);
      } catch (error) {
        fastify.log.error(
          { err: error, noticeId: notice.noticeId },
          'could not record a publication notice',
        );
      }
    };
    // The attempts under way end before the store closes.
    fastify.addHook('onClose', async () => notices.settled());
  }

  if (options.usageRetention && (services.has('admin') || services.has('stream'))) {
    const retention = new UsageRetention(
      { repos: ctx.repos, now, log: fastify.log },
      { intervalMs: options.usageRetention.intervalMs },
    );
    fastify.addHook('onReady', async () => retention.start());
    fastify.addHook('onClose', async () => retention.stop());
  }

  // Always 200 (load balancers and `restore` read it); `media` reports damaged files.
  fastify.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ status: 'ok', media: ctx.mediaIntegrity.summary() });
  });

  // Every instance answers Prometheus (its own process; the fleet's figures, the same everywhere).
  await fastify.register(metricsRoutes, ctx);

  // Every instance describes the whole API (the document is the same whatever it serves).
  await fastify.register(apiDocsRoutes, { version: options.config.appVersion });

  if (services.has('auth')) await fastify.register(kioskLoginRoutes, ctx);
  if (services.has('content')) {
    await fastify.register(pingRoute);
    await fastify.register(displayRoutes, ctx);
    await fastify.register(heartbeatRoutes, ctx);
    await fastify.register(kioskOwnSettingsRoutes, ctx);
    await fastify.register(streamTicketRoutes, ctx);
    await fastify.register(kioskCommandAckRoutes, ctx);
    await fastify.register(kioskUsageRoutes, ctx);
    await fastify.register(kioskThumbnailRoutes, ctx);
  }
  if (services.has('stream')) {
    await fastify.register(streamRoutes, ctx);
    await fastify.register(publishApiRoutes, ctx);
    await fastify.register(alertApiRoutes, ctx);
  }
  if (services.has('content') || services.has('static')) await fastify.register(mediaRoutes, ctx);
  if (services.has('static')) {
    await fastify.register(configRoute, ctx);
    await fastify.register(appRoutes, ctx);
  }
  if (services.has('admin')) {
    await fastify.register(adminRoutes, { ctx, prefix: ADMIN_API_PREFIX, sso: options.sso });
  }
};

/** The app as a plugin; not encapsulated, so its error and 404 handlers are the instance's own. */
export const kioskApp = fp(kioskAppPlugin, { name: 'kiosk-app', fastify: '5.x' });

/**
 * Connection time-outs (outside-probe hardening: a request body that stopped arriving was held for
 * ever).
 * - requestMs: the whole request, headers and body, must arrive within it (Node answers 408 and
 *   closes). Long enough for the largest media upload (200 MB) on a slow plant link: 2 Mbit/s.
 * - idleMs: a socket silent this long is closed: this is what ends a stalled body quickly. It is
 *   inactivity, not duration, so a slow but live upload goes on; the event streams (kiosks and
 *   fleet page) switch it off on their socket, they are long-lived by design and their requests
 *   are complete once their headers are in, so requestMs never applies to them.
 * - headersMs: the headers must arrive within it (slowloris).
 * - checkIntervalMs: how often Node looks for expired requests (it checks in rounds).
 */
export interface RequestTimeouts {
  requestMs: number;
  idleMs: number;
  headersMs: number;
  checkIntervalMs: number;
}

export const DEFAULT_REQUEST_TIMEOUTS: Readonly<RequestTimeouts> = Object.freeze({
  requestMs: 20 * 60_000,
  idleMs: 60_000,
  headersMs: 30_000,
  checkIntervalMs: 5_000,
});

export interface BuildOptions extends AppOptions {
  /** Fastify logger option; default: the configured LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Tests shorten them; production keeps DEFAULT_REQUEST_TIMEOUTS. */
  timeouts?: Partial<RequestTimeouts>;
}

/** A hop count means "trust the nearest N proxies" (Fastify's types only take a function for it). */
function trustProxy(
  setting: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  // No credential in a log line: lib/logging.ts.
  const logger: FastifyServerOptions['logger'] =
    options.logger ?? loggerOptions(options.config.logLevel);
  const timeouts = { ...DEFAULT_REQUEST_TIMEOUTS, ...options.timeouts };
  const fastify = Fastify({
    logger,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    bodyLimit: 64 * 1024,
    trustProxy: trustProxy(options.config.trustProxy),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    routerOptions: { maxParamLength: 500 },
    // The options below, except that bodies get no array coercion (json-body.ts).
    schemaController: { compilersFactory: { buildValidator: bodyWithoutArrayCoercion() } },
    ajv: {
      customOptions: {
        // `?fields=a` and `?fields=a&fields=b` both give an array.
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        allErrors: false,
        // Errors carry the refused value: a message can say what is wrong with it (outside-probe
        // hardening).
        verbose: true,
      },
    },
  });
  await fastify.register(kioskApp, options);
  return fastify;
}
