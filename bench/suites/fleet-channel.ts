/**
 * The fleet page's live channel under a large fleet (issue 47), on the real built server with the
 * demo plant.
 *
 * 1,000 simulated totems, each logged in for itself, report as kiosks do (POST heartbeat); the
 * figure is each heartbeat's latency (request → answer), p50/p99, while 100 fleet pages are open
 * (the back-office's event stream, read continuously by this process), against the same
 * heartbeats with no fleet page open, in the same run. The heartbeats go at a fixed rate whatever
 * the answers (open loop: a slow server makes a queue, as real totems would): each totem once per
 * round, a round every 10 s — six times the real rate (one a minute), so that every 250 ms debounce
 * window holds several signals. One totem in ten reports a new storage figure each round: those
 * are real changes, which every page must receive (counted); the others report nothing new.
 *
 * Every heartbeat signals its development's fleet: before issue 47 every open page re-read the
 * whole development on it (measured then: heartbeat p50 27 ms → 1.85 s with the pages open); now
 * one read per development serves them all.
 *
 * The baseline is measured before the pages open and again after they close, so that it brackets
 * the measure on a machine whose load moves.
 *
 * Also: the first message of a page (the whole list) against the first message of a page that
 * reconnects with its Last-Event-ID after a round of heartbeats (only the entries changed since:
 * one totem in ten), with nothing reported meanwhile (everything received in the second after it
 * opens).
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import {
  FLEET_EVENTS,
  hashPasswordForLogin,
  TOKEN_HEADER,
  type KioskHeartbeat,
  pathOf,
} from '@plant-kiosk/contract';
import { BenchAdmin } from '../support/admin-client.js';
import { DEMO_ACCOUNT, startDemoServer } from '../support/browser.js';
import { loginTotems, type TotemSession } from '../support/development-reader.js';
import { sized } from '../support/sizes.js';
import { latencySummary, percentile, round, waitFor } from '../support/stats.js';

const TOTEMS = sized(1000, 6);
const PAGES = sized(100, 3);
const ROUND_MS = sized(10_000, 1_000);
const ROUNDS = sized(3, 2);
const CHANGING_ONE_IN = 10;
const ACCOUNT = {
  devname: DEMO_ACCOUNT.devname,
  login: DEMO_ACCOUNT.login,
  passwordHash: hashPasswordForLogin(DEMO_ACCOUNT.password),
};

/** One open fleet page: the back-office's event stream, read as it comes. */
interface FleetPage {
  /** performance.now() of the first `fleet` event's arrival. */
  listedAt: number | undefined;
  /** Bytes received before the first `id:` line was complete: the first message. */
  firstMessageBytes: number | undefined;
  bytes: number;
  kioskEvents: number;
  lastEventId: string | undefined;
  close(): void;
}

function openFleetPage(base: string, cookie: string, lastEventId?: string): Promise<FleetPage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream', cookie };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let res: IncomingMessage | undefined;
    const closers: Array<() => void> = [];
    const page: FleetPage = {
      listedAt: undefined,
      firstMessageBytes: undefined,
      bytes: 0,
      kioskEvents: 0,
      lastEventId: undefined,
      close: () => {
        res?.destroy();
        for (const close of closers) close();
      },
    };
    let tail = '';
    const req: ClientRequest = request(
      base + pathOf('adminFleetStream'),
      { agent: false, headers },
      (response: IncomingMessage) => {
        res = response;
        if (response.statusCode !== 200) {
          reject(new Error(`fleet stream: HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          page.bytes += Buffer.byteLength(chunk);
          // Events may be split across chunks: look at what is complete (up to the last blank line).
          const text = tail + chunk;
          const end = text.lastIndexOf('\n\n');
          if (end < 0) {
            tail = text;
            return;
          }
          const complete = text.slice(0, end + 2);
          tail = text.slice(end + 2);
          if (page.listedAt === undefined && complete.includes(`event: ${FLEET_EVENTS.list}\n`)) {
            page.listedAt = at;
          }
          page.kioskEvents += complete.split(`event: ${FLEET_EVENTS.kiosk}\n`).length - 1;
          const ids = complete.match(/^id: .*$/gm);
          if (ids) {
            page.lastEventId = ids.at(-1)!.slice('id: '.length);
            page.firstMessageBytes ??= page.bytes - Buffer.byteLength(tail);
          }
        });
        response.on('error', () => undefined);
        resolve(page);
      },
    );
    closers.push(() => req.destroy());
    req.on('error', reject);
    req.end();
  });
}

async function openFleetPages(base: string, cookie: string, count: number): Promise<FleetPage[]> {
  const pages: FleetPage[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Math.min(20, count - start);
    pages.push(
      ...(await Promise.all(Array.from({ length: batch }, () => openFleetPage(base, cookie)))),
    );
  }
  return pages;
}

export async function fleetChannelBench(log: (line: string) => void) {
  const server = await startDemoServer();
  try {
    const admin = new BenchAdmin(server.url);
    await admin.login();
    log(`logging ${TOTEMS} totems in…`);
    const sessions = await loginTotems(server.url, ACCOUNT, TOTEMS);
    const devid = sessions[0]!.devid;

    const report = (session: TotemSession, storage: number): KioskHeartbeat => ({
      kioskId: session.kioskId,
      mode: null,
      totem: null,
      appVersion: 'bench',
      contentVersion: null,
      lastSyncAt: null,
      storageUsedBytes: storage,
      storageQuotaBytes: 20_000_000_000,
      lastError: null,
    });
    const beat = async (session: TotemSession, storage: number): Promise<number> => {
      const started = performance.now();
      const response = await fetch(server.url + pathOf('heartbeat', { params: { devid } }), {
        method: 'POST',
        headers: { [TOKEN_HEADER]: session.token, 'content-type': 'application/json' },
        body: JSON.stringify(report(session, storage)),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`heartbeat: HTTP ${response.status}`);
      return performance.now() - started;
    };
    // Every totem in the fleet before anything is measured (its first report makes its entry).
    for (let start = 0; start < sessions.length; start += 20) {
      await Promise.all(sessions.slice(start, start + 20).map((s) => beat(s, 5_000_000_000)));
    }

    let round_ = 0;
    let changes = 0;
    /** Each totem's storage figure: a changing totem reports a new one, and keeps it. */
    const storage = sessions.map(() => 5_000_000_000);
    /** `rounds` rounds of one heartbeat per totem, evenly spread: every latency (ms). */
    const heartbeats = async (rounds = ROUNDS): Promise<number[]> => {
      const latencies: number[] = [];
      const pending: Promise<void>[] = [];
      const gap = ROUND_MS / sessions.length;
      const started = performance.now();
      for (let r = 0; r < rounds; r++) {
        round_++;
        for (let i = 0; i < sessions.length; i++) {
          const due = started + (r * sessions.length + i) * gap;
          const wait = due - performance.now();
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
          if (i % CHANGING_ONE_IN === round_ % CHANGING_ONE_IN) {
            changes++;
            storage[i]! += 1_000_000;
          }
          pending.push(
            beat(sessions[i]!, storage[i]!).then((ms) => {
              latencies.push(ms);
            }),
          );
        }
      }
      await Promise.all(pending);
      return latencies;
    };

    // No page, pages, no page again: the baseline brackets the measure (the load moves).
    log(`heartbeats, no fleet page open…`);
    const alone = await heartbeats();

    log(`opening ${PAGES} fleet pages…`);
    const opened = performance.now();
    const pages = await openFleetPages(server.url, admin.cookie, PAGES);
    await waitFor(() => pages.every((page) => page.listedAt !== undefined), 60_000);
    const allListedMs = Math.max(...pages.map((page) => page.listedAt! - opened));
    const listBytes = percentile(
      pages.map((page) => page.firstMessageBytes ?? Number.NaN),
      50,
    );

    log(`heartbeats, ${PAGES} fleet pages open…`);
    changes = 0;
    const withPages = await heartbeats();
    const changesWithPages = changes;
    // Every page receives every real change (each of them at least: the tick may add more).
    const delivered = await waitFor(
      () => pages.every((page) => page.kioskEvents >= changesWithPages),
      30_000,
    );
    const kioskEventsPerPage = percentile(
      pages.map((page) => page.kioskEvents),
      50,
    );

    // A page that reconnects: its Last-Event-ID, a round of heartbeats later.
    const leaving = pages.pop()!;
    const cursor = leaving.lastEventId;
    leaving.close();
    changes = 0;
    const roundsBefore = round_;
    await heartbeats(1);
    const changesMissed = changes;
    const roundsMissed = round_ - roundsBefore;
    const resumed = await openFleetPage(server.url, admin.cookie, cursor);
    const whole = await openFleetPage(server.url, admin.cookie);
    await waitFor(
      () => resumed.firstMessageBytes !== undefined && whole.firstMessageBytes !== undefined,
      30_000,
    );
    // Nothing is reported meanwhile: what came in the next second is the first message whole.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const resumedEvents = resumed.kioskEvents;
    const resumedBytes = resumed.bytes;
    const wholeBytes = whole.bytes;
    for (const page of [...pages, resumed, whole]) page.close();

    log(`heartbeats, the fleet pages closed again…`);
    alone.push(...(await heartbeats()));

    const figures = {
      totems: TOTEMS,
      fleetPages: PAGES,
      heartbeatsPerSecond: round((TOTEMS * 1000) / ROUND_MS),
      rounds: ROUNDS,
      noPage: latencySummary(alone),
      withPages: latencySummary(withPages),
      p50Ratio: round(percentile(withPages, 50) / Math.max(1, percentile(alone, 50))),
      p99Ratio: round(percentile(withPages, 99) / Math.max(1, percentile(alone, 99))),
      pages: {
        allListedMs: Math.round(allListedMs),
        wholeListBytes: listBytes,
        realChanges: changesWithPages,
        kioskEventsPerPage,
        everyChangeDelivered: delivered,
      },
      reconnect: {
        roundsMissed,
        changesMissed,
        resumedKioskEvents: resumedEvents,
        resumedBytes,
        wholeListBytes: wholeBytes,
      },
    };
    log(
      `heartbeat with ${PAGES} pages: p50 ${figures.withPages.p50Ms} / p99 ${figures.withPages.p99Ms} ms; ` +
        `none open: p50 ${figures.noPage.p50Ms} / p99 ${figures.noPage.p99Ms} ms ` +
        `(× ${figures.p50Ratio} / × ${figures.p99Ratio})`,
    );
    log(
      `first message: whole list ${figures.reconnect.wholeListBytes} B; ` +
        `reconnect with Last-Event-ID after ${figures.reconnect.changesMissed} changes: ` +
        `${figures.reconnect.resumedKioskEvents} kiosk events, ${figures.reconnect.resumedBytes} B`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}
