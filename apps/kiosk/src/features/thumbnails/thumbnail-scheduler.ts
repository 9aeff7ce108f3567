/**
 * When the totem draws its thumbnail (issue 48):
 *
 * - by itself every `intervalMs` (THUMBNAIL_DEFAULT_INTERVAL_MINUTES), the first one `firstDelayMs`
 *   after the first successful sync (`synced()`): before it, the page is the login or an empty
 *   shell, nothing worth showing;
 * - a tick while offline, while the document is hidden or while a drawing is under way is skipped,
 *   not queued: a picture is worth only when it is taken and sent, and a stale one would be sent
 *   as "now" (no backlog after an afternoon offline);
 * - on a `thumbnail` command (`takeNow`): drawn at once (after the one under way, if any) and sent
 *   with the command's id; a failure rejects with the reason, which the command runner sends as
 *   « failed ».
 *
 * A scheduled upload the server refuses with 429 (a command's thumbnail was sent a moment ago) is
 * normal: logged, and the next tick tries again. Nothing here draws or sends: `take` and `upload`
 * are injected (kiosk-services.ts wires the real ones; tests their stand-ins).
 */
import { THUMBNAIL_DEFAULT_INTERVAL_MINUTES } from '@plant-kiosk/contract';
import { ApiError } from '../../lib/api/api-client';

/** A thumbnail ready to send: the WebP picture and what goes beside it. */
export interface ThumbnailShot {
  blob: Blob;
  placeholders: number;
  route: string;
  revision: number | null;
  takenAt: string;
}

export interface ThumbnailSchedulerOptions {
  /** Draws and encodes the page now; rejects (a ThumbnailError) when it cannot. */
  take: () => Promise<ThumbnailShot>;
  /** Sends it; `commandId` when it answers a command. */
  upload: (shot: ThumbnailShot, commandId?: number) => Promise<void>;
  isOnline: () => boolean;
  isHidden: () => boolean;
  intervalMs?: number;
  /** After the first successful sync, how long until the first thumbnail. */
  firstDelayMs?: number;
  log?: Pick<Console, 'info' | 'warn'>;
}

export interface ThumbnailScheduler {
  /** A sync succeeded: arms the schedule (the first call only). */
  synced(): void;
  /** Draws and sends now, for a command; rejects with the reason when it could not. */
  takeNow(commandId: number): Promise<void>;
  /** Resolves once the drawing under way, if any, is over (tests). */
  idle(): Promise<void>;
  stop(): void;
}

export const DEFAULT_INTERVAL_MS = THUMBNAIL_DEFAULT_INTERVAL_MINUTES * 60_000;
/** Long enough for the first screen's images to load after the sync, short enough to be useful. */
export const DEFAULT_FIRST_DELAY_MS = 30_000;

export type TickOutcome = 'sent' | 'skipped-offline' | 'skipped-hidden' | 'skipped-busy' | 'failed';

export function createThumbnailScheduler(
  options: ThumbnailSchedulerOptions,
): ThumbnailScheduler & { tick(): Promise<TickOutcome> } {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const firstDelayMs = options.firstDelayMs ?? DEFAULT_FIRST_DELAY_MS;
  const log = options.log ?? console;
  let armed = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The drawing under way (scheduled or asked): one at a time. */
  let current: Promise<unknown> = Promise.resolve();
  /** Drawings under way or waiting for their turn (counted at once, not when they start). */
  let pending = 0;

  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    pending++;
    const next = current.then(work).finally(() => {
      pending--;
    });
    current = next.catch(() => undefined);
    return next;
  };

  function arm(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      // Re-armed once this one is over: a slow drawing never overlaps the next tick.
      void tick().finally(() => arm(intervalMs));
    }, delay);
  }

  async function tick(): Promise<TickOutcome> {
    if (stopped) return 'skipped-busy';
    if (!options.isOnline()) {
      log.info('[thumbnails] hors ligne : vignette sautée');
      return 'skipped-offline';
    }
    if (options.isHidden()) {
      log.info('[thumbnails] page masquée : vignette sautée');
      return 'skipped-hidden';
    }
    if (pending > 0) return 'skipped-busy';
    return exclusive(async (): Promise<TickOutcome> => {
      try {
        const shot = await options.take();
        // The page may have gone offline or hidden while it drew: then it is not sent.
        if (stopped || !options.isOnline()) return 'skipped-offline';
        await options.upload(shot);
        return 'sent';
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) {
          log.info(
            '[thumbnails] le serveur a reçu une vignette il y a peu : la suivante au prochain tour',
          );
        } else {
          log.warn('[thumbnails] vignette non envoyée', error);
        }
        return 'failed';
      }
    });
  }

  return {
    synced() {
      if (armed || stopped) return;
      armed = true;
      arm(firstDelayMs);
    },
    takeNow(commandId) {
      if (stopped) return Promise.reject(new Error('totem arrêté'));
      return exclusive(async () => {
        const shot = await options.take();
        await options.upload(shot, commandId);
      });
    },
    idle: () => current.then(() => undefined),
    tick,
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
