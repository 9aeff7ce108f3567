import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emblaDurationForMs, emblaSettleMs } from './carousel-timing';
import { ImageCarousel, shuffled, type ImageCarouselProps } from './image-carousel';
import { installLayout, installObserverShims, resizeObservers } from './testing/layout-shims';

const VIEWPORT = 1000;
let slideWidth = VIEWPORT;
let restoreLayout: () => void = () => {};

const photos = ['a', 'b', 'c', 'd', 'e'];

function renderCarousel(props: Partial<ImageCarouselProps<string>> = {}) {
  const view = render(
    <ImageCarousel
      items={photos}
      label="Diaporama"
      renderItem={(photo) => <img src={`${photo}.jpg`} alt={`photo ${photo}`} />}
      {...props}
    />,
  );
  // Embla attaches its resize observers on the next animation frame.
  act(() => {
    vi.advanceTimersByTime(20);
  });
  const region = screen.getByRole('region', { name: 'Diaporama' });
  const current = () => {
    const dots = within(region).queryAllByRole('button', { name: /Aller à la diapositive/ });
    return dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true');
  };
  return { ...view, region, current };
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'Date',
      'requestAnimationFrame',
      'cancelAnimationFrame',
    ],
  });
  installObserverShims();
  // jsdom computes no margins; embla reads the last slide's to size the scroll track.
  const style = document.createElement('style');
  style.textContent = '.image-carousel__slide { margin: 0px; }';
  document.head.append(style);
  slideWidth = VIEWPORT;
  restoreLayout = installLayout((element) => {
    if (
      element.classList.contains('image-carousel__viewport') ||
      element.classList.contains('image-carousel__container')
    ) {
      return { width: VIEWPORT, height: 600 };
    }
    if (element.classList.contains('image-carousel__slide')) {
      const index = [...(element.parentElement?.children ?? [])].indexOf(element);
      return { width: slideWidth, height: 600, left: index * slideWidth };
    }
    return undefined;
  });
});

afterEach(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
  restoreLayout();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ImageCarousel', () => {
  it('is an accessible carousel region with labelled controls and one dot per slide', () => {
    const { region, current } = renderCarousel({ autoplay: false });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(within(region).getAllByRole('group')).toHaveLength(5);
    expect(within(region).getAllByRole('group')[0]?.getAttribute('aria-label')).toBe('1 sur 5');
    expect(within(region).getAllByRole('button', { name: /Aller à la diapositive/ })).toHaveLength(
      5,
    );
    expect(current()).toBe(0);
    expect(screen.getByRole('button', { name: 'Précédent' })).toHaveProperty('disabled', true);
  });

  it('moves with previous/next buttons, dots and the arrow keys', () => {
    const onSelect = vi.fn();
    const { region, current } = renderCarousel({ autoplay: false, onSelect });
    fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Aller à la diapositive 4' }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(current()).toBe(2);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe(4);
    expect(screen.getByRole('button', { name: 'Suivant' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()).toBe(3);
    expect(onSelect).toHaveBeenLastCalledWith(3);
  });

  it('wraps around when looping', () => {
    const { region, current } = renderCarousel({ autoplay: false, loop: true });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(current()).toBe(4);
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe(0);
  });

  it('autoplays every 4000 ms by default; Space pauses and resumes', () => {
    const { region, current } = renderCarousel();
    expect(region.dataset.playing).toBe('true');
    // renderCarousel already let 20 ms pass.
    advance(3979);
    expect(current()).toBe(0);
    advance(1);
    expect(current()).toBe(1);
    fireEvent.keyDown(region, { key: ' ' });
    expect(region.dataset.playing).toBe('false');
    advance(12000);
    expect(current()).toBe(1);
    fireEvent.keyDown(region, { key: ' ' });
    advance(4000);
    expect(current()).toBe(2);
  });

  it('uses the given delay (home slideshow: 5 s)', () => {
    const { current } = renderCarousel({ delayMs: 5000, loop: true });
    advance(4000);
    expect(current()).toBe(0);
    advance(1000);
    expect(current()).toBe(1);
  });

  it('pauses while a mouse hovers, but not after a touch', () => {
    const { region, current } = renderCarousel();
    fireEvent.mouseEnter(region);
    advance(9000);
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    advance(4000);
    expect(current()).toBe(1);
    // A tap on a touch screen is followed by emulated mouse events: they must not pause it.
    fireEvent.touchStart(region, { touches: [{ clientX: 10, clientY: 10 }] });
    fireEvent.mouseEnter(region);
    expect(region.dataset.playing).toBe('true');
  });

  it('has a pause button for touch users', () => {
    const { region, current } = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Mettre en pause le défilement' }));
    expect(region.dataset.playing).toBe('false');
    advance(8000);
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Reprendre le défilement' }));
    advance(4000);
    expect(current()).toBe(1);
  });

  it('changes slide on a swipe of 20 px or more, never on a shorter one', () => {
    const { region, current } = renderCarousel({ autoplay: false });
    const viewport = region.querySelector('.image-carousel__viewport');
    if (!viewport) throw new Error('viewport missing');
    const swipe = (from: number, to: number) => {
      fireEvent.mouseDown(viewport, { clientX: from, clientY: 300, button: 0 });
      fireEvent.mouseMove(document, { clientX: (from + to) / 2, clientY: 300 });
      fireEvent.mouseMove(document, { clientX: to, clientY: 300 });
      fireEvent.mouseUp(document, { clientX: to, clientY: 300 });
      advance(50);
    };
    swipe(500, 485);
    expect(current()).toBe(0);
    swipe(500, 478);
    expect(current()).toBe(1);
    swipe(500, 519);
    expect(current()).toBe(1);
    swipe(500, 530);
    expect(current()).toBe(0);
    fireEvent.touchStart(viewport, { touches: [{ clientX: 600, clientY: 300 }] });
    fireEvent.touchMove(document, { touches: [{ clientX: 560, clientY: 300 }] });
    fireEvent.touchEnd(document, { changedTouches: [{ clientX: 560, clientY: 300 }], touches: [] });
    advance(50);
    expect(current()).toBe(1);
  });

  it('fades only with one item per slide and no padding', () => {
    const single = renderCarousel({ autoplay: false });
    expect(single.region.classList.contains('image-carousel--fade')).toBe(true);
    single.unmount();
    const several = renderCarousel({ autoplay: false, slidesPerView: 3 });
    expect(several.region.classList.contains('image-carousel--fade')).toBe(false);
    several.unmount();
    const padded = renderCarousel({ autoplay: false, gap: 16 });
    expect(padded.region.classList.contains('image-carousel--fade')).toBe(false);
  });

  it('re-measures after the size has been still for 100 ms', () => {
    const { region } = renderCarousel({ autoplay: false, fade: false });
    const dots = () => within(region).getAllByRole('button', { name: /Aller à la diapositive/ });
    expect(dots()).toHaveLength(5);
    slideWidth = VIEWPORT / 2;
    const observer = resizeObservers.at(-1);
    if (!observer) throw new Error('no resize observer');
    observer.trigger();
    advance(60);
    observer.trigger();
    advance(60);
    expect(dots()).toHaveLength(5);
    advance(40);
    expect(dots()).toHaveLength(4);
  });

  it('shuffles once, as a permutation of the items', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const { region, rerender } = renderCarousel({ autoplay: false, shuffle: true, random });
    const order = () =>
      within(region)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt'));
    const first = order();
    expect([...first].sort()).toEqual(photos.map((p) => `photo ${p}`));
    expect(first).not.toEqual(photos.map((p) => `photo ${p}`));
    rerender(
      <ImageCarousel
        items={photos}
        label="Diaporama"
        autoplay={false}
        shuffle
        random={random}
        renderItem={(photo) => <img src={`${photo}.jpg`} alt={`photo ${photo}`} />}
      />,
    );
    expect(order()).toEqual(first);
  });

  it('shuffled() keeps every item', () => {
    expect(shuffled([1, 2, 3, 4], () => 0).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('emblaDurationForMs', () => {
  it('maps the spec times onto embla springs that last that long', () => {
    for (const ms of [400, 600, 1000]) {
      expect(Math.abs(emblaSettleMs(emblaDurationForMs(ms)) - ms)).toBeLessThanOrEqual(20);
    }
    expect(emblaDurationForMs(600)).toBeGreaterThan(emblaDurationForMs(400));
  });
});
