/**
 * Serialized answers of `GET /display/changes/:devid?since=N` (delta sync, decision 016). After a
 * publish, every totem of a plant asks for the delta from the same revision within seconds: the
 * answer for (devid, N) is built once — concurrent requests share one in-flight build — and kept,
 * serialized and lazily gzipped, while it stays true: the development's content_version unchanged
 * (as ContentVersions sees it, like SnapshotCache) and no sub-group expired since it was built
 * (the delta's deletes and counts change by themselves then).
 *
 * Bounded: a totem far behind asks for an N nobody else does, so old entries are evicted, oldest
 * first, past `maxEntries` or `maxBytes` (a delta may weigh up to half a snapshot: ~8 MB on the
 * large plant).
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { DeltaRepository } from '../db/repositories/index.js';
import type { ContentVersions } from './content-versions.js';
import { OK_MESSAGE } from './envelope.js';

const gzip = promisify(gzipCallback);

export interface DeltaEntry {
  devid: number;
  since: number;
  /** The latest revision when it was built. */
  version: number;
  /** The envelope, serialized; undefined for a 304 (N is the latest, nothing expired since). */
  body: Buffer | undefined;
  /** Valid from this instant (ms since the epoch, its build time)… */
  validFrom: number;
  /** …until this one, when a sub-group expires and the answer changes by itself. */
  validUntil: number;
  gzipped(): Promise<Buffer>;
}

export interface DeltaCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

export class DeltaCache {
  /** In insertion order: the first is the oldest, evicted first. */
  private readonly entries = new Map<string, DeltaEntry>();
  private readonly building = new Map<string, Promise<DeltaEntry | undefined>>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(
    private readonly deltas: DeltaRepository,
    private readonly versions: ContentVersions,
    private readonly now: () => Date,
    options: DeltaCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 64;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /** The answer for a totem at revision `since`, or undefined when the development does not exist. */
  async get(devid: number, since: number): Promise<DeltaEntry | undefined> {
    const state = await this.versions.current(devid);
    if (!state) return undefined;
    const now = this.now();
    const time = now.getTime();
    const key = `${devid}:${since}`;
    const cached = this.entries.get(key);
    if (
      cached &&
      cached.version === state.version &&
      cached.validFrom <= time &&
      time < cached.validUntil
    ) {
      return cached;
    }

    const buildKey = `${key}:${state.version}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = this.build(devid, since, now).finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    const entry = await pending;
    // The database is ahead of the version state: re-read it, or every request would rebuild.
    if (entry && entry.version !== state.version) this.versions.invalidate(devid);
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private async build(devid: number, since: number, now: Date): Promise<DeltaEntry | undefined> {
    const outcome = await this.deltas.changes(devid, since, now);
    if (!outcome) return undefined;
    const version = outcome.kind === 'unchanged' ? outcome.to : outcome.answer.to;
    const body =
      outcome.kind === 'unchanged'
        ? undefined
        : Buffer.from(JSON.stringify({ data: outcome.answer, message: OK_MESSAGE, error: null }));
    let compressed: Promise<Buffer> | undefined;
    const entry: DeltaEntry = {
      devid,
      since,
      version,
      body,
      validFrom: now.getTime(),
      validUntil: outcome.nextExpiration
        ? Date.parse(outcome.nextExpiration)
        : Number.POSITIVE_INFINITY,
      gzipped: () =>
        // Level 1, as for the snapshot: most of the gain at a fraction of the CPU time.
        (compressed ??= gzip(body ?? Buffer.alloc(0), { level: 1 }).catch((error: unknown) => {
          compressed = undefined;
          throw error;
        })),
    };
    this.keep(`${devid}:${since}`, entry);
    return entry;
  }

  private keep(key: string, entry: DeltaEntry): void {
    const current = this.entries.get(key);
    // A slow build must not replace a newer one that finished first.
    if (current && current.version > entry.version) return;
    if (current) this.forget(key, current);
    const size = entry.body?.length ?? 0;
    if (size > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.forget(oldestKey, oldest);
    }
  }

  private forget(key: string, entry: DeltaEntry): void {
    this.entries.delete(key);
    this.bytes -= entry.body?.length ?? 0;
  }
}
