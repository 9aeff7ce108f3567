import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/api-client';
import { ThumbnailError } from './thumbnail-error';
import {
  createThumbnailScheduler,
  DEFAULT_FIRST_DELAY_MS,
  DEFAULT_INTERVAL_MS,
  type ThumbnailSchedulerOptions,
  type ThumbnailShot,
} from './thumbnail-scheduler';

const shot = (n: number): ThumbnailShot => ({
  blob: new Blob([`picture ${n}`], { type: 'image/webp' }),
  placeholders: 0,
  route: '/accueil',
  revision: 12,
  takenAt: `2026-11-27T15:0${n}:00.000Z`,
});

let online: boolean;
let hidden: boolean;
let drawn: number;
let uploads: { route: string; commandId: number | undefined }[];
let log: { info: ReturnType<typeof vi.fn>; warn: ReturnType<typeof vi.fn> };

function scheduler(overrides: Partial<ThumbnailSchedulerOptions> = {}) {
  return createThumbnailScheduler({
    take: async () => shot(++drawn),
    upload: async (taken, commandId) => {
      uploads.push({ route: taken.route, commandId });
    },
    isOnline: () => online,
    isHidden: () => hidden,
    log,
    ...overrides,
  });
}

/** Lets the timers' callbacks and the promise chains they start run to their end. */
async function advance(ms: number, s: { idle(): Promise<void> }) {
  await vi.advanceTimersByTimeAsync(ms);
  await s.idle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  online = true;
  hidden = false;
  drawn = 0;
  uploads = [];
  log = { info: vi.fn(), warn: vi.fn() };
});
afterEach(() => vi.useRealTimers());

describe('thumbnail scheduler', () => {
  it('draws nothing before the first successful sync', async () => {
    const s = scheduler();
    await advance(3 * DEFAULT_INTERVAL_MS, s);
    expect(drawn).toBe(0);
    s.stop();
  });

  it('the first one shortly after the first sync, then one per interval', async () => {
    const s = scheduler();
    s.synced();
    s.synced(); // later syncs do not re-arm it
    await advance(DEFAULT_FIRST_DELAY_MS - 1, s);
    expect(drawn).toBe(0);
    await advance(1, s);
    expect(uploads).toEqual([{ route: '/accueil', commandId: undefined }]);
    await advance(DEFAULT_INTERVAL_MS, s);
    await advance(DEFAULT_INTERVAL_MS, s);
    expect(uploads).toHaveLength(3);
    s.stop();
  });

  it('skips the ticks while offline or hidden, and queues nothing for later', async () => {
    const s = scheduler({ firstDelayMs: 1000, intervalMs: 60_000 });
    s.synced();
    online = false;
    await advance(1000, s);
    await advance(60_000, s);
    hidden = true;
    online = true;
    await advance(60_000, s);
    expect(drawn).toBe(0);
    hidden = false;
    await advance(60_000, s);
    // One picture, not the three missed ones.
    expect(uploads).toHaveLength(1);
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('hors ligne'));
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('masquée'));
    s.stop();
  });

  it('a picture drawn while the totem went offline is not sent', async () => {
    const s = scheduler({
      take: async () => {
        online = false;
        return shot(++drawn);
      },
    });
    expect(await s.tick()).toBe('skipped-offline');
    expect(drawn).toBe(1);
    expect(uploads).toEqual([]);
  });

  it('a 429 on a scheduled upload is logged quietly and the next tick tries again', async () => {
    let refuse = true;
    const s = scheduler({
      firstDelayMs: 1000,
      intervalMs: 60_000,
      upload: async (taken, commandId) => {
        if (refuse) throw new ApiError(429, 'Trop de vignettes', 'too_many_requests');
        uploads.push({ route: taken.route, commandId });
      },
    });
    s.synced();
    await advance(1000, s);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('prochain tour'));
    refuse = false;
    await advance(60_000, s);
    expect(uploads).toHaveLength(1);
    s.stop();
  });

  it('another failure of a scheduled thumbnail is a warning, and the schedule goes on', async () => {
    let fail = true;
    const s = scheduler({
      firstDelayMs: 1000,
      intervalMs: 60_000,
      take: async () => {
        if (fail) throw new ThumbnailError('la page est sortie vide (une seule couleur)');
        return shot(++drawn);
      },
    });
    s.synced();
    await advance(1000, s);
    expect(log.warn).toHaveBeenCalledWith(
      '[thumbnails] vignette non envoyée',
      expect.any(ThumbnailError),
    );
    fail = false;
    await advance(60_000, s);
    expect(uploads).toHaveLength(1);
    s.stop();
  });

  it('a command draws now and sends with its id, even before the first sync', async () => {
    const s = scheduler();
    await s.takeNow(42);
    expect(uploads).toEqual([{ route: '/accueil', commandId: 42 }]);
  });

  it('a command that cannot draw or send rejects with the reason (the runner acks it failed)', async () => {
    const drawing = scheduler({
      take: async () => {
        throw new ThumbnailError('le navigateur ne produit pas de WebP (image/png)');
      },
    });
    await expect(drawing.takeNow(42)).rejects.toThrow('le navigateur ne produit pas de WebP');
    const sending = scheduler({
      upload: async () => {
        throw new ApiError(413, 'Vignette trop lourde', 'payload_too_large');
      },
    });
    await expect(sending.takeNow(43)).rejects.toThrow('Vignette trop lourde');
  });

  it('a command during a scheduled drawing waits for it, then draws its own', async () => {
    let release!: () => void;
    const order: string[] = [];
    const s = scheduler({
      take: async () => {
        const n = ++drawn;
        order.push(`draw ${n}`);
        if (n === 1) await new Promise<void>((resolve) => (release = resolve));
        return shot(n);
      },
      upload: async (_taken, commandId) => {
        order.push(`upload ${commandId ?? 'scheduled'}`);
      },
    });
    const scheduled = s.tick();
    const asked = s.takeNow(7);
    // A tick while one is under way is skipped, not queued.
    expect(await s.tick()).toBe('skipped-busy');
    release();
    expect(await scheduled).toBe('sent');
    await asked;
    expect(order).toEqual(['draw 1', 'upload scheduled', 'draw 2', 'upload 7']);
  });

  it('stop() ends the schedule', async () => {
    const s = scheduler({ firstDelayMs: 1000 });
    s.synced();
    s.stop();
    await advance(DEFAULT_INTERVAL_MS, s);
    expect(drawn).toBe(0);
    await expect(s.takeNow(1)).rejects.toThrow('totem arrêté');
  });
});
