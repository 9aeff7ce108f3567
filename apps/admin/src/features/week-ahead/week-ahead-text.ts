/**
 * The words and dates of « La semaine à venir » (issue 46): the number of changes a scheduled
 * publication brings, and the plant-local days the week buttons move between. Pure, so the page's tests can check each case by itself.
 */
import { plantLocalOccurrences, type RevisionCounts } from '@plant-kiosk/contract';

/** How many items a scheduled publication adds, changes or removes, every kind together. */
export function changeCount(counts: RevisionCounts): number {
  let total = 0;
  for (const tally of Object.values(counts)) {
    if (tally) total += tally.added + tally.changed + tally.removed;
  }
  return total;
}

/** « 1 modification », « 3 modifications ». */
export const changesText = (count: number) => `${count} modification${count > 1 ? 's' : ''}`;

/** `YYYY-MM-DD` plus `days` calendar days (dates only: no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The first instant of a plant-local day, as the server counts its days: midnight, or the first
 * hour that exists when the clocks jump over midnight that day.
 */
export function plantDayStart(date: string, timeZone: string): Date {
  for (let hour = 0; hour < 24; hour += 1) {
    const [first] = plantLocalOccurrences(date, `${String(hour).padStart(2, '0')}:00`, timeZone);
    if (first) return first;
  }
  return new Date(`${date}T00:00:00Z`);
}

/**
 * The `from` of the week before the one starting on `firstDate`: the start of the plant day seven
 * days earlier — or null (now) when that is not ahead of `now`: the page shows what is to come,
 * what went live is in the history.
 */
export function previousWeekFrom(
  firstDate: string,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const start = plantDayStart(addDays(firstDate, -7), timeZone);
  return start.getTime() > now.getTime() ? start.toISOString() : null;
}
