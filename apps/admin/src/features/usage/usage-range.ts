/**
 * The « Fréquentation » page's range and filters (issue 49, part 2), as the address keeps them:
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&kioskId=…&group=…`, days of the plant's calendar, both ends
 * included — the dashboard route's own query, so a shared link asks the server what it shows.
 *
 * Without `from` and `to` the page shows the last 30 days ending today on the plant's calendar
 * (never the browser's: a Paris plant looked at from Montréal at 20:00 is already tomorrow). The
 * CSV export counts in instants, `to` excluded: the first day's start and the start of the day
 * after the last, in the plant's zone, as RFC 3339 with the plant's offset.
 */
import {
  addPlantDays,
  instantToPlantLocal,
  plantDayStart,
  USAGE_DASHBOARD_MAX_DAYS,
  type UsageCsvQuery,
} from '@plant-kiosk/contract';

/** The address's parameters (the dashboard route's query names). */
export const USAGE_PARAMS = {
  from: 'from',
  to: 'to',
  kioskId: 'kioskId',
  group: 'group',
} as const;

/** The days shown when the address names none. */
export const DEFAULT_DAYS = 30;

export interface UsageRange {
  /** First day, `YYYY-MM-DD` (included). */
  from: string;
  /** Last day, `YYYY-MM-DD` (included). */
  to: string;
}

export interface UsageFilters extends UsageRange {
  /** '' for every totem. */
  kioskId: string;
  /** '' for every group. */
  group: string;
}

/** The quick choices, each ending today: a number of days, or calendar months. */
export const RANGE_PRESETS = [
  { id: '7j', label: '7 j', title: 'Les 7 derniers jours', days: 7 },
  { id: '30j', label: '30 j', title: 'Les 30 derniers jours', days: 30 },
  { id: '90j', label: '90 j', title: 'Les 90 derniers jours', days: 90 },
  { id: '6m', label: '6 mois', title: 'Les 6 derniers mois', months: 6 },
] as const;

export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Today on the plant's calendar. */
export const plantToday = (timeZone: string, now: Date = new Date()): string =>
  instantToPlantLocal(now, timeZone).date;

/** `YYYY-MM-DD` minus `months` calendar months (the 31st of a shorter month runs on, as Date does). */
function minusMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 - months, day)).toISOString().slice(0, 10);
}

/** The range a quick choice means, ending `today`. */
export function presetRange(preset: RangePreset, today: string): UsageRange {
  const from =
    'months' in preset
      ? addPlantDays(minusMonths(today, preset.months), 1)
      : addPlantDays(today, 1 - preset.days);
  return { from, to: today };
}

/** The last DEFAULT_DAYS days, today included. */
export const defaultRange = (today: string): UsageRange => ({
  from: addPlantDays(today, 1 - DEFAULT_DAYS),
  to: today,
});

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a day that exists (`2026-02-30` does not). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Days from `from` to `to`, both included (1 for a single day; ≤ 0 when reversed). */
export function daysIn(range: UsageRange): number {
  const ms = Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** The address's filters, the range defaulting to the last 30 days when either end is missing. */
export function readFilters(search: URLSearchParams, today: string): UsageFilters {
  const from = search.get(USAGE_PARAMS.from) ?? '';
  const to = search.get(USAGE_PARAMS.to) ?? '';
  const range = from === '' && to === '' ? defaultRange(today) : { from, to };
  return {
    ...range,
    kioskId: search.get(USAGE_PARAMS.kioskId) ?? '',
    group: search.get(USAGE_PARAMS.group) ?? '',
  };
}

/** What is wrong with a range, in French, before asking the server (null: nothing). */
export function rangeProblem(range: UsageRange): string | null {
  if (!isDay(range.from)) return 'Choisissez une date de début valide.';
  if (!isDay(range.to)) return 'Choisissez une date de fin valide.';
  const days = daysIn(range);
  if (days < 1) return 'La date de début doit précéder la date de fin (ou lui être égale).';
  if (days > USAGE_DASHBOARD_MAX_DAYS)
    return `La période ne peut dépasser ${USAGE_DASHBOARD_MAX_DAYS} jours (elle en compte ${days}).`;
  return null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as RFC 3339 with the plant's offset there: `2026-03-01T00:00:00+01:00`. */
export function plantRfc3339(instant: Date, timeZone: string): string {
  const local = instantToPlantLocal(instant, timeZone);
  const offset = Math.abs(local.offsetMinutes);
  const sign = local.offsetMinutes < 0 ? '-' : '+';
  return `${local.date}T${local.time}:00${sign}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
}

/** The export's query for a range: the first day's start, to the start of the day after the last. */
export function csvQuery(range: UsageRange, timeZone: string): UsageCsvQuery {
  return {
    from: plantRfc3339(plantDayStart(range.from, timeZone), timeZone),
    to: plantRfc3339(plantDayStart(addPlantDays(range.to, 1), timeZone), timeZone),
  };
}
