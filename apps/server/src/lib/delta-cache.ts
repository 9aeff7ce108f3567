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
import { VersionedCache, type VersionedEntry } from './versioned-cache.js';

const gzip = promisify(gzipCallback);

export interface DeltaEntry extends VersionedEntry {
  since: number;
  /** The envelope, serialized; undefined for a 304 (N is the latest, nothing expired since). */
  body: Buffer | undefined;
  gzipped(): Promise<Buffer>;
}

export interface DeltaCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

export class DeltaCache {
  private readonly cache: VersionedCache<DeltaEntry>;

  /**
   * The policy: few entries (the revisions the plant's totems hold right after a publish), the
   * oldest evicted first — a totem far behind asks for a revision nobody else does.
   */
  constructor(
    private readonly deltas: DeltaRepository,
    versions: ContentVersions,
    now: () => Date,
    options: DeltaCacheOptions = {},
  ) {
    this.cache = new VersionedCache(versions, now, {
      maxEntries: options.maxEntries ?? 64,
      maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
      sizeOf: (entry) => entry.body?.length ?? 0,
      evict: 'oldest',
    });
  }

  /** The answer for a totem at revision `since`, or undefined when the development does not exist. */
  async get(devid: number, since: number): Promise<DeltaEntry | undefined> {
    return this.cache.get(`${devid}:${since}`, devid, (now) => this.build(devid, since, now));
  }

  clear(): void {
    this.cache.clear();
  }

  /** How many answers are kept (tests). */
  get size(): number {
    return this.cache.size;
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
    return entry;
  }
}
