/**
 * Test support: an in-memory content service behind a `fetch` function, built from the contract's
 * types and route table. It answers real envelopes, the snapshot with ETag/304, batches with the
 * server's [order, order + quantity) semantics and media files, logs every request, and can be
 * told to fail any request (network error, HTTP status, malformed body, a request that never
 * answers until aborted) to test what the kiosk does then.
 *
 * Delta sync (decision 016): every content version the server has held is remembered (a deep copy
 * at construction and after each `change`), so `/display/changes/:devid?since=N` answers an honest
 * delta — the records that differ are puts, the ids gone are deletes, `counts` are the current
 * lengths — or 304 for the current version, or `full: true` for a version it never held or one
 * ahead of it. `changesSupported = false` answers 404 like an older server; `scriptChanges` lets
 * a test dictate the answer.
 */
import {
  ALL_MODELS,
  ROUTES as ROUTE_TABLE,
  TOKEN_HEADER,
  type AlertTemplate,
  type ContentChanges,
  type Element,
  type Envelope,
  type KioskConfig,
  type KioskHeartbeat,
  type PopulatedSubgroup,
  type RouteName,
  type Snapshot,
  type Subelement,
  type Subgroup,
  type Zone,
} from '@plant-kiosk/contract';

export interface FakeMedia {
  body: string;
  contentType: string;
  status?: number;
}

export interface FakePlant {
  devid: number;
  devname: string;
  token: string;
  version: number;
  zones: Zone[];
  elements: Element[];
  subelements: Subelement[];
  subgroups: Subgroup[];
  /** Emergency alerts: in the snapshot when set. */
  alertTemplates?: AlertTemplate[];
  /** Keyed by path without leading slash, as content values reference them. */
  media: Record<string, FakeMedia>;
}

export interface FakeRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A string body as sent (JSON calls). */
  body?: string;
}

export type FakeFailure =
  | { kind: 'network' }
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'body'; body: string; status?: number; contentType?: string }
  | { kind: 'hang' };

type Matcher = string | RegExp | ((request: FakeRequest) => boolean);

interface FailureRule {
  match: (request: FakeRequest) => boolean;
  failure: FakeFailure;
  remaining: number;
}

const ISO = '2026-01-10T08:00:00.000Z';

/** A small plant: an image zone, a sub-grouped zone with products, a text zone; media included. */
export function demoPlant(overrides: Partial<FakePlant> = {}): FakePlant {
  const devid = overrides.devid ?? 7;
  const zones: Zone[] = [
    { zoneid: 1, zonename: 'Plan du site', devid, type: 'images', checkList: false },
    { zoneid: 2, zonename: 'Produits', devid, type: 'subgroups', checkList: false },
    { zoneid: 3, zonename: 'Menu', devid, type: 'images', checkList: false },
  ];
  const elements: Element[] = [
    {
      elementid: 10,
      zoneid: 1,
      order: 1,
      value: 'media/images/plan-1.svg',
      type: 'image',
      addingdate: ISO,
    },
    {
      elementid: 11,
      zoneid: 1,
      order: 2,
      value: 'media/images/plan-2.svg',
      type: 'image',
      addingdate: ISO,
    },
    { elementid: 20, zoneid: 2, order: 1, value: 'Parfum', type: 'text', addingdate: ISO },
    { elementid: 30, zoneid: 3, order: 1, value: 'pdf/menu.pdf', type: 'pdf', addingdate: ISO },
  ];
  const subgroups: Subgroup[] = [
    {
      subgroupid: 100,
      elementid: 20,
      modelid: 2,
      label: 'Produit',
      order: 1,
      addingdate: ISO,
      expirationdate: null,
    },
    {
      subgroupid: 101,
      elementid: 20,
      modelid: 2,
      label: 'Produit',
      order: 2,
      addingdate: ISO,
      expirationdate: null,
    },
  ];
  const subelements: Subelement[] = [
    {
      subelementid: 1000,
      elementid: 20,
      order: 1,
      value: 'Pompe A',
      type: 'text',
      subgroupinfo: { subgroupid: 100, fieldlabel: 'titre' },
    },
    {
      subelementid: 1001,
      elementid: 20,
      order: 1,
      value: 'media/images/pompe-a.svg',
      type: 'image',
      subgroupinfo: { subgroupid: 100, fieldlabel: 'image' },
    },
    {
      subelementid: 1002,
      elementid: 20,
      order: 1,
      value: 'Pompe B',
      type: 'text',
      subgroupinfo: { subgroupid: 101, fieldlabel: 'titre' },
    },
    {
      subelementid: 1003,
      elementid: 20,
      order: 1,
      value: 'media/videos/pompe-b.mp4',
      type: 'video',
      subgroupinfo: { subgroupid: 101, fieldlabel: 'vidéo' },
    },
    {
      subelementid: 1004,
      elementid: 20,
      order: 2,
      value: 'Catalogue parfum',
      type: 'text',
      subgroupinfo: null,
    },
  ];
  const media: Record<string, FakeMedia> = {
    'media/images/plan-1.svg': { body: '<svg>1</svg>', contentType: 'image/svg+xml' },
    'media/images/plan-2.svg': { body: '<svg>2</svg>', contentType: 'image/svg+xml' },
    'media/images/pompe-a.svg': { body: '<svg>a</svg>', contentType: 'image/svg+xml' },
    'media/videos/pompe-b.mp4': { body: 'mp4-bytes', contentType: 'video/mp4' },
    'pdf/menu.pdf': { body: '%PDF-1.7', contentType: 'application/pdf' },
  };
  return {
    devid,
    devname: 'neubourg',
    token: 'token-7',
    version: 1,
    zones,
    elements,
    subelements,
    subgroups,
    media,
    ...overrides,
  };
}

/** An image zone of `count` elements with orders 1..count, for the loading-mode tests. */
export function zoneWithElements(
  plant: FakePlant,
  zoneid: number,
  zonename: string,
  count: number,
) {
  plant.zones.push({ zoneid, zonename, devid: plant.devid, type: 'images', checkList: false });
  for (let order = 1; order <= count; order++) {
    plant.elements.push({
      elementid: zoneid * 1000 + order,
      zoneid,
      order,
      value: `${zonename} ${order}`,
      type: 'text',
      addingdate: ISO,
    });
  }
}

function toPattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((part) =>
      part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : part.replace(/\./g, '\\.'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Each route of the contract's table as a pattern of the paths it answers. */
const ROUTES = Object.fromEntries(
  Object.entries(ROUTE_TABLE).map(([name, route]) => [name, toPattern(route.path)]),
) as Record<RouteName, RegExp>;

/** The content of one version, as the fake server remembers it for deltas. */
interface PlantContent {
  zones: Zone[];
  elements: Element[];
  subelements: Subelement[];
  subgroups: Subgroup[];
  alertTemplates: AlertTemplate[];
}

const contentOf = (plant: FakePlant): PlantContent =>
  structuredClone({
    zones: plant.zones,
    elements: plant.elements,
    subelements: plant.subelements,
    subgroups: plant.subgroups,
    alertTemplates: plant.alertTemplates ?? [],
  });

/** Puts (new or changed records) and deleted ids of one store between two versions. */
function diffStore<T>(
  before: readonly T[],
  after: readonly T[],
  id: (item: T) => number,
): { puts: T[]; deletes: number[] } {
  const old = new Map(before.map((item) => [id(item), JSON.stringify(item)]));
  const now = new Set(after.map(id));
  return {
    puts: after.filter((item) => old.get(id(item)) !== JSON.stringify(item)),
    deletes: [...old.keys()].filter((key) => !now.has(key)),
  };
}

/** What a test may answer instead of the computed delta: a body, or a raw Response. */
export type ScriptedChanges = ContentChanges | Response;

export interface FakeContentServerOptions {
  origin?: string;
  snapshotSupported?: boolean;
  /** False: `/display/changes` answers 404 (a server older than delta sync). */
  changesSupported?: boolean;
  config?: Partial<KioskConfig>;
}

export class FakeContentServer {
  readonly origin: string;
  plant: FakePlant;
  snapshotSupported: boolean;
  changesSupported: boolean;
  /** When set, answers `/display/changes` (null: compute the delta as usual). */
  scriptChanges: ((since: number) => ScriptedChanges | null) | null = null;
  /** The content of every version held, for deltas. */
  private readonly history = new Map<number, PlantContent>();
  pingStatus = 200;
  config: KioskConfig;
  readonly requests: FakeRequest[] = [];
  /** Bodies of the fleet heartbeats received, in order. */
  readonly heartbeats: KioskHeartbeat[] = [];
  /** Stream tickets handed out (decision 028), in order: `ticket-1`, `ticket-2`… */
  readonly streamTickets: string[] = [];
  private rules: FailureRule[] = [];

  constructor(plant: FakePlant = demoPlant(), options: FakeContentServerOptions = {}) {
    this.plant = plant;
    this.origin = options.origin ?? 'http://kiosk.test';
    this.snapshotSupported = options.snapshotSupported ?? true;
    this.changesSupported = options.changesSupported ?? true;
    this.history.set(plant.version, contentOf(plant));
    this.config = {
      environment: 'prod',
      devname: plant.devname,
      contentBaseUrl: '',
      authBaseUrl: '',
      streamBaseUrl: '',
      appVersion: '1.0.0',
      ...options.config,
    };
  }

  get etag(): string {
    return `"${this.plant.devid}-${this.plant.version}"`;
  }

  /** Changes the content and its version, as a back-office publish would. */
  change(mutate: (plant: FakePlant) => void): void {
    mutate(this.plant);
    this.plant.version++;
    this.history.set(this.plant.version, contentOf(this.plant));
  }

  /** The delta from version `since` to the current one, computed from the versions held. */
  changesSince(since: number): ContentChanges | null {
    const p = this.plant;
    if (since === p.version) return null;
    const before = this.history.get(since);
    if (since > p.version || !before)
      return {
        devid: p.devid,
        full: true,
        reason: since > p.version ? 'ahead' : 'unknown-revision',
        to: p.version,
      };
    const now = contentOf(p);
    const zones = diffStore(before.zones, now.zones, (z) => z.zoneid);
    const elements = diffStore(before.elements, now.elements, (e) => e.elementid);
    const subelements = diffStore(before.subelements, now.subelements, (s) => s.subelementid);
    const subgroups = diffStore(before.subgroups, now.subgroups, (g) => g.subgroupid);
    const templates = diffStore(before.alertTemplates, now.alertTemplates, (t) => t.templateid);
    return {
      devid: p.devid,
      full: false,
      from: since,
      to: p.version,
      generatedAt: ISO,
      puts: {
        zones: zones.puts,
        elements: elements.puts,
        subelements: subelements.puts,
        subgroups: subgroups.puts,
        alertTemplates: templates.puts,
      },
      deletes: {
        zones: zones.deletes,
        elements: elements.deletes,
        subelements: subelements.deletes,
        subgroups: subgroups.deletes,
        alertTemplates: templates.deletes,
      },
      counts: {
        zones: now.zones.length,
        elements: now.elements.length,
        subelements: now.subelements.length,
        subgroups: now.subgroups.length,
        alertTemplates: now.alertTemplates.length,
      },
    };
  }

  /** Makes matching requests fail, `times` times (default: always). */
  fail(match: Matcher, failure: FakeFailure, times = Infinity): void {
    const fn =
      typeof match === 'function'
        ? match
        : typeof match === 'string'
          ? (r: FakeRequest) => r.path === match || r.url.includes(match)
          : (r: FakeRequest) => match.test(r.path);
    this.rules.push({ match: fn, failure, remaining: times });
  }

  clearFailures(): void {
    this.rules = [];
  }

  /** Paths (with query) of the requests made so far, optionally filtered. */
  paths(filter?: RegExp): string[] {
    return this.requests
      .map((r) => r.path + (r.query.toString() ? `?${r.query.toString()}` : ''))
      .filter((p) => !filter || filter.test(p));
  }

  readonly fetch: typeof fetch = (input, init) => this.handle(input, init);

  private async handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = new Headers(init.headers);
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: url.href,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    this.requests.push(request);
    const signal = init.signal ?? undefined;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    // Let other requests start first, as a real network would.
    await Promise.resolve();
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');

    const rule = this.rules.find((r) => r.remaining > 0 && r.match(request));
    if (rule) {
      rule.remaining--;
      const failure = rule.failure;
      if (failure.kind === 'network') throw new TypeError('Failed to fetch');
      if (failure.kind === 'status')
        return this.json(failure.status, {
          data: null,
          message: failure.message ?? `Erreur ${failure.status}`,
          error: 'internal_error',
        });
      if (failure.kind === 'body')
        return new Response(failure.body, {
          status: failure.status ?? 200,
          headers: { 'Content-Type': failure.contentType ?? 'application/json' },
        });
      return new Promise<Response>((_, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (signal?.aborted) abort();
        else signal?.addEventListener('abort', abort);
      });
    }
    return this.route(request);
  }

  private json<T>(status: number, envelope: Envelope<T>, extra: Record<string, string> = {}) {
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'Content-Type': 'application/json', ...extra },
    });
  }

  private ok<T>(data: T, extra: Record<string, string> = {}) {
    return this.json(200, { data, message: 'OK', error: null }, extra);
  }

  private notFound(message = 'Introuvable') {
    return this.json(404, { data: null, message, error: 'not_found' });
  }

  private batch<T extends { order: number }>(items: T[], query: URLSearchParams): T[] {
    const order = query.get('order');
    const quantity = query.get('quantity');
    let list = [...items].sort((a, b) => a.order - b.order);
    if (order !== null) {
      list = list.filter((item) => item.order >= Number(order));
      if (quantity !== null)
        list = list.filter((item) => item.order < Number(order) + Number(quantity));
    } else if (quantity !== null) list = list.slice(0, Number(quantity));
    return list;
  }

  private populate(group: Subgroup): PopulatedSubgroup {
    const fields: Record<string, Subelement[]> = {};
    for (const sub of this.plant.subelements) {
      if (sub.subgroupinfo?.subgroupid !== group.subgroupid) continue;
      (fields[sub.subgroupinfo.fieldlabel] ??= []).push(sub);
    }
    for (const list of Object.values(fields)) list.sort((a, b) => a.order - b.order);
    return { ...group, fields };
  }

  private route(request: FakeRequest): Response {
    const { path, method, query, headers, body } = request;
    const p = this.plant;
    const media = path.replace(/^\//, '');
    if (p.media[media] && (media.startsWith('media/') || media.startsWith('pdf/'))) {
      const file = p.media[media];
      return new Response(file.body, {
        status: file.status ?? 200,
        headers: { 'Content-Type': file.contentType },
      });
    }
    if (path === ROUTE_TABLE.config.path) {
      return new Response(JSON.stringify(this.config), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (ROUTES.ping.test(path)) return new Response(null, { status: this.pingStatus });
    // The auth service may live under its own base URL (docs/product.md#calls).
    if (path.endsWith(ROUTE_TABLE.login.path) && method === 'POST') {
      return this.ok({ token: p.token, development: { devid: p.devid, devname: p.devname } });
    }
    if (headers.get(TOKEN_HEADER) !== p.token)
      return this.json(401, { data: null, message: 'Jeton invalide', error: 'unauthorized' });

    let m: RegExpExecArray | null;
    if ((m = ROUTES.heartbeat.exec(path)) && method === 'POST') {
      if (Number(m.groups!.devid) !== p.devid) {
        return this.json(403, { data: null, message: 'Forbidden', error: 'forbidden' });
      }
      this.heartbeats.push(JSON.parse(body ?? 'null') as KioskHeartbeat);
      return this.ok({ contentVersion: p.version });
    }
    if ((m = ROUTES.streamTicket.exec(path)) && method === 'POST') {
      if (Number(m.groups!.devid) !== p.devid) {
        return this.json(403, { data: null, message: 'Forbidden', error: 'forbidden' });
      }
      const ticket = `ticket-${this.streamTickets.length + 1}`;
      this.streamTickets.push(ticket);
      return this.ok({ ticket, expiresAt: new Date(Date.now() + 60_000).toISOString() });
    }
    if ((m = ROUTES.snapshot.exec(path))) {
      if (!this.snapshotSupported) return this.notFound('Route not found');
      if (Number(m.groups!.devid) !== p.devid) return this.notFound();
      if (headers.get('If-None-Match') === this.etag) return new Response(null, { status: 304 });
      const snapshot: Snapshot = {
        devid: p.devid,
        version: p.version,
        generatedAt: ISO,
        zones: p.zones,
        elements: p.elements,
        subelements: p.subelements,
        subgroups: p.subgroups,
        ...(p.alertTemplates ? { alertTemplates: p.alertTemplates } : {}),
      };
      return this.ok(snapshot, { ETag: this.etag });
    }
    if ((m = ROUTES.changes.exec(path))) {
      if (!this.changesSupported) return this.notFound('Route not found');
      if (Number(m.groups!.devid) !== p.devid) return this.notFound();
      const since = Number(query.get('since'));
      if (!Number.isInteger(since) || since < 0)
        return this.json(400, { data: null, message: 'since', error: 'bad_request' });
      const scripted = this.scriptChanges?.(since) ?? null;
      if (scripted instanceof Response) return scripted;
      const changes = scripted ?? this.changesSince(since);
      return changes === null ? new Response(null, { status: 304 }) : this.ok(changes);
    }
    if ((m = ROUTES.zones.exec(path))) {
      return Number(m.groups!.devid) === p.devid ? this.ok(p.zones) : this.notFound();
    }
    if ((m = ROUTES.zone.exec(path))) {
      const name = decodeURIComponent(m.groups!.zonename!);
      const zone = p.zones.find((z) => z.zonename === name);
      return zone ? this.ok(zone) : this.notFound('Zone introuvable');
    }
    if ((m = ROUTES.elements.exec(path))) {
      const zoneid = Number(m.groups!.zoneid);
      return this.ok(
        this.batch(
          p.elements.filter((e) => e.zoneid === zoneid),
          query,
        ),
      );
    }
    if ((m = ROUTES.subelements.exec(path))) {
      const elementid = Number(m.groups!.elementid);
      return this.ok(
        this.batch(
          p.subelements.filter((s) => s.elementid === elementid),
          query,
        ),
      );
    }
    if ((m = ROUTES.subgroups.exec(path))) {
      const elementid = Number(m.groups!.elementid);
      return this.ok(p.subgroups.filter((g) => g.elementid === elementid));
    }
    if ((m = ROUTES.populatedSubgroups.exec(path))) {
      const elementid = Number(m.groups!.elementid);
      const label = decodeURIComponent(m.groups!.modelLabel!);
      return this.ok(
        p.subgroups
          .filter((g) => g.elementid === elementid && (label === ALL_MODELS || g.label === label))
          .sort((a, b) => a.order - b.order)
          .map((g) => this.populate(g)),
      );
    }
    if ((m = ROUTES.populatedSubgroup.exec(path))) {
      const group = p.subgroups.find((g) => g.subgroupid === Number(m!.groups!.subgroupid));
      return group ? this.ok(this.populate(group)) : this.notFound();
    }
    if ((m = ROUTES.subgroupFieldSubelements.exec(path))) {
      const id = Number(m.groups!.subgroupid);
      const label = decodeURIComponent(m.groups!.fieldlabel!);
      return this.ok(
        p.subelements.filter(
          (s) => s.subgroupinfo?.subgroupid === id && s.subgroupinfo.fieldlabel === label,
        ),
      );
    }
    if ((m = ROUTES.subgroupSubelements.exec(path))) {
      const id = Number(m.groups!.subgroupid);
      return this.ok(p.subelements.filter((s) => s.subgroupinfo?.subgroupid === id));
    }
    return this.notFound('Route not found');
  }
}
