/**
 * What a batch's newly stored events add to the roll-ups (migration 024): pure, so the ingest's
 * transaction only writes sums. The events are summed per row of each roll-up first — a batch of
 * 500 page views of one totem in one hour is one increment — and the rows are sorted, so that two
 * transactions on PostgreSQL take the shared rows' locks (the `*` rows of the whole development)
 * in the same order and never deadlock.
 *
 * The plant's day (and month) of an event is read in the zone the development has when the event is FILED: a
 * change of zone applies to events filed afterwards (docs/usage.md says so); the hourly roll-up is
 * in UTC hours, so the heat map is read in the current zone whatever it was.
 */
import { instantToPlantLocal } from '@plant-kiosk/contract';
import type { UsageEventRow } from './usage-repository.js';

/** The `kiosk_id` of the whole development's rows (KioskId never holds `*`). */
export const ALL_TOTEMS = '*';

export type UsageItem = 'page' | 'document' | 'read' | 'parcours';

export interface HourlyDelta {
  hour_start: string;
  kiosk_id: string;
  sessions: number;
  page_views: number;
}

export const DAILY_COUNTS = [
  'sessions',
  'engaged_sessions',
  'page_views',
  'taps',
  'documents_opened',
  'pages_read',
  'alerts_shown',
  'views_fr',
  'views_en',
  'views_unknown',
] as const;
export type DailyCount = (typeof DAILY_COUNTS)[number];

export type DailyDelta = { day: string; kiosk_id: string } & Record<DailyCount, number>;

export interface ItemDelta {
  kiosk_id: string;
  day: string;
  item: UsageItem;
  name: string;
  count: number;
}

export interface MonthlyItemDelta {
  kiosk_id: string;
  month: string;
  item: UsageItem;
  name: string;
  count: number;
}

export interface RollupDeltas {
  hourly: HourlyDelta[];
  daily: DailyDelta[];
  items: ItemDelta[];
  monthlyItems: MonthlyItemDelta[];
}

const zeroDaily = (day: string, kioskId: string): DailyDelta => ({
  day,
  kiosk_id: kioskId,
  sessions: 0,
  engaged_sessions: 0,
  page_views: 0,
  taps: 0,
  documents_opened: 0,
  pages_read: 0,
  alerts_shown: 0,
  views_fr: 0,
  views_en: 0,
  views_unknown: 0,
});

/** The daily counts an event adds to (none for the kinds the dashboard does not show). */
function dailyCounts(row: UsageEventRow): DailyCount[] {
  switch (row.kind) {
    case 'session_start':
      return ['sessions'];
    case 'session_end':
      return row.target === 'engaged' ? ['engaged_sessions'] : [];
    case 'page_view':
      return [
        'page_views',
        row.language === 'fr' ? 'views_fr' : row.language === 'en' ? 'views_en' : 'views_unknown',
      ];
    case 'tap':
      return ['taps'];
    case 'document_open':
      return ['documents_opened'];
    case 'page_read':
      return ['pages_read'];
    case 'alert_shown':
      return ['alerts_shown'];
    default:
      return [];
  }
}

/** The « top » item an event counts for, if any. */
function itemOf(row: UsageEventRow): { item: UsageItem; name: string } | null {
  if (row.kind === 'page_view') return { item: 'page', name: row.route };
  if (row.target === null) return null;
  if (row.kind === 'document_open') return { item: 'document', name: row.target };
  if (row.kind === 'page_read') return { item: 'read', name: row.target };
  if (row.kind === 'parcours') return { item: 'parcours', name: row.target };
  return null;
}

/** The plant's day of an instant, remembered per UTC hour (a batch spans few hours). */
function dayReader(timeZone: string): (at: string) => string {
  const byHour = new Map<string, string>();
  return (at) => {
    // Zones are whole quarter-hours off UTC: the day is constant within a UTC quarter-hour.
    const key = at.slice(0, 14) + String(Math.floor(Number(at.slice(14, 16)) / 15));
    let day = byHour.get(key);
    if (day === undefined) {
      day = instantToPlantLocal(at, timeZone).date;
      byHour.set(key, day);
    }
    return day;
  };
}

const byKey = <T>(map: Map<string, T>): T[] =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);

/** The sums `rows` (events just stored) add to each roll-up row, sorted by key. */
export function rollupDeltas(rows: readonly UsageEventRow[], timeZone: string): RollupDeltas {
  const dayOf = dayReader(timeZone);
  const hourly = new Map<string, HourlyDelta>();
  const daily = new Map<string, DailyDelta>();
  const items = new Map<string, ItemDelta>();
  const monthlyItems = new Map<string, MonthlyItemDelta>();
  for (const row of rows) {
    const counts = dailyCounts(row);
    const item = itemOf(row);
    if (counts.length === 0 && item === null) continue;
    const day = dayOf(row.at);
    if (counts.length > 0) {
      const key = `${day}\u0000${row.kiosk_id}`;
      let delta = daily.get(key);
      if (!delta) daily.set(key, (delta = zeroDaily(day, row.kiosk_id)));
      for (const count of counts) delta[count] += 1;
    }
    if (row.kind === 'session_start' || row.kind === 'page_view') {
      const hourStart = `${row.at.slice(0, 13)}:00:00.000Z`;
      for (const kioskId of [row.kiosk_id, ALL_TOTEMS]) {
        const key = `${hourStart}\u0000${kioskId}`;
        let delta = hourly.get(key);
        if (!delta) {
          delta = { hour_start: hourStart, kiosk_id: kioskId, sessions: 0, page_views: 0 };
          hourly.set(key, delta);
        }
        if (row.kind === 'session_start') delta.sessions += 1;
        else delta.page_views += 1;
      }
    }
    if (item) {
      for (const kioskId of [row.kiosk_id, ALL_TOTEMS]) {
        const key = `${kioskId}\u0000${day}\u0000${item.item}\u0000${item.name}`;
        const delta = items.get(key);
        if (delta) delta.count += 1;
        else items.set(key, { kiosk_id: kioskId, day, ...item, count: 1 });
        const month = day.slice(0, 7);
        const monthKey = `${kioskId}\u0000${month}\u0000${item.item}\u0000${item.name}`;
        const monthly = monthlyItems.get(monthKey);
        if (monthly) monthly.count += 1;
        else monthlyItems.set(monthKey, { kiosk_id: kioskId, month, ...item, count: 1 });
      }
    }
  }
  return {
    hourly: byKey(hourly),
    daily: byKey(daily),
    items: byKey(items),
    monthlyItems: byKey(monthlyItems),
  };
}
