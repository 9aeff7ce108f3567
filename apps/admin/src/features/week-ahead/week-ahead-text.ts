/**
 * The words and dates of « La semaine à venir » (issue 46): the sentence each kind of event says,
 * the number of changes a scheduled publication brings, where its preview opens, and the plant-local
 * days the week buttons move between. Pure, so the page's tests can check each case by itself.
 */
import {
  plantLocalOccurrences,
  type RevisionCounts,
  type WeekAheadEvent,
} from '@plant-kiosk/contract';

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
 * What an event is about, as the server named it in its title: a publication's note (else « tout
 * le brouillon » or its zone), a sub-group's « titre » (else its model). The contract gives the
 * name only inside the French title (« Arrivée de “Fraises” »), so it is read back from there; a
 * title of another shape is returned whole, still a French sentence the page can show.
 */
export function eventName(event: WeekAheadEvent): string {
  const patterns: Record<WeekAheadEvent['kind'], RegExp> = {
    'scheduled-publication': /^Publication (?:programmée|retenue) : (.+)$/s,
    'subgroup-starts': /^Arrivée de “(.+)”$/s,
    'subgroup-ends': /^Fin de “(.+)”$/s,
    'new-badge-ends': /^Badge “nouveau” retiré : (.+)$/s,
  };
  return patterns[event.kind].exec(event.title)?.[1] ?? event.title;
}

/** Where « Voir la borne à ce moment » opens: the preview at the event's instant. */
export const previewPath = (devid: number, previewAt: string) =>
  `/apercu/${devid}?at=${encodeURIComponent(previewAt)}`;

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
