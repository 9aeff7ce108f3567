/**
 * Opening hours on the plant's wall clock (issue 48, part 2): the weekday and time in its zone,
 * right on daylight-saving days, in a zone far from UTC; the rules between values; the summary.
 */
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_OPEN,
  defaultWeeklyHours,
  isOpenAt,
  nextChange,
  normalizeOpeningHours,
  openingHoursProblems,
  openingHoursText,
  type OpeningHours,
  type OpeningInterval,
} from './opening-hours.js';
import {
  DEFAULT_SETTINGS,
  DevelopmentSettings,
  normalizeSettings,
  serializeSettings,
  settingsConsistencyErrors,
} from './settings.js';

const PARIS = 'Europe/Paris';
const AUCKLAND = 'Pacific/Auckland';

const day = (...intervals: Array<[string, string]>): OpeningInterval[] =>
  intervals.map(([open, close]) => ({ open, close }));

/** Mon–Fri 06:00–20:00, Sat 06:00–12:00, Sun closed. */
const PLANT: OpeningHours = {
  kind: 'weekly',
  days: [
    day(['06:00', '20:00']),
    day(['06:00', '20:00']),
    day(['06:00', '20:00']),
    day(['06:00', '20:00']),
    day(['06:00', '20:00']),
    day(['06:00', '12:00']),
    [],
  ],
};

const iso = (text: string) => new Date(text);

describe('isOpenAt', () => {
  it('is always true for a 3×8 plant', () => {
    expect(isOpenAt(ALWAYS_OPEN, PARIS, iso('2026-11-29T03:00:00Z'))).toBe(true);
  });

  it('reads the weekday and time on the plant’s clock (winter, UTC+1)', () => {
    // Friday 27 November 2026: 05:59 / 06:00 / 19:59 / 20:00 in Paris.
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-27T04:59:00Z'))).toBe(false);
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-27T05:00:00Z'))).toBe(true);
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-27T18:59:00Z'))).toBe(true);
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-27T19:00:00Z'))).toBe(false);
    // Saturday 12:00 closes; Sunday noon closed.
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-28T10:59:00Z'))).toBe(true);
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-28T11:00:00Z'))).toBe(false);
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-29T11:00:00Z'))).toBe(false);
  });

  it('follows summer time (UTC+2) in Paris', () => {
    // Monday 1 June 2026 06:00 in Paris is 04:00 UTC.
    expect(isOpenAt(PLANT, PARIS, iso('2026-06-01T03:59:00Z'))).toBe(false);
    expect(isOpenAt(PLANT, PARIS, iso('2026-06-01T04:00:00Z'))).toBe(true);
  });

  it('takes the weekday in a zone far from UTC (Auckland, UTC+13 in its summer)', () => {
    // Sunday 29 November 2026 18:00 UTC is Monday 30 November 07:00 in Auckland: open there.
    expect(isOpenAt(PLANT, AUCKLAND, iso('2026-11-29T18:00:00Z'))).toBe(true);
    // …and closed in Paris (Sunday 19:00).
    expect(isOpenAt(PLANT, PARIS, iso('2026-11-29T18:00:00Z'))).toBe(false);
  });

  it('joins a night shift across midnight (22:00–24:00 then 00:00–06:00)', () => {
    const nights: OpeningHours = {
      kind: 'weekly',
      days: [day(['22:00', '24:00']), day(['00:00', '06:00']), [], [], [], [], []],
    };
    expect(openingHoursProblems(nights)).toEqual([]);
    expect(isOpenAt(nights, PARIS, iso('2026-11-30T22:59:00Z'))).toBe(true); // Mon 23:59
    expect(isOpenAt(nights, PARIS, iso('2026-11-30T23:00:00Z'))).toBe(true); // Tue 00:00
    expect(isOpenAt(nights, PARIS, iso('2026-12-01T05:00:00Z'))).toBe(false); // Tue 06:00
    // No change at midnight: the next one after Monday 22:30 is Tuesday 06:00.
    expect(nextChange(nights, PARIS, iso('2026-11-30T21:30:00Z'))).toEqual({
      at: iso('2026-12-01T05:00:00Z'),
      open: false,
    });
  });
});

describe('nextChange', () => {
  it('is null when always open, or open all week round', () => {
    expect(nextChange(ALWAYS_OPEN, PARIS, iso('2026-11-27T12:00:00Z'))).toBeNull();
    const allWeek: OpeningHours = {
      kind: 'weekly',
      days: Array.from({ length: 7 }, () => day(['00:00', '24:00'])),
    };
    expect(nextChange(allWeek, PARIS, iso('2026-11-27T12:00:00Z'))).toBeNull();
  });

  it('says when it closes, then when it opens, over a weekend', () => {
    expect(nextChange(PLANT, PARIS, iso('2026-11-27T12:00:00Z'))).toEqual({
      at: iso('2026-11-27T19:00:00Z'),
      open: false,
    });
    // Friday 20:00 → Saturday 06:00.
    expect(nextChange(PLANT, PARIS, iso('2026-11-27T19:00:00Z'))).toEqual({
      at: iso('2026-11-28T05:00:00Z'),
      open: true,
    });
    // Saturday 12:00 → Monday 06:00 (Sunday closed).
    expect(nextChange(PLANT, PARIS, iso('2026-11-28T11:00:00Z'))).toEqual({
      at: iso('2026-11-30T05:00:00Z'),
      open: true,
    });
  });

  it('crosses the spring change in Paris (last Sunday of March: 02:00 → 03:00)', () => {
    // Saturday 28 March 2026 12:00 (UTC+1) → Monday 30 March 06:00, now UTC+2 = 04:00 UTC.
    expect(nextChange(PLANT, PARIS, iso('2026-03-28T11:00:00Z'))).toEqual({
      at: iso('2026-03-30T04:00:00Z'),
      open: true,
    });
    // An opening inside the skipped hour (02:30) happens when the clocks jump, at 03:00.
    const early: OpeningHours = {
      kind: 'weekly',
      days: [[], [], [], [], [], [], day(['02:30', '10:00'])],
    };
    expect(isOpenAt(early, PARIS, iso('2026-03-29T00:59:00Z'))).toBe(false); // 01:59 UTC+1
    expect(isOpenAt(early, PARIS, iso('2026-03-29T01:00:00Z'))).toBe(true); // 03:00 UTC+2
    expect(nextChange(early, PARIS, iso('2026-03-29T00:30:00Z'))).toEqual({
      at: iso('2026-03-29T01:00:00Z'),
      open: true,
    });
  });

  it('crosses the autumn change in Paris (last Sunday of October: 03:00 → 02:00)', () => {
    // Saturday 24 October 2026 12:00 (UTC+2) → Monday 26 October 06:00, now UTC+1 = 05:00 UTC.
    expect(nextChange(PLANT, PARIS, iso('2026-10-24T10:00:00Z'))).toEqual({
      at: iso('2026-10-26T05:00:00Z'),
      open: true,
    });
    // Closing at 02:30 on that Sunday: closed at the first 02:30, open again when the clocks go
    // back to 02:00, closed at the second 02:30.
    const night: OpeningHours = {
      kind: 'weekly',
      days: [[], [], [], [], [], [], day(['00:00', '02:30'])],
    };
    const first = iso('2026-10-25T00:30:00Z'); // 02:30 UTC+2
    expect(nextChange(night, PARIS, iso('2026-10-25T00:00:00Z'))).toEqual({
      at: first,
      open: false,
    });
    expect(nextChange(night, PARIS, first)).toEqual({
      at: iso('2026-10-25T01:00:00Z'),
      open: true,
    });
    expect(nextChange(night, PARIS, iso('2026-10-25T01:00:00Z'))).toEqual({
      at: iso('2026-10-25T01:30:00Z'), // 02:30 UTC+1
      open: false,
    });
  });

  it('works in Auckland, where the day starts 13 hours before UTC’s', () => {
    // Friday 27 November 2026 20:00 in Auckland (UTC+13) is 07:00 UTC.
    expect(nextChange(PLANT, AUCKLAND, iso('2026-11-27T00:00:00Z'))).toEqual({
      at: iso('2026-11-27T07:00:00Z'),
      open: false,
    });
  });
});

describe('openingHoursProblems', () => {
  it('refuses an interval that closes when or before it opens, in French', () => {
    const same = openingHoursProblems({
      ...PLANT,
      days: [day(['08:00', '08:00']), ...PLANT.days.slice(1)],
    } as OpeningHours);
    expect(same).toEqual([
      {
        day: 0,
        interval: 0,
        message: 'Lundi : la plage 08:00–08:00 ferme à l’heure où elle ouvre.',
      },
    ]);
    const past = openingHoursProblems({
      kind: 'weekly',
      days: [[], [], [], [], day(['22:00', '06:00']), [], []],
    });
    expect(past[0]?.message).toMatch(
      /^Vendredi : la plage 22:00–06:00 ferme avant d’ouvrir ; pour passer minuit, finissez-la à 24:00/,
    );
  });

  it('refuses overlapping intervals, and a week never open', () => {
    expect(
      openingHoursProblems({
        kind: 'weekly',
        days: [[], day(['06:00', '12:00'], ['11:00', '14:00']), [], [], [], [], []],
      }),
    ).toEqual([
      {
        day: 1,
        interval: 1,
        message: 'Mardi : les plages 06:00–12:00 et 11:00–14:00 se chevauchent.',
      },
    ]);
    // Touching intervals are fine.
    expect(
      openingHoursProblems({
        kind: 'weekly',
        days: [[], day(['06:00', '12:00'], ['12:00', '14:00']), [], [], [], [], []],
      }),
    ).toEqual([]);
    expect(
      openingHoursProblems({ kind: 'weekly', days: [[], [], [], [], [], [], []] })[0]?.message,
    ).toMatch(/^Aucune plage d’ouverture/);
  });
});

describe('openingHoursText', () => {
  it('says the week in one French line', () => {
    expect(openingHoursText(ALWAYS_OPEN)).toBe('Toujours ouvert (3×8)');
    expect(openingHoursText(PLANT)).toBe('Lun–ven 06:00–20:00 · sam 06:00–12:00 · dim fermé');
    expect(openingHoursText(defaultWeeklyHours())).toBe('Lun–ven 06:00–20:00 · sam–dim fermé');
    expect(
      openingHoursText({
        kind: 'weekly',
        days: Array.from({ length: 7 }, () => day(['14:00', '18:00'], ['08:00', '12:00'])),
      }),
    ).toBe('Tous les jours 08:00–12:00, 14:00–18:00');
  });
});

describe('opening hours among the settings', () => {
  it('default to always open, also for an older copy without them or a wrong one', () => {
    expect(DEFAULT_SETTINGS.openingHours).toEqual({ kind: 'always' });
    const { openingHours: _omitted, ...older } = DEFAULT_SETTINGS;
    expect(normalizeSettings(older).openingHours).toEqual({ kind: 'always' });
    for (const wrong of [
      42,
      { kind: 'weekly' },
      { kind: 'weekly', days: [[], []] },
      { kind: 'weekly', days: [day(['20:00', '06:00']), [], [], [], [], [], []] },
    ])
      expect(normalizeSettings({ ...DEFAULT_SETTINGS, openingHours: wrong }).openingHours).toEqual({
        kind: 'always',
      });
    expect(normalizeSettings({ ...DEFAULT_SETTINGS, openingHours: PLANT }).openingHours).toEqual(
      PLANT,
    );
    expect(normalizeOpeningHours(undefined)).toEqual({ kind: 'always' });
  });

  it('pass the schema and the rules between values, with a French message', () => {
    expect(Value.Check(DevelopmentSettings, { ...DEFAULT_SETTINGS, openingHours: PLANT })).toBe(
      true,
    );
    expect(
      Value.Check(DevelopmentSettings, {
        ...DEFAULT_SETTINGS,
        openingHours: { kind: 'weekly', days: [day(['25:00', '26:00']), [], [], [], [], [], []] },
      }),
    ).toBe(false);
    expect(
      settingsConsistencyErrors({
        ...DEFAULT_SETTINGS,
        openingHours: { kind: 'weekly', days: [day(['20:00', '20:00']), [], [], [], [], [], []] },
      }).openingHours,
    ).toBe('Lundi : la plage 20:00–20:00 ferme à l’heure où elle ouvre.');
  });

  it('are stored in the settings’ fixed order, last', () => {
    const text = serializeSettings({ ...DEFAULT_SETTINGS, openingHours: PLANT });
    expect(Object.keys(JSON.parse(text) as object).at(-1)).toBe('openingHours');
    expect(serializeSettings(normalizeSettings(JSON.parse(text)))).toBe(text);
  });
});
