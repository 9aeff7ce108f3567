/**
 * A development's opening hours (issue 48, part 2): a published setting (`openingHours` in
 * settings.ts, decision 017) read on the plant's wall clock, in its time zone (plant-time.ts).
 *
 * - `always`: a 3×8 plant, open day and night (the default, and what an older copy reads as).
 * - `weekly`: seven days, Monday first; each day closed (no interval) or open during one or more
 *   intervals `HH:MM`–`HH:MM`. An interval ends after it starts, within its day: `24:00` is the
 *   end of the day, and a night shift past midnight is two intervals, `22:00`–`24:00` and
 *   `00:00`–`06:00` the next day (they join: no change at midnight). One rule for every reader,
 *   no interval belonging to two days.
 *
 * Today the fleet mutes what it says of a totem that is expected to be off (« Hors des heures
 * d'ouverture » rather than « Silencieux ») and the health rules mute their messages; the totem's
 * watchdog (issue 53, decision 052) switches the screens off outside the hours. No TypeBox here: the kiosk, the server and the
 * back-office call these functions; the schema is in settings.ts.
 */
import {
  addPlantDays,
  instantToPlantLocal,
  isPlantTimeZone,
  plantLocalOccurrences,
} from './plant-time.js';

/** One open interval of a day: `open` `00:00`–`23:59`, `close` after it, at most `24:00`. */
export interface OpeningInterval {
  open: string;
  close: string;
}

export type OpeningHours =
  | { kind: 'always' }
  | {
      kind: 'weekly';
      /** Seven days, Monday first (index 0) to Sunday (6); an empty day is closed. */
      days: OpeningInterval[][];
    };

/** A 3×8 plant: always open. The default. */
export const ALWAYS_OPEN: Readonly<OpeningHours> = Object.freeze({ kind: 'always' });

export const OPENING_DAYS_PER_WEEK = 7;
/** More intervals in one day than anyone types: bounds what a copy carries. */
export const OPENING_INTERVALS_MAX_PER_DAY = 6;

/** `HH:MM` from 00:00 to 23:59 (an opening time). */
export const OPENING_TIME_PATTERN = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$';
/** `HH:MM` from 00:00 to 24:00 (a closing time: 24:00 is the end of the day). */
export const CLOSING_TIME_PATTERN = '^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$';

const OPENING_RE = new RegExp(OPENING_TIME_PATTERN);
const CLOSING_RE = new RegExp(CLOSING_TIME_PATTERN);

/** French day names, Monday first: full (errors) and short (the summary). */
export const OPENING_DAY_NAMES = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;
const SHORT_DAY_NAMES = ['lun', 'mar', 'mer', 'jeu', 'ven', 'sam', 'dim'] as const;

/** Mon–Fri 06:00–20:00, the rest closed: what the back-office offers when a plant leaves 3×8. */
export function defaultWeeklyHours(): OpeningHours {
  return {
    kind: 'weekly',
    days: Array.from({ length: OPENING_DAYS_PER_WEEK }, (_, day) =>
      day < 5 ? [{ open: '06:00', close: '20:00' }] : [],
    ),
  };
}

/** Minutes since midnight of `HH:MM` (24:00 → 1440). */
export function minutesOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** One thing wrong with a weekly schedule: where (day, interval) and what, in French. */
export interface OpeningHoursProblem {
  /** 0 = Monday … 6 = Sunday; absent when the whole week is concerned. */
  day?: number;
  /** The interval's index in its day; absent when the day is concerned. */
  interval?: number;
  message: string;
}

/**
 * What is wrong with opening hours, in French (the back-office under the field, the server's 400
 * after the field's label): a malformed time, an interval that closes when or before it opens,
 * two intervals of a day that overlap, a week with no opening at all. Empty when they hold.
 */
export function openingHoursProblems(hours: OpeningHours): OpeningHoursProblem[] {
  if (hours.kind === 'always') return [];
  const problems: OpeningHoursProblem[] = [];
  if (hours.days.length !== OPENING_DAYS_PER_WEEK)
    return [{ message: `Les heures d’ouverture comptent sept jours, du lundi au dimanche.` }];
  let openSomewhere = false;
  hours.days.forEach((intervals, day) => {
    const dayName = capitalize(OPENING_DAY_NAMES[day] ?? '');
    if (intervals.length > OPENING_INTERVALS_MAX_PER_DAY)
      problems.push({
        day,
        message: `${dayName} : au plus ${OPENING_INTERVALS_MAX_PER_DAY} plages par jour.`,
      });
    const valid: Array<{ index: number; open: number; close: number }> = [];
    intervals.forEach((interval, index) => {
      if (!OPENING_RE.test(interval.open) || !CLOSING_RE.test(interval.close)) {
        problems.push({
          day,
          interval: index,
          message: `${dayName} : heures attendues sous la forme HH:MM (ouverture de 00:00 à 23:59, fermeture jusqu’à 24:00).`,
        });
        return;
      }
      const open = minutesOfDay(interval.open);
      const close = minutesOfDay(interval.close);
      if (close === open) {
        problems.push({
          day,
          interval: index,
          message: `${dayName} : la plage ${interval.open}–${interval.close} ferme à l’heure où elle ouvre.`,
        });
        return;
      }
      if (close < open) {
        problems.push({
          day,
          interval: index,
          message: `${dayName} : la plage ${interval.open}–${interval.close} ferme avant d’ouvrir ; pour passer minuit, finissez-la à 24:00 et reprenez à 00:00 le jour suivant.`,
        });
        return;
      }
      openSomewhere = true;
      valid.push({ index, open, close });
    });
    const sorted = [...valid].sort((a, b) => a.open - b.open);
    for (let i = 1; i < sorted.length; i += 1) {
      const before = sorted[i - 1];
      const after = sorted[i];
      if (before && after && after.open < before.close) {
        const show = (item: { index: number }) =>
          `${intervals[item.index]?.open ?? ''}–${intervals[item.index]?.close ?? ''}`;
        problems.push({
          day,
          interval: after.index,
          message: `${dayName} : les plages ${show(before)} et ${show(after)} se chevauchent.`,
        });
      }
    }
  });
  if (!openSomewhere && problems.length === 0)
    problems.push({
      message:
        'Aucune plage d’ouverture dans la semaine : ajoutez-en une, ou choisissez « Toujours ouvert (3×8) ».',
    });
  return problems;
}

/**
 * Opening hours from anything stored (an older copy, a database row): valid ones are kept, anything
 * else is always open — never a totem believed closed by mistake. Never throws.
 */
export function normalizeOpeningHours(value: unknown): OpeningHours {
  if (!value || typeof value !== 'object') return { kind: 'always' };
  const source = value as Record<string, unknown>;
  if (source.kind !== 'weekly' || !Array.isArray(source.days)) return { kind: 'always' };
  if (source.days.length !== OPENING_DAYS_PER_WEEK) return { kind: 'always' };
  const days: OpeningInterval[][] = [];
  for (const day of source.days as unknown[]) {
    if (!Array.isArray(day)) return { kind: 'always' };
    const intervals: OpeningInterval[] = [];
    for (const interval of day as unknown[]) {
      if (!interval || typeof interval !== 'object') return { kind: 'always' };
      const { open, close } = interval as Record<string, unknown>;
      if (typeof open !== 'string' || typeof close !== 'string') return { kind: 'always' };
      intervals.push({ open, close });
    }
    days.push(intervals);
  }
  const hours: OpeningHours = { kind: 'weekly', days };
  return openingHoursProblems(hours).length === 0 ? hours : { kind: 'always' };
}

/** Monday = 0 … Sunday = 6 of a `YYYY-MM-DD` date. */
function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/**
 * Whether the development is open at `at`, read on the plant's wall clock in `timeZone` (the
 * weekday and time there, whatever the daylight-saving offset that day). Always open, and an
 * unknown zone (which the settings never hold), answer true: doubt never mutes a totem.
 */
export function isOpenAt(hours: OpeningHours, timeZone: string, at: Date): boolean {
  if (hours.kind === 'always' || !isPlantTimeZone(timeZone) || Number.isNaN(at.getTime()))
    return true;
  const local = instantToPlantLocal(at, timeZone);
  const minutes = minutesOfDay(local.time);
  const intervals = hours.days[weekdayOf(local.date)] ?? [];
  return intervals.some(
    (interval) => minutesOfDay(interval.open) <= minutes && minutes < minutesOfDay(interval.close),
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Sampling step for the zone's offset changes: zones change their offset months apart. */
const OFFSET_STEP = 6 * HOUR;

const offsetMinutesAt = (ms: number, timeZone: string) =>
  instantToPlantLocal(new Date(ms), timeZone).offsetMinutes;

/** Instants in [from, to] where the zone's offset changes (a daylight-saving switch). */
function offsetChanges(from: number, to: number, timeZone: string): number[] {
  const changes: number[] = [];
  let previous = offsetMinutesAt(from, timeZone);
  for (let low = from; low < to; low += OFFSET_STEP) {
    let high = Math.min(low + OFFSET_STEP, to);
    const offset = offsetMinutesAt(high, timeZone);
    if (offset === previous) continue;
    // Narrow to the minute where the new offset starts.
    let start = low;
    while (high - start > MINUTE) {
      const middle = start + Math.floor((high - start) / (2 * MINUTE)) * MINUTE;
      if (offsetMinutesAt(middle, timeZone) === previous) start = middle;
      else high = middle;
    }
    changes.push(high);
    previous = offset;
  }
  return changes;
}

/** The next change of the development's state after `at`, and the state it changes to. */
export interface OpeningChange {
  at: Date;
  /** true: it opens then; false: it closes. */
  open: boolean;
}

/**
 * When the development next opens or closes after `at` (strictly later), on the plant's wall clock;
 * null when it never changes (always open, or open all week round). The state is constant between
 * the instants its wall clock reads a boundary (an interval's ends, midnight) and the instants the
 * zone changes its offset (where a wall-clock time is skipped or read twice): the first of those
 * where the state differs is the change.
 */
export function nextChange(hours: OpeningHours, timeZone: string, at: Date): OpeningChange | null {
  if (hours.kind === 'always' || !isPlantTimeZone(timeZone) || Number.isNaN(at.getTime()))
    return null;
  const now = isOpenAt(hours, timeZone, at);
  const from = at.getTime();
  const today = instantToPlantLocal(at, timeZone).date;
  const candidates = new Set<number>();
  // Eight days and one before cover a week's every boundary, whatever the offset.
  for (let shift = -1; shift <= 8; shift += 1) {
    const date = addPlantDays(today, shift);
    const times = new Set<string>(['00:00']);
    for (const interval of hours.days[weekdayOf(date)] ?? []) {
      times.add(interval.open);
      if (interval.close !== '24:00') times.add(interval.close);
    }
    for (const time of times)
      for (const instant of plantLocalOccurrences(date, time, timeZone))
        candidates.add(instant.getTime());
  }
  const horizon = from + 9 * 24 * HOUR;
  for (const change of offsetChanges(from, horizon, timeZone)) candidates.add(change);
  const sorted = [...candidates].filter((ms) => ms > from).sort((a, b) => a - b);
  for (const ms of sorted) {
    const instant = new Date(ms);
    const open = isOpenAt(hours, timeZone, instant);
    if (open !== now) return { at: instant, open };
  }
  return null;
}

function intervalsText(intervals: OpeningInterval[]): string {
  if (intervals.length === 0) return 'fermé';
  return [...intervals]
    .sort((a, b) => minutesOfDay(a.open) - minutesOfDay(b.open))
    .map((interval) => `${interval.open}–${interval.close}`)
    .join(', ');
}

/**
 * The opening hours in one French line: « Toujours ouvert (3×8) », or the week with days of the
 * same hours grouped: « Lun–ven 06:00–20:00 · sam 06:00–12:00 · dim fermé ».
 */
export function openingHoursText(hours: OpeningHours): string {
  if (hours.kind === 'always') return 'Toujours ouvert (3×8)';
  const texts = hours.days.map(intervalsText);
  if (texts.length === OPENING_DAYS_PER_WEEK && texts.every((text) => text === texts[0]))
    return `Tous les jours ${texts[0] ?? ''}`;
  const groups: string[] = [];
  let start = 0;
  for (let day = 1; day <= texts.length; day += 1) {
    if (day < texts.length && texts[day] === texts[start]) continue;
    const first = SHORT_DAY_NAMES[start] ?? '';
    const last = SHORT_DAY_NAMES[day - 1] ?? '';
    groups.push(`${day - 1 === start ? first : `${first}–${last}`} ${texts[start] ?? ''}`);
    start = day;
  }
  return capitalize(groups.join(' · '));
}
