import { describe, expect, it } from 'vitest';
import { isNew } from './is-new';

describe('isNew', () => {
  const now = new Date('2026-01-10T12:00:00.000Z');
  it('marks items added within the last 1440 minutes', () => {
    expect(isNew('2026-01-10T11:59:00.000Z', now)).toBe(true);
    expect(isNew('2026-01-09T12:00:00.001Z', now)).toBe(true);
    expect(isNew('2026-01-09T12:00:00.000Z', now)).toBe(false);
    expect(isNew('2025-12-01T00:00:00.000Z', now.getTime())).toBe(false);
  });
  it('counts a date slightly ahead of the totem clock as new, and ignores bad dates', () => {
    expect(isNew('2026-01-10T12:05:00.000Z', now)).toBe(true);
    expect(isNew('pas une date', now)).toBe(false);
    expect(isNew(null, now)).toBe(false);
  });
});
