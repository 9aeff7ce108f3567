/**
 * The one cache mechanism of the server's serialized answers (issue 42): the content calls'
 * responses, the snapshots and the deltas are all kept by it, each with a policy of its own
 * (response-cache.ts, snapshot-cache.ts, delta-cache.ts say which and why).
 *
 * An entry answers while its development's content version (as ContentVersions sees it) is the
 * one it was built at, and within its validity window: from its build until the next sub-group
 * expiration, when the content changes by itself without any publish. What the mechanism does, the
 * same for every use:
 * - a lookup drops an entry that no longer answers;
 * - concurrent builds of one key at one version share one promise (after a publish, every totem
 *   of a plant asks for the same thing within seconds);
 * - a slow build never replaces a newer entry that finished first;
 * - if the store is ahead of the known version (the build read a later one), the version is read
 *   again, or every request would rebuild;
 * - bounded in entries and bytes, evicting the least recently used or the oldest first.
 */
import type { ContentVersions, VersionState } from './content-versions.js';

/** What every kept entry carries for the mechanism to judge it. */
export interface VersionedEntry {
  devid: number;
  /** The content version it was built at. */
  version: number;
  /** It answers from this instant (ms since the epoch)… */
  validFrom: number;
  /** …until this one (Infinity when no sub-group expires). */
  validUntil: number;
}

export interface CachePolicy<E> {
  /** Most entries kept (Infinity: one per development, bounded by the plant itself). */
  maxEntries: number;
  /** Most bytes kept, as `sizeOf` counts them. */
  maxBytes: number;
  /** Largest single entry kept; a bigger one is answered but not kept. Default `maxBytes`. */
  maxEntryBytes?: number;
  sizeOf(entry: E): number;
  /**
   * Which entry goes first past a bound: `least-recent` (a hit moves an entry to the back: many
   * keys, some hot) or `oldest` (insertion order: a key is asked in a burst, then rarely).
   */
  evict: 'least-recent' | 'oldest';
}

export class VersionedCache<E extends VersionedEntry> {
  /** Map order is the eviction order: the first entry goes first. */
  private readonly entries = new Map<string, E>();
  private readonly building = new Map<string, Promise<E | undefined>>();
  private bytes = 0;

  constructor(
    private readonly versions: Pick<ContentVersions, 'current' | 'invalidate'>,
    private readonly now: () => Date,
    private readonly policy: CachePolicy<E>,
  ) {}

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The entry kept for `key` built from `make` at the development's current version, or
   * undefined when the development does not exist (or `make` finds nothing).
   */
  async get(key: string, devid: number, make: (now: Date) => Promise<E | undefined>) {
    const state = await this.versions.current(devid);
    if (!state) {
      this.forget(key);
      return undefined;
    }
    return this.lookup(key, state) ?? this.build(key, state, make);
  }

  /** The development of the entry kept for `key`, if one is (to know which version to ask). */
  devidOf(key: string): number | undefined {
    return this.entries.get(key)?.devid;
  }

  /** The entry for `key` when it answers at `state`; one that no longer does is dropped. */
  lookup(key: string, state: VersionState | undefined): E | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!state || !this.answers(entry, state)) {
      this.forget(key);
      return undefined;
    }
    if (this.policy.evict === 'least-recent') {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Builds the entry of `key` at `state` (concurrent builds of one version share one), keeps it. */
  async build(
    key: string,
    state: VersionState,
    make: (now: Date) => Promise<E | undefined>,
  ): Promise<E | undefined> {
    const buildKey = `${key}@${state.version}`;
    let pending = this.building.get(buildKey);
    if (!pending) {
      pending = make(this.now())
        .then((entry) => {
          if (entry) this.keep(key, entry);
          return entry;
        })
        .finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, pending);
    }
    const entry = await pending;
    if (entry && entry.version !== state.version) this.versions.invalidate(entry.devid);
    return entry;
  }

  /** Keeps `entry` under `key`, unless a newer one is kept already or it is too big to keep. */
  keep(key: string, entry: E): void {
    const current = this.entries.get(key);
    if (current && current.version > entry.version) return;
    if (current) this.forget(key);
    const size = this.policy.sizeOf(entry);
    if (size > (this.policy.maxEntryBytes ?? this.policy.maxBytes)) return;
    this.entries.set(key, entry);
    this.bytes += size;
    for (const [firstKey] of this.entries) {
      if (this.entries.size <= this.policy.maxEntries && this.bytes <= this.policy.maxBytes) break;
      this.forget(firstKey);
    }
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= this.policy.sizeOf(entry);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private answers(entry: E, state: VersionState): boolean {
    const time = this.now().getTime();
    return state.version === entry.version && entry.validFrom <= time && time < entry.validUntil;
  }
}
