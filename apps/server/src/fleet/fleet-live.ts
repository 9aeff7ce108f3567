/**
 * The back-office's live fleet channel: one server-sent event stream per open fleet page, fed by
 * one shared re-read per development whatever the number of pages (issue 47).
 *
 * Per development watched by at least one stream, this process listens to its fleet signals (from
 * any instance, through the event bus). A signal marks it dirty; a short debounce then re-reads
 * that development's kiosks ONCE, compares each entry with what was last sent (a fingerprint
 * without the presence times: lastSeenAt, which the presence refresh moves, and lastHeartbeatAt,
 * which every heartbeat moves — the state they decide, online or offline, is in it), and writes a
 * `kiosk` event for each entry that changed to every stream watching the development. A heartbeat
 * that reports nothing new is therefore no news: with 1,000 totems reporting every minute, the
 * pages would otherwise get 17 events a second each, and every reconnect the whole fleet again.
 * So a burst of heartbeats costs one query per development, not one per open page, and the
 * channel never trusts a signal's content — only the database. A periodic tick re-reads each watched development once (what changes with
 * time alone: a kiosk going offline, a flag appearing) and writes a comment that keeps proxies
 * from closing the connections.
 *
 * Reconnection without the whole list. Every change gets a sequence number (one counter for the
 * process), and every event carries an SSE `id:` — the cursor `epoch.seq.scope.listedAt`: the
 * process epoch (random at start), the last sequence number the stream was sent, a hash of its set
 * of developments, and when it last got the whole list. A stream ends after `maxLifetimeMs` on
 * purpose (EventSource reconnects at once, which re-checks the session and picks up new
 * developments) and EventSource sends the cursor back as `Last-Event-ID`: if it is this process's,
 * for the same developments, and nothing was removed from them since (a forgotten kiosk: a `kiosk`
 * event cannot say "gone"), the first message is only the `kiosk` events of the entries changed
 * since — often none, then a bare `id:` line. Otherwise (no cursor, another epoch: a restart or
 * another instance behind a load balancer with PostgreSQL, other developments, a removal, or a
 * whole list older than `fullListEveryMs`) it is the whole list as a `fleet` event. The last case
 * bounds how stale an unchanged entry's presence times (« Vu il y a… ») get on a page: they are
 * those of its last change or of the page's last whole list. A resumed page gets no `fleet`
 * event: a client that shows "live" must say so on the stream's `open`, not on the list alone.
 *
 * The change "log" is the per-development map of entries itself: each entry keeps the sequence
 * number of its last change, so it is bounded by the fleet, not by time. A development nobody
 * watches stops listening; its map stays (it is re-read and compared when watched again, so the
 * changes made meanwhile get new numbers) until it is evicted, after which its cursors are too old.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FLEET_EVENTS, type KioskStatus } from '@plant-kiosk/contract';
import type { EventBus } from '../lib/event-bus.js';
import { openLiveResponse, type LiveResponse } from '../lib/live-response.js';
import type { Fleet } from './fleet.js';

export interface FleetLiveOptions {
  /** Re-read of every watched development (time-based changes) and keep-alive comment. */
  tickMs?: number;
  debounceMs?: number;
  maxLifetimeMs?: number;
  retryMs?: number;
  /** A reconnecting page whose whole list is older than this gets it again (fresh « Vu »). */
  fullListEveryMs?: number;
}

interface Entry {
  status: KioskStatus;
  print: string;
  /** Sequence number of this entry's last change. */
  seq: number;
}

interface LiveStream {
  live: LiveResponse;
  devids: number[];
  /** Hash of the sorted devids: a cursor is only good for the same set. */
  scope: string;
  /** When this page last got the whole list (carried over from cursor to cursor). */
  listedAt: number;
}

/** The shared state of one development. */
interface Development {
  devid: number;
  streams: Set<LiveStream>;
  /** Last read entries, in the list's order. */
  entries: Map<string, Entry>;
  /** Cursors below this know nothing of this map (it was created or evicted after them). */
  knownSince: number;
  /** Sequence number of the last removal seen: older cursors need the whole list. */
  removedAt: number;
  stopListening: (() => void) | undefined;
  /** Bumped at each subscription: a read started before it may have missed a signal. */
  generation: number;
  /** The map reflects the database up to pending signals (read since the subscription). */
  fresh: boolean;
  /** Start number of the read last applied: an older read finishing later is dropped. */
  appliedRead: number;
  inFlight: Promise<void> | undefined;
  flushTimer: NodeJS.Timeout | undefined;
  unwatchedAt: number;
}

const keyOf = (status: KioskStatus) => `${status.devid}:${status.kioskId}`;
const fingerprint = ({
  lastSeenAt: _lastSeenAt,
  lastHeartbeatAt: _lastHeartbeatAt,
  ...rest
}: KioskStatus) => JSON.stringify(rest);

/** FNV-1a of the sorted development ids, base 36: short and enough to tell sets apart. */
function scopeOf(devids: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const char of [...devids].sort((a, b) => a - b).join(',')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

interface Cursor {
  seq: number;
  listedAt: number;
}

export class FleetLive {
  private readonly streams = new Set<LiveStream>();
  private readonly developments = new Map<number, Development>();
  /** Watchers per development, the opening streams included. */
  private readonly watchers = new Map<number, number>();
  private ticker: NodeJS.Timeout | undefined;
  /** Tells this process's cursors from another's (a restart, another instance). */
  private readonly epoch = randomUUID().slice(0, 8);
  private seq = 0;
  private reads = 0;
  private readonly tickMs: number;
  private readonly debounceMs: number;
  private readonly maxLifetimeMs: number;
  private readonly retryMs: number;
  private readonly fullListEveryMs: number;

  constructor(
    private readonly fleet: Fleet,
    private readonly bus: EventBus,
    private readonly onError: (error: unknown) => void,
    options: FleetLiveOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 30_000;
    this.debounceMs = options.debounceMs ?? 250;
    this.maxLifetimeMs = options.maxLifetimeMs ?? 10 * 60_000;
    this.retryMs = options.retryMs ?? 3_000;
    this.fullListEveryMs = options.fullListEveryMs ?? 30 * 60_000;
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * Takes over an authorised response. The first message is the whole list, or — with a valid
   * `lastEventId` (the client's Last-Event-ID) — only the entries changed since.
   */
  async open(
    req: IncomingMessage,
    res: ServerResponse,
    devids: number[],
    headers: Record<string, string | number | string[] | undefined>,
    lastEventId?: string,
  ): Promise<void> {
    const live = openLiveResponse(req, res, headers, {
      retryMs: this.retryMs,
      maxLifetimeMs: this.maxLifetimeMs,
    });
    const stream: LiveStream = { live, devids, scope: scopeOf(devids), listedAt: Date.now() };
    let released = false;
    live.onRelease(() => {
      released = true;
      this.streams.delete(stream);
      for (const devid of devids) this.unwatch(devid, stream);
      if (this.streams.size === 0) this.stopTicker();
    });
    // Listen before the first read, so that nothing between the two is missed.
    const developments = devids.map((devid) => this.watch(devid));
    this.streams.add(stream);
    this.startTicker();

    try {
      // A development already watched by another page is up to date: no read at all. One being
      // read for another opening page is joined, not read again.
      for (let attempt = 0; attempt < 5 && !released; attempt++) {
        const stale = developments.filter((development) => !development.fresh);
        if (stale.length === 0) break;
        const reading = stale.flatMap((development) => development.inFlight ?? []);
        await (reading.length > 0 ? Promise.all(reading) : this.read(stale));
      }
    } catch (error) {
      this.onError(error);
      live.end();
      return;
    }
    if (released) return;

    const cursor = this.resumable(lastEventId, stream, developments);
    if (cursor) {
      stream.listedAt = cursor.listedAt;
      const changed = developments
        .flatMap((development) => [...development.entries.values()])
        .filter((entry) => entry.seq > cursor.seq)
        .sort((a, b) => a.seq - b.seq);
      for (const entry of changed) live.write(this.kioskEvent(stream, entry));
      // Moves the client's cursor on even when nothing changed (an `id:` alone is kept).
      if (changed.length === 0) live.write(`id: ${this.cursorOf(stream, this.seq)}\n\n`);
    } else {
      const list = developments.flatMap((development) =>
        [...development.entries.values()].map((entry) => entry.status),
      );
      live.write(
        `event: ${FLEET_EVENTS.list}\nid: ${this.cursorOf(stream, this.seq)}\n` +
          `data: ${JSON.stringify(list)}\n\n`,
      );
    }
    // Joined synchronously with the first message: every later change reaches this stream.
    for (const development of developments) development.streams.add(stream);
  }

  closeAll(): void {
    for (const stream of [...this.streams]) stream.live.end();
    this.stopTicker();
  }

  private cursorOf(stream: LiveStream, seq: number): string {
    return `${this.epoch}.${seq}.${stream.scope}.${stream.listedAt.toString(36)}`;
  }

  private kioskEvent(stream: LiveStream, entry: Entry): string {
    return (
      `event: ${FLEET_EVENTS.kiosk}\nid: ${this.cursorOf(stream, entry.seq)}\n` +
      `data: ${JSON.stringify(entry.status)}\n\n`
    );
  }

  /** The client's cursor if the changes since it are enough to bring its page up to date. */
  private resumable(
    lastEventId: string | undefined,
    stream: LiveStream,
    developments: Development[],
  ): Cursor | undefined {
    const parts = lastEventId?.split('.');
    if (parts?.length !== 4) return undefined;
    const [epoch, seqText, scope, listedText] = parts as [string, string, string, string];
    const seq = /^\d+$/.test(seqText) ? Number(seqText) : NaN;
    const listedAt = parseInt(listedText, 36);
    if (epoch !== this.epoch || scope !== stream.scope) return undefined;
    if (!Number.isSafeInteger(seq) || seq > this.seq || !Number.isFinite(listedAt))
      return undefined;
    if (Date.now() - listedAt > this.fullListEveryMs) return undefined;
    const known = developments.every(
      (development) => seq >= development.knownSince && seq >= development.removedAt,
    );
    return known ? { seq, listedAt } : undefined;
  }

  private developmentOf(devid: number): Development {
    let development = this.developments.get(devid);
    if (!development) {
      development = {
        devid,
        streams: new Set(),
        entries: new Map(),
        knownSince: this.seq,
        removedAt: 0,
        stopListening: undefined,
        generation: 0,
        fresh: false,
        appliedRead: 0,
        inFlight: undefined,
        flushTimer: undefined,
        unwatchedAt: 0,
      };
      this.developments.set(devid, development);
    }
    return development;
  }

  /** Counts `stream` as a watcher (it joins `streams` once its first message is written). */
  private watch(devid: number): Development {
    this.evictUnwatched();
    const development = this.developmentOf(devid);
    if (!development.stopListening) {
      development.generation++;
      development.fresh = false;
      development.stopListening = this.bus.onFleet(devid, () => {
        development.flushTimer ??= setTimeout(() => {
          development.flushTimer = undefined;
          void this.flush(development);
        }, this.debounceMs);
      });
    }
    this.watchers.set(devid, (this.watchers.get(devid) ?? 0) + 1);
    return development;
  }

  private unwatch(devid: number, stream: LiveStream): void {
    const development = this.developments.get(devid);
    if (!development) return;
    development.streams.delete(stream);
    const left = (this.watchers.get(devid) ?? 1) - 1;
    if (left > 0) {
      this.watchers.set(devid, left);
      return;
    }
    this.watchers.delete(devid);
    development.stopListening?.();
    development.stopListening = undefined;
    clearTimeout(development.flushTimer);
    development.flushTimer = undefined;
    // Unheard signals from now on: the next watcher reads it again.
    development.fresh = false;
    development.unwatchedAt = Date.now();
  }

  /** Drops what nobody has watched for long: its cursors would be too old anyway. */
  private evictUnwatched(): void {
    const before = Date.now() - this.fullListEveryMs;
    for (const [devid, development] of this.developments) {
      if (!this.watchers.has(devid) && development.unwatchedAt < before) {
        this.developments.delete(devid);
      }
    }
  }

  /** After a burst of signals: a read that starts after them (one already on its way may not). */
  private async flush(development: Development): Promise<void> {
    try {
      if (development.inFlight) await development.inFlight;
      if (development.stopListening) await this.read([development]);
    } catch (error) {
      // The next signal or tick tries again; the streams stay open.
      this.onError(error);
    }
  }

  /**
   * Re-reads `developments` with one list query, records what changed and sends it to their
   * streams.
   */
  private read(developments: Development[]): Promise<void> {
    const done = this.readAndApply(developments);
    // What a joiner waits for: the read and its changes applied, failed or not.
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    for (const development of developments) development.inFlight = settled;
    void settled.then(() => {
      for (const development of developments) {
        if (development.inFlight === settled) development.inFlight = undefined;
      }
    });
    return done;
  }

  private async readAndApply(developments: Development[]): Promise<void> {
    const started = ++this.reads;
    const generations = developments.map((development) => development.generation);
    const list = await this.fleet.list(developments.map((development) => development.devid));
    const byDevid = new Map<number, KioskStatus[]>();
    for (const status of list) {
      const statuses = byDevid.get(status.devid) ?? [];
      statuses.push(status);
      byDevid.set(status.devid, statuses);
    }
    developments.forEach((development, index) => {
      // A read that started earlier but finished later must not undo a newer one.
      if (started < development.appliedRead) return;
      development.appliedRead = started;
      this.apply(development, byDevid.get(development.devid) ?? []);
      if (generations[index] === development.generation && development.stopListening) {
        development.fresh = true;
      }
    });
  }

  private apply(development: Development, statuses: KioskStatus[]): void {
    const previous = development.entries;
    const entries = new Map<string, Entry>();
    const changed: Entry[] = [];
    let kept = 0;
    for (const status of statuses) {
      const key = keyOf(status);
      const print = fingerprint(status);
      const before = previous.get(key);
      if (before) kept++;
      if (before?.print === print) {
        entries.set(key, { status, print, seq: before.seq });
        continue;
      }
      const entry = { status, print, seq: ++this.seq };
      entries.set(key, entry);
      changed.push(entry);
    }
    // Some entries are gone (forgotten): the pages see it at their next whole list.
    if (kept < previous.size) development.removedAt = ++this.seq;
    development.entries = entries;
    for (const entry of changed) {
      const data = JSON.stringify(entry.status);
      for (const stream of development.streams) {
        stream.live.write(
          `event: ${FLEET_EVENTS.kiosk}\nid: ${this.cursorOf(stream, entry.seq)}\n` +
            `data: ${data}\n\n`,
        );
      }
    }
  }

  private startTicker(): void {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      for (const stream of [...this.streams]) stream.live.write(': hb\n\n');
      const watched = [...this.watchers.keys()].map((devid) => this.developmentOf(devid));
      // One query for every watched development: each is re-read once, not once per page.
      if (watched.length > 0) this.read(watched).catch(this.onError);
    }, this.tickMs);
    this.ticker.unref();
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }
}
