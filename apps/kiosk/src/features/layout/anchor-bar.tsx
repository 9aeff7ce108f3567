/**
 * The category anchor buttons of the banner (spec §2): each scrolls the content area to its
 * `#section-{index}` and the one whose section is at the top of the content area is highlighted.
 * Above four anchors they split into two rows.
 *
 * The active one is computed from the scroll position (a section is active once its top has passed
 * near the top of the scroll area), which stays right for sections of any height — including the
 * short last sections that can never reach the top: at the very bottom, the tapped one wins. It
 * follows every scroll (issue 41, item 5: the banner sat outside the scroll container's context,
 * so the highlight stayed on the button last tapped). While a tap's smooth scroll runs, the tapped
 * button stays highlighted — the sections it passes over do not flash by — until the scroll ends
 * (`scrollend`; where a browser lacks it, a pause in the scroll events) or a person takes over.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANCHORS_PER_ROW, sectionId, useFrameScrollContainer } from './page-frame';

/** How far below the top of the scroll area a section's top may be and still count as current. */
const ACTIVE_THRESHOLD_PX = 80;
/** Without `scrollend`: a tap's scroll is over once no scroll event came for this long. */
export const SCROLL_QUIET_MS = 200;
/** What ends a tap's scroll lock: a person touching, wheeling or typing in the content. */
const TAKE_OVER_EVENTS = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;

export function splitAnchorRows<T>(anchors: readonly T[]): T[][] {
  if (anchors.length <= ANCHORS_PER_ROW) return [anchors.slice()];
  const firstRow = Math.ceil(anchors.length / 2);
  return [anchors.slice(0, firstRow), anchors.slice(firstRow)];
}

function prefersReducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export function AnchorBar({ anchors }: { anchors: readonly string[] }) {
  const { t } = useTranslation();
  const containerRef = useFrameScrollContainer();
  const [active, setActive] = useState(0);
  const tapped = useRef<number | null>(null);
  /** A tap's scroll is running: the tapped button keeps the highlight until it ends. */
  const tapScrolling = useRef(false);

  const computeActive = useCallback(() => {
    const container = containerRef?.current;
    if (!container || tapScrolling.current) return;
    const top = container.getBoundingClientRect().top;
    let current = 0;
    for (let index = 0; index < anchors.length; index++) {
      const section = document.getElementById(sectionId(index));
      if (section && section.getBoundingClientRect().top - top <= ACTIVE_THRESHOLD_PX) {
        current = index;
      }
    }
    const atBottom = container.scrollTop + container.clientHeight >= container.scrollHeight - 2;
    if (atBottom && tapped.current !== null && tapped.current > current) current = tapped.current;
    setActive(current);
  }, [anchors.length, containerRef]);

  useEffect(() => {
    const container = containerRef?.current;
    if (!container) return;
    // Read at mount: a browser without `scrollend` gets the pause in the scroll events instead.
    const hasScrollEnd = 'onscrollend' in window;
    let frame = 0;
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const endTapScroll = () => {
      clearTimeout(quiet);
      if (!tapScrolling.current) return;
      tapScrolling.current = false;
      computeActive();
    };
    const onScroll = () => {
      if (tapScrolling.current) {
        if (!hasScrollEnd) {
          clearTimeout(quiet);
          quiet = setTimeout(endTapScroll, SCROLL_QUIET_MS);
        }
        return;
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(computeActive);
    };
    const onScrollEnd = () => {
      if (tapScrolling.current) endTapScroll();
      else computeActive();
    };
    const onTakeOver = () => {
      tapScrolling.current = false;
      clearTimeout(quiet);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    container.addEventListener('scrollend', onScrollEnd);
    for (const type of TAKE_OVER_EVENTS) {
      container.addEventListener(type, onTakeOver, { passive: true });
    }
    // The page may open scrolled already (a section restored, a page re-rendered).
    computeActive();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(quiet);
      container.removeEventListener('scroll', onScroll);
      container.removeEventListener('scrollend', onScrollEnd);
      for (const type of TAKE_OVER_EVENTS) container.removeEventListener(type, onTakeOver);
    };
  }, [computeActive, containerRef]);

  const goTo = (index: number) => {
    tapped.current = index;
    tapScrolling.current = true;
    setActive(index);
    document.getElementById(sectionId(index))?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  };

  const rows = splitAnchorRows(anchors.map((label, index) => ({ label, index })));
  return (
    <nav className="anchor-bar" aria-label={t('banner.anchors')} data-rows={rows.length}>
      {rows.map((row, rowIndex) => (
        <div key={rowIndex} className="anchor-bar__row" data-testid="anchor-row">
          {row.map(({ label, index }) => (
            <button
              key={index}
              type="button"
              className={`anchor-bar__button${index === active ? ' anchor-bar__button--active' : ''}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              {label}
            </button>
          ))}
        </div>
      ))}
    </nav>
  );
}
