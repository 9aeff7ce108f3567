/**
 * The back-office's times are the plant's wall clock (issue 45), whatever the browser's zone (the
 * test machine's is not New York's).
 */
import { describe, expect, it } from 'vitest';
import { formatDate, fromLocalInput, toLocalInput } from './labels';

const NEW_YORK = 'America/New_York';

describe('formatDate', () => {
  it('read an instant on the plant’s clock', () => {
    expect(formatDate('2026-11-23T10:05:00.000Z', 'Europe/Paris')).toBe('23/11/2026 11:05');
    expect(formatDate('2026-11-23T10:05:00.000Z', NEW_YORK)).toBe('23/11/2026 05:05');
    // Near midnight the plant's day is not the browser's.
    expect(formatDate('2026-11-23T03:00:00.000Z', NEW_YORK)).toBe('22/11/2026 22:00');
    expect(formatDate(null, NEW_YORK)).toBe('—');
    expect(formatDate('pas une date', NEW_YORK)).toBe('pas une date');
  });
});

describe('toLocalInput and fromLocalInput', () => {
  it('fill a datetime-local field with the plant’s time and read it back as the instant', () => {
    expect(toLocalInput('2026-07-01T16:00:00.000Z', NEW_YORK)).toBe('2026-07-01T12:00');
    expect(fromLocalInput('2026-07-01T12:00', NEW_YORK)).toEqual({
      iso: '2026-07-01T16:00:00.000Z',
    });
    expect(toLocalInput('', NEW_YORK)).toBe('');
    expect(fromLocalInput('', NEW_YORK)).toEqual({ iso: undefined });
  });

  it('refuse a time the clocks skip, in French, and take the first of a time that happens twice', () => {
    expect(fromLocalInput('2026-03-29T02:30', 'Europe/Paris')).toEqual({
      error:
        '02:30 n’existe pas le dimanche 29 mars 2026 (heure de Paris) : cette nuit-là, les horloges passent directement de 02:00 à 03:00. Choisissez une autre heure.',
    });
    // 25 October 2026, 02:30 in Paris: summer time's (UTC+2), before the clocks go back.
    expect(fromLocalInput('2026-10-25T02:30', 'Europe/Paris')).toEqual({
      iso: '2026-10-25T00:30:00.000Z',
    });
  });
});
