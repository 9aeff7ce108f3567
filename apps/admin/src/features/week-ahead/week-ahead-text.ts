/**
 * The words and dates of « La semaine à venir » (issue 46): the number of changes a scheduled
 * publication brings, and where « Semaine précédente » starts (the plant days themselves are the
 * contract's, as the server counts them). Pure, so the page's tests can check each case alone.
 */
import { addPlantDays, plantDayStart, type RevisionCounts } from '@plant-kiosk/contract';

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
  const start = plantDayStart(addPlantDays(firstDate, -7), timeZone);
  return start.getTime() > now.getTime() ? start.toISOString() : null;
}
