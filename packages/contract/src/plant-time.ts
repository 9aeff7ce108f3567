/**
 * The plant's time (issue 45): every time the back-office shows or asks is a wall-clock time in
 * the plant's time zone (a setting of the development, `timeZone`, an IANA name such as
 * `Europe/Paris`), whatever the browser's or the server's own zone. Pure, with nothing but `Intl`:
 * the server, the back-office and the tests agree because they run the same code on the same
 * tz database.
 *
 * Daylight-saving changes are where scheduling goes wrong, so each case is decided here, once:
 * - a wall-clock time that does not exist (the spring gap, 2026-03-29 02:30 in Paris) is refused
 *   with a French sentence saying so — never shifted silently to 03:30 or 01:30;
 * - a wall-clock time that happens twice (the autumn overlap, 2026-10-25 02:30 in Paris) means
 *   its FIRST occurrence — summer time, before the clocks go back: a publication asked for
 *   « 02:30 » goes live at the first 02:30 rather than waiting an extra hour. The answer says it
 *   was ambiguous (`ambiguous: true`, with the later occurrence) and `formatPlantInstant` names
 *   the occurrence (« heure d’été » / « heure d’hiver »), so the back-office can show which;
 * - everything is to the minute: a form's time has no seconds, and an instant shown is truncated
 *   to its minute.
 */

/** Longest time zone name accepted (the longest IANA name today has 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The shape of an IANA name (`Europe/Paris`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`, `UTC`):
 * letters first, then letters, digits, `_`, `+`, `-`, in parts separated by `/`. It keeps out what
 * `Intl` would also accept but is not a plant's zone: offsets such as `+01:00` (newer engines take
 * them), which have no daylight-saving rules.
 */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** What a wrong zone is told, in French (the back-office form and the server's 400). */
export const TIME_ZONE_HINT =
  'doit être le nom d’un fuseau horaire de la base IANA, par exemple Europe/Paris ou America/New_York';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One formatter a zone: building one costs far more than using it. */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `Intl` knows the zone (any spelling it accepts). */
function intlAccepts(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is a zone the settings accept: an IANA name that `Intl` knows. */
export function isPlantTimeZone(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= TIME_ZONE_MAX_LENGTH &&
    TIME_ZONE_SHAPE.test(value) &&
    intlAccepts(value)
  );
}

/**
 * The zone as `Intl` spells it when only the letters' case differs (`europe/paris` →
 * `Europe/Paris`), else the name as given; null when it is not a zone the settings accept. Only the
 * case is fixed: an alias (`Asia/Calcutta`) stays as typed, since engines disagree on which of two
 * names is canonical.
 */
export function canonicalTimeZone(value: string): string | null {
  const name = value.trim();
  if (!isPlantTimeZone(name)) return null;
  const resolved = partsFormatter(name).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

/**
 * Wall-clock time of an instant in the zone, as the milliseconds of the same reading in UTC
 * (so `wall - instant` is the zone's offset then). Seconds are kept: the offset is exact.
 */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(ms)))
    parts[part.type] = part.value;
  const year = Number(parts.year);
  const wall = Date.UTC(
    2000,
    Number(parts.month) - 1,
    Number(parts.day),
    // Some engines say 24 for midnight even with h23.
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  // Date.UTC maps years 0–99 to 1900–1999: the year is set apart.
  const date = new Date(wall);
  date.setUTCFullYear(year);
  // The parts stop at the second: the instant's milliseconds are added back.
  return date.getTime() + (((ms % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at an instant, in milliseconds (Paris in summer: +2 h). */
function offsetAt(ms: number, timeZone: string): number {
  return wallClock(ms, timeZone) - ms;
}

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

function toInstant(instant: Date | string): Date {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return date;
}

/** A wall-clock time of the plant, as a form holds it. */
export interface PlantLocalTime {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, 24-hour (the seconds are dropped). */
  time: string;
  /** The zone's offset from UTC at that instant, in minutes (Paris: 60 in winter, 120 in summer). */
  offsetMinutes: number;
}

/** The plant's wall-clock date and time of an instant (to pre-fill a form). */
export function instantToPlantLocal(instant: Date | string, timeZone: string): PlantLocalTime {
  const ms = toInstant(instant).getTime();
  const wall = new Date(wallClock(ms, timeZone));
  const year = wall.getUTCFullYear();
  return {
    date: `${year < 0 ? '-' : ''}${pad(Math.abs(year), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    offsetMinutes: (wall.getTime() - ms) / MINUTE,
  };
}

/** A wall-clock time read from a form: its reading as UTC milliseconds, or what is wrong. */
function readWallClock(date: string, time: string): { wall: number } | { error: string } {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!day)
    return { error: `Date non reconnue (« ${date} ») : attendue sous la forme AAAA-MM-JJ.` };
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!clock) return { error: `Heure non reconnue (« ${time} ») : attendue sous la forme HH:MM.` };
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (hours > 23 || minutes > 59)
    return { error: `L’heure ${time} n’existe pas : de 00:00 à 23:59.` };
  const wall = new Date(Date.UTC(2000, month - 1, dayOfMonth, hours, minutes));
  wall.setUTCFullYear(year);
  if (wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== dayOfMonth)
    return { error: `La date ${date} n’existe pas.` };
  return { wall: wall.getTime() };
}

/**
 * Every instant whose wall-clock reading in the zone is `wall`, earliest first: one usually, none
 * in a spring gap, two in an autumn overlap. The candidates come from the offsets the zone has
 * around that day (a zone changes its offset at most a few times a year).
 */
function instantsOf(wall: number, timeZone: string): number[] {
  const offsets = new Set<number>();
  for (const around of [-2 * DAY, -DAY, -12 * HOUR, 0, 12 * HOUR, DAY, 2 * DAY])
    offsets.add(offsetAt(wall + around, timeZone));
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = wall - offset;
    if (wallClock(candidate, timeZone) === wall) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * Every instant a wall-clock time of the plant means, earliest first: `[]` when it does not exist
 * that day (spring gap), two when it happens twice (autumn overlap), else one. `date` is
 * `YYYY-MM-DD`, `time` `HH:MM`; a malformed one has no instant either.
 */
export function plantLocalOccurrences(date: string, time: string, timeZone: string): Date[] {
  const read = readWallClock(date, time);
  if ('error' in read) return [];
  return instantsOf(read.wall, timeZone).map((ms) => new Date(ms));
}

/** `plantLocalToInstant`'s answer when the time exists. */
export interface PlantInstant {
  /** The instant meant; in an overlap, the first occurrence (summer time in Europe). */
  instant: Date;
  /** Whether that time happens twice that day (autumn overlap). */
  ambiguous: boolean;
  /** The other, later occurrence, when `ambiguous` (winter time in Europe). */
  later?: Date;
}

/**
 * The instant a wall-clock time of the plant means (`date` `YYYY-MM-DD`, `time` `HH:MM`).
 * A time that does not exist that day (spring gap) is an error in French saying so and where the
 * clocks jump; a time that happens twice (autumn overlap) means the first occurrence, and the
 * answer says it was ambiguous. A malformed date or time, or an unknown zone, is an error too.
 */
export function plantLocalToInstant(
  date: string,
  time: string,
  timeZone: string,
): PlantInstant | { error: string } {
  if (!isPlantTimeZone(timeZone)) return { error: `Fuseau horaire inconnu (« ${timeZone} »).` };
  const read = readWallClock(date, time);
  if ('error' in read) return read;
  const found = instantsOf(read.wall, timeZone);
  const [first, later] = found;
  if (first === undefined) return { error: gapMessage(read.wall, time, timeZone) };
  return later === undefined
    ? { instant: new Date(first), ambiguous: false }
    : { instant: new Date(first), ambiguous: true, later: new Date(later) };
}

/**
 * Why a wall-clock time does not exist: the clocks jump over it. The jump is found between the
 * instant the time would be with the offset after it and with the offset before it.
 */
function gapMessage(wall: number, time: string, timeZone: string): string {
  // `wall` is the reading as UTC: read in UTC, it gives the plant's day.
  const day = frenchDay(new Date(wall), 'UTC', true);
  const head = `${time} n’existe pas le ${day} (${plantZoneLabel(timeZone)})`;
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  let low = wall - after;
  let high = wall - before;
  if (after <= before || offsetAt(low, timeZone) !== before || offsetAt(high, timeZone) !== after) {
    return `${head} : les horloges sautent cette heure-là. Choisissez une autre heure.`;
  }
  // The change happens at a whole second: narrow [low, high] down to it.
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetAt(middle, timeZone) === before) low = middle;
    else high = middle;
  }
  const clock = (ms: number) => {
    const reading = new Date(ms);
    return `${pad(reading.getUTCHours())}:${pad(reading.getUTCMinutes())}`;
  };
  return `${head} : cette nuit-là, les horloges passent directement de ${clock(high + before)} à ${clock(high + after)}. Choisissez une autre heure.`;
}

// ---------- French ----------

/**
 * French names of the common zones' cities (« heure de Paris »). A small fixed table rather than
 * `Intl`'s display names: those change with the engine's CLDR (« heure d’Europe centrale » for
 * Paris and Berlin alike) and would not say the plant's city. Other zones show their IANA name.
 */
const ZONE_CITIES: Readonly<Record<string, string>> = {
  'Europe/Paris': 'Paris',
  'Europe/London': 'Londres',
  'Europe/Dublin': 'Dublin',
  'Europe/Lisbon': 'Lisbonne',
  'Europe/Madrid': 'Madrid',
  'Europe/Brussels': 'Bruxelles',
  'Europe/Amsterdam': 'Amsterdam',
  'Europe/Luxembourg': 'Luxembourg',
  'Europe/Berlin': 'Berlin',
  'Europe/Zurich': 'Zurich',
  'Europe/Rome': 'Rome',
  'Europe/Vienna': 'Vienne',
  'Europe/Prague': 'Prague',
  'Europe/Warsaw': 'Varsovie',
  'Europe/Budapest': 'Budapest',
  'Europe/Stockholm': 'Stockholm',
  'Europe/Copenhagen': 'Copenhague',
  'Europe/Oslo': 'Oslo',
  'Europe/Helsinki': 'Helsinki',
  'Europe/Athens': 'Athènes',
  'Europe/Bucharest': 'Bucarest',
  'Europe/Istanbul': 'Istanbul',
  'Europe/Moscow': 'Moscou',
  'America/New_York': 'New York',
  'America/Chicago': 'Chicago',
  'America/Los_Angeles': 'Los Angeles',
  'America/Montreal': 'Montréal',
  'America/Toronto': 'Toronto',
  'America/Mexico_City': 'Mexico',
  'America/Sao_Paulo': 'São Paulo',
  'Africa/Casablanca': 'Casablanca',
  'Africa/Tunis': 'Tunis',
  'Asia/Shanghai': 'Shanghai',
  'Asia/Tokyo': 'Tokyo',
  'Asia/Kolkata': 'Calcutta',
  'Asia/Dubai': 'Dubaï',
  'Asia/Singapore': 'Singapour',
};

/** The French name of the zone's city (`Europe/London` → « Londres »), or null when not listed. */
export function plantZoneCity(timeZone: string): string | null {
  return ZONE_CITIES[timeZone] ?? null;
}

/** « heure de Paris », « heure d’Amsterdam », « heure UTC », else « fuseau Asia/Bangkok ». */
export function plantZoneLabel(timeZone: string): string {
  const city = plantZoneCity(timeZone);
  if (city) return /^[AEIOUÉÈaeiou]/.test(city) ? `heure d’${city}` : `heure de ${city}`;
  if (/^(?:Etc\/)?(?:UTC|UCT|GMT|Zulu|Universal)$/i.test(timeZone)) return 'heure UTC';
  return `fuseau ${timeZone}`;
}

/** « à Paris », « à Londres », else « (fuseau Asia/Bangkok) » — for « Il est 09:42 à Paris ». */
export function plantZonePlace(timeZone: string): string {
  const city = plantZoneCity(timeZone);
  return city ? `à ${city}` : `(${plantZoneLabel(timeZone)})`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** « lundi 30 novembre », « mardi 1er décembre », with « 2027 » when asked: a plant-local day. */
export function frenchDay(instant: Date, timeZone: string, withYear = false): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  const day = parts.day === '1' ? '1er' : (parts.day ?? '');
  return [parts.weekday, day, parts.month, withYear ? parts.year : null]
    .filter((part): part is string => Boolean(part))
    .join(' ');
}

/**
 * An instant as the plant reads it, in French: « lundi 30 novembre à 05:00 (heure de Paris) »,
 * with the year when it is not `now`'s year there (« … 4 janvier 2027 à … »). In an autumn
 * overlap the occurrence is named: « dimanche 25 octobre à 02:30 (heure de Paris, heure d’été) ».
 * Throws a RangeError for an instant that is not one (an unreadable text).
 */
export function formatPlantInstant(
  instant: Date | string,
  timeZone: string,
  now: Date = new Date(),
): string {
  const date = toInstant(instant);
  const local = instantToPlantLocal(date, timeZone);
  const withYear = local.date.slice(0, 4) !== instantToPlantLocal(now, timeZone).date.slice(0, 4);
  let zone = plantZoneLabel(timeZone);
  // The same reading twice that day: the occurrence with the larger offset is summer time.
  const offsets = plantLocalOccurrences(local.date, local.time, timeZone).map((occurrence) =>
    offsetAt(occurrence.getTime(), timeZone),
  );
  if (offsets.length === 2)
    zone +=
      local.offsetMinutes * MINUTE === Math.max(...offsets) ? ', heure d’été' : ', heure d’hiver';
  return `${frenchDay(date, timeZone, withYear)} à ${local.time} (${zone})`;
}

/** `YYYY-MM-DD` plus `days` calendar days (dates only: no zone involved). */
export function addPlantDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The first instant of a plant-local day (the week ahead's days, issue 46, on the server and in the
 * back-office alike). Midnight itself may not exist (zones that change their clocks at 00:00 start
 * the day at 01:00): the first hour that does is taken.
 */
export function plantDayStart(date: string, timeZone: string): Date {
  for (let hour = 0; hour < 24; hour += 1) {
    const [first] = plantLocalOccurrences(date, `${String(hour).padStart(2, '0')}:00`, timeZone);
    if (first) return first;
  }
  // Unreachable for a real zone; a safe answer rather than a throw.
  return new Date(`${date}T00:00:00Z`);
}
