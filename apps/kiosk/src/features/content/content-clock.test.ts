import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextWindowChange, useWindowNow, type WindowedItem } from './content-clock';
import { buildPopulatedSubgroups } from './use-subgroups';

const T0 = Date.parse('2026-11-25T10:00:00Z');
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the next window boundary', () => {
  it('is the earliest expiration or badge end still ahead', () => {
    const items: WindowedItem[] = [
      { addingdate: at(-2 * DAY), expirationdate: at(3 * HOUR) }, // badge over, expires in 3 h
      { addingdate: at(-23 * HOUR), expirationdate: null }, // badge ends in 1 h
      { addingdate: at(-3 * DAY), expirationdate: at(-HOUR) }, // already expired
    ];
    expect(nextWindowChange(items, T0)).toBe(T0 + HOUR);
    expect(nextWindowChange(items, T0 + HOUR)).toBe(T0 + 3 * HOUR);
    expect(nextWindowChange(items, T0 + 3 * HOUR)).toBeNull();
    expect(nextWindowChange([{ addingdate: 'not a date', expirationdate: null }], T0)).toBeNull();
  });
});

describe('the time a screen is computed at', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('moves at each boundary by itself, so an expired sub-group leaves without a tap', () => {
    const groups = [
      {
        subgroupid: 1,
        elementid: 9,
        modelid: 1,
        label: 'Catalogue',
        order: 1,
        addingdate: at(-5 * DAY),
        expirationdate: at(2 * HOUR),
      },
      {
        subgroupid: 2,
        elementid: 9,
        modelid: 1,
        label: 'Catalogue',
        order: 2,
        addingdate: at(-5 * DAY),
        expirationdate: null,
      },
    ];
    const { result } = renderHook(() => {
      const now = useWindowNow(groups);
      return buildPopulatedSubgroups(groups, [], new Date(now)).map((g) => g.subgroupid);
    });
    expect(result.current).toEqual([1, 2]);
    act(() => {
      vi.advanceTimersByTime(2 * HOUR - 1000);
    });
    expect(result.current).toEqual([1, 2]);
    act(() => {
      vi.advanceTimersByTime(1001);
    });
    expect(result.current).toEqual([2]);
  });

  it('reaches a boundary beyond the longest timer in steps', () => {
    const far = [{ addingdate: null, expirationdate: at(40 * DAY) }];
    const { result } = renderHook(() => useWindowNow(far));
    act(() => {
      vi.advanceTimersByTime(30 * DAY);
    });
    expect(result.current).toBeLessThan(T0 + 40 * DAY);
    act(() => {
      vi.advanceTimersByTime(10 * DAY + 1);
    });
    expect(result.current).toBeGreaterThan(T0 + 40 * DAY);
  });
});
