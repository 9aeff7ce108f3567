import type { UsageEvent } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { createUsageRecorder } from './usage-recorder';
import {
  appendUsageEvents,
  countUsageEvents,
  droppedUsageEvents,
  enforceUsageBounds,
  oldestUsageEvents,
  settleDroppedUsageEvents,
} from './usage-log';

const DB = 'usage-log-test';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-10T09:00:00Z');

afterEach(async () => {
  await openKioskDb(DB).delete();
  closeKioskDb(DB);
});

const event = (id: string, at: number): UsageEvent => ({
  id,
  kind: 'page_view',
  at: new Date(at).toISOString(),
  route: '/accueil',
});

describe('the usage log', () => {
  it('gives every recorded event its own id (crypto.randomUUID), kept in the database', async () => {
    const db = openKioskDb(DB);
    const recorder = createUsageRecorder({
      db,
      place: () => ({ route: '/accueil/hse', zone: null, language: 'fr' }),
    });
    for (let i = 0; i < 300; i += 1) recorder.record('tap', { target: '/accueil/hse' });
    await recorder.flush();
    const rows = await db.usageEvents.toArray();
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((row) => row.id)).size).toBe(300);
    expect(rows[0]!.event).toMatchObject({ kind: 'tap', route: '/accueil/hse', language: 'fr' });
    expect(rows[0]!.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('drops the oldest past the count and counts them', async () => {
    const db = openKioskDb(DB);
    await appendUsageEvents(
      db,
      Array.from({ length: 10 }, (_, i) => event(`event-${String(i).padStart(3, '0')}`, T0 + i)),
    );
    const gone = await enforceUsageBounds(db, T0 + 100, { maxAgeMs: 60 * DAY, maxEvents: 7 });
    expect(gone).toBe(3);
    expect(await countUsageEvents(db)).toBe(7);
    expect((await oldestUsageEvents(db, 1))[0]!.id).toBe('event-003');
    expect(await droppedUsageEvents(db)).toBe(3);
  });

  it('drops what is older than the age bound and adds it to the count', async () => {
    const db = openKioskDb(DB);
    await appendUsageEvents(db, [
      event('old-event-1', T0 - 61 * DAY),
      event('old-event-2', T0 - 60 * DAY - 1),
      event('kept-event', T0 - 59 * DAY),
    ]);
    await enforceUsageBounds(db, T0, { maxAgeMs: 60 * DAY, maxEvents: 10 });
    await appendUsageEvents(db, [event('new-event-1', T0), event('new-event-2', T0 + 1)]);
    await enforceUsageBounds(db, T0 + 2, { maxAgeMs: 60 * DAY, maxEvents: 2 });
    expect((await db.usageEvents.toArray()).map((row) => row.id)).toEqual([
      'new-event-1',
      'new-event-2',
    ]);
    expect(await droppedUsageEvents(db)).toBe(3);
  });

  it('settles the drops a batch reported, keeping those that happened since', async () => {
    const db = openKioskDb(DB);
    await appendUsageEvents(db, [event('event-aaa', T0), event('event-bbb', T0 + 1)]);
    await enforceUsageBounds(db, T0 + 2, { maxAgeMs: DAY, maxEvents: 1 });
    expect(await droppedUsageEvents(db)).toBe(1);
    await appendUsageEvents(db, [event('event-ccc', T0 + 3)]);
    await enforceUsageBounds(db, T0 + 4, { maxAgeMs: DAY, maxEvents: 1 });
    await settleDroppedUsageEvents(db, 1);
    expect(await droppedUsageEvents(db)).toBe(1);
  });
});
