/**
 * How a page talks to the shared frame: its banner title, its anchor buttons and the container
 * height that follows from them (docs/product.md#constants: 1660 px by default; 1534, 1400 or 1348 depending on the
 * headband). The numbers add up to the 1920 px of the totem with the fixed header (130 px),
 * breadcrumb (64 px) and footer (66 px): 130 + 64 + 66 + 1660 = 1920, and the headband takes
 * exactly what the container gives up (126 px title band, 260 px with one row of anchors,
 * 312 px with two rows).
 */
import { createContext, useContext, useLayoutEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import {
  STAFF_HOME_PATH,
  useUiStore,
  VISITOR_HOME_PATH,
  type PageFrame,
} from '../../lib/ui-store/ui-store';

export const CONTAINER_HEIGHTS = {
  /** No headband (home pages). */
  default: 1660,
  /** Headband with the title only. */
  title: 1534,
  /** Title and one row of anchors (1 to 4). */
  oneRow: 1400,
  /** Title and two rows of anchors (5 to 9). */
  twoRows: 1348,
} as const;

/** Above this many anchors the buttons split into two rows (docs/product.md#screens). */
export const ANCHORS_PER_ROW = 4;
/** Sections are numbered 0 to 8 (docs/product.md#screens). */
export const MAX_ANCHORS = 9;

export function containerHeight(frame: Pick<PageFrame, 'showHeadband' | 'anchors'>): number {
  if (!frame.showHeadband) return CONTAINER_HEIGHTS.default;
  if (frame.anchors.length === 0) return CONTAINER_HEIGHTS.title;
  return frame.anchors.length > ANCHORS_PER_ROW
    ? CONTAINER_HEIGHTS.twoRows
    : CONTAINER_HEIGHTS.oneRow;
}

/** The id of the section an anchor button scrolls to. */
export const sectionId = (index: number) => `section-${index}`;

/** The homes: the only pages without a headband (they declare it too, once loaded). */
const HOMES: ReadonlySet<string> = new Set([STAFF_HOME_PATH, VISITOR_HOME_PATH]);

/**
 * Whether the frame shows the headband: as the page declared, or — while no page has (its chunk
 * loading behind the spinner, at every start) — as its route says. Otherwise the frame drew the
 * default headband over the spinner, and the home's content jumped up by the headband's height
 * once its chunk arrived: a layout shift at every start (Lighthouse's CLS 0.13 on the staff home).
 */
export function useShowHeadband(): boolean {
  const { pathname } = useLocation();
  const declared = useUiStore((state) => state.declared);
  const showHeadband = useUiStore((state) => state.showHeadband);
  return declared ? showHeadband : !HOMES.has(pathname);
}

export interface PageFrameOptions {
  /** Banner title and document title; the default is "accueil". */
  title?: string;
  /** Anchor button labels; the page renders `<section id={sectionId(i)}>` for each. */
  anchors?: readonly string[];
  /** Home pages hide the headband (and get the full 1660 px container). Default true. */
  showHeadband?: boolean;
  /** Hide the banner's home button (BE LEAN + without a totem type). Default false. */
  hideHomeButton?: boolean;
}

/**
 * Declares what the current page shows in the banner. Call it once at the top of a page
 * component; the frame goes back to its defaults when the page unmounts.
 */
export function usePageFrame({
  title,
  anchors,
  showHeadband = true,
  hideHomeButton = false,
}: PageFrameOptions): void {
  const setPageFrame = useUiStore((state) => state.setPageFrame);
  const resetPageFrame = useUiStore((state) => state.resetPageFrame);
  // Pages often pass a fresh array literal: compare by content, not identity.
  const anchorsKey = JSON.stringify((anchors ?? []).slice(0, MAX_ANCHORS));

  // Layout effects: the banner is right on the first paint, never flashing the default title.
  useLayoutEffect(() => {
    setPageFrame({
      title: title ?? null,
      anchors: JSON.parse(anchorsKey) as string[],
      showHeadband,
      hideHomeButton,
      declared: true,
    });
  }, [setPageFrame, title, anchorsKey, showHeadband, hideHomeButton]);

  useLayoutEffect(() => () => resetPageFrame(), [resetPageFrame]);
}

/** The frame's scrolling content area, for anchor scrolling and scroll-position tracking. */
export const FrameScrollContext = createContext<RefObject<HTMLElement | null> | null>(null);

export function useFrameScrollContainer() {
  return useContext(FrameScrollContext);
}
