/**
 * Page viewer for documents made of page images (magazine, catalogues, house rules…), docs/product.md#screens:
 * pages stacked vertically, numbered buttons that jump to a page and follow the page at the top
 * of the scroll area, 18 buttons at a time with paging arrows beyond that, and a loader that gives
 * up after 10 s when no page arrives.
 *
 * Large documents stay smooth: the page list is memoised so the scroll highlight never re-renders
 * 100+ images, images are lazy and decoded off the main thread with their size reserved up front
 * (no layout shift moving the offsets), and the scroll handler runs once per frame with a binary
 * search over the page offsets.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { documentIdOf, useDocumentReading } from '../../lib/usage-sink/document-reading';
import { Popup } from '../popup/popup';
import './page-viewer.css';

export interface ViewerPage {
  src: string;
  /** Intrinsic size of the image, to reserve its place before it loads. */
  width?: number;
  height?: number;
  alt?: string;
}

export const PAGE_VIEWER_DEFAULTS = {
  buttonsPerGroup: 18,
  loaderTimeoutMs: 10_000,
  /** A4 portrait at the totem's width. */
  pageWidth: 1000,
  pageHeight: 1414,
} as const;

export const PAGE_VIEWER_LOADING_TEXT = 'Chargement du document...';

export interface PageViewerProps {
  /** Page images in reading order: URLs, or objects with their size. */
  pages: readonly (string | ViewerPage)[];
  /** Title of the document (used in the pages' alternative text). */
  title: string;
  /** Page shown first (1-based). */
  initialPage?: number;
  /** Size used for pages that do not give theirs. */
  pageWidth?: number;
  pageHeight?: number;
  /** Page buttons shown at once before paging arrows appear (default 18). */
  buttonsPerGroup?: number;
  /** How long the loader shows while there are no pages (default 10 s). */
  loaderTimeoutMs?: number;
  /** Called with the 1-based page at the top of the scroll area. */
  onPageChange?: (page: number) => void;
  /**
   * The document's stable id in the usage events (`document_open`, `page_read`; docs/usage.md):
   * an element id or a media file name. Default: the file name of its first page.
   */
  documentId?: string;
  className?: string;
}

/** How far below the top of the scroll area a page's top still counts as "at the top". */
const NEAR_TOP_PX = 48;

function normalise(page: string | ViewerPage): ViewerPage {
  return typeof page === 'string' ? { src: page } : page;
}

/** 1-based number of the last page whose top is at or above `line`, by binary search. */
export function pageAtLine(tops: readonly number[], line: number): number {
  let low = 0;
  let high = tops.length - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((tops[mid] ?? 0) <= line) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found + 1;
}

export function PageViewer({
  pages,
  title,
  initialPage = 1,
  pageWidth = PAGE_VIEWER_DEFAULTS.pageWidth,
  pageHeight = PAGE_VIEWER_DEFAULTS.pageHeight,
  buttonsPerGroup = PAGE_VIEWER_DEFAULTS.buttonsPerGroup,
  loaderTimeoutMs = PAGE_VIEWER_DEFAULTS.loaderTimeoutMs,
  onPageChange,
  documentId,
  className,
}: PageViewerProps) {
  const list = useMemo(() => pages.map(normalise), [pages]);
  const count = list.length;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(1);
  const [groupStart, setGroupStart] = useState(0);
  // While a jump we made is on its way, the highlight stays on its target.
  const jumpTarget = useRef<number | null>(null);
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;

  const [loaderVisible, setLoaderVisible] = useState(true);
  useEffect(() => {
    if (count > 0) return;
    setLoaderVisible(true);
    const timer = setTimeout(() => setLoaderVisible(false), loaderTimeoutMs);
    return () => clearTimeout(timer);
  }, [count, loaderTimeoutMs]);

  const pageElements = useCallback((): HTMLElement[] => {
    const container = scrollRef.current;
    return container ? [...container.querySelectorAll<HTMLElement>('[data-page]')] : [];
  }, []);

  const activeRef = useRef(0);
  const showPage = useCallback(
    (page: number) => {
      if (activeRef.current === page) return;
      activeRef.current = page;
      setActive(page);
      // The buttons follow the reader only when the page changes, so that paging through the
      // buttons by hand is not undone by the next scroll frame.
      setGroupStart(Math.floor((page - 1) / buttonsPerGroup) * buttonsPerGroup);
      onPageChangeRef.current?.(page);
    },
    [buttonsPerGroup],
  );

  const jumpTo = useCallback(
    (page: number) => {
      const container = scrollRef.current;
      const element = pageElements()[page - 1];
      if (!container || !element) return;
      jumpTarget.current = page;
      container.scrollTop = element.offsetTop;
      showPage(page);
    },
    [pageElements, showPage],
  );

  useLayoutEffect(() => {
    if (count === 0) return;
    const page = Math.min(Math.max(1, Math.round(initialPage)), count);
    if (page > 1) jumpTo(page);
    else showPage(1);
    // Only when a document arrives: later prop changes must not yank the reader back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count > 0]);

  useEffect(() => {
    const container = scrollRef.current;
    if (!container || count === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      if (jumpTarget.current !== null) {
        showPage(jumpTarget.current);
        return;
      }
      const elements = pageElements();
      const atBottom =
        container.scrollHeight > 0 &&
        container.scrollTop + container.clientHeight >= container.scrollHeight - 2;
      if (atBottom) {
        showPage(elements.length);
        return;
      }
      const tops = elements.map((element) => element.offsetTop);
      showPage(pageAtLine(tops, container.scrollTop + NEAR_TOP_PX));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // Any gesture of the reader's own ends our jump: from then on the scroll position decides.
    const release = () => {
      jumpTarget.current = null;
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const) {
      container.addEventListener(type, release, { passive: true });
    }
    return () => {
      if (frame) cancelAnimationFrame(frame);
      container.removeEventListener('scroll', onScroll);
      for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const) {
        container.removeEventListener(type, release);
      }
    };
  }, [count, pageElements, showPage]);

  // Usage (issue 49): the opening, and each page that stays at the top for a second.
  useDocumentReading(
    documentId ?? documentIdOf(list[0]?.src),
    count > 0,
    count > 0 ? active : null,
  );

  const paged = count > buttonsPerGroup;
  const groupEnd = Math.min(count, groupStart + buttonsPerGroup);
  const buttons = [];
  for (let page = groupStart + 1; page <= groupEnd; page += 1) buttons.push(page);

  if (count === 0) {
    return (
      <div className={['page-viewer', 'page-viewer--empty', className ?? ''].join(' ')}>
        {loaderVisible && (
          <div className="page-viewer__loader" role="status">
            <span className="page-viewer__spinner" aria-hidden="true" />
            {PAGE_VIEWER_LOADING_TEXT}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={['page-viewer', className ?? ''].filter(Boolean).join(' ')}>
      {count > 1 && (
        <nav className="page-viewer__nav" aria-label="Pages du document">
          {paged && (
            <button
              type="button"
              className="page-viewer__group-arrow"
              aria-label="Pages précédentes"
              disabled={groupStart === 0}
              onClick={() => setGroupStart((start) => Math.max(0, start - buttonsPerGroup))}
            >
              <span aria-hidden="true">▲</span>
            </button>
          )}
          <ol className="page-viewer__buttons">
            {buttons.map((page) => (
              <li key={page}>
                <button
                  type="button"
                  className="page-viewer__button"
                  aria-label={`Page ${page}`}
                  aria-current={page === active ? 'page' : undefined}
                  onClick={() => jumpTo(page)}
                >
                  {page}
                </button>
              </li>
            ))}
          </ol>
          {paged && (
            <button
              type="button"
              className="page-viewer__group-arrow"
              aria-label="Pages suivantes"
              disabled={groupEnd >= count}
              onClick={() =>
                setGroupStart((start) =>
                  start + buttonsPerGroup < count ? start + buttonsPerGroup : start,
                )
              }
            >
              <span aria-hidden="true">▼</span>
            </button>
          )}
        </nav>
      )}
      <div className="page-viewer__scroll" ref={scrollRef} tabIndex={0} aria-label={title}>
        <PageList pages={list} title={title} pageWidth={pageWidth} pageHeight={pageHeight} />
      </div>
    </div>
  );
}

interface PageListProps {
  pages: readonly ViewerPage[];
  title: string;
  pageWidth: number;
  pageHeight: number;
}

const PageList = memo(function PageList({ pages, title, pageWidth, pageHeight }: PageListProps) {
  return (
    <>
      {pages.map((page, index) => (
        <div key={`${index}-${page.src}`} className="page-viewer__page" data-page={index + 1}>
          <img
            src={page.src}
            alt={page.alt ?? `${title} — page ${index + 1} sur ${pages.length}`}
            width={page.width ?? pageWidth}
            height={page.height ?? pageHeight}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        </div>
      ))}
    </>
  );
});

export interface PageViewerPopupProps extends PageViewerProps {
  open: boolean;
  onClose: () => void;
}

/** The page viewer in the kiosk's full-screen popup (Fermer, overlay, Escape). */
export function PageViewerPopup({ open, onClose, ...viewer }: PageViewerPopupProps) {
  return (
    <Popup
      open={open}
      onClose={onClose}
      label={viewer.title}
      fullscreen
      className="page-viewer-popup"
    >
      <PageViewer {...viewer} />
    </Popup>
  );
}
