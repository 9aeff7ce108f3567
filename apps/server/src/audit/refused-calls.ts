/**
 * Calls refused for a wrong or missing token, per client address (issue 40, item 5: 6,000
 * wrong-token calls made 6,000 audit rows). Only refusals are counted, in the failure limiter's
 * fixed windows, and each window is one audit row:
 * - the first refusal from an address opens a window and writes a row (its count is 1);
 * - every further refusal within the window raises that row's count and its last time instead of
 *   adding a row: a flood costs one row per address and window, and the log still says how many;
 * - past `max` refusals in the window the address is throttled (the caller answers 429 with
 *   Retry-After, still counted in the row) until the window ends.
 * A correct token is checked before any of this and never counted nor throttled: a fire panel may
 * share a NAT address with a misconfigured client.
 *
 * Writes to the row never queue up: at most one is in flight per row, and the refusals that arrive
 * meanwhile share the next one, which carries the count as it is when it starts. So a burst of
 * refusals costs a few writes, and each refused caller is answered once its refusal is in the log.
 * In memory, per instance (like the login limits): with several instances, each writes its own row
 * for an address. The row keeps the first refusal's details (development, method, token wrong or
 * missing); the later ones only count.
 */
import type { AdminAuditRepository, AuditInput } from './audit-repository.js';
import { FailureLimiter, type FailureWindow } from '../lib/failure-limiter.js';

export interface RefusedCallsOptions {
  audit: Pick<AdminAuditRepository, 'insertRepeatable' | 'recount'>;
  now: () => Date;
  /** Refusals per address and window before the address is throttled. */
  max: number;
  /** Length of a window, which is also how long one audit row gathers an address's refusals. */
  windowMs: number;
  /** Addresses tracked at most (see FailureLimiter). */
  maxAddresses?: number;
}

/** The audit row of one window, and its writes. */
interface FoldedRow {
  id: Promise<number>;
  lastAt: Date;
  /** The write in flight, if any. */
  writing: Promise<void> | null;
  /** The write that will start when `writing` ends, shared by the refusals that wait for it. */
  next: Promise<void> | null;
}

export class RefusedCalls {
  private readonly limiter: FailureLimiter;
  // Keyed by the limiter's window: a row is forgotten with its window (expired or dropped).
  private readonly rows = new WeakMap<FailureWindow, FoldedRow>();

  constructor(private readonly options: RefusedCallsOptions) {
    this.limiter = new FailureLimiter({
      max: options.max,
      windowMs: options.windowMs,
      clock: () => options.now().getTime(),
      ...(options.maxAddresses === undefined ? {} : { maxAddresses: options.maxAddresses }),
    });
  }

  /**
   * Records one refused call from `address`, with what its audit row says if it is the first of
   * its window. Resolves once the log counts it, to the seconds the address must wait: 0 while it
   * is within its allowance (the caller answers 401), more once past it (429).
   */
  async refuse(address: string, entry: Omit<AuditInput, 'at'>): Promise<number> {
    const retryAfter = this.limiter.retryAfterSeconds(address);
    const window = this.limiter.recordFailure(address);
    const at = this.options.now();
    const row = this.rows.get(window);
    if (row) {
      row.lastAt = at;
      await this.write(window, row);
      return retryAfter;
    }
    const id = this.options.audit.insertRepeatable({ ...entry, at });
    const opened: FoldedRow = { id, lastAt: at, writing: null, next: null };
    this.rows.set(window, opened);
    opened.writing = id.then(
      () => {
        opened.writing = null;
      },
      () => {
        // Not logged: the next refusal opens a row again rather than counting into none.
        this.rows.delete(window);
      },
    );
    await id;
    return retryAfter;
  }

  /** A write of the row's count that includes every refusal counted so far. */
  private write(window: FailureWindow, row: FoldedRow): Promise<void> {
    if (row.next) return row.next;
    const start = (): Promise<void> => {
      row.next = null;
      const writing = row.id
        .then((id) => this.options.audit.recount(id, window.failures, row.lastAt))
        .finally(() => {
          if (row.writing === writing) row.writing = null;
        });
      row.writing = writing;
      return writing;
    };
    if (!row.writing) return start();
    // Whatever became of the write in flight, the next one still has its count to write.
    row.next = row.writing.then(start, start);
    return row.next;
  }
}
