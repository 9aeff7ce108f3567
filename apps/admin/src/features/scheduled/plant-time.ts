/**
 * The plant's time in the back-office's forms (issue 45): a date and a time read in the
 * development's time zone — never the browser's — turned into the instant the server is sent, or
 * into the French sentence that says why not (a spring-gap time, a time already past). The
 * contract's plant-time.ts decides the daylight-saving cases; this only adds what a form needs.
 */
import {
  formatPlantInstant,
  instantToPlantLocal,
  plantLocalToInstant,
  plantZonePlace,
} from '@plant-kiosk/contract';
import { usePlantZone } from '../../lib/plant-zone';

/** A date and a time as the form holds them (`YYYY-MM-DD`, `HH:MM`), in the plant's zone. */
export interface PlantTimeInput {
  date: string;
  time: string;
}

export type PlantTimeReading =
  | {
      ok: true;
      /** The instant to send, RFC 3339 in UTC (`…Z`): the server needs no zone of ours. */
      at: string;
      /** « lundi 30 novembre à 05:00 (heure de Paris) » */
      text: string;
      /** When the time happens twice that night (autumn overlap): which one is meant. */
      note: string | null;
    }
  | { ok: false; error: string };

/**
 * What a date and time of the plant mean: the instant, or why it cannot be scheduled. An empty
 * field, a time that does not exist (the clocks jump over it), or one that is not ahead of `now`
 * is an error in French.
 */
export function readPlantTime(
  input: PlantTimeInput,
  timeZone: string,
  now: Date = new Date(),
): PlantTimeReading {
  if (!input.date) return { ok: false, error: 'Choisissez une date.' };
  if (!input.time) return { ok: false, error: 'Choisissez une heure.' };
  const read = plantLocalToInstant(input.date, input.time, timeZone);
  if ('error' in read) return { ok: false, error: read.error };
  if (read.instant.getTime() <= now.getTime()) {
    return {
      ok: false,
      error: `Cette heure est déjà passée : il est ${instantToPlantLocal(now, timeZone).time} ${plantZonePlace(timeZone)}. Choisissez une heure à venir, ou publiez maintenant.`,
    };
  }
  const text = formatPlantInstant(read.instant, timeZone, now);
  const note =
    read.ambiguous && read.later
      ? `${input.time} arrive deux fois cette nuit-là (les horloges reculent d’une heure) : la publication partira à la première, pas à la seconde (${formatPlantInstant(read.later, timeZone, now)}).`
      : null;
  return { ok: true, at: read.instant.toISOString(), text, note };
}

/**
 * A sensible first value: the next whole hour at least 15 minutes ahead, in the plant's zone (a
 * time already past would greet the user with an error).
 */
export function defaultPlantTime(timeZone: string, now: Date = new Date()): PlantTimeInput {
  const hour = 3_600_000;
  const next = new Date(Math.ceil((now.getTime() + 15 * 60_000) / hour) * hour);
  const local = instantToPlantLocal(next, timeZone);
  // A zone with a half-hour offset lands on :30; the form keeps whatever the clock then reads.
  return { date: local.date, time: local.time };
}

/** The form's values for an instant already chosen (reschedule starts from the current time). */
export function plantTimeOf(at: string, timeZone: string): PlantTimeInput {
  const local = instantToPlantLocal(at, timeZone);
  return { date: local.date, time: local.time };
}

/**
 * The development's time zone, from its settings (as in the draft: what « Réglages » shows), read
 * through lib/plant-zone.ts like every other screen's times. Until they load — or when they cannot
 * be read — null: a form waits rather than guess a zone (the other screens show Paris meanwhile).
 */
export function usePlantTimeZone(devid: number): {
  timeZone: string | null;
  error: string | null;
  reload: () => void;
} {
  const zone = usePlantZone(devid);
  return {
    timeZone: zone.known && !zone.error ? zone.timeZone : null,
    error: zone.error,
    reload: zone.reload,
  };
}
