import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetShellState } from '../../app/testing/render-in-kiosk';
import { CLOCK_REFRESH_MS, Clock, formatClock } from './clock';

// Intl may separate "PM" with a narrow no-break space: compare on plain spaces.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('Clock', () => {
  beforeEach(() => resetShellState());
  afterEach(() => vi.useRealTimers());

  it('formats hour and short date in French and in US English', () => {
    const date = new Date(2025, 10, 22, 14, 5);
    expect(formatClock(date, 'fr')).toEqual({ time: '14:05', date: '22/11/2025' });
    const en = formatClock(date, 'en');
    expect(plain(en.time)).toBe('2:05 PM');
    expect(en.date).toBe('11/22/25');
  });

  it('refreshes every 10 s, and a tap calls onTap', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 10, 22, 9, 59, 55));
    const onTap = vi.fn();
    render(<Clock language="fr" label="Heure et date" onTap={onTap} />);
    expect(screen.getByTestId('clock-time').textContent).toBe('09:59');

    act(() => {
      vi.advanceTimersByTime(CLOCK_REFRESH_MS - 1);
    });
    expect(screen.getByTestId('clock-time').textContent).toBe('09:59');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('clock-time').textContent).toBe('10:00');

    fireEvent.click(screen.getByTitle('Heure et date'));
    expect(onTap).toHaveBeenCalledOnce();
  });

  it('shows the US English format when asked', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 0, 3, 16, 30));
    render(<Clock language="en" label="Time and date" onTap={() => {}} />);
    expect(plain(screen.getByTestId('clock-time').textContent)).toBe('4:30 PM');
    expect(screen.getByTestId('clock-date').textContent).toBe('1/3/25');
  });
});
