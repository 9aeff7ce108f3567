/**
 * The category anchor buttons of the banner (docs/product.md#screens): each scrolls the content area to its
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
 *
 * Labels never break inside a word (issue 41, item 7: "environneme / nt"): the bar's font shrinks
 * until every word fits its button (useFitAnchorLabels); only below the smallest readable size may
 * the browser hyphenate.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibilityModes } from '../accessibility';
import { ANCHORS_PER_ROW, sectionId, useFrameScrollContainer } from './page-frame';

/** How far below the top of the scroll area a section's top may be and still count as current. */
const ACTIVE_THRESHOLD_PX = 80;
/** Without `scrollend`: a tap's scroll is over once no scroll event came for this long. */
export const SCROLL_QUIET_MS = 200;
/** What ends a tap's scroll lock: a person touching, wheeling or typing in the content. */
const TAKE_OVER_EVENTS = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
/** The smallest label size (24 px on two rows, 28 px on one, by the stylesheet) we shrink to. */
export const ANCHOR_FONT_MIN_PX = 18;

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
  const navRef = useRef<HTMLElement>(null);
  useFitAnchorLabels(navRef, anchors);

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
    <nav
      ref={navRef}
      className="anchor-bar"
      aria-label={t('banner.anchors')}
      data-rows={rows.length}
    >
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

/**
 * One label size for the whole bar, the largest at which no word is wider than its button (fewer
 * lines come with it). Words never break: the stylesheet keeps `overflow-wrap: normal`, so a word
 * too wide shows as the button's overflow, which is what is measured. Below ANCHOR_FONT_MIN_PX the bar is marked `data-fit="hyphenate"` and the stylesheet
 * lets the browser hyphenate (with a hyphen, in the page's language) rather than overflow. Where
 * nothing is laid out (jsdom) it keeps the stylesheet's size.
 */
function useFitAnchorLabels(ref: RefObject<HTMLElement | null>, anchors: readonly string[]) {
  // The larger-text mode changes the stylesheet's size (and lets the buttons wrap onto more rows,
  // decision 049): measure again from it.
  const largeText = useAccessibilityModes((state) => state.largeText);
  useLayoutEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const buttons = Array.from(nav.querySelectorAll<HTMLElement>('.anchor-bar__button'));
    delete nav.dataset.fit;
    for (const button of buttons) button.style.removeProperty('font-size');
    const first = buttons[0];
    if (!first) return;
    // A word wider than its button runs past the button's padding (words never break: see above):
    // the text's box against the content box, not the padding box, which the text may still reach.
    const tooBig = (button: HTMLElement) => {
      if (button.scrollWidth > button.clientWidth) return true;
      const style = getComputedStyle(button);
      const box = button.getBoundingClientRect();
      const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const range = document.createRange();
      range.selectNodeContents(button);
      const text = range.getBoundingClientRect();
      return text.width > 0 && (text.right > right + 0.5 || text.left < left - 0.5);
    };
    const overflows = () => buttons.some(tooBig);
    let size = Number.parseFloat(getComputedStyle(first).fontSize);
    if (!Number.isFinite(size) || !overflows()) return;
    while (size > ANCHOR_FONT_MIN_PX && overflows()) {
      size -= 1;
      for (const button of buttons) button.style.fontSize = `${size}px`;
    }
    if (overflows()) nav.dataset.fit = 'hyphenate';
  }, [ref, anchors, largeText]);
}
