/**
 * The clock of scheduled publishing (issue 45): every `intervalMs` (a second in production), one
 * cheap query for the sets due by now, each then published — or held — by scheduled-publish.ts.
 * Each instance runs one; which of them publishes a set is settled under the development's lock.
 * The first tick runs at start: a set that fell due while the server was down goes out then,
 * marked late. A tick never overlaps the previous one, and a failing tick is logged, not fatal.
 */
import type { FastifyBaseLogger } from 'fastify';
import { publishDueSets, type ScheduleDeps } from './scheduled-publish.js';

export class ScheduledPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: ScheduleDeps,
    private readonly intervalMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  ) {}

  start(): void {
    this.current = this.tick();
  }

  private async tick(): Promise<void> {
    try {
      for (const outcome of await publishDueSets(this.deps)) {
        if (outcome.status === 'published') {
          this.log.info(
            { setid: outcome.setid, revision: outcome.revision, lateMs: outcome.lateMs },
            'scheduled publication published',
          );
        } else if (outcome.status === 'held') {
          this.log.warn(
            { setid: outcome.setid, reason: outcome.reason },
            'scheduled publication held',
          );
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'scheduled publishing: could not publish the due sets');
    } finally {
      if (!this.stopped) {
        this.timer = setTimeout(() => {
          this.current = this.tick();
        }, this.intervalMs);
        this.timer.unref();
      }
    }
  }

  /** Stops the clock, after the tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.current;
  }
}
