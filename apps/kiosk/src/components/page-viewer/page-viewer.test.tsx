import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeUsage, type DocumentUsageEvent } from '../../lib/usage-sink/usage-sink';
import { installLayout } from '../image-carousel/testing/layout-shims';
import { PageViewer, PageViewerPopup, pageAtLine } from './page-viewer';

const PAGE_HEIGHT = 1500;
const VIEW_HEIGHT = 1600;

const pagesOf = (count: number) =>
  Array.from({ length: count }, (_, i) => `media/images/page-${i + 1}.webp`);

let restoreLayout: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  // jsdom has no layout: give the pages the stacked offsets a browser would.
  restoreLayout = installLayout((element) => {
    const page = Number(element.dataset.page);
    if (page) return { width: 1000, height: PAGE_HEIGHT, top: (page - 1) * PAGE_HEIGHT };
    return undefined;
  });
});

afterEach(() => {
  restoreLayout();
  vi.useRealTimers();
});

function scrollArea() {
  const area = document.querySelector<HTMLDivElement>('.page-viewer__scroll');
  if (!area) throw new Error('no scroll area');
  Object.defineProperty(area, 'clientHeight', { configurable: true, value: VIEW_HEIGHT });
  Object.defineProperty(area, 'scrollHeight', {
    configurable: true,
    value: document.querySelectorAll('[data-page]').length * PAGE_HEIGHT,
  });
  return area;
}

function scrollTo(area: HTMLElement, top: number) {
  fireEvent.wheel(area);
  area.scrollTop = top;
  fireEvent.scroll(area);
  act(() => {
    vi.advanceTimersByTime(20);
  });
}

const current = () =>
  screen
    .getAllByRole('button', { name: /^Page \d+$/ })
    .find((button) => button.getAttribute('aria-current') === 'page')?.textContent;

describe('PageViewer', () => {
  it('stacks lazy, async-decoded pages with their size reserved', () => {
    render(<PageViewer pages={pagesOf(3)} title="Magazine" pageWidth={800} pageHeight={1100} />);
    const images = screen.getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[1]?.getAttribute('alt')).toBe('Magazine — page 2 sur 3');
    for (const image of images) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('decoding')).toBe('async');
      expect(image.getAttribute('width')).toBe('800');
      expect(image.getAttribute('height')).toBe('1100');
    }
  });

  it('jumps to a page from its button and highlights it', () => {
    const onPageChange = vi.fn();
    render(<PageViewer pages={pagesOf(6)} title="Catalogue" onPageChange={onPageChange} />);
    const area = scrollArea();
    expect(current()).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    expect(area.scrollTop).toBe(3 * PAGE_HEIGHT);
    expect(current()).toBe('4');
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('highlights the page whose top is near the top of the scroll area', () => {
    render(<PageViewer pages={pagesOf(6)} title="Catalogue" />);
    const area = scrollArea();
    scrollTo(area, PAGE_HEIGHT * 2 - 30);
    expect(current()).toBe('3');
    scrollTo(area, PAGE_HEIGHT * 2 + 700);
    expect(current()).toBe('3');
    scrollTo(area, PAGE_HEIGHT * 3 - 100);
    expect(current()).toBe('3');
    scrollTo(area, 0);
    expect(current()).toBe('1');
    // At the very bottom the last page counts even if its top cannot reach the top.
    scrollTo(area, 6 * PAGE_HEIGHT - VIEW_HEIGHT);
    expect(current()).toBe('6');
  });

  it('opens at initialPage', () => {
    render(<PageViewer pages={pagesOf(10)} title="Catalogue" initialPage={7} />);
    expect(current()).toBe('7');
    expect(scrollArea().scrollTop).toBe(6 * PAGE_HEIGHT);
  });

  it('shows every button and no paging arrows up to 18 pages', () => {
    render(<PageViewer pages={pagesOf(18)} title="Règlement" />);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(18);
    expect(screen.queryByRole('button', { name: 'Pages suivantes' })).toBeNull();
  });

  it('shows 18 buttons at a time with paging arrows beyond 18 pages', () => {
    render(<PageViewer pages={pagesOf(40)} title="Magazine" />);
    const nav = screen.getByRole('navigation', { name: 'Pages du document' });
    const labels = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent);
    expect(labels()).toEqual(Array.from({ length: 18 }, (_, i) => String(i + 1)));
    const previous = screen.getByRole('button', { name: 'Pages précédentes' });
    const next = screen.getByRole('button', { name: 'Pages suivantes' });
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.click(next);
    expect(labels()[0]).toBe('19');
    expect(labels()).toHaveLength(18);
    fireEvent.click(next);
    expect(labels()).toEqual(['37', '38', '39', '40']);
    expect(next).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 38' }));
    expect(current()).toBe('38');
    fireEvent.click(previous);
    expect(labels()[0]).toBe('19');
  });

  it('moves the buttons to the group of the page scrolled to', () => {
    render(<PageViewer pages={pagesOf(40)} title="Magazine" />);
    const area = scrollArea();
    scrollTo(area, 24 * PAGE_HEIGHT);
    expect(current()).toBe('25');
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })[0]?.textContent).toBe('19');
  });

  it('shows the loader while there are no pages, then hides it after 10 s', () => {
    const { rerender } = render(<PageViewer pages={[]} title="Magazine" />);
    expect(screen.getByRole('status').textContent).toContain('Chargement du document...');
    act(() => {
      vi.advanceTimersByTime(9_999);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<PageViewer pages={pagesOf(2)} title="Magazine" />);
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it('hides the loader as soon as pages arrive', () => {
    const { rerender } = render(<PageViewer pages={[]} title="Magazine" />);
    rerender(<PageViewer pages={pagesOf(1)} title="Magazine" />);
    expect(screen.queryByRole('status')).toBeNull();
    // A single page needs no page buttons.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('renders many pages without trouble', () => {
    render(<PageViewer pages={pagesOf(150)} title="Archives" />);
    expect(screen.getAllByRole('img')).toHaveLength(150);
    fireEvent.click(screen.getByRole('button', { name: 'Pages suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 30' }));
    expect(current()).toBe('30');
  });
});

describe('PageViewerPopup', () => {
  it('opens in the popup and closes on Fermer and Escape', () => {
    const onClose = vi.fn();
    render(
      <PageViewerPopup open onClose={onClose} pages={pagesOf(2)} title="Règlement intérieur" />,
    );
    expect(screen.getByRole('dialog', { name: 'Règlement intérieur' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('PageViewer: usage events (issue 49)', () => {
  let events: DocumentUsageEvent[] = [];
  let stop: () => void = () => {};
  beforeEach(() => {
    events = [];
    stop = subscribeUsage((event) => events.push(event));
  });
  afterEach(() => stop());
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('says the document opened, by its first page’s file name, and each page shown for 1 s', () => {
    render(<PageViewer pages={pagesOf(6)} title="Magazine n° 12" />);
    const area = scrollArea();
    expect(events).toEqual([{ kind: 'document_open', target: 'page-1.webp' }]);
    wait(999);
    expect(events).toHaveLength(1);
    wait(1);
    expect(events.at(-1)).toEqual({ kind: 'page_read', target: 'page-1.webp', page: 1 });
    // Scrolled past: page 2 is at the top for less than a second, page 3 stays.
    scrollTo(area, PAGE_HEIGHT);
    wait(500);
    scrollTo(area, PAGE_HEIGHT * 2);
    wait(1000);
    // Back to page 1, already read in this opening: nothing more.
    scrollTo(area, 0);
    wait(5000);
    expect(events).toEqual([
      { kind: 'document_open', target: 'page-1.webp' },
      { kind: 'page_read', target: 'page-1.webp', page: 1 },
      { kind: 'page_read', target: 'page-1.webp', page: 3 },
    ]);
  });

  it('names the document by the id it is given, and counts a page jumped to', () => {
    render(<PageViewer pages={pagesOf(6)} title="Catalogue" documentId="element-42" />);
    scrollArea();
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    wait(1000);
    expect(events).toEqual([
      { kind: 'document_open', target: 'element-42' },
      { kind: 'page_read', target: 'element-42', page: 5 },
    ]);
  });

  it('says nothing while no page has arrived, nor after it is closed', () => {
    const { rerender } = render(<PageViewerPopup open onClose={() => {}} pages={[]} title="M" />);
    wait(5000);
    expect(events).toEqual([]);
    rerender(<PageViewerPopup open onClose={() => {}} pages={pagesOf(2)} title="M" />);
    expect(events).toEqual([{ kind: 'document_open', target: 'page-1.webp' }]);
    rerender(<PageViewerPopup open={false} onClose={() => {}} pages={pagesOf(2)} title="M" />);
    wait(5000);
    expect(events).toHaveLength(1);
    // Opened again: a new opening, its pages read again.
    rerender(<PageViewerPopup open onClose={() => {}} pages={pagesOf(2)} title="M" />);
    wait(1000);
    expect(events.slice(1)).toEqual([
      { kind: 'document_open', target: 'page-1.webp' },
      { kind: 'page_read', target: 'page-1.webp', page: 1 },
    ]);
  });
});

describe('pageAtLine', () => {
  it('finds the last page whose top is above the line', () => {
    const tops = [0, 100, 200, 300];
    expect(pageAtLine(tops, 0)).toBe(1);
    expect(pageAtLine(tops, 150)).toBe(2);
    expect(pageAtLine(tops, 300)).toBe(4);
    expect(pageAtLine(tops, 10_000)).toBe(4);
  });
});
