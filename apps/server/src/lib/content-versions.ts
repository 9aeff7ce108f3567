/**
 * The current content version of each development, as the caches see it. Serialized responses and
 * snapshots are keyed by it, so reading it must not cost a database round trip per request: it is
 * re-read at most every `ttlMs` (other processes' changes show within that delay) and at once after
 * a publish or an edit (`invalidate`, called for this process's changes and, through the event bus,
 * for other instances'). It also carries the next sub-group expiration, past which cached
 * content is stale even without a new version.
 */
import type { Repositories } from '../db/repositories/index.js';

export interface VersionState {
  version: number;
  /** Instant (ms since the epoch) this state was read at… */
  validFrom: number;
  /** …and the next sub-group expiration after it (Infinity when none). */
  validUntil: number;
}

export class ContentVersions {
  private readonly states = new Map<number, VersionState & { readAt: number }>();
  private readonly reading = new Map<number, Promise<VersionState | undefined>>();
  private readonly ttlMs: number;
  private readonly clock: () => number;

  constructor(
    /** The development's version, and when its live content next expires. */
    private readonly repos: Pick<Repositories, 'developments' | 'live'>,
    private readonly now: () => Date,
    options: { ttlMs?: number; clock?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? 1000;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** The development's version state, or undefined when it does not exist. */
  async current(devid: number): Promise<VersionState | undefined> {
    const state = this.peek(devid);
    if (state) return state;
    let pending = this.reading.get(devid);
    if (!pending) {
      pending = this.read(devid).finally(() => this.reading.delete(devid));
      this.reading.set(devid, pending);
    }
    return pending;
  }

  /**
   * The known state when it is still fresh, without waiting: lets a cache hit answer without a
   * single promise (every content call asks this).
   */
  peek(devid: number): VersionState | undefined {
    const state = this.states.get(devid);
    if (!state || this.clock() - state.readAt >= this.ttlMs) return undefined;
    const time = this.now().getTime();
    return state.validFrom <= time && time < state.validUntil ? state : undefined;
  }

  /** Forgets what is known of a development (after this process or another changed its content). */
  invalidate(devid: number): void {
    this.states.delete(devid);
  }

  /** Forgets everything (this process may have missed other instances' changes). */
  invalidateAll(): void {
    this.states.clear();
  }

  private async read(devid: number): Promise<VersionState | undefined> {
    const readAt = this.clock();
    const now = this.now();
    const development = await this.repos.developments.find(devid);
    if (!development) {
      this.states.delete(devid);
      return undefined;
    }
    const next = await this.repos.live.nextExpiration(devid, now);
    const state = {
      version: development.content_version,
      validFrom: now.getTime(),
      validUntil: next ? Date.parse(next) : Number.POSITIVE_INFINITY,
      readAt,
    };
    this.states.set(devid, state);
    return state;
  }
}
