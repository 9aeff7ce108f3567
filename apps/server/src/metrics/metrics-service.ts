/**
 * The Prometheus metrics (issue 48, decision 040): each totem's state, the emergency alerts and
 * the server process's own figures, in one prom-client Registry per app instance (tests build many
 * apps in one process: prom-client's global default registry would mix them, and refuses a metric
 * registered twice).
 *
 * The fleet and alert gauges hold no state of their own: their `collect()` reads the database at
 * scrape time, through the fleet's and the alerts' public reads (the same lists the back-office
 * shows). So every instance sharing one database answers the same figures: a Prometheus server
 * scrapes one instance, or aggregates with `max`. One scrape reads the store once: the gauges'
 * `collect()` run together (prom-client awaits them all at once) and share one read.
 *
 * The registry is made at the first scrape, not with the app: most apps (tests, split instances
 * nobody scrapes) never pay for the process collectors' timers and observers.
 */
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import {
  PRESENCE_LABELS,
  presenceOf,
  type AdminAlertView,
  type KioskStatus,
  type TotemPresence,
} from '@plant-kiosk/contract';
import { alertView } from '../alerts/index.js';
import type { Repositories } from '../db/repositories/index.js';
import type { EventBus } from '../lib/event-bus.js';
import type { StreamHub } from '../lib/stream-hub.js';
import { ProfiledFleet } from '../fleet/index.js';

export interface MetricsDeps {
  repos: Repositories;
  bus: EventBus;
  now: () => Date;
  /** This process's event streams: their number and how long a message takes to reach them all. */
  streams: Pick<StreamHub, 'size' | 'observeFanOut'>;
}

/**
 * Buckets of the fan-out time (seconds): a message reaches a development's 1,000 streams in a few
 * milliseconds on a quiet instance; the bound for every stream notified is 0.1 s.
 */
const FAN_OUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** What one scrape reads from the store. */
interface StoreReading {
  at: Date;
  totems: KioskStatus[];
  alerts: AdminAlertView[];
}

const TOTEM_LABELS = ['devid', 'devname', 'totem', 'name'] as const;
type TotemLabel = (typeof TOTEM_LABELS)[number];

/** Every presence a totem may have (the contract's one rule, totem-presence.ts). */
const PRESENCES = Object.keys(PRESENCE_LABELS) as TotemPresence[];

const totemLabels = (status: KioskStatus): Record<TotemLabel, string> => ({
  devid: String(status.devid),
  devname: status.devname,
  totem: status.kioskId,
  name: status.name ?? '',
});

/** How many published revisions the totem lacks: 0 when up to date or ahead; absent when unknown. */
export function revisionsBehind(status: KioskStatus): number | undefined {
  if (status.contentVersion === null) return undefined;
  return Math.max(0, status.currentContentVersion - status.contentVersion);
}

export class MetricsService {
  private registry: Registry | undefined;
  /** The store reading of the scrape under way, shared by its gauges. */
  private reading: Promise<StoreReading> | undefined;
  private readonly fleet: ProfiledFleet;
  private stopFanOut: (() => void) | undefined;

  constructor(private readonly deps: MetricsDeps) {
    this.fleet = new ProfiledFleet(deps);
  }

  /** The exposition's content type (text/plain; version=0.0.4). */
  get contentType(): string {
    return this.ensureRegistry().contentType;
  }

  /** Every metric, in the Prometheus text exposition format. */
  async scrape(): Promise<string> {
    return this.ensureRegistry().metrics();
  }

  close(): void {
    this.stopFanOut?.();
    this.stopFanOut = undefined;
    this.registry?.clear();
    this.registry = undefined;
  }

  private read(): Promise<StoreReading> {
    this.reading ??= this.readStore().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readStore(): Promise<StoreReading> {
    const at = this.deps.now();
    const [totems, developments] = await Promise.all([
      this.fleet.list(),
      this.deps.repos.developments.listForAdmin(),
    ]);
    const alerts = await Promise.all(
      developments.map((development) => alertView(this.deps, development.devid, false)),
    );
    return { at, totems, alerts };
  }

  private ensureRegistry(): Registry {
    if (this.registry) return this.registry;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const registers = [registry];

    /** A gauge per totem whose value `value` gives (undefined: no sample for that totem). */
    const totemGauge = (
      name: string,
      help: string,
      value: (status: KioskStatus, at: Date) => number | undefined,
    ): Gauge<TotemLabel> => {
      const gauge: Gauge<TotemLabel> = new Gauge({
        name,
        help,
        labelNames: TOTEM_LABELS,
        registers,
        collect: async () => {
          const { at, totems } = await this.read();
          gauge.reset();
          for (const status of totems) {
            const figure = value(status, at);
            if (figure !== undefined) gauge.set(totemLabels(status), figure);
          }
        },
      });
      return gauge;
    };

    /** A gauge per development, from its alert view. */
    const alertGauge = <L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      samples: (view: AdminAlertView) => [Record<L, string>, number],
    ): Gauge<L> => {
      const gauge: Gauge<L> = new Gauge({
        name,
        help,
        labelNames,
        registers,
        collect: async () => {
          const { alerts } = await this.read();
          gauge.reset();
          for (const view of alerts) gauge.set(...samples(view));
        },
      });
      return gauge;
    };

    totemGauge(
      'plant_kiosk_totem_online',
      'Whether the totem is online (1) or not (0), as the fleet page says.',
      (status) => (status.state === 'online' ? 1 : 0),
    );
    // One series per presence, 1 for the totem's own (a state set, as kube-state-metrics does):
    // a rule may ask for `presence="silent"` without knowing the other values.
    const presence: Gauge<TotemLabel | 'presence'> = new Gauge({
      name: 'plant_kiosk_totem_presence',
      help: 'The totem’s presence as the fleet page says it: 1 for its own, 0 for the others (online, offline, silent, outside-hours, never-seen).',
      labelNames: [...TOTEM_LABELS, 'presence'],
      registers,
      collect: async () => {
        const { totems } = await this.read();
        presence.reset();
        for (const status of totems) {
          const own = presenceOf(status);
          for (const value of PRESENCES) {
            presence.set({ ...totemLabels(status), presence: value }, value === own ? 1 : 0);
          }
        }
      },
    });
    totemGauge(
      'plant_kiosk_totem_seconds_since_heartbeat',
      'Seconds since the totem last reported (absent when it never did).',
      (status, at) =>
        status.lastHeartbeatAt === null
          ? undefined
          : Math.max(0, (at.getTime() - Date.parse(status.lastHeartbeatAt)) / 1000),
    );
    totemGauge(
      'plant_kiosk_totem_revisions_behind',
      'Published revisions the totem does not show yet (0 when up to date or ahead; absent when unknown).',
      (status) => revisionsBehind(status),
    );
    totemGauge(
      'plant_kiosk_totem_media_cached',
      'Media files of its revision the totem holds (absent until it reports them).',
      (status) => status.media?.cached,
    );
    totemGauge(
      'plant_kiosk_totem_media_total',
      'Media files its revision references (absent until it reports them).',
      (status) => status.media?.total,
    );

    // This instance's own figures (the others come from the store, the same on every instance):
    // a Prometheus server sums the streams over the instances it scrapes.
    const streamsOpen: Gauge = new Gauge({
      name: 'plant_kiosk_streams_open',
      help: 'Event streams open on this instance (one per connected totem; two for a while when one reconnects).',
      registers,
      collect: () => streamsOpen.set(this.deps.streams.size),
    });
    const fanOut = new Histogram({
      name: 'plant_kiosk_stream_fanout_seconds',
      help: 'Time this instance takes to write one message (a publish, an alert…) to every stream of its development, from the event bus to the last socket (since the first scrape).',
      buckets: FAN_OUT_BUCKETS,
      registers,
    });
    this.stopFanOut = this.deps.streams.observeFanOut((_streams, seconds) =>
      fanOut.observe(seconds),
    );

    const devid = (view: AdminAlertView) => String(view.devid);
    alertGauge(
      'plant_kiosk_alert_active',
      'Whether an emergency alert is in force on the development (1) or not (0); drill says whether it is an exercise.',
      ['devid', 'drill'],
      (view) => [
        { devid: devid(view), drill: String(view.alert?.drill ?? false) },
        view.alert ? 1 : 0,
      ],
    );
    alertGauge(
      'plant_kiosk_alert_totems',
      'Totems of the development during the alert in force (0 without one).',
      ['devid'],
      (view) => [{ devid: devid(view) }, view.kiosks.length],
    );
    alertGauge(
      'plant_kiosk_alert_acknowledged_totems',
      'Totems that said they show the alert in force (0 without one).',
      ['devid'],
      (view) => [{ devid: devid(view) }, view.counts.displayed ?? 0],
    );
    alertGauge(
      'plant_kiosk_alert_late_totems',
      'Online totems that have not acknowledged the alert in force within its deadline (0 without one).',
      ['devid'],
      (view) => [{ devid: devid(view) }, view.counts.late ?? 0],
    );

    this.registry = registry;
    return registry;
  }
}
