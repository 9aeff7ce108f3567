/**
 * The usage analytics' figures (issue 49, part 2): the dashboard answers from the roll-ups in well
 * under a second over months of a large plant's events — p95 ≤ 500 ms — the ingestion rate through
 * the real route, and the store's size per million events. SQLite, and PostgreSQL when reachable.
 *
 * 1. Bulk load: EVENTS usage events of TOTEMS totems over DAYS days (10 million over 6 months in
 *    the full run; USAGE_BENCH_EVENTS overrides it, to measure less on a slow machine and say so),
 *    generated as visits of the large plant — visits in the plant's opening hours, page views
 *    skewed over the large plant's pages (support/sizes.ts: 100 zones × 50 elements), documents
 *    opened and read, language switches, parcours, taps, engaged visits — each checked by the
 *    server's own `checkEvent` and stored by the repository's `storeBatch` (the ingest's insert and
 *    roll-up increments), one plant day per transaction.
 * 2. Dashboard queries (the service the route calls, on the loaded store): 1 week, 1 month and
 *    6 months of the whole development, and 6 months of one totem; QUERY_RUNS each, p50 / p95.
 *    Baseline in the same run: what one of the dashboard's figures costs read from the raw events
 *    instead (count per kind over the same range, on the (devid, at) index) — the ratio says what
 *    the roll-ups buy.
 * 3. Size: SQLite's file (after a checkpoint) minus its size before the load; PostgreSQL's
 *    pg_total_relation_size of the five usage tables (raw events and roll-ups); per million events.
 * 4. Ingestion through the real route: the built server (dist) on the large plant (SQLite), a few
 *    totems logged in, each sending batches of 500 new events one after the other (a totem may
 *    send 30 batches a minute), all totems at once; events per second. Baseline: the bulk load's
 *    rate in the same run (the route's rate over the repository's, directly). One batch is sent
 *    again: it must come back as 500 duplicates.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  hashPasswordForLogin,
  pathOf,
  TOKEN_HEADER,
  USAGE_BATCH_MAX_EVENTS,
  type Envelope,
  type LoginResponse,
  type UsageBatchResult,
  type UsageEvent,
  type UsageEventKind,
} from '@plant-kiosk/contract';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database.js';
import {
  createRepositories,
  type Repositories,
} from '../../apps/server/src/db/repositories/index.js';
import { usageDashboard } from '../../apps/server/src/usage/usage-dashboard.js';
import type { UsageEventRow } from '../../apps/server/src/usage/usage-repository.js';
import { checkEvent } from '../../apps/server/src/usage/usage-service.js';
import { LARGE_PLANT_ACCOUNT, prepareLargePlant } from '../support/large-plant.js';
import { createBenchSchema, postgresProblem } from '../support/postgres.js';
import { makeDataDir, startRealServer } from '../support/processes.js';
import { LARGE_PLANT_SIZE, sized } from '../support/sizes.js';
import { percentile, round } from '../support/stats.js';

const EVENTS = Number(process.env.USAGE_BENCH_EVENTS) || sized(10_000_000, 6_000);
const TOTEMS = sized(200, 3);
const DAYS = sized(182, 14);
const QUERY_RUNS = sized(20, 2);
const RAW_RUNS = sized(3, 1);
const INGEST = sized({ totems: 5, batches: 24 }, { totems: 1, batches: 2 });
const TARGET_P95_MS = 500;
const TIME_ZONE = 'Europe/Paris';
/** The last day of the loaded range ends here (the ranges are read back from it). */
const NOW = new Date('2026-09-30T22:00:00.000Z');
const DAY_MS = 86_400_000;

/** A small seeded generator: the same events every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROUTES = [
  '/',
  ...Array.from({ length: LARGE_PLANT_SIZE.zones }, (_, z) => `/zone-${z + 1}`),
  ...Array.from(
    { length: LARGE_PLANT_SIZE.zones * LARGE_PLANT_SIZE.elementsPerZone },
    (_, i) =>
      `/zone-${Math.floor(i / LARGE_PLANT_SIZE.elementsPerZone) + 1}/element-${(i % LARGE_PLANT_SIZE.elementsPerZone) + 1}`,
  ),
];
const DOCUMENTS = Array.from({ length: 200 }, (_, i) => `doc-${i + 1}`);
const PARCOURS = ['visiteur', 'personnel', 'securite'];

/** A skewed pick (most picks near the start: a few pages are most of the views). */
const skewed = <T>(list: readonly T[], next: () => number): T =>
  list[Math.min(list.length - 1, Math.floor(list.length * next() ** 3))]!;

const totemId = (index: number) => `bench-totem-${String(index).padStart(3, '0')}`;

let serial = 0;
/** One visit's events, from `start` on, each a few seconds after the one before. */
function visit(start: number, next: () => number): UsageEvent[] {
  const session = `v-${(serial++).toString(36).padStart(10, '0')}`;
  const out: UsageEvent[] = [];
  let at = start;
  let language: 'fr' | 'en' = 'fr';
  const push = (kind: UsageEventKind, fields: Partial<UsageEvent> = {}) => {
    out.push({
      id: `e-${(serial++).toString(36).padStart(10, '0')}`,
      kind,
      at: new Date(at).toISOString(),
      route: '/',
      language,
      session,
      ...fields,
    });
    at += 3_000 + Math.floor(next() * 20_000);
  };
  push('session_start');
  if (next() < 0.1) {
    language = 'en';
    push('language');
  }
  if (next() < 0.2) push('parcours', { target: PARCOURS[Math.floor(next() * PARCOURS.length)]! });
  const pages = 1 + Math.floor(next() * 6);
  let interactions = 0;
  for (let page = 0; page < pages; page++) {
    const route = skewed(ROUTES, next);
    push('page_view', { route, zone: null });
    if (next() < 0.5) {
      push('tap', { route, target: skewed(ROUTES, next) });
      interactions++;
    }
    if (next() < 0.15) {
      const target = skewed(DOCUMENTS, next);
      push('document_open', { route, target });
      const read = 1 + Math.floor(next() * 8);
      for (let p = 1; p <= read; p++) push('page_read', { route, target, page: p });
      interactions++;
    }
  }
  if (next() < 0.01) push('alert_shown', { target: 'evacuation' });
  push('session_end', { target: interactions >= 2 ? 'engaged' : null });
  return out;
}

/** One plant day's events of every totem: `count` in all, visits in the opening hours. */
function dayEvents(dayStart: number, count: number, next: () => number): UsageEvent[] {
  const events: UsageEvent[] = [];
  while (events.length < count) {
    // 05:00–19:00 UTC: 06:00–21:00 in Paris, most visits mid-morning and mid-day.
    const hour = 5 + Math.floor(14 * (0.5 + (next() - 0.5) * (0.5 + next() * 0.5)));
    const start = dayStart + hour * 3_600_000 + Math.floor(next() * 3_600_000);
    events.push(...visit(start, next));
  }
  return events.slice(0, count);
}

interface LoadResult {
  devid: number;
  ms: number;
  eventsPerSecond: number;
}

/** Loads EVENTS events into `repos`, one plant day per transaction. */
async function bulkLoad(
  repos: Repositories,
  devname: string,
  log: (line: string) => void,
): Promise<LoadResult> {
  const { devid } = await repos.developments.create(devname, NOW);
  const next = random(49);
  const perDay = Math.ceil(EVENTS / DAYS);
  const first = NOW.getTime() - DAYS * DAY_MS;
  const started = performance.now();
  let stored = 0;
  for (let day = 0; day < DAYS && stored < EVENTS; day++) {
    const events = dayEvents(first + day * DAY_MS, Math.min(perDay, EVENTS - stored), next);
    const rows: UsageEventRow[] = [];
    events.forEach((event, index) => {
      // Busier totems first: totem k gets a share falling with k.
      const kioskId = totemId(Math.floor((TOTEMS * (index % 997) ** 2) / 997 ** 2));
      const checked = checkEvent(event, { devid, kioskId, now: NOW });
      if ('reason' in checked) throw new Error(`generated event refused: ${checked.reason}`);
      rows.push(checked.row);
    });
    await repos.usage.storeBatch(devid, 'bulk', rows, 0, NOW, TIME_ZONE);
    stored += rows.length;
    if (day % 30 === 29) log(`${stored.toLocaleString('en')} events stored`);
  }
  const ms = performance.now() - started;
  return { devid, ms, eventsPerSecond: round((stored / ms) * 1000, 0) };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The dashboard's p50/p95 over each range, and the raw-events baseline's. */
async function queries(repos: Repositories, handle: DatabaseHandle, devid: number) {
  const last = dayOf(NOW.getTime());
  const rangeOf = (days: number) => ({
    from: dayOf(NOW.getTime() - (days - 1) * DAY_MS),
    to: last,
  });
  const ranges = {
    week: { ...rangeOf(7) },
    month: { ...rangeOf(30) },
    sixMonths: { ...rangeOf(DAYS) },
    sixMonthsOneTotem: { ...rangeOf(DAYS), kioskId: totemId(0) },
  };
  const figures: Record<string, { p50Ms: number; p95Ms: number }> = {};
  for (const [name, query] of Object.entries(ranges)) {
    const times: number[] = [];
    // One run first, not counted: the store's pages warm as they would on a server in use.
    await usageDashboard(repos, devid, query);
    for (let run = 0; run < QUERY_RUNS; run++) {
      const started = performance.now();
      await usageDashboard(repos, devid, query);
      times.push(performance.now() - started);
    }
    figures[name] = { p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)) };
  }
  const raw: Record<string, number> = {};
  for (const [name, days] of [
    ['week', 7],
    ['sixMonths', DAYS],
  ] as const) {
    const from = new Date(NOW.getTime() - days * DAY_MS).toISOString();
    const times: number[] = [];
    for (let run = 0; run < RAW_RUNS; run++) {
      const started = performance.now();
      await handle.db
        .selectFrom('usage_events')
        .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
        .where('devid', '=', devid)
        .where('at', '>=', from)
        .groupBy('kind')
        .execute();
      times.push(performance.now() - started);
    }
    raw[name] = round(percentile(times, 95));
  }
  const worst = Math.max(...Object.values(figures).map((figure) => figure.p95Ms));
  return {
    dashboard: figures,
    worstP95Ms: worst,
    targetP95Ms: TARGET_P95_MS,
    withinTarget: worst <= TARGET_P95_MS ? 1 : 0,
    rawCountByKindP95Ms: raw,
    sixMonthsDashboardOverRawCount: round(figures.sixMonths!.p95Ms / raw.sixMonths!, 3),
  };
}

async function rollupRows(handle: DatabaseHandle) {
  const count = async (
    table: 'usage_hourly' | 'usage_daily' | 'usage_daily_items' | 'usage_monthly_items',
  ) =>
    Number(
      (
        await handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    hourly: await count('usage_hourly'),
    daily: await count('usage_daily'),
    dailyItems: await count('usage_daily_items'),
    monthlyItems: await count('usage_monthly_items'),
  };
}

async function sqliteRun(log: (line: string) => void) {
  const data = makeDataDir();
  const file = join(data.dir, 'usage.sqlite');
  const handle = await openDatabase({ url: file });
  try {
    const repos = createRepositories(handle.db);
    const sizeOf = () =>
      ['', '-wal'].reduce((sum, suffix) => {
        try {
          return sum + statSync(file + suffix).size;
        } catch {
          return sum;
        }
      }, 0);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    const before = sizeOf();
    log(`SQLite: loading ${EVENTS.toLocaleString('en')} events`);
    const load = await bulkLoad(repos, 'grande-usine-usage', log);
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
    const bytes = sizeOf() - before;
    const results = await queries(repos, handle, load.devid);
    return {
      events: EVENTS,
      load: { seconds: round(load.ms / 1000, 1), eventsPerSecond: load.eventsPerSecond },
      rollupRows: await rollupRows(handle),
      mbPerMillionEvents: round(bytes / 2 ** 20 / (EVENTS / 1e6), 1),
      ...results,
    };
  } finally {
    await handle.close();
    data.remove();
  }
}

async function postgresRun(log: (line: string) => void) {
  const problem = await postgresProblem();
  if (problem) {
    log(`${problem}: PostgreSQL figures skipped`);
    return null;
  }
  const schema = await createBenchSchema();
  const handle = await openDatabase({ url: schema.url, poolSize: 4 });
  try {
    const repos = createRepositories(handle.db);
    log(`PostgreSQL: loading ${EVENTS.toLocaleString('en')} events`);
    const load = await bulkLoad(repos, 'grande-usine-usage', log);
    await sql`analyze`.execute(handle.db);
    const { rows } = await sql<{
      bytes: string;
    }>`select sum(pg_total_relation_size(c.oid))::text as bytes
      from pg_class c where c.relname in ('usage_events', 'usage_hourly', 'usage_daily', 'usage_daily_items', 'usage_monthly_items')
      and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())`.execute(
      handle.db,
    );
    const bytes = Number(rows[0]?.bytes ?? 0);
    const results = await queries(repos, handle, load.devid);
    return {
      events: EVENTS,
      load: { seconds: round(load.ms / 1000, 1), eventsPerSecond: load.eventsPerSecond },
      rollupRows: await rollupRows(handle),
      mbPerMillionEvents: round(bytes / 2 ** 20 / (EVENTS / 1e6), 1),
      ...results,
    };
  } finally {
    await handle.close();
    await schema.drop();
  }
}

/** Batches of 500 through the built server's route, all totems at once. */
async function ingestRun(log: (line: string) => void) {
  const data = makeDataDir();
  prepareLargePlant(data.dir);
  const server = await startRealServer(data.dir);
  try {
    const totems: Array<{ token: string; kioskId: string; devid: number }> = [];
    for (let i = 0; i < INGEST.totems; i++) {
      const response = await fetch(server.url + pathOf('login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          devname: LARGE_PLANT_ACCOUNT.devname,
          loginRequest: {
            login: LARGE_PLANT_ACCOUNT.login,
            password: hashPasswordForLogin(LARGE_PLANT_ACCOUNT.password),
          },
        }),
      });
      const answer = (await response.json()) as Envelope<LoginResponse>;
      if (!answer.data) throw new Error(`login refused: ${answer.message}`);
      totems.push({
        token: answer.data.token,
        kioskId: answer.data.kioskId!,
        devid: answer.data.development.devid,
      });
    }
    const next = random(4949);
    const now = Date.now();
    /** A totem's backlog of the last days (visits until 500 events a batch). */
    const batchOf = () => {
      const events: UsageEvent[] = [];
      while (events.length < USAGE_BATCH_MAX_EVENTS) {
        events.push(...visit(now - Math.floor(next() * 20 * DAY_MS) - 3_600_000, next));
      }
      return events.slice(0, USAGE_BATCH_MAX_EVENTS);
    };
    const send = async (totem: (typeof totems)[number], events: UsageEvent[]) => {
      const response = await fetch(
        server.url + pathOf('kioskUsage', { params: { devid: totem.devid } }),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', [TOKEN_HEADER]: totem.token },
          body: JSON.stringify({ kioskId: totem.kioskId, events }),
        },
      );
      const answer = (await response.json()) as Envelope<UsageBatchResult>;
      if (response.status !== 200 || !answer.data) {
        throw new Error(`batch refused (${response.status}): ${answer.message}`);
      }
      return answer.data;
    };
    const batches = totems.map(() => Array.from({ length: INGEST.batches }, batchOf));
    const started = performance.now();
    const accepted = await Promise.all(
      totems.map(async (totem, index) => {
        let sum = 0;
        for (const events of batches[index]!) sum += (await send(totem, events)).accepted;
        return sum;
      }),
    );
    const ms = performance.now() - started;
    const total = accepted.reduce((sum, count) => sum + count, 0);
    const again = await send(totems[0]!, batches[0]![0]!);
    log(
      `route: ${total} events in ${Math.round(ms)} ms; a batch sent again: ${again.duplicates} duplicates`,
    );
    return {
      totems: INGEST.totems,
      batchesOf500: INGEST.totems * INGEST.batches,
      accepted: total,
      eventsPerSecond: round((total / ms) * 1000, 0),
      msPerBatch: round(ms / INGEST.batches, 1),
      resentBatchDuplicates: again.duplicates,
      resentBatchAccepted: again.accepted,
    };
  } finally {
    await server.stop();
    data.remove();
  }
}

export async function usageAnalyticsBench(log: (line: string) => void) {
  const sqlite = await sqliteRun(log);
  const postgres = process.env.USAGE_BENCH_SKIP_PG ? null : await postgresRun(log);
  const route = await ingestRun(log);
  return {
    sqlite,
    postgres,
    ingestRoute: {
      ...route,
      // The route's rate over the repository's own (the bulk load, same run, SQLite).
      overBulkLoadRate: round(route.eventsPerSecond / sqlite.load.eventsPerSecond, 3),
    },
  };
}
