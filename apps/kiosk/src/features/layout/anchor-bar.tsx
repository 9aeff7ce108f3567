/**
 * The category anchor buttons of the banner (spec §2): each scrolls the content area to its
 * `#section-{index}` and the one whose section is at the top of the content area is highlighted.
 * Above four anchors they split into two rows.
 *
 * The active one is computed from the scroll position (a section is active once its top has passed
 * near the top of the scroll area), which stays right for sections of any height — including the
 * short last sections that can never reach the top: at the very bottom, the tapped one wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANCHORS_PER_ROW, sectionId, useFrameScrollContainer } from './page-frame';

/** How far below the top of the scroll area a section's top may be and still count as current. */
const ACTIVE_THRESHOLD_PX = 80;

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

  const computeActive = useCallback(() => {
    const container = containerRef?.current;
    if (!container) return;
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
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(computeActive);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      container.removeEventListener('scroll', onScroll);
    };
  }, [computeActive, containerRef]);

  const goTo = (index: number) => {
    tapped.current = index;
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
