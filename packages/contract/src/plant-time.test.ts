/**
 * The plant's time across daylight-saving changes (issue 45): nothing happens twice, nothing is
 * skipped, nothing shifts by an hour. The properties check the module against the rules as the
 * law states them (EU: last Sunday of March and of October at 01:00 UTC; US: second Sunday of
 * March and first Sunday of November at 02:00 local), written here without Intl, so the two
 * cannot agree by sharing a mistake.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatPlantInstant,
  instantToPlantLocal,
  isPlantTimeZone,
  plantLocalOccurrences,
  plantLocalToInstant,
  plantZoneLabel,
  plantZonePlace,
} from './plant-time.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEARS = [2026, 2027, 2028];

/** Day of the month of the n-th Sunday (n = -1: the last) of a month, in UTC reckoning. */
function sunday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((7 - first) % 7) + 7 * (n - 1);
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

interface Rule {
  zone: string;
  standard: number;
  summer: number;
  /** The instants (UTC ms) summer time starts and ends in a year. */
  changes: (year: number) => [number, number];
}

const RULES: Rule[] = [
  {
    zone: 'Europe/Paris',
    standard: 60,
    summer: 120,
    changes: (year) => [
      Date.UTC(year, 2, sunday(year, 3, -1), 1),
      Date.UTC(year, 9, sunday(year, 10, -1), 1),
    ],
  },
  {
    zone: 'America/New_York',
    standard: -300,
    summer: -240,
    // 02:00 local: 07:00 UTC in March (standard time), 06:00 UTC in November (summer time).
    changes: (year) => [
      Date.UTC(year, 2, sunday(year, 3, 2), 7),
      Date.UTC(year, 10, sunday(year, 11, 1), 6),
    ],
  },
];

/** The law's offset, in minutes, at an instant of the years tested. */
function lawOffset(rule: Rule, ms: number): number {
  const [start, end] = rule.changes(new Date(ms).getUTCFullYear());
  return ms >= start && ms < end ? rule.summer : rule.standard;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A UTC reading as a form's date and time. */
function reading(ms: number): { date: string; time: string } {
  const d = new Date(ms);
  return {
    date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
  };
}

/** Every instant the law gives a wall-clock reading (as UTC ms), earliest first. */
function lawInstants(rule: Rule, wall: number): number[] {
  return [rule.summer, rule.standard]
    .map((offset) => wall - offset * MINUTE)
    .filter((candidate) => lawOffset(rule, candidate) * MINUTE === wall - candidate)
    .sort((a, b) => a - b);
}

/** A rule and one of its changes of 2026–2028. */
const change = fc
  .record({
    rule: fc.constantFrom(...RULES),
    year: fc.constantFrom(...YEARS),
    which: fc.constantFrom(0, 1),
  })
  .map(({ rule, year, which }) => ({ rule, at: rule.changes(year)[which]! }));

/** An instant to the minute within three days of a change. */
const nearChange = fc
  .tuple(change, fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }))
  .map(([{ rule, at }, minutes]) => ({ rule, ms: at + minutes * MINUTE }));

/** A wall-clock reading within three days of a change, with a bias towards the changed hours. */
const wallNearChange = fc
  .tuple(
    change,
    fc.oneof(
      fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }),
      fc.integer({ min: -150, max: 150 }),
    ),
  )
  .map(([{ rule, at }, minutes]) => ({
    rule,
    wall: at + lawOffset(rule, at) * MINUTE + minutes * MINUTE,
  }));

describe('the plant’s time across daylight-saving changes (properties)', () => {
  it('reads an instant with the law’s offset, and reads it back to the same instant', () => {
    fc.assert(
      fc.property(nearChange, ({ rule, ms }) => {
        const local = instantToPlantLocal(new Date(ms), rule.zone);
        const offset = lawOffset(rule, ms);
        // Nothing shifts by an hour: the reading is the instant plus the law's offset.
        expect(local.offsetMinutes).toBe(offset);
        expect(local).toEqual({ ...reading(ms + offset * MINUTE), offsetMinutes: offset });
        const back = plantLocalToInstant(local.date, local.time, rule.zone);
        if ('error' in back) throw new Error(back.error);
        if (back.ambiguous) {
          // Inside the overlap: the first occurrence, summer time; the instant is one of the two.
          expect(lawOffset(rule, back.instant.getTime())).toBe(rule.summer);
          expect(back.later!.getTime() - back.instant.getTime()).toBe(HOUR);
          expect([back.instant.getTime(), back.later!.getTime()]).toContain(ms);
        } else {
          expect(back.instant.getTime()).toBe(ms);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives every wall-clock reading exactly the instants the law gives it', () => {
    fc.assert(
      fc.property(wallNearChange, ({ rule, wall }) => {
        const { date, time } = reading(wall);
        const expected = lawInstants(rule, wall);
        expect(
          plantLocalOccurrences(date, time, rule.zone).map((instant) => instant.getTime()),
        ).toEqual(expected);
        const answer = plantLocalToInstant(date, time, rule.zone);
        if (expected.length === 0) {
          // In the gap: refused, never moved.
          expect(answer).toEqual({ error: expect.stringMatching(/n’existe pas/) });
          return;
        }
        if ('error' in answer) throw new Error(answer.error);
        expect(answer.instant.getTime()).toBe(expected[0]);
        expect(answer.ambiguous).toBe(expected.length === 2);
        // A valid reading comes back as itself: two readings never share an instant.
        const again = instantToPlantLocal(answer.instant, rule.zone);
        expect({ date: again.date, time: again.time }).toEqual({ date, time });
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts no minute of a spring gap and finds every minute of an autumn overlap twice', () => {
    for (const rule of RULES) {
      for (const year of YEARS) {
        const [spring, autumn] = rule.changes(year);
        for (let minute = 0; minute < 60; minute += 1) {
          // The hour after the spring change's reading in standard time does not exist.
          const gap = reading(spring + rule.standard * MINUTE + minute * MINUTE);
          expect(plantLocalOccurrences(gap.date, gap.time, rule.zone), gap.time).toEqual([]);
          expect('error' in plantLocalToInstant(gap.date, gap.time, rule.zone)).toBe(true);
          // The hour after the autumn change's reading in standard time happens twice.
          const twice = reading(autumn + rule.standard * MINUTE + minute * MINUTE);
          const answer = plantLocalToInstant(twice.date, twice.time, rule.zone);
          expect(answer).toEqual({
            instant: new Date(autumn - HOUR + minute * MINUTE),
            ambiguous: true,
            later: new Date(autumn + minute * MINUTE),
          });
        }
      }
    }
  });

  it('walks every minute of the change days once: nothing skipped, nothing twice', () => {
    for (const rule of RULES) {
      for (const at of rule.changes(2027)) {
        const seen = new Map<string, number>();
        for (let ms = at - DAY; ms < at + DAY; ms += MINUTE) {
          const { date, time } = instantToPlantLocal(new Date(ms), rule.zone);
          const key = `${date} ${time}`;
          seen.set(key, (seen.get(key) ?? 0) + 1);
        }
        // 48 hours of instants: 2880 readings, one hour of them twice (autumn) or
        // 2880 distinct ones with an hour missing in between (spring).
        const counts = [...seen.values()];
        expect(counts.reduce((a, b) => a + b, 0)).toBe(2880);
        expect(counts.filter((count) => count === 2)).toHaveLength(
          lawOffset(rule, at) === rule.standard ? 60 : 0,
        );
        expect(counts.every((count) => count <= 2)).toBe(true);
      }
    }
  });
});

describe('plantLocalToInstant', () => {
  it('means the wall-clock time in the plant’s zone, whatever the process’s zone', () => {
    expect(plantLocalToInstant('2026-11-30', '05:00', 'Europe/Paris')).toEqual({
      instant: new Date('2026-11-30T04:00:00Z'),
      ambiguous: false,
    });
    expect(plantLocalToInstant('2026-07-01', '05:00', 'Europe/Paris')).toEqual({
      instant: new Date('2026-07-01T03:00:00Z'),
      ambiguous: false,
    });
    expect(plantLocalToInstant('2026-11-30', '05:00', 'America/New_York')).toEqual({
      instant: new Date('2026-11-30T10:00:00Z'),
      ambiguous: false,
    });
  });

  it('refuses a time the clocks jump over, saying so in French', () => {
    expect(plantLocalToInstant('2026-03-29', '02:30', 'Europe/Paris')).toEqual({
      error:
        '02:30 n’existe pas le dimanche 29 mars 2026 (heure de Paris) : cette nuit-là, les horloges passent directement de 02:00 à 03:00. Choisissez une autre heure.',
    });
    expect(plantLocalToInstant('2026-03-08', '02:00', 'America/New_York')).toEqual({
      error: expect.stringContaining('de 02:00 à 03:00'),
    });
  });

  it('takes the first of a time that happens twice, and says it was ambiguous', () => {
    expect(plantLocalToInstant('2026-10-25', '02:30', 'Europe/Paris')).toEqual({
      instant: new Date('2026-10-25T00:30:00Z'),
      ambiguous: true,
      later: new Date('2026-10-25T01:30:00Z'),
    });
  });

  it('says what is wrong with a malformed date, time or zone', () => {
    const error = (date: string, time: string, zone = 'Europe/Paris') => {
      const answer = plantLocalToInstant(date, time, zone);
      return 'error' in answer ? answer.error : null;
    };
    expect(error('2026-02-30', '05:00')).toBe('La date 2026-02-30 n’existe pas.');
    expect(error('30/11/2026', '05:00')).toMatch(/AAAA-MM-JJ/);
    expect(error('2026-11-30', '5:00')).toMatch(/HH:MM/);
    expect(error('2026-11-30', '24:00')).toMatch(/de 00:00 à 23:59/);
    expect(error('2026-11-30', '05:00', 'Mars/Olympus')).toBe(
      'Fuseau horaire inconnu (« Mars/Olympus »).',
    );
  });
});

describe('instantToPlantLocal', () => {
  it('gives the plant’s date, time and offset (for pre-filling a form)', () => {
    expect(instantToPlantLocal('2026-11-29T23:30:00Z', 'Europe/Paris')).toEqual({
      date: '2026-11-30',
      time: '00:30',
      offsetMinutes: 60,
    });
    expect(instantToPlantLocal(new Date('2026-07-01T03:59:59.999Z'), 'Europe/Paris')).toEqual({
      date: '2026-07-01',
      time: '05:59',
      offsetMinutes: 120,
    });
  });
});

describe('formatPlantInstant (French)', () => {
  const now = new Date('2026-11-27T08:00:00Z');
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('says the day, the time and the zone’s city', () => {
    expect(formatPlantInstant('2026-11-30T04:00:00Z', 'Europe/Paris', now)).toBe(
      'lundi 30 novembre à 05:00 (heure de Paris)',
    );
    expect(formatPlantInstant(new Date('2026-12-01T06:05:00Z'), 'Europe/London', now)).toBe(
      'mardi 1er décembre à 06:05 (heure de Londres)',
    );
    expect(formatPlantInstant('2026-11-30T04:00:00Z', 'America/New_York', now)).toBe(
      'dimanche 29 novembre à 23:00 (heure de New York)',
    );
  });

  it('adds the year when it is not the current one', () => {
    expect(formatPlantInstant('2027-01-04T04:00:00Z', 'Europe/Paris', now)).toBe(
      'lundi 4 janvier 2027 à 05:00 (heure de Paris)',
    );
    // The year is the plant's: 31 December 23:30 UTC is already next year in Paris.
    expect(formatPlantInstant('2026-12-31T23:30:00Z', 'Europe/Paris', now)).toBe(
      'vendredi 1er janvier 2027 à 00:30 (heure de Paris)',
    );
  });

  it('names the occurrence of a time that happens twice', () => {
    expect(formatPlantInstant('2026-10-25T00:30:00Z', 'Europe/Paris', now)).toBe(
      'dimanche 25 octobre à 02:30 (heure de Paris, heure d’été)',
    );
    expect(formatPlantInstant('2026-10-25T01:30:00Z', 'Europe/Paris', now)).toBe(
      'dimanche 25 octobre à 02:30 (heure de Paris, heure d’hiver)',
    );
  });

  it('does not depend on the process’s own zone', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(formatPlantInstant('2026-11-30T04:00:00Z', 'Europe/Paris', now)).toBe(
      'lundi 30 novembre à 05:00 (heure de Paris)',
    );
    expect(plantLocalToInstant('2026-11-30', '05:00', 'Europe/Paris')).toEqual({
      instant: new Date('2026-11-30T04:00:00Z'),
      ambiguous: false,
    });
  });

  it('names the zone: a French city, else UTC or the IANA name', () => {
    expect(plantZoneLabel('Europe/Berlin')).toBe('heure de Berlin');
    expect(plantZoneLabel('Europe/Amsterdam')).toBe('heure d’Amsterdam');
    expect(plantZoneLabel('Europe/Brussels')).toBe('heure de Bruxelles');
    expect(plantZoneLabel('UTC')).toBe('heure UTC');
    expect(plantZoneLabel('Asia/Bangkok')).toBe('fuseau Asia/Bangkok');
    expect(plantZonePlace('Europe/Madrid')).toBe('à Madrid');
    expect(plantZonePlace('Asia/Bangkok')).toBe('(fuseau Asia/Bangkok)');
    expect(formatPlantInstant('2026-11-30T04:00:00Z', 'Asia/Bangkok', now)).toBe(
      'lundi 30 novembre à 11:00 (fuseau Asia/Bangkok)',
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => formatPlantInstant('lundi', 'Europe/Paris')).toThrow(RangeError);
  });
});

describe('the time zone names accepted', () => {
  it('are IANA names Intl knows', () => {
    for (const zone of [
      'Europe/Paris',
      'America/Argentina/Buenos_Aires',
      'America/Port-au-Prince',
      'Etc/GMT+5',
      'UTC',
    ])
      expect(isPlantTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', '+01:00', 'Europe/Paris ', 'Paris', 42, null])
      expect(isPlantTimeZone(zone), String(zone)).toBe(false);
  });

  it('get their usual spelling when only the case differs', () => {
    expect(canonicalTimeZone(' europe/paris ')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
  });
});
