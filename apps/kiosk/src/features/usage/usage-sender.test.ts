import type { UsageBatch, UsageBatchResult, UsageEvent } from '@plant-kiosk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type UsageSendResult } from '../../lib/api/api-client';
import { closeKioskDb, openKioskDb, type KioskDb } from '../../lib/local-db/kiosk-db';
import { appendUsageEvents, droppedUsageEvents, enforceUsageBounds } from './usage-log';
import {
  createUsageSender,
  USAGE_BACKOFF_BASE_MS,
  USAGE_SEND_INTERVAL_MS,
  type UsageSenderOptions,
} from './usage-sender';

const DB = 'usage-sender-test';
const T0 = Date.parse('2026-03-10T09:00:00Z');

const event = (id: string, offset: number): UsageEvent => ({
  id,
  kind: 'page_view',
  at: new Date(T0 + offset).toISOString(),
  route: '/accueil',
});

let db: KioskDb;
let clock: number;
let timers: number[];
let sent: UsageBatch[];
let answers: Array<(batch: UsageBatch) => UsageSendResult>;

const ok = (result: Partial<UsageBatchResult>) => (): UsageSendResult => ({
  status: 'ok',
  result: { accepted: 0, duplicates: 0, refused: [], ...result },
});

function sender(options: Partial<UsageSenderOptions> = {}) {
  return createUsageSender({
    db,
    api: {
      sendUsage: (_devid, batch) => {
        sent.push(batch);
        const answer = answers.shift();
        if (!answer) throw new Error('unexpected batch');
        return Promise.resolve(answer(batch));
      },
    },
    devid: 1,
    kioskId: () => 'k-7f3a9c2e',
    isOnline: () => true,
    now: () => clock,
    random: () => 0,
    setTimer: (_run, ms) => timers.push(ms),
    clearTimer: () => undefined,
    ...options,
  });
}

const ids = async () => (await db.usageEvents.orderBy('t').toArray()).map((row) => row.id);

beforeEach(() => {
  db = openKioskDb(DB);
  clock = T0 + 1000;
  timers = [];
  sent = [];
  answers = [];
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await db.delete();
  closeKioskDb(DB);
});

describe('the usage sender', () => {
  it('removes the accepted, the duplicates and the refused; sends the oldest first, in batches', async () => {
    await appendUsageEvents(db, [
      event('event-ccc', 3),
      event('event-aaa', 1),
      event('event-bbb', 2),
      event('event-ddd', 4),
      event('event-eee', 5),
    ]);
    answers.push(
      ok({
        accepted: 1,
        duplicates: 1,
        refused: [{ index: 2, id: 'event-ccc', reason: 'type inconnu' }],
      }),
      ok({ accepted: 2 }),
    );
    await sender({ maxEvents: 3 }).send('sync');
    expect(sent.map((batch) => batch.events.map((e) => (e as UsageEvent).id))).toEqual([
      ['event-aaa', 'event-bbb', 'event-ccc'],
      ['event-ddd', 'event-eee'],
    ]);
    expect(sent[0]!.kioskId).toBe('k-7f3a9c2e');
    expect(await ids()).toEqual([]);
    // The refusal is logged (sending it again would change nothing).
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('type inconnu'));
    expect(timers.at(-1)).toBe(USAGE_SEND_INTERVAL_MS);
  });

  it('logs a batch whose events are all refused in one line, with how many', async () => {
    await appendUsageEvents(db, [
      event('event-aaa', 1),
      event('event-bbb', 2),
      event('event-ccc', 3),
    ]);
    const ahead = '« at » : 259152 s en avance sur l’horloge du serveur (300 s au plus)';
    answers.push(
      ok({
        refused: [
          { index: 0, id: 'event-aaa', reason: ahead },
          { index: 1, id: 'event-bbb', reason: ahead },
          { index: 2, id: 'event-ccc', reason: ahead },
        ],
      }),
    );
    const warn = vi.mocked(console.warn);
    warn.mockClear();
    await sender().send('sync');
    expect(await ids()).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      `[usage] event event-aaa refused: ${ahead} (and 2 more of this batch refused)`,
    );
  });

  it('keeps everything on a network error or a 5xx, and backs off, doubling', async () => {
    await appendUsageEvents(db, [event('event-aaa', 1), event('event-bbb', 2)]);
    const s = sender();
    answers.push(() => {
      throw new ApiError(0, 'Réseau indisponible', 'network');
    });
    await s.send('sync');
    expect(await ids()).toEqual(['event-aaa', 'event-bbb']);
    expect(s.state().failures).toBe(1);
    expect(timers.at(-1)).toBe(USAGE_BACKOFF_BASE_MS);

    // Within the back-off, a sync does not send.
    await s.send('sync');
    expect(sent).toHaveLength(1);

    clock += USAGE_BACKOFF_BASE_MS;
    answers.push(() => {
      throw new ApiError(503, 'Service indisponible');
    });
    await s.send('timer');
    expect(await ids()).toEqual(['event-aaa', 'event-bbb']);
    expect(timers.at(-1)).toBe(2 * USAGE_BACKOFF_BASE_MS);

    // Back online: tried again at once; it works, the back-off is over.
    answers.push(ok({ accepted: 2 }));
    await s.send('online');
    expect(await ids()).toEqual([]);
    expect(s.state()).toMatchObject({ failures: 0, notBefore: 0 });
  });

  it('honours a 429’s Retry-After, even back online, and keeps the backlog', async () => {
    await appendUsageEvents(db, [event('event-aaa', 1)]);
    const s = sender();
    answers.push(() => ({ status: 'busy', retryAfterMs: 42_000 }));
    await s.send('sync');
    expect(await ids()).toEqual(['event-aaa']);
    expect(timers.at(-1)).toBe(42_000);
    await s.send('online');
    expect(sent).toHaveLength(1);
    clock += 42_000;
    answers.push(ok({ accepted: 1 }));
    await s.send('timer');
    expect(await ids()).toEqual([]);
  });

  it('sends nothing offline', async () => {
    await appendUsageEvents(db, [event('event-aaa', 1)]);
    await sender({ isOnline: () => false }).send('sync');
    expect(sent).toEqual([]);
    expect(await ids()).toEqual(['event-aaa']);
  });

  it('reports the drops, and settles them once the server stored something new', async () => {
    await appendUsageEvents(db, [event('event-aaa', 1), event('event-bbb', 2)]);
    await enforceUsageBounds(db, T0 + 10, { maxAgeMs: 86_400_000, maxEvents: 1 });
    await appendUsageEvents(db, [event('event-ccc', 3)]);
    const s = sender({ maxEvents: 1 });
    // All duplicates: the server did not count the drops, so they are reported again.
    answers.push(ok({ duplicates: 1 }), ok({ accepted: 1 }));
    await s.send('sync');
    expect(sent.map((batch) => batch.dropped)).toEqual([1, 1]);
    expect(await droppedUsageEvents(db)).toBe(0);
  });

  it('halves its batches after a 413', async () => {
    await appendUsageEvents(db, [event('event-aaa', 1), event('event-bbb', 2)]);
    const s = sender({ maxEvents: 2 });
    answers.push(() => {
      throw new ApiError(413, 'Trop gros');
    });
    await s.send('sync');
    expect(s.state().batchSize).toBe(1);
    expect(await ids()).toEqual(['event-aaa', 'event-bbb']);
  });
});
