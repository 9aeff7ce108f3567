import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PdfPageRenderer, PdfRenderDocument } from './pdf-page-renderer';
import { PdfPageView } from './pdf-page-view';

/** A renderer whose steps the test releases one by one. */
function scriptedRenderer() {
  const opened: string[] = [];
  const drawn: number[] = [];
  let destroyed = 0;
  let openStep: { resolve: (doc: PdfRenderDocument) => void; reject: (e: unknown) => void } | null =
    null;
  let drawStep: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  const renderer: PdfPageRenderer = {
    open: (url) => {
      opened.push(url);
      return new Promise((resolve, reject) => {
        openStep = { resolve, reject };
      });
    },
  };
  const documentOf = (numPages: number): PdfRenderDocument => ({
    numPages,
    renderPage: (page) => {
      drawn.push(page);
      return new Promise((resolve, reject) => {
        drawStep = { resolve, reject };
      });
    },
    destroy: async () => {
      destroyed += 1;
    },
  });
  return {
    renderer,
    opened,
    drawn,
    destroyed: () => destroyed,
    openDocument: (numPages: number) => act(async () => openStep?.resolve(documentOf(numPages))),
    failDocument: (error: unknown) => act(async () => openStep?.reject(error)),
    finishDrawing: () => act(async () => drawStep?.resolve()),
    failDrawing: (error: unknown) => act(async () => drawStep?.reject(error)),
  };
}

const message = () => screen.getByText(/./, { selector: '.pdf-page__message' }).textContent;

afterEach(() => vi.restoreAllMocks());

describe('PdfPageView', () => {
  it('says "No PDF file specified." without a file', () => {
    const { renderer, opened } = scriptedRenderer();
    render(<PdfPageView renderer={renderer} file={null} />);
    expect(message()).toBe('No PDF file specified.');
    expect(opened).toHaveLength(0);
  });

  it('goes through "Loading PDF…" and "Loading page…" to the drawn page, then frees the document', async () => {
    const script = scriptedRenderer();
    const onRendered = vi.fn();
    render(
      <PdfPageView
        renderer={script.renderer}
        file="guide.pdf"
        pageNumber={2}
        onRendered={onRendered}
        lazy={false}
      />,
    );
    expect(message()).toBe('Loading PDF…');
    expect(script.opened).toEqual(['pdf/guide.pdf']);
    await script.openDocument(3);
    expect(message()).toBe('Loading page…');
    expect(script.drawn).toEqual([2]);
    await script.finishDrawing();
    expect(screen.queryByText(/./, { selector: '.pdf-page__message' })).toBeNull();
    expect(screen.getByRole('img').hidden).toBe(false);
    expect(onRendered).toHaveBeenCalledOnce();
    expect(script.destroyed()).toBe(1);
  });

  it('says "Failed to load PDF file." when the document fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const script = scriptedRenderer();
    render(<PdfPageView renderer={script.renderer} file="absent.pdf" lazy={false} />);
    await script.failDocument(new Error('404'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load PDF file.');
  });

  it('says "No page specified." without a page number', async () => {
    const script = scriptedRenderer();
    render(
      <PdfPageView renderer={script.renderer} file="guide.pdf" pageNumber={null} lazy={false} />,
    );
    await script.openDocument(3);
    expect(message()).toBe('No page specified.');
    expect(script.drawn).toHaveLength(0);
    expect(script.destroyed()).toBe(1);
  });

  it('says "Failed to load the page." when drawing fails or the page does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = scriptedRenderer();
    const { unmount } = render(
      <PdfPageView renderer={first.renderer} file="guide.pdf" lazy={false} />,
    );
    await first.openDocument(3);
    await first.failDrawing(new Error('bad page'));
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the page.');
    unmount();
    const second = scriptedRenderer();
    render(<PdfPageView renderer={second.renderer} file="guide.pdf" pageNumber={9} lazy={false} />);
    await second.openDocument(3);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load the page.');
    expect(second.drawn).toHaveLength(0);
  });

  it('lets callers override the messages', () => {
    const { renderer } = scriptedRenderer();
    render(<PdfPageView renderer={renderer} file="" messages={{ noDocument: 'Aucun document' }} />);
    expect(message()).toBe('Aucun document');
  });
});
