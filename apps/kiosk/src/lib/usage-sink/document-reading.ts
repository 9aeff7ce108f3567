/**
 * When a document counts as opened and a page as read (issue 49, docs/usage.md):
 * - `document_open` once per opening, when the document is shown (its pages are there);
 * - `page_read` when a page has stayed the current one for `PAGE_READ_DWELL_MS` (1 s), at most once
 *   per page and opening: scrolling past pages records nothing, going back to a page already read
 *   records nothing more, and a reader that stays on one page is one event, not one per frame.
 * The target is the document's stable id (a media file name or an element id — never a title a
 * visitor typed). `useDocumentReading` is the components' hook; the timing is in
 * `createDocumentReading` so that it can be tested on its own.
 */
import { useEffect, useRef } from 'react';
import { publishUsage, type DocumentUsageEvent } from './usage-sink';

export const PAGE_READ_DWELL_MS = 1000;

export interface DocumentReadingOptions {
  documentId: string;
  publish?: (event: DocumentUsageEvent) => void;
  dwellMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface DocumentReading {
  /** The document is shown: `document_open` (once). */
  open(): void;
  /** This page is the current one now (1-based); null: none is (the document is not shown). */
  show(page: number | null): void;
  /** The document is no longer shown: a page on its way to being read is not. */
  close(): void;
}

export function createDocumentReading(options: DocumentReadingOptions): DocumentReading {
  const publish = options.publish ?? publishUsage;
  const dwellMs = options.dwellMs ?? PAGE_READ_DWELL_MS;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const target = options.documentId;
  const read = new Set<number>();
  let opened = false;
  let closed = false;
  let pending: unknown = null;

  const cancel = () => {
    if (pending !== null) clearTimer(pending);
    pending = null;
  };

  return {
    open() {
      if (opened || closed) return;
      opened = true;
      publish({ kind: 'document_open', target });
    },
    show(page) {
      cancel();
      if (page === null || !opened || closed || !Number.isInteger(page) || page < 1) return;
      if (read.has(page)) return;
      pending = setTimer(() => {
        pending = null;
        if (closed || read.has(page)) return;
        read.add(page);
        publish({ kind: 'page_read', target, page });
      }, dwellMs);
    },
    close() {
      closed = true;
      cancel();
    },
  };
}

/**
 * The document `documentId`, mounted with its reader, is shown (`shown`: loaded, its pages there)
 * at `page`: records its opening and the pages read, as above. The opening lasts as long as the
 * reader is mounted with that id (a reader that reloads its document, e.g. in another language,
 * is the same opening); a new id is a new opening.
 */
export function useDocumentReading(
  documentId: string | null,
  shown: boolean,
  page: number | null,
): void {
  const readingRef = useRef<DocumentReading | null>(null);
  useEffect(() => {
    if (!documentId) return;
    const reading = createDocumentReading({ documentId });
    readingRef.current = reading;
    return () => {
      reading.close();
      if (readingRef.current === reading) readingRef.current = null;
    };
  }, [documentId]);
  useEffect(() => {
    const reading = readingRef.current;
    if (!reading) return;
    if (!shown) {
      reading.show(null);
      return;
    }
    reading.open();
    reading.show(page);
  }, [documentId, shown, page]);
}

/**
 * A document's id from its file's address: the file name, without its folders, query or hash
 * (`/media/neubourg/pdf/guide%20rh.pdf?v=3` → `guide rh.pdf`). Null when there is none.
 */
export function documentIdOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const name = address.split(/[?#]/)[0]?.split('/').filter(Boolean).at(-1);
  if (!name) return null;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
