import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetShellState } from '../../app/testing/render-in-kiosk';
import { IDLE_READER_ADVANCE_MS, PageReader } from './page-reader';

const pages = [1, 2, 3].map((n) => ({
  src: `http://kiosk.test/media/images/veille-${n}.svg`,
  alt: `Veille ${n}`,
}));
const position = () => screen.getByText(/^Page \d+ \/ \d+$/).textContent;
const shown = () => screen.getByRole('img').getAttribute('alt');

describe('PageReader', () => {
  beforeEach(() => {
    resetShellState();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('shows "Page n / total"; next wraps to the first page, previous stops at the first', () => {
    render(<PageReader pages={pages} advanceMs={0} />);
    const previous = screen.getByRole('button', { name: 'Page précédente' });
    const next = screen.getByRole('button', { name: 'Page suivante' });
    expect(position()).toBe('Page 1 / 3');
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(previous);
    expect(position()).toBe('Page 1 / 3');

    fireEvent.click(next);
    fireEvent.click(next);
    expect(position()).toBe('Page 3 / 3');
    expect(shown()).toBe('Veille 3');
    fireEvent.click(next);
    expect(position()).toBe('Page 1 / 3');

    fireEvent.click(next);
    fireEvent.click(previous);
    expect(position()).toBe('Page 1 / 3');
  });

  it('advances by itself every 10 × the default counter (5 s), wrapping around', () => {
    expect(IDLE_READER_ADVANCE_MS).toBe(5000);
    render(<PageReader pages={pages} />);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(position()).toBe('Page 1 / 3');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(position()).toBe('Page 2 / 3');
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(position()).toBe('Page 1 / 3');
  });

  it('keeps a single timer however often it renders, and none after unmount', () => {
    const { rerender, unmount } = render(<PageReader pages={pages} />);
    for (let i = 0; i < 5; i++) rerender(<PageReader pages={[...pages]} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a calm message when the zone has no page', () => {
    render(<PageReader pages={[]} />);
    expect(screen.getByText(/Touchez FERMER/)).toBeTruthy();
  });
});
