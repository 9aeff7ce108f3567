/**
 * The kiosk's carousel (docs/product.md#states, #constants), on embla: previous/next, dots, arrow keys, swipe, autoplay.
 *
 * Three rules are ours rather than embla's, so they live here:
 * - Swipe: a drag of at least `swipeThreshold` px (20) moves one slide, a shorter one never does.
 *   Embla decides from the drag's force, so after it lets go we correct its choice.
 * - Autoplay plays unless the visitor paused it (Space or the pause button) or a mouse hovers the
 *   carousel. Hover comes from a real mouse only: a totem's touch screen fires emulated mouse
 *   events after each tap, which would otherwise pause the home slideshow for good.
 * - Resize: embla re-measures after the size has been still for `resizeDebounceMs` (100).
 */
import Autoplay from 'embla-carousel-autoplay';
import Fade from 'embla-carousel-fade';
import useEmblaCarousel from 'embla-carousel-react';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { emblaDurationForMs } from './carousel-timing';
import './image-carousel.css';

export const CAROUSEL_DEFAULTS = {
  durationMs: 400,
  delayMs: 4000,
  swipeThreshold: 20,
  resizeDebounceMs: 100,
} as const;

export interface ImageCarouselProps<T> {
  items: readonly T[];
  /** Draws one item; `selected` is true for the items of the current slide. */
  renderItem: (item: T, index: number, state: { selected: boolean }) => ReactNode;
  /** Stable key of an item (defaults to its index in the original list). */
  getKey?: (item: T, index: number) => string | number;
  /** Accessible name of the carousel, e.g. "Diaporama". */
  label: string;
  loop?: boolean;
  /** Shuffle the items once per mount (home slideshow). */
  shuffle?: boolean;
  /** Length of a slide change in ms (default 400; magazine 600). */
  durationMs?: number;
  autoplay?: boolean;
  /** Autoplay delay in ms (default 4000; home slideshow 5000). */
  delayMs?: number;
  /** Items visible at once (default 1). */
  slidesPerView?: number;
  /** Space between items in px (default 0). */
  gap?: number;
  /** Fade between slides; only honoured with one item per slide and no gap (default true). */
  fade?: boolean;
  showArrows?: boolean;
  showDots?: boolean;
  startIndex?: number;
  /** Minimum drag in px that changes the slide (default 20). */
  swipeThreshold?: number;
  resizeDebounceMs?: number;
  /** Height of the slides (CSS length or px), e.g. 607 for the home slideshow. */
  height?: number | string;
  onSelect?: (index: number) => void;
  /** Source of randomness for `shuffle` (tests pass a seeded one). */
  random?: () => number;
  className?: string;
}

export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Time after a touch during which mouse events are the browser's emulation, not a mouse. */
const EMULATED_MOUSE_WINDOW_MS = 1000;

export function ImageCarousel<T>({
  items,
  renderItem,
  getKey,
  label,
  loop = false,
  shuffle = false,
  durationMs = CAROUSEL_DEFAULTS.durationMs,
  autoplay = true,
  delayMs = CAROUSEL_DEFAULTS.delayMs,
  slidesPerView = 1,
  gap = 0,
  fade = true,
  showArrows = true,
  showDots = true,
  startIndex = 0,
  swipeThreshold = CAROUSEL_DEFAULTS.swipeThreshold,
  resizeDebounceMs = CAROUSEL_DEFAULTS.resizeDebounceMs,
  height,
  onSelect,
  random,
  className,
}: ImageCarouselProps<T>) {
  const perView = Math.max(1, Math.floor(slidesPerView));
  const useFade = fade && perView === 1 && gap === 0;

  // Shuffle once per list (not per render) so a re-render never reorders what is on screen.
  const randomRef = useRef(random);
  const entries = useMemo(() => {
    const indexed = items.map((item, index) => ({ item, index }));
    return shuffle ? shuffled(indexed, randomRef.current) : indexed;
  }, [items, shuffle]);

  const resizeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const measured = useRef<number[]>([]);
  const options = useMemo(
    () => ({
      loop,
      startIndex,
      duration: emblaDurationForMs(durationMs),
      slidesToScroll: 1,
      align: 'start' as const,
      containScroll: loop ? (false as const) : ('trimSnaps' as const),
      dragThreshold: swipeThreshold,
      watchResize: (api: {
        reInit: () => void;
        containerNode: () => HTMLElement;
        slideNodes: () => HTMLElement[];
      }) => {
        clearTimeout(resizeTimer.current);
        resizeTimer.current = setTimeout(() => {
          if (sizesChanged(measured.current, measureSizes(api))) api.reInit();
        }, resizeDebounceMs);
        return false;
      },
    }),
    [loop, startIndex, durationMs, swipeThreshold, resizeDebounceMs],
  );
  const autoplayPlugin = useMemo(
    () =>
      Autoplay({
        delay: delayMs,
        playOnInit: false,
        stopOnInteraction: true,
        stopOnMouseEnter: false,
        stopOnFocusIn: false,
      }),
    [delayMs],
  );
  const plugins = useMemo(
    () => [...(autoplay ? [autoplayPlugin] : []), ...(useFade ? [Fade()] : [])],
    [autoplay, autoplayPlugin, useFade],
  );
  const [viewportRef, emblaApi] = useEmblaCarousel(options, plugins);

  const [selected, setSelected] = useState(startIndex);
  const [snapCount, setSnapCount] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const shouldPlay = autoplay && !userPaused && !hovered && snapCount > 1;
  const shouldPlayRef = useRef(shouldPlay);
  shouldPlayRef.current = shouldPlay;
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const applyAutoplay = useCallback(() => {
    if (!emblaApi || !autoplay) return;
    if (shouldPlayRef.current && emblaApi.scrollSnapList().length > 1) autoplayPlugin.play();
    else autoplayPlugin.stop();
  }, [emblaApi, autoplay, autoplayPlugin]);

  useEffect(() => {
    if (!emblaApi) return;
    const sync = () => {
      setSelected(emblaApi.selectedScrollSnap());
      setSnapCount(emblaApi.scrollSnapList().length);
      setCanPrev(emblaApi.canScrollPrev());
      setCanNext(emblaApi.canScrollNext());
    };
    const onInit = () => {
      measured.current = measureSizes(emblaApi);
      sync();
      applyAutoplay();
    };
    const onSelectSnap = () => {
      sync();
      onSelectRef.current?.(emblaApi.selectedScrollSnap());
    };
    onInit();
    emblaApi.on('reInit', onInit).on('select', onSelectSnap);
    return () => {
      emblaApi.off('reInit', onInit).off('select', onSelectSnap);
    };
  }, [emblaApi, applyAutoplay]);

  useEffect(() => {
    applyAutoplay();
  }, [shouldPlay, applyAutoplay]);

  useEffect(() => () => clearTimeout(resizeTimer.current), []);

  // Swipe rule: correct embla's choice once it has let go of the drag.
  const drag = useRef<{ x: number; index: number } | null>(null);
  const lastTouch = useRef(-Infinity);
  useEffect(() => {
    if (!emblaApi) return;
    const viewport = emblaApi.rootNode();
    const pointX = (event: MouseEvent | TouchEvent) =>
      'touches' in event
        ? (event.touches[0] ?? event.changedTouches[0])?.clientX
        : (event as MouseEvent).clientX;
    const onDown = (event: MouseEvent | TouchEvent) => {
      if ('touches' in event) lastTouch.current = Date.now();
      else if (Date.now() - lastTouch.current < EMULATED_MOUSE_WINDOW_MS) return;
      const x = pointX(event);
      if (x !== undefined) drag.current = { x, index: emblaApi.selectedScrollSnap() };
    };
    const onUp = (event: MouseEvent | TouchEvent) => {
      const start = drag.current;
      drag.current = null;
      const x = pointX(event);
      if (!start || x === undefined) return;
      const delta = x - start.x;
      const now = emblaApi.selectedScrollSnap();
      if (Math.abs(delta) < swipeThreshold) {
        if (now !== start.index) emblaApi.scrollTo(start.index);
      } else if (now === start.index) {
        if (delta < 0) emblaApi.scrollNext();
        else emblaApi.scrollPrev();
      }
      applyAutoplay();
    };
    viewport.addEventListener('mousedown', onDown);
    viewport.addEventListener('touchstart', onDown, { passive: true });
    // On window so that it runs after embla's own document listeners have chosen a target.
    window.addEventListener('mouseup', onUp);
    window.addEventListener('touchend', onUp);
    window.addEventListener('touchcancel', onUp);
    return () => {
      viewport.removeEventListener('mousedown', onDown);
      viewport.removeEventListener('touchstart', onDown);
      window.removeEventListener('mouseup', onUp);
      window.removeEventListener('touchend', onUp);
      window.removeEventListener('touchcancel', onUp);
    };
  }, [emblaApi, swipeThreshold, applyAutoplay]);

  const restartTimer = useCallback(() => {
    if (autoplay && shouldPlayRef.current) autoplayPlugin.reset();
  }, [autoplay, autoplayPlugin]);
  const goPrev = useCallback(() => {
    emblaApi?.scrollPrev();
    restartTimer();
  }, [emblaApi, restartTimer]);
  const goNext = useCallback(() => {
    emblaApi?.scrollNext();
    restartTimer();
  }, [emblaApi, restartTimer]);
  const goTo = useCallback(
    (index: number) => {
      emblaApi?.scrollTo(index);
      restartTimer();
    },
    [emblaApi, restartTimer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
      return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      goNext();
    } else if ((event.key === ' ' || event.key === 'Spacebar') && autoplay) {
      event.preventDefault();
      setUserPaused((paused) => !paused);
    }
  };

  const slideStyle: CSSProperties = {
    flex: `0 0 ${100 / perView}%`,
    paddingLeft: gap ? `${gap}px` : undefined,
    height: typeof height === 'number' ? `${height}px` : height,
  };
  const selectedSlides = new Set<number>();
  for (let i = selected; i < selected + perView; i += 1) selectedSlides.add(i % entries.length);

  if (entries.length === 0) return null;
  return (
    <section
      className={['image-carousel', useFade ? 'image-carousel--fade' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => {
        if (Date.now() - lastTouch.current >= EMULATED_MOUSE_WINDOW_MS) setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onTouchStart={() => {
        lastTouch.current = Date.now();
      }}
      data-playing={autoplay ? String(shouldPlay) : undefined}
    >
      <div className="image-carousel__viewport" ref={viewportRef}>
        <div
          className="image-carousel__container"
          style={gap ? { marginLeft: `-${gap}px` } : undefined}
          aria-live={shouldPlay ? 'off' : 'polite'}
        >
          {entries.map(({ item, index }, position) => (
            <div
              key={getKey ? getKey(item, index) : index}
              className="image-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} sur ${entries.length}`}
              style={slideStyle}
            >
              {renderItem(item, index, { selected: selectedSlides.has(position) })}
            </div>
          ))}
        </div>
      </div>
      {showArrows && snapCount > 1 && (
        <>
          <button
            type="button"
            className="image-carousel__arrow image-carousel__arrow--prev"
            aria-label="Précédent"
            disabled={!canPrev}
            onClick={goPrev}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="image-carousel__arrow image-carousel__arrow--next"
            aria-label="Suivant"
            disabled={!canNext}
            onClick={goNext}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      {(showDots || autoplay) && snapCount > 1 && (
        <div className="image-carousel__footer">
          {autoplay && (
            <button
              type="button"
              className="image-carousel__play"
              aria-label={userPaused ? 'Reprendre le défilement' : 'Mettre en pause le défilement'}
              aria-pressed={userPaused}
              onClick={() => setUserPaused((paused) => !paused)}
            >
              <span aria-hidden="true">{userPaused ? '▶' : '❚❚'}</span>
            </button>
          )}
          {showDots && (
            <div className="image-carousel__dots">
              {Array.from({ length: snapCount }, (_, snap) => (
                <button
                  key={snap}
                  type="button"
                  className="image-carousel__dot"
                  aria-label={`Aller à la diapositive ${snap + 1}`}
                  aria-current={snap === selected ? 'true' : undefined}
                  onClick={() => goTo(snap)}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

interface Measurable {
  containerNode: () => HTMLElement;
  slideNodes: () => HTMLElement[];
}

function measureSizes(api: Measurable): number[] {
  return [api.containerNode(), ...api.slideNodes()].map((node) => node.offsetWidth);
}

function sizesChanged(before: number[], after: number[]): boolean {
  if (before.length !== after.length) return true;
  return before.some((size, i) => Math.abs(size - (after[i] ?? 0)) >= 0.5);
}
