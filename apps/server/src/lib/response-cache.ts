/**
 * Serialized responses of the content calls, so that a kiosk fleet reading the same zones costs a
 * map lookup rather than database queries. An entry is tied to its development's content version
 * and to the next sub-group expiration (see ContentVersions), so it is rebuilt after a publish or
 * an expiry, never served stale beyond the version check delay.
 *
 * The version is read before the data: if content changes in between, the entry carries the older
 * version and is dropped at the next check — a cache can be late by that delay, never wrong for
 * longer. Bounded in entries and bytes; the least recently used entries go first.
 */
import { ok } from './envelope.js';
import type { ContentVersions } from './content-versions.js';
import { VersionedCache, type VersionedEntry } from './versioned-cache.js';

interface Entry extends VersionedEntry {
  what: string | undefined;
  body: Buffer;
}

export interface Resolved<T> {
  /** The development that owns the requested item. */
  devid: number;
  /** How to name the item in a 403 ("zone 12"); undefined when it is the development itself. */
  what?: string;
  load: () => Promise<T>;
}

export interface CachedBody {
  devid: number;
  what: string | undefined;
  body: Buffer;
}

export class ResponseCache {
  private readonly cache: VersionedCache<Entry>;

  /**
   * The policy: many small answers (one per zone, element, sub-group… of every development), some
   * hot, so the least recently used go first; one answer bigger than a sixteenth of the budget is
   * served but not kept.
   */
  constructor(
    private readonly versions: ContentVersions,
    now: () => Date,
    options: { maxEntries?: number; maxBytes?: number } = {},
  ) {
    const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.cache = new VersionedCache(versions, now, {
      maxEntries: options.maxEntries ?? 10_000,
      maxBytes,
      maxEntryBytes: maxBytes / 16,
      sizeOf: (entry) => entry.body.length,
      evict: 'least-recent',
    });
  }

  get size(): number {
    return this.cache.size;
  }

  /**
   * The serialized envelope for `key` when it is cached and its version is known to be current,
   * synchronously (after `authorize`); undefined when `get` must decide.
   */
  peek(
    key: string,
    authorize: (devid: number, what: string | undefined) => void,
  ): CachedBody | undefined {
    const devid = this.cache.devidOf(key);
    if (devid === undefined) return undefined;
    const state = this.versions.peek(devid);
    if (!state) return undefined;
    return this.hit(this.cache.lookup(key, state), authorize);
  }

  /**
   * The serialized envelope for `key`. `authorize` checks the owner (throwing 403s) on a hit and on
   * a miss; on a miss `resolve` first finds the owner (throwing 404s), and the data is only loaded
   * once the caller is authorised. Concurrent misses of one key share one load.
   */
  async get<T>(
    key: string,
    resolve: () => Promise<Resolved<T>>,
    authorize: (devid: number, what: string | undefined) => void,
  ): Promise<CachedBody> {
    const devid = this.cache.devidOf(key);
    if (devid !== undefined) {
      const hit = this.hit(this.cache.lookup(key, await this.versions.current(devid)), authorize);
      if (hit) return hit;
    }

    const resolved = await resolve();
    authorize(resolved.devid, resolved.what);
    // The version is read before the data: if content changes in between, the entry carries the
    // older version and is dropped at the next check.
    const state = await this.versions.current(resolved.devid);
    const make = async (): Promise<Entry> => ({
      devid: resolved.devid,
      what: resolved.what,
      version: state?.version ?? -1,
      validFrom: state?.validFrom ?? 0,
      validUntil: state?.validUntil ?? 0,
      body: Buffer.from(JSON.stringify(ok(await resolved.load()))),
    });
    // A development that is gone meanwhile: answered, not kept.
    if (!state) return make();
    return (await this.cache.build(key, state, make)) as Entry;
  }

  private hit(
    entry: Entry | undefined,
    authorize: (devid: number, what: string | undefined) => void,
  ): Entry | undefined {
    if (entry) authorize(entry.devid, entry.what);
    return entry;
  }

  clear(): void {
    this.cache.clear();
  }
}
