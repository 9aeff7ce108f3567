/**
 * The anchor highlight follows the scroll (docs/product.md#screens "highlight the active one"; issue 41, item 5):
 * in the real frame, where the banner sits outside the scrolling content area. Layout is faked:
 * each section's top is where it would be for the content area's scroll position.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKiosk, resetShellState } from '../../app/testing/render-in-kiosk';
import { AppFrame } from './app-frame';
import { SCROLL_QUIET_MS } from './anchor-bar';
import { sectionId, usePageFrame } from './page-frame';

const LABELS = ['Politiques', 'EPI', 'PTI', 'Habilitations'];
/** Each section is 1,000 px tall; the content area shows 1,400 px. */
const SECTION_PX = 1000;

function SectionsPage() {
  usePageFrame({ title: 'HSE', anchors: LABELS });
  return (
    <>
      {LABELS.map((label, index) => (
        <section key={label} id={sectionId(index)}>
          {label}
        </section>
      ))}
    </>
  );
}

let scrollTop = 0;

function renderFrame() {
  const result = renderInKiosk(null, {
    path: '/accueil/hse',
    routes: [
      {
        path: '/',
        element: <AppFrame />,
        children: [{ path: 'accueil/hse', element: <SectionsPage /> }],
      },
    ],
  });
  const main = screen.getByRole('main');
  Object.defineProperties(main, {
    scrollTop: { get: () => scrollTop, configurable: true },
    clientHeight: { get: () => 1400, configurable: true },
    scrollHeight: { get: () => LABELS.length * SECTION_PX, configurable: true },
  });
  for (const [index] of LABELS.entries()) {
    const section = document.getElementById(sectionId(index))!;
    section.getBoundingClientRect = () => ({ top: index * SECTION_PX - scrollTop }) as DOMRect;
  }
  return { ...result, main };
}

/** The content area scrolled to `top` by a person: the scroll event, then the next frame. */
function scrollTo(main: HTMLElement, top: number) {
  scrollTop = top;
  fireEvent.scroll(main);
  act(() => {
    vi.advanceTimersByTime(20);
  });
}

const highlighted = () =>
  screen
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-current') === 'true')
    .map((button) => button.textContent);

beforeEach(() => {
  resetShellState();
  scrollTop = 0;
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'requestAnimationFrame',
      'cancelAnimationFrame',
    ],
  });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('the anchor highlight', () => {
  it('follows the scroll position, down and back up', () => {
    const { main } = renderFrame();
    scrollTo(main, 0);
    expect(highlighted()).toEqual(['Politiques']);
    scrollTo(main, 1100);
    expect(highlighted()).toEqual(['EPI']);
    scrollTo(main, 2050);
    expect(highlighted()).toEqual(['PTI']);
    scrollTo(main, 400);
    expect(highlighted()).toEqual(['Politiques']);
  });

  it('keeps a tap’s target highlighted while its smooth scroll passes other sections', () => {
    Object.defineProperty(window, 'onscrollend', { value: null, configurable: true });
    try {
      const { main } = renderFrame();
      fireEvent.click(screen.getByRole('button', { name: 'PTI' }));
      expect(highlighted()).toEqual(['PTI']);
      // The smooth scroll passes over EPI…
      scrollTo(main, 1200);
      expect(highlighted()).toEqual(['PTI']);
      scrollTo(main, 2000);
      expect(highlighted()).toEqual(['PTI']);
      // …and ends; then the scroll position decides again.
      fireEvent(main, new Event('scrollend'));
      scrollTo(main, 1100);
      expect(highlighted()).toEqual(['EPI']);
    } finally {
      Reflect.deleteProperty(window, 'onscrollend');
    }
  });

  it('without scrollend, the tap’s lock ends when the scroll events pause', () => {
    const { main } = renderFrame();
    fireEvent.click(screen.getByRole('button', { name: 'PTI' }));
    scrollTo(main, 1200);
    expect(highlighted()).toEqual(['PTI']);
    act(() => {
      vi.advanceTimersByTime(SCROLL_QUIET_MS);
    });
    // Stopped at 1,200 (the smooth scroll was cut short): EPI is at the top.
    expect(highlighted()).toEqual(['EPI']);
  });

  it('a person’s touch ends the tap’s lock at once', () => {
    Object.defineProperty(window, 'onscrollend', { value: null, configurable: true });
    try {
      const { main } = renderFrame();
      fireEvent.click(screen.getByRole('button', { name: 'Habilitations' }));
      fireEvent.pointerDown(main);
      scrollTo(main, 1050);
      expect(highlighted()).toEqual(['EPI']);
    } finally {
      Reflect.deleteProperty(window, 'onscrollend');
    }
  });
});
