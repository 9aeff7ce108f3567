/**
 * Failures per client address (outside-probe hardening): failed logins (kiosk and back-office), and
 * calls refused for a wrong or missing token (refused-calls.ts). Counted per client address whatever
 * the name tried: a limit per address and name gave every made-up name a fresh allowance. Only
 * failures count, so that the totems of a plant behind one NAT address, all logging in again after
 * a revocation, get in, and a fire panel with the right token is never held back by a misconfigured
 * neighbour behind the same address.
 *
 * A fixed window per address: the first failure opens it, `max` failures within it lock the
 * address out until it ends. Attempts still in progress count against the allowance too (as if
 * they would fail) until they end: otherwise a flood sent all at once would pass the check before
 * its first failure is known. A success simply ends its attempt. In memory, per instance: with several instances an address gets
 * `max` per instance, still a small bound. The table is bounded too (a flood from many addresses
 * must not grow it without limit): expired windows are swept, then the oldest are dropped.
 */
export interface FailureLimiterOptions {
  max: number;
  windowMs: number;
  /** Addresses tracked at most. */
  maxAddresses?: number;
  /** Monotonic milliseconds; tests may move their own. */
  clock?: () => number;
}

/**
 * An address's current window. Its identity is the window's: a caller may key its own state on it
 * (a WeakMap), which then lives exactly as long as the window is tracked here.
 */
export interface FailureWindow {
  readonly failures: number;
  readonly endsAt: number;
}

interface Window extends FailureWindow {
  failures: number;
}

/** One attempt, begun by `begin`; ended once, as a failure or not (later calls do nothing). */
export interface LimitedAttempt {
  fail(): void;
  end(): void;
}

export class FailureLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly maxAddresses: number;
  private readonly clock: () => number;

  constructor(private readonly options: FailureLimiterOptions) {
    this.maxAddresses = options.maxAddresses ?? 100_000;
    this.clock = options.clock ?? (() => performance.now());
  }

  private readonly inProgress = new Map<string, number>();

  /** Seconds until this address may try again; 0 when it may now. */
  retryAfterSeconds(address: string): number {
    const pending = this.inProgress.get(address) ?? 0;
    const window = this.windows.get(address);
    const left = window ? window.endsAt - this.clock() : 0;
    if (window && left <= 0) this.windows.delete(address);
    const failures = window && left > 0 ? window.failures : 0;
    if (failures + pending < this.options.max) return 0;
    // Locked by attempts still running: they end within seconds.
    return Math.max(1, Math.ceil((left > 0 ? left : 1000) / 1000));
  }

  /**
   * Starts an attempt: undefined (with the seconds to wait) when the address is locked out.
   * The caller must end the attempt: fail() for a wrong name or password, end() otherwise.
   */
  begin(address: string): { attempt?: LimitedAttempt; retryAfter: number } {
    const retryAfter = this.retryAfterSeconds(address);
    if (retryAfter > 0) return { retryAfter };
    this.inProgress.set(address, (this.inProgress.get(address) ?? 0) + 1);
    let ended = false;
    const end = (failed: boolean) => {
      if (ended) return;
      ended = true;
      const left = (this.inProgress.get(address) ?? 1) - 1;
      if (left > 0) this.inProgress.set(address, left);
      else this.inProgress.delete(address);
      if (failed) this.recordFailure(address);
    };
    return { retryAfter: 0, attempt: { fail: () => end(true), end: () => end(false) } };
  }

  /** Counts a failure; returns the window it fell in (a new one when none was open). */
  recordFailure(address: string): FailureWindow {
    const now = this.clock();
    const window = this.windows.get(address);
    if (window && window.endsAt > now) {
      window.failures++;
      return window;
    }
    this.windows.delete(address);
    if (this.windows.size >= this.maxAddresses) this.makeRoom(now);
    const opened: Window = { failures: 1, endsAt: now + this.options.windowMs };
    this.windows.set(address, opened);
    return opened;
  }

  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    for (const [address, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(address);
    }
    // Still full: drop the oldest windows (a Map iterates in insertion order).
    for (const address of this.windows.keys()) {
      if (this.windows.size < this.maxAddresses) break;
      this.windows.delete(address);
    }
  }
}
