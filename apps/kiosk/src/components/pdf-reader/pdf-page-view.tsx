/**
 * One page of a PDF drawn into a canvas, with the viewer messages of docs/product.md#errors for each state:
 * no file, document loading or failed, no page, page loading or failed. The drawing engine is
 * injected (`PdfPageRenderer`) so that these states can be tested without PDF.js. Pages out of
 * sight wait until they scroll near the viewport before loading anything.
 */
import { useEffect, useRef, useState } from 'react';
import type { PdfPageRenderer } from './pdf-page-renderer';
import { PDF_VIEWER_MESSAGES } from './pdf-messages';
import { resolvePdfUrl } from './pdf-url';

export interface PdfPageProps {
  /** PDF file name under `pdf/`, or a path/URL; nothing shows "No PDF file specified.". */
  file?: string | null;
  /** 1-based page (default 1); null shows "No page specified.". */
  pageNumber?: number | null;
  /** Width of the drawn page in CSS pixels. */
  width?: number;
  /** Accessible description of the drawing. */
  alt?: string;
  /** Override any of the viewer messages. */
  messages?: Partial<Record<keyof typeof PDF_VIEWER_MESSAGES, string>>;
  /** Wait until the page is near the viewport before loading (default true). */
  lazy?: boolean;
  onRendered?: () => void;
  className?: string;
}

export interface PdfPageViewProps extends PdfPageProps {
  renderer: PdfPageRenderer;
}

type State =
  | 'no-file'
  | 'waiting'
  | 'document-loading'
  | 'document-error'
  | 'no-page'
  | 'page-loading'
  | 'page-error'
  | 'rendered';

export function PdfPageView({
  file,
  pageNumber = 1,
  width = 300,
  alt,
  messages,
  lazy = true,
  onRendered,
  className,
  renderer,
}: PdfPageViewProps) {
  const text = { ...PDF_VIEWER_MESSAGES, ...messages };
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(!lazy || typeof IntersectionObserver === 'undefined');
  const [state, setState] = useState<State>('waiting');
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;

  useEffect(() => {
    if (visible) return;
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [visible]);

  const url = file ? resolvePdfUrl(file) : null;
  useEffect(() => {
    if (!url) {
      setState('no-file');
      return;
    }
    if (!visible) {
      setState('waiting');
      return;
    }
    let active = true;
    let release: (() => Promise<void>) | null = null;
    setState('document-loading');
    void (async () => {
      let doc;
      try {
        doc = await renderer.open(url);
      } catch (error) {
        if (active) {
          console.error(`PDF page: cannot load ${url}`, error);
          setState('document-error');
        }
        return;
      }
      if (!active) {
        void doc.destroy().catch(() => {});
        return;
      }
      release = () => doc.destroy();
      try {
        if (pageNumber === null || pageNumber === undefined) {
          setState('no-page');
          return;
        }
        const canvas = canvasRef.current;
        if (!canvas) return;
        setState('page-loading');
        if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages) {
          throw new Error(`page ${pageNumber} is not in a ${doc.numPages}-page document`);
        }
        await doc.renderPage(pageNumber, canvas, width);
        if (!active) return;
        setState('rendered');
        onRenderedRef.current?.();
      } catch (error) {
        if (!active) return;
        console.error(`PDF page: cannot draw page ${pageNumber} of ${url}`, error);
        setState('page-error');
      } finally {
        // The canvas keeps the drawing; the document is no longer needed.
        release = null;
        void doc.destroy().catch(() => {});
      }
    })();
    return () => {
      active = false;
      void release?.().catch(() => {});
    };
  }, [url, pageNumber, width, visible, renderer]);

  const message: Partial<Record<State, string>> = {
    'no-file': text.noDocument,
    waiting: text.documentLoading,
    'document-loading': text.documentLoading,
    'document-error': text.documentError,
    'no-page': text.noPage,
    'page-loading': text.pageLoading,
    'page-error': text.pageError,
  };
  const shown = message[state];
  const failed = state === 'document-error' || state === 'page-error';
  return (
    <div
      ref={boxRef}
      className={['pdf-page', className ?? ''].filter(Boolean).join(' ')}
      data-state={state}
      style={{ width }}
    >
      <canvas
        ref={canvasRef}
        className="pdf-page__canvas"
        role="img"
        aria-label={alt ?? `Page ${pageNumber ?? ''}`.trim()}
        hidden={state !== 'rendered'}
      />
      {shown && (
        <div className="pdf-page__message" role={failed ? 'alert' : 'status'}>
          {shown}
        </div>
      )}
    </div>
  );
}
