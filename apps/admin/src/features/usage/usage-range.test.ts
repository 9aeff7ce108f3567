/**
 * The « Fréquentation » range (issue 49, part 2): the plant's last 30 days by default, the quick
 * choices, what is wrong with a typed range, and the CSV export's instants in the plant's zone.
 */
import { USAGE_DASHBOARD_MAX_DAYS } from '@plant-kiosk/contract';
import { describe, expect, it } from 'vitest';
import { usagePath } from './usage-path';
import {
  csvQuery,
  daysIn,
  defaultRange,
  plantToday,
  presetRange,
  RANGE_PRESETS,
  rangeProblem,
  readFilters,
} from './usage-range';

const preset = (id: string) => RANGE_PRESETS.find((choice) => choice.id === id)!;

describe('the usage range', () => {
  it('takes today on the plant’s calendar, not the browser’s', () => {
    // 23:30 UTC on the 27th is already the 28th in Paris, still the 27th in Montréal.
    const late = new Date('2026-11-27T23:30:00Z');
    expect(plantToday('Europe/Paris', late)).toBe('2026-11-28');
    expect(plantToday('America/Montreal', late)).toBe('2026-11-27');
  });

  it('shows the last 30 days, today included, when the address names no range', () => {
    expect(defaultRange('2026-11-28')).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(readFilters(new URLSearchParams(''), '2026-11-28')).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
      kioskId: '',
      group: '',
    });
    expect(
      readFilters(
        new URLSearchParams('from=2026-01-01&to=2026-01-31&kioskId=k-1&group=Accueil'),
        '2026-11-28',
      ),
    ).toEqual({ from: '2026-01-01', to: '2026-01-31', kioskId: 'k-1', group: 'Accueil' });
  });

  it('ends every quick choice today', () => {
    expect(presetRange(preset('7j'), '2026-11-28')).toEqual({
      from: '2026-11-22',
      to: '2026-11-28',
    });
    expect(presetRange(preset('90j'), '2026-11-28')).toEqual({
      from: '2026-08-31',
      to: '2026-11-28',
    });
    // Six calendar months: from the day after the same date six months back.
    expect(presetRange(preset('6m'), '2026-11-28')).toEqual({
      from: '2026-05-29',
      to: '2026-11-28',
    });
    expect(presetRange(preset('6m'), '2026-03-15')).toEqual({
      from: '2025-09-16',
      to: '2026-03-15',
    });
    for (const choice of RANGE_PRESETS)
      expect(rangeProblem(presetRange(choice, '2026-11-28'))).toBeNull();
  });

  it('says in French what is wrong with a range', () => {
    expect(daysIn({ from: '2026-11-28', to: '2026-11-28' })).toBe(1);
    expect(rangeProblem({ from: '', to: '2026-11-28' })).toBe(
      'Choisissez une date de début valide.',
    );
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-02' })).toBe(
      'Choisissez une date de début valide.',
    );
    expect(rangeProblem({ from: '2026-02-01', to: 'demain' })).toBe(
      'Choisissez une date de fin valide.',
    );
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toMatch(/doit précéder/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-11-28' })).toBe(
      `La période ne peut dépasser ${USAGE_DASHBOARD_MAX_DAYS} jours (elle en compte 697).`,
    );
  });

  it('asks the export for the first day’s start up to the start of the day after the last', () => {
    expect(csvQuery({ from: '2026-10-30', to: '2026-11-28' }, 'Europe/Paris')).toEqual({
      from: '2026-10-30T00:00:00+01:00',
      to: '2026-11-29T00:00:00+01:00',
    });
    // Across the spring change the two ends carry their own offsets.
    expect(csvQuery({ from: '2026-03-01', to: '2026-03-31' }, 'Europe/Paris')).toEqual({
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-04-01T00:00:00+02:00',
    });
    expect(csvQuery({ from: '2026-07-01', to: '2026-07-01' }, 'America/New_York')).toEqual({
      from: '2026-07-01T00:00:00-04:00',
      to: '2026-07-02T00:00:00-04:00',
    });
  });

  it('builds a link to the screen with its filters', () => {
    expect(usagePath(3)).toBe('/frequentation/3');
    expect(usagePath(3, { kioskId: 'k-1', group: '' })).toBe('/frequentation/3?kioskId=k-1');
  });
});
