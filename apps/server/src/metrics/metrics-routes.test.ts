/**
 * GET /metrics (issue 48, decision 040), on both stores: refused without the metrics token, and
 * with another one; with it, the Prometheus text format that a Prometheus parser reads — each
 * totem that reports with its labels and figures (online, seconds since its heartbeat, revisions
 * behind after a publish, media), its profile's name, the alert in force with its drill label and
 * its acknowledgements, and the process's own metrics. Also its place in the OpenAPI document.
 */
import {
  hashPasswordForLogin,
  pathOf,
  type AdminAlertView,
  type LoginResponse,
  type Envelope,
  type KioskHeartbeat,
  type PublishResponse,
} from '@plant-kiosk/contract';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';
import {
  DEMO_PASSWORD,
  publishDraftDirectly,
  TEST_ALERT_TOKEN,
  TEST_METRICS_TOKEN,
  TEST_PUBLISH_TOKEN,
} from '../testing/fixture.js';
import { METRICS_TOKEN_MESSAGE } from './metrics-routes.js';
import { MetricsService } from './metrics-service.js';
import type { FanOutObserver } from '../lib/stream-hub.js';

let f: AdminFixture;
let admin: AdminClient;
let evacuation: number;

beforeAll(async () => {
  ({ f, admin } = await createAdminSuite());
  evacuation = await f.repos.alerts.createDraftTemplate(f.ids.devid, {
    name: 'Évacuation',
    kind: 'evacuation',
    titleFr: 'Évacuation',
    titleEn: 'Evacuation',
    instructionsFr: 'Sortez.',
    instructionsEn: 'Get out.',
    pictogram: 'evacuation',
    colour: 'rouge',
    image: null,
    endTextFr: null,
    endTextEn: null,
  });
  await publishDraftDirectly(f.repos, f.ids.devid);
});
beforeEach(async () => {
  f.resetClock();
  await f.repos.alerts.end(f.ids.devid, f.clock.now);
});
afterAll(async () => {
  await f.close();
});

const later = (ms: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + ms);
};

let kioskCount = 0;
const newKioskId = () => `metrics-kiosk-${++kioskCount}`;

function report(kioskId: string, overrides: Partial<KioskHeartbeat> = {}): KioskHeartbeat {
  return {
    kioskId,
    mode: 'totem',
    totem: 'Moulage',
    appVersion: '1.2.3',
    contentVersion: null,
    lastSyncAt: null,
    storageUsedBytes: null,
    storageQuotaBytes: null,
    lastError: null,
    ...overrides,
  };
}

async function heartbeat(body: KioskHeartbeat): Promise<void> {
  const response = await f.app.inject({
    method: 'POST',
    url: pathOf('heartbeat', { params: { devid: f.ids.devid } }),
    headers: await f.auth(f.ids.devid),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const scrapeAs = (authorization?: string) =>
  f.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

async function scrape(): Promise<ParsedFamily[]> {
  const response = await scrapeAs(`Bearer ${TEST_METRICS_TOKEN}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers['cache-control']).toBe('no-store');
  return parsePrometheusTextFormat(response.body);
}

/** The value of `name`'s sample whose labels include `labels` (undefined: no such sample). */
function sample(
  families: ParsedFamily[],
  name: string,
  labels: Record<string, string>,
): { value: number; labels: Record<string, string> } | undefined {
  const family = families.find((item) => item.name === name);
  const found = family?.metrics.find((metric) =>
    Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
  );
  return found ? { value: Number(found.value), labels: found.labels ?? {} } : undefined;
}

const value = (families: ParsedFamily[], name: string, labels: Record<string, string>) =>
  sample(families, name, labels)?.value;

async function currentVersion(): Promise<number> {
  return (await f.repos.developments.find(f.ids.devid))!.content_version;
}

describe('GET /metrics: the token', () => {
  it('refuses a scrape without the metrics token, or with another token, with the envelope', async () => {
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${TEST_METRICS_TOKEN}x`,
      `Bearer ${TEST_PUBLISH_TOKEN}`,
      `Bearer ${TEST_ALERT_TOKEN}`,
      `Basic ${TEST_METRICS_TOKEN}`,
    ]) {
      const response = await scrapeAs(authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json<Envelope<null>>()).toEqual({
        data: null,
        message: METRICS_TOKEN_MESSAGE,
        error: 'unauthorized',
      });
    }
  });
});

describe('GET /metrics: the figures', () => {
  it('lists a totem that reports, with its labels, online, its heartbeat age and its media', async () => {
    const kioskId = newKioskId();
    await heartbeat(
      report(kioskId, {
        contentVersion: await currentVersion(),
        media: { phase: 'downloading', cached: 3, total: 7 },
      }),
    );
    later(42_000);
    const families = await scrape();
    const labels = { totem: kioskId };
    expect(sample(families, 'plant_kiosk_totem_online', labels)).toEqual({
      value: 1,
      labels: { devid: String(f.ids.devid), devname: 'neubourg', totem: kioskId, name: '' },
    });
    expect(value(families, 'plant_kiosk_totem_seconds_since_heartbeat', labels)).toBe(42);
    expect(value(families, 'plant_kiosk_totem_presence', { ...labels, presence: 'online' })).toBe(
      1,
    );
    expect(value(families, 'plant_kiosk_totem_presence', { ...labels, presence: 'silent' })).toBe(
      0,
    );
    expect(value(families, 'plant_kiosk_totem_revisions_behind', labels)).toBe(0);
    expect(value(families, 'plant_kiosk_totem_media_cached', labels)).toBe(3);
    expect(value(families, 'plant_kiosk_totem_media_total', labels)).toBe(7);
    const online = families.find((family) => family.name === 'plant_kiosk_totem_online');
    expect(online?.type).toBe('GAUGE');
    expect(online?.help).toMatch(/online/);
  });

  it('counts the revisions a totem lacks after a publish, and none once it catches up', async () => {
    const kioskId = newKioskId();
    const before = await currentVersion();
    await heartbeat(report(kioskId, { contentVersion: before }));
    await f.repos.draft.updateElementValue(f.ids.planElements[2]!, '/media/images/metrics-1.png');
    const published = await f.app.inject({
      method: 'POST',
      url: pathOf('publish', { params: { devid: f.ids.devid } }),
      headers: { authorization: `Bearer ${TEST_PUBLISH_TOKEN}` },
    });
    expect(published.statusCode, published.body).toBe(200);
    const version = data<PublishResponse>(published).message.version!;
    expect(version).toBeGreaterThan(before);
    const labels = { totem: kioskId };
    expect(value(await scrape(), 'plant_kiosk_totem_revisions_behind', labels)).toBe(
      version - before,
    );
    await heartbeat(report(kioskId, { contentVersion: version }));
    expect(value(await scrape(), 'plant_kiosk_totem_revisions_behind', labels)).toBe(0);
  });

  it('labels a named totem with its name, and drops a silent one to offline', async () => {
    const kioskId = newKioskId();
    await heartbeat(report(kioskId));
    const saved = await admin.put(
      pathOf('adminKioskProfile', { params: { devid: f.ids.devid, kioskId } }),
      { name: 'Hall d’accueil', location: '', groups: [], note: '' },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const families = await scrape();
    expect(sample(families, 'plant_kiosk_totem_online', { totem: kioskId })?.labels.name).toBe(
      'Hall d’accueil',
    );
    // Never synced, no media reported: no figure rather than a made-up one.
    expect(sample(families, 'plant_kiosk_totem_revisions_behind', { totem: kioskId })).toBe(
      undefined,
    );
    expect(sample(families, 'plant_kiosk_totem_media_total', { totem: kioskId })).toBe(undefined);

    later(60 * 60_000);
    const hourLater = await scrape();
    expect(value(hourLater, 'plant_kiosk_totem_online', { totem: kioskId })).toBe(0);
    const presences = ['online', 'offline', 'silent', 'outside-hours', 'never-seen'].map(
      (presence) => value(hourLater, 'plant_kiosk_totem_presence', { totem: kioskId, presence }),
    );
    expect(presences).toEqual([0, 0, 1, 0, 0]);
    expect(value(hourLater, 'plant_kiosk_totem_seconds_since_heartbeat', { totem: kioskId })).toBe(
      3600,
    );
  });

  it('lists a totem that logged in but never reported as never seen, without figures it lacks', async () => {
    const login = await f.app.inject({
      method: 'POST',
      url: pathOf('login'),
      payload: {
        devname: 'neubourg',
        loginRequest: { login: 'kiosk', password: hashPasswordForLogin(DEMO_PASSWORD) },
      },
    });
    expect(login.statusCode, login.body).toBe(200);
    const kioskId = login.json<Envelope<LoginResponse>>().data!.kioskId!;
    const families = await scrape();
    const labels = { totem: kioskId };
    expect(
      value(families, 'plant_kiosk_totem_presence', { ...labels, presence: 'never-seen' }),
    ).toBe(1);
    expect(value(families, 'plant_kiosk_totem_online', labels)).toBe(0);
    expect(sample(families, 'plant_kiosk_totem_seconds_since_heartbeat', labels)).toBe(undefined);
  });

  it('shows the alert in force with its drill label, then each acknowledgement', async () => {
    const devid = String(f.ids.devid);
    const otherDevid = String(f.ids.otherDevid);
    const quiet = await scrape();
    expect(sample(quiet, 'plant_kiosk_alert_active', { devid })).toEqual({
      value: 0,
      labels: { devid, drill: 'false' },
    });
    expect(value(quiet, 'plant_kiosk_alert_active', { devid: otherDevid })).toBe(0);
    expect(value(quiet, 'plant_kiosk_alert_acknowledged_totems', { devid })).toBe(0);

    const first = newKioskId();
    const second = newKioskId();
    await heartbeat(report(first));
    await heartbeat(report(second));
    const started = await admin.post(pathOf('adminAlert', { params: { devid: f.ids.devid } }), {
      templateid: evacuation,
      drill: true,
    });
    expect(started.statusCode, started.body).toBe(200);
    const alertid = data<AdminAlertView>(started).alert!.alertid!;

    const during = await scrape();
    expect(sample(during, 'plant_kiosk_alert_active', { devid })).toEqual({
      value: 1,
      labels: { devid, drill: 'true' },
    });
    expect(value(during, 'plant_kiosk_alert_active', { devid: otherDevid })).toBe(0);
    const totems = value(during, 'plant_kiosk_alert_totems', { devid });
    expect(totems).toBeGreaterThanOrEqual(2);
    expect(value(during, 'plant_kiosk_alert_acknowledged_totems', { devid })).toBe(0);

    await heartbeat(
      report(first, {
        alertAck: { alertid, displayedAt: f.clock.now.toISOString(), takeoverMs: 150 },
      }),
    );
    const acknowledged = await scrape();
    expect(value(acknowledged, 'plant_kiosk_alert_acknowledged_totems', { devid })).toBe(1);
    expect(value(acknowledged, 'plant_kiosk_alert_totems', { devid })).toBe(totems);

    // Past the deadline, the online totems that have not acknowledged are late: as the back-office
    // counts them.
    later(10_000);
    await heartbeat(report(second));
    const view = data<AdminAlertView>(
      await admin.get(pathOf('adminAlert', { params: { devid: f.ids.devid } })),
    );
    expect(view.counts.late).toBeGreaterThanOrEqual(1);
    expect(value(await scrape(), 'plant_kiosk_alert_late_totems', { devid })).toBe(
      view.counts.late,
    );

    expect(
      (await admin.delete(pathOf('adminAlert', { params: { devid: f.ids.devid } }))).statusCode,
    ).toBe(200);
    const ended = await scrape();
    expect(sample(ended, 'plant_kiosk_alert_active', { devid })).toEqual({
      value: 0,
      labels: { devid, drill: 'false' },
    });
    expect(value(ended, 'plant_kiosk_alert_acknowledged_totems', { devid })).toBe(0);
  });

  it('includes the process’s own metrics, under prom-client’s standard names', async () => {
    const families = await scrape();
    const names = families.map((family) => family.name);
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
    // Each family once: a registry of this app's own, not the process-wide default one.
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('the event streams of this instance', () => {
  it('says how many streams it holds and how long a message takes to reach all of a development’s', async () => {
    let observer: FanOutObserver | undefined;
    const metrics = new MetricsService({
      ...f.app.kiosk,
      streams: {
        size: 3,
        observeFanOut: (given) => {
          observer = given;
          return () => (observer = undefined);
        },
      },
    });
    try {
      const first = parsePrometheusTextFormat(await metrics.scrape());
      expect(value(first, 'plant_kiosk_streams_open', {})).toBe(3);
      // A fan-out to 1,000 streams in 4 ms, another in 200 ms.
      observer!(1000, 0.004);
      observer!(1000, 0.2);
      const families = parsePrometheusTextFormat(await metrics.scrape());
      const histogram = families.find(
        (family) => family.name === 'plant_kiosk_stream_fanout_seconds',
      );
      expect(histogram?.type).toBe('HISTOGRAM');
      const [samples] = histogram!.metrics;
      expect(Number(samples!.count)).toBe(2);
      expect(Number(samples!.sum)).toBeCloseTo(0.204, 6);
      expect(Number(samples!.buckets!['0.005'])).toBe(1);
      expect(Number(samples!.buckets!['0.1'])).toBe(1);
      expect(Number(samples!.buckets!['0.25'])).toBe(2);
    } finally {
      metrics.close();
    }
    expect(observer).toBeUndefined();
  });
});

describe('GET /metrics in the OpenAPI document', () => {
  it('is a service call with its own bearer scheme and a plain-text answer', async () => {
    const response = await f.app.inject({ method: 'GET', url: pathOf('openapi') });
    const document = response.json<{
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, Record<string, unknown>> };
    }>();
    const operation = document.paths['/metrics']!.get!;
    expect(operation.tags).toEqual(['service']);
    expect(operation.security).toEqual([{ metricsToken: [] }]);
    expect(operation.description).toMatch(/max/);
    expect(
      Object.keys((operation.responses as Record<string, { content: object }>)['200']!.content),
    ).toEqual(['text/plain; version=0.0.4']);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});
