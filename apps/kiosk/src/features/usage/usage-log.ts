/**
 * The totem's usage log in its own database (issue 49): the events it recorded, kept until the
 * server has them, weeks offline included (stores `usageEvents` and `usageMeta`, schema version
 * 4 of lib/local-db/kiosk-db.ts).
 *
 * Bounded by age and by count: when a bound is hit the oldest go first, and the `dropped` figure
 * (kept in the same database, in the same transaction as the deletion) says how many. The sender
 * reports it with its next batch and takes off what it reported once the server accepted it — not
 * a reset to 0, so drops that happened while the batch travelled are reported next time.
 *
 * The bounds are enforced by `enforceUsageBounds`, not at each write: a record stays one put
 * (the recorder calls it every so many writes, and the sender before each send), so the log may
 * run over its count by that many events for a moment.
 */
import type { UsageEvent } from '@plant-kiosk/contract';
import type { KioskDb, StoredUsageEvent } from '../../lib/local-db/kiosk-db';

export const USAGE_KEEP_DAYS = 60;
export const USAGE_KEEP_MAX_EVENTS = 50_000;
const DAY_MS = 86_400_000;
const DROPPED_KEY = 'dropped';

export interface UsageBounds {
  maxAgeMs: number;
  maxEvents: number;
}

export const DEFAULT_USAGE_BOUNDS: UsageBounds = {
  maxAgeMs: USAGE_KEEP_DAYS * DAY_MS,
  maxEvents: USAGE_KEEP_MAX_EVENTS,
};

/** Keeps events (one bulk put; an id already kept is written over — a replayed journal entry). */
export async function appendUsageEvents(db: KioskDb, events: readonly UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows: StoredUsageEvent[] = events.map((event) => ({
    id: event.id,
    t: Date.parse(event.at),
    event,
  }));
  await db.usageEvents.bulkPut(rows);
}

/** Drops what is past the bounds, oldest first, and counts it. Returns how many went. */
export async function enforceUsageBounds(
  db: KioskDb,
  now: number,
  bounds: UsageBounds = DEFAULT_USAGE_BOUNDS,
): Promise<number> {
  return db.transaction('rw', db.usageEvents, db.usageMeta, async () => {
    const tooOld = await db.usageEvents
      .where('t')
      .below(now - bounds.maxAgeMs)
      .primaryKeys();
    if (tooOld.length > 0) await db.usageEvents.bulkDelete(tooOld);
    const excess = (await db.usageEvents.count()) - bounds.maxEvents;
    const tooMany = excess > 0 ? await db.usageEvents.orderBy('t').limit(excess).primaryKeys() : [];
    if (tooMany.length > 0) await db.usageEvents.bulkDelete(tooMany);
    const gone = tooOld.length + tooMany.length;
    if (gone > 0) {
      const dropped = (await db.usageMeta.get(DROPPED_KEY))?.value ?? 0;
      await db.usageMeta.put({ key: DROPPED_KEY, value: dropped + gone });
    }
    return gone;
  });
}

/** The oldest `limit` events, in the order they happened. */
export async function oldestUsageEvents(db: KioskDb, limit: number): Promise<StoredUsageEvent[]> {
  return db.usageEvents.orderBy('t').limit(limit).toArray();
}

export async function countUsageEvents(db: KioskDb): Promise<number> {
  return db.usageEvents.count();
}

export async function removeUsageEvents(db: KioskDb, ids: readonly string[]): Promise<void> {
  await db.usageEvents.bulkDelete([...ids]);
}

/** Events dropped since the last batch the server accepted. */
export async function droppedUsageEvents(db: KioskDb): Promise<number> {
  return (await db.usageMeta.get(DROPPED_KEY))?.value ?? 0;
}

/** The server accepted a batch that reported `reported` drops: those are told. */
export async function settleDroppedUsageEvents(db: KioskDb, reported: number): Promise<void> {
  if (reported <= 0) return;
  await db.transaction('rw', db.usageMeta, async () => {
    const dropped = (await db.usageMeta.get(DROPPED_KEY))?.value ?? 0;
    await db.usageMeta.put({ key: DROPPED_KEY, value: Math.max(0, dropped - reported) });
  });
}
