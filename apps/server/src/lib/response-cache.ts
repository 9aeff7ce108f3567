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
import type { ContentVersions, VersionState } from './content-versions.js';

interface Entry {
  devid: number;
  what: string | undefined;
  version: number;
  validFrom: number;
  validUntil: number;
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
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(
    private readonly versions: ContentVersions,
    private readonly now: () => Date,
    options: { maxEntries?: number; maxBytes?: number } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The serialized envelope for `key` when it is cached and its version is known to be current,
   * synchronously (after `authorize`); undefined when `get` must decide.
   */
  peek(
    key: string,
    authorize: (devid: number, what: string | undefined) => void,
  ): CachedBody | undefined {
    const cached = this.entries.get(key);
    if (!cached || !this.current(cached, this.versions.peek(cached.devid))) return undefined;
    return this.hit(key, cached, authorize);
  }

  /**
   * The serialized envelope for `key`. `authorize` checks the owner (throwing 403s) on a hit and on
   * a miss; on a miss `resolve` first finds the owner (throwing 404s), and the data is only loaded
   * once the caller is authorised.
   */
  async get<T>(
    key: string,
    resolve: () => Promise<Resolved<T>>,
    authorize: (devid: number, what: string | undefined) => void,
  ): Promise<CachedBody> {
    const cached = this.entries.get(key);
    if (cached) {
      if (this.current(cached, await this.versions.current(cached.devid))) {
        return this.hit(key, cached, authorize);
      }
      this.remove(key, cached);
    }

    const resolved = await resolve();
    authorize(resolved.devid, resolved.what);
    const state = await this.versions.current(resolved.devid);
    const data = await resolved.load();
    const body = Buffer.from(JSON.stringify(ok(data)));
    const entry: Entry = {
      devid: resolved.devid,
      what: resolved.what,
      version: state?.version ?? -1,
      validFrom: state?.validFrom ?? 0,
      validUntil: state?.validUntil ?? 0,
      body,
    };
    if (state && body.length <= this.maxBytes / 16) this.add(key, entry);
    return entry;
  }

  /** Whether an entry still answers: same content version, within its validity window. */
  private current(entry: Entry, state: VersionState | undefined): boolean {
    const time = this.now().getTime();
    return (
      state !== undefined &&
      state.version === entry.version &&
      entry.validFrom <= time &&
      time < entry.validUntil
    );
  }

  private hit(
    key: string,
    entry: Entry,
    authorize: (devid: number, what: string | undefined) => void,
  ): Entry {
    authorize(entry.devid, entry.what);
    // Re-insert: Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private add(key: string, entry: Entry): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldKey, old);
    }
  }

  private remove(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) {
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }
}
