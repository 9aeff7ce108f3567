/**
 * The seam between the PDF reader's behaviour (controls, messages, password prompt, annotation
 * tools — tested in jsdom) and PDF.js (canvas rendering, tested in a real browser). The reader
 * only ever talks to this interface; `pdfjs-viewer-adapter.ts` implements it with pdf.js's
 * PDFViewer and annotation editor.
 */
import type { PdfJsMessages } from './pdfjs-l10n';

export type EditorMode = 'none' | 'freetext' | 'ink' | 'highlight' | 'stamp';

export const EDITOR_MODES: readonly EditorMode[] = [
  'none',
  'freetext',
  'ink',
  'highlight',
  'stamp',
];

/** What the annotation editor can do right now (drives the undo/redo/delete buttons). */
export interface EditorState {
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  /** True when the document carries no annotation of the visitor's. */
  isEmpty: boolean;
}

export const INITIAL_EDITOR_STATE: EditorState = {
  canUndo: false,
  canRedo: false,
  hasSelection: false,
  isEmpty: true,
};

export type PasswordReason = 'need' | 'incorrect';

export interface PdfViewerCallbacks {
  /** The document is encrypted: ask for its password, then call `submitPassword`. */
  onPassword: (reason: PasswordReason) => void;
  /** The page on screen changed (1-based). */
  onPageChange: (page: number) => void;
  onEditorState: (state: EditorState) => void;
  /** The editor switched tools by itself (e.g. a tap on an existing annotation). */
  onModeChange?: (mode: EditorMode) => void;
  /** A page has been drawn for the first time (for the "time to first page" figure). */
  onFirstPageRendered?: () => void;
  /**
   * An image reached the viewer some other way than the reader's own picker (dropped, pasted,
   * or the editor asked for one from the keyboard): the reader checks it before it becomes a stamp.
   * Without a file, the reader should open its picker.
   */
  onImageOffered?: (file?: File) => void;
  /**
   * The visitor asked to describe a stamp image (its alt text, docs/product.md#content-model): the reader asks for the
   * text and calls `save` with it, or never calls it if the visitor cancels.
   */
  onAltTextRequest?: (current: string, save: (altText: string) => void) => void;
}

export interface PdfLoadOptions {
  /** 1-based page to show first; clamped to the document. */
  initialPage?: number;
}

export interface PdfViewerAdapter {
  /** Loads and shows the document. Rejects when it cannot be loaded (the reader logs why). */
  load: (url: string, options?: PdfLoadOptions) => Promise<{ numPages: number }>;
  submitPassword: (password: string) => void;
  goToPage: (page: number) => void;
  setMode: (mode: EditorMode) => Promise<void>;
  /** Adds a stamp from an image the reader has already checked; `name` is its accessible name. */
  addStamp: (file: File, name?: string) => Promise<void>;
  undo: () => void;
  redo: () => void;
  deleteSelected: () => void;
  /** Releases the document, its pages and the viewer. Safe to call more than once. */
  destroy: () => Promise<void>;
}

export interface PdfViewerElements {
  /** Scroll container of the viewer; must be absolutely positioned (pdf.js requires it). */
  container: HTMLDivElement;
  /** Element that receives the pages. */
  viewer: HTMLDivElement;
}

export interface PdfViewerOptions {
  /** The language of the page the reader was opened from ('fr' or 'en'). */
  language: string;
  /** The viewer's own texts (its editors' buttons and handles) in that language. */
  engineMessages: PdfJsMessages;
}

export type PdfViewerAdapterFactory = (
  elements: PdfViewerElements,
  callbacks: PdfViewerCallbacks,
  options: PdfViewerOptions,
) => PdfViewerAdapter;
