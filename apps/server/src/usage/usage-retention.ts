/**
 * The raw usage events' retention (issue 49, part 2; docs/usage.md « Kept how long »): every
 * `intervalMs` (an hour in production) the events that happened more than
 * USAGE_RAW_RETENTION_DAYS ago are deleted, development by development, in chunks of `chunk` rows
 * — each chunk its own short write transaction, so that the totems' batches and the export wait
 * at most one chunk behind it. The roll-ups are never touched: the dashboard keeps its history.
 *
 * Same clock pattern as the scheduled publisher and the health monitor: the first sweep at start,
 * a sweep never overlaps the previous one, a failing sweep is logged and the next one tries
 * again. Several instances on one PostgreSQL each run one: a chunk's transaction first tries an
 * advisory lock (usage-repository.ts), and an instance that finds it taken leaves this sweep to
 * the one holding it. On SQLite, write transactions are one at a time already.
 */
import { USAGE_RAW_RETENTION_DAYS } from '@plant-kiosk/contract';
import type { Repositories } from '../db/repositories/index.js';

export const USAGE_RETENTION_SWEEP_MS = 3_600_000;
/** Rows deleted per transaction. */
export const USAGE_RETENTION_CHUNK = 2000;

const DAY_MS = 86_400_000;

export interface UsageRetentionDeps {
  repos: Pick<Repositories, 'usage' | 'developments'>;
  now: () => Date;
  log?: { error: (object: unknown, message: string) => void };
}

export interface SweepOutcome {
  deleted: number;
  /** Another instance held the sweep's lock (PostgreSQL): this one stopped early. */
  skipped: boolean;
}

export class UsageRetention {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<SweepOutcome> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: UsageRetentionDeps,
    private readonly options: {
      intervalMs?: number;
      chunk?: number;
      retentionDays?: number;
    } = {},
  ) {}

  start(): void {
    this.stopped = false;
    void this.tick();
  }

  private async tick(): Promise<void> {
    try {
      await this.sweepNow();
    } catch (error) {
      this.deps.log?.error({ err: error }, 'usage retention: the sweep failed');
    } finally {
      if (!this.stopped) {
        this.timer = setTimeout(() => {
          void this.tick();
        }, this.options.intervalMs ?? USAGE_RETENTION_SWEEP_MS);
        this.timer.unref();
      }
    }
  }

  /** Stops the clock, after the sweep under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One sweep of every development (one under way is joined, never run twice at once). */
  sweepNow(): Promise<SweepOutcome> {
    this.running ??= this.sweep().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async sweep(): Promise<SweepOutcome> {
    const { repos, now } = this.deps;
    const days = this.options.retentionDays ?? USAGE_RAW_RETENTION_DAYS;
    const chunk = this.options.chunk ?? USAGE_RETENTION_CHUNK;
    const before = new Date(now().getTime() - days * DAY_MS).toISOString();
    let deleted = 0;
    for (const { devid } of await repos.developments.list()) {
      for (;;) {
        if (this.stopped) return { deleted, skipped: false };
        const count = await repos.usage.deleteRawBefore(devid, before, chunk);
        if (count === null) return { deleted, skipped: true };
        deleted += count;
        if (count < chunk) break;
      }
    }
    return { deleted, skipped: false };
  }
}
