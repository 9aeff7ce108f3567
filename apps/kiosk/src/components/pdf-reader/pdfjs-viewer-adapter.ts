/**
 * The PDF reader's adapter on PDF.js: PDFViewer in one-page-at-a-time mode, scaled to fit the
 * reader's 892×1263 box, with pdf.js's own annotation editor.
 *
 * - Editor defaults (docs/product.md#constants) are sent with `switchannotationeditorparams` once the editor exists;
 *   pdf.js keeps them as class defaults. Its undo history (128) and stamp auto-resize limit (75%)
 *   are pdf.js's own constants and already the spec's.
 * - Stamps only come from images the reader has checked (`addStamp`): the site's own pictures.
 *   pdf.js also accepts images dropped or pasted on the page and, from the keyboard, opens the
 *   operating system's file chooser; those paths are intercepted here and handed to the reader
 *   instead (its picker), so no file chooser ever opens (issue 41; the totem's Chromium policy
 *   forbids them too).
 * - pdf.js's own controls (an editor's delete, describe and colour buttons, its resize handles)
 *   speak the reader's language through `createPdfJsL10n`, instead of pdf.js's English fallback.
 * - `destroy` tears down in the order that frees memory: the viewer lets go of its pages and
 *   editor, then the loading task destroys the document in the worker.
 */
import 'pdfjs-dist';
import { AnnotationEditorParamsType, AnnotationEditorType, PasswordResponses } from 'pdfjs-dist';
import type { PDFDocumentLoadingTask, PDFDocumentProxy } from 'pdfjs-dist';
import { EventBus, PDFLinkService, PDFViewer, ScrollMode } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import type {
  EditorMode,
  EditorState,
  PdfLoadOptions,
  PdfViewerAdapter,
  PdfViewerCallbacks,
  PdfViewerElements,
  PdfViewerOptions,
} from './pdf-adapter';
import { createPdfJsL10n } from './pdfjs-l10n';
import { openPdf } from './pdfjs-shared';

export const PDF_EDITOR_DEFAULTS = {
  freeTextFontSize: 10,
  highlightThickness: 12,
  inkThickness: 1,
  inkOpacity: 1,
} as const;

const HIGHLIGHT_COLORS = 'yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F';

const MODE_TO_PDFJS: Record<EditorMode, number> = {
  none: AnnotationEditorType.NONE,
  freetext: AnnotationEditorType.FREETEXT,
  ink: AnnotationEditorType.INK,
  highlight: AnnotationEditorType.HIGHLIGHT,
  stamp: AnnotationEditorType.STAMP,
};

/** The part of a pdf.js stamp editor the alt-text manager uses. */
interface AltTextEditor {
  altTextData?: { altText?: string | null; decorative?: boolean } | null;
  div?: HTMLElement | null;
}

const UNNAMED_STAMP = '.stampEditor canvas[role="img"]:not([aria-label])';

interface EditorStatesEvent {
  details: {
    hasSomethingToUndo?: boolean;
    hasSomethingToRedo?: boolean;
    hasSelectedEditor?: boolean;
    isEmpty?: boolean;
  };
}

function filesOf(data: DataTransfer | null): File[] {
  return data ? [...data.files] : [];
}

/**
 * Destroys a loading task without keeping this reader alive. Up to pdf.js 5.4 a static PagesMapper
 * kept every document's transport for good (5.5 made it per document, which is why we are on
 * 5.6); whatever a destroyed task still reaches must not include the reader: our password
 * callback, or an error raised while destroying — whose stack would reference the reader's
 * closures if `destroy()` ran from them. Running it from a module-level timer keeps the reader
 * out of those stacks.
 */
function destroyDetached(task: PDFDocumentLoadingTask): Promise<void> {
  (task as { onPassword: unknown }).onPassword = null;
  return new Promise((resolve) => {
    setTimeout(() => {
      task.destroy().then(resolve, () => resolve());
    }, 0);
  });
}

export function createPdfJsViewerAdapter(
  { container, viewer }: PdfViewerElements,
  callbacks: PdfViewerCallbacks,
  { language, engineMessages }: PdfViewerOptions,
): PdfViewerAdapter {
  const listeners = new AbortController();
  const { signal } = listeners;
  const eventBus = new EventBus();
  // Links inside a document stay inert: a totem must never leave its origin (see
  // lib/navigation-guard); the document's own internal links still jump between its pages.
  const linkService = new PDFLinkService({ eventBus });
  linkService.externalLinkEnabled = false;
  // pdf.js's stamp toolbar has an "Alt text" button that calls this manager; the reader asks.
  const altTextManager = {
    editAltText(_uiManager: unknown, editor: AltTextEditor) {
      callbacks.onAltTextRequest?.(editor.altTextData?.altText ?? '', (altText) => {
        editor.altTextData = { altText, decorative: false };
        if (altText) editor.div?.querySelector('canvas')?.setAttribute('aria-label', altText);
      });
    },
    destroy() {},
  };
  // pdf.js draws a stamp in a canvas with role="img" and no name (axe: role-img-alt): it is named
  // after the picture it came from, and after its description once the visitor writes one.
  const stampFallbackName = engineMessages['pdfjs-editor-stamp-editor']?.['aria-label'] ?? 'Image';
  let stampName = '';
  const stampNamer = new MutationObserver(() => {
    for (const canvas of container.querySelectorAll(UNNAMED_STAMP)) {
      canvas.setAttribute('aria-label', stampName || stampFallbackName);
    }
  });
  stampNamer.observe(container, { childList: true, subtree: true });
  const l10n = createPdfJsL10n(language, engineMessages);
  // `abortSignal` and `altTextManager` are PDFViewer options missing from pdf.js's typings;
  // the signal removes the viewer's scroll and resize watchers.
  const viewerOptions: Omit<ConstructorParameters<typeof PDFViewer>[0], 'l10n'> & {
    abortSignal: AbortSignal;
    altTextManager: typeof altTextManager;
    l10n: typeof l10n;
  } = {
    container,
    viewer,
    eventBus,
    linkService,
    removePageBorders: true,
    // The editor exists from the start (in NONE mode) so the tools switch instantly.
    annotationEditorMode: AnnotationEditorType.NONE,
    // pdf.js's own highlight palette; without it the highlight editor fails on creation.
    annotationEditorHighlightColors: HIGHLIGHT_COLORS,
    abortSignal: signal,
    altTextManager,
    l10n,
  };
  // Our localisation has the interface pdf.js calls, not its L10n class's private fields.
  const pdfViewer = new PDFViewer(
    viewerOptions as unknown as ConstructorParameters<typeof PDFViewer>[0],
  );
  // Given its own localisation, PDFViewer leaves translating its container to its host.
  void l10n.translate(container);
  linkService.setViewer(pdfViewer);

  let loadingTask: PDFDocumentLoadingTask | null = null;
  let pdfDocument: PDFDocumentProxy | null = null;
  let passwordCallback: ((password: string) => void) | null = null;
  let mode: EditorMode = 'none';
  let destroyed = false;
  let defaultsSent = false;
  let firstPageSeen = false;

  // pdf.js 5.5 renamed this event (it was 'annotationeditorstateschanged').
  const state: EditorState = { canUndo: false, canRedo: false, hasSelection: false, isEmpty: true };
  eventBus.on('editingstateschanged', ({ details }: EditorStatesEvent) => {
    if (details.hasSomethingToUndo !== undefined) state.canUndo = details.hasSomethingToUndo;
    if (details.hasSomethingToRedo !== undefined) state.canRedo = details.hasSomethingToRedo;
    if (details.hasSelectedEditor !== undefined) state.hasSelection = details.hasSelectedEditor;
    if (details.isEmpty !== undefined) state.isEmpty = details.isEmpty;
    callbacks.onEditorState({ ...state });
  });
  eventBus.on('pagechanging', ({ pageNumber }: { pageNumber: number }) => {
    callbacks.onPageChange(pageNumber);
  });
  eventBus.on('pagesinit', () => {
    pdfViewer.currentScaleValue = 'page-fit';
  });
  eventBus.on('pagerendered', ({ error }: { error?: unknown }) => {
    if (firstPageSeen || error) return;
    firstPageSeen = true;
    callbacks.onFirstPageRendered?.();
  });
  eventBus.on('annotationeditorlayerrendered', () => {
    if (defaultsSent) return;
    defaultsSent = true;
    const params: [number, number][] = [
      [AnnotationEditorParamsType.FREETEXT_SIZE, PDF_EDITOR_DEFAULTS.freeTextFontSize],
      [AnnotationEditorParamsType.HIGHLIGHT_THICKNESS, PDF_EDITOR_DEFAULTS.highlightThickness],
      [AnnotationEditorParamsType.INK_THICKNESS, PDF_EDITOR_DEFAULTS.inkThickness],
      [AnnotationEditorParamsType.INK_OPACITY, PDF_EDITOR_DEFAULTS.inkOpacity],
    ];
    for (const [type, value] of params) {
      eventBus.dispatch('switchannotationeditorparams', { source: adapter, type, value });
    }
  });

  // pdf.js asks its host toolbar to switch tools (e.g. editing an annotation of another kind).
  eventBus.on(
    'switchannotationeditormode',
    (request: {
      mode: number;
      editId?: string;
      isFromKeyboard?: boolean;
      mustEnterInEditMode?: boolean;
    }) => {
      const next = (Object.keys(MODE_TO_PDFJS) as EditorMode[]).find(
        (key) => MODE_TO_PDFJS[key] === request.mode,
      );
      if (!next || !pdfDocument) return;
      mode = next;
      pdfViewer.annotationEditorMode = request;
      callbacks.onModeChange?.(next);
    },
  );

  // The box can change size (window resize, orientation): keep the page fitted.
  const resizeObserver = new ResizeObserver(() => {
    if (pdfDocument && !destroyed) pdfViewer.currentScaleValue = 'page-fit';
  });
  resizeObserver.observe(container);

  // Images dropped or pasted anywhere while the reader is open go through the reader's check.
  const hasFiles = (data: DataTransfer | null) =>
    filesOf(data).length > 0 || !!data?.types.includes('Files');
  window.addEventListener(
    'dragover',
    (event) => {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    { capture: true, signal },
  );
  window.addEventListener(
    'drop',
    (event) => {
      if (!hasFiles(event.dataTransfer)) return;
      event.preventDefault();
      event.stopPropagation();
      const [file] = filesOf(event.dataTransfer);
      if (file) callbacks.onImageOffered?.(file);
    },
    { capture: true, signal },
  );
  window.addEventListener(
    'paste',
    (event) => {
      const [file] = filesOf(event.clipboardData);
      if (!file) return;
      event.preventDefault();
      event.stopPropagation();
      callbacks.onImageOffered?.(file);
    },
    { capture: true, signal },
  );
  // In stamp mode pdf.js opens its own file picker on Enter/Space: open the reader's instead.
  container.addEventListener(
    'keydown',
    (event) => {
      if (mode !== 'stamp' || (event.key !== 'Enter' && event.key !== ' ')) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('button, input, textarea, [contenteditable="true"]')) return;
      event.preventDefault();
      event.stopPropagation();
      callbacks.onImageOffered?.();
    },
    { capture: true, signal },
  );

  // Resolves once pdf.js has switched modes. pdf.js drops a switch overtaken by a newer one,
  // so any switch (or a short time-out) ends the wait rather than hanging the caller.
  const nextModeChange = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        eventBus.off('annotationeditormodechanged', done);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      eventBus.on('annotationeditormodechanged', done);
    });

  const adapter: PdfViewerAdapter = {
    async load(url: string, options: PdfLoadOptions = {}) {
      const task = openPdf(url);
      loadingTask = task;
      task.onPassword = (update: (password: string) => void, reason: number) => {
        passwordCallback = update;
        callbacks.onPassword(
          reason === PasswordResponses.INCORRECT_PASSWORD ? 'incorrect' : 'need',
        );
      };
      const doc = await task.promise;
      if (destroyed) throw new Error('PDF reader closed while loading');
      pdfDocument = doc;
      const pagesReady = new Promise<void>((resolve) => {
        eventBus.on('pagesinit', () => resolve(), { once: true });
      });
      pdfViewer.scrollMode = ScrollMode.PAGE;
      pdfViewer.setDocument(doc);
      linkService.setDocument(doc, null);
      await pagesReady;
      const wanted = Math.min(Math.max(1, Math.round(options.initialPage ?? 1)), doc.numPages);
      pdfViewer.currentPageNumber = wanted;
      callbacks.onPageChange(pdfViewer.currentPageNumber);
      return { numPages: doc.numPages };
    },
    submitPassword(password: string) {
      const update = passwordCallback;
      passwordCallback = null;
      update?.(password);
    },
    goToPage(page: number) {
      if (!pdfDocument) return;
      pdfViewer.currentPageNumber = Math.min(Math.max(1, page), pdfDocument.numPages);
    },
    async setMode(next: EditorMode) {
      if (!pdfDocument || next === mode) return;
      const changed = nextModeChange();
      mode = next;
      pdfViewer.annotationEditorMode = { mode: MODE_TO_PDFJS[next] };
      await changed;
    },
    async addStamp(file: File, name?: string) {
      stampName = name ?? file.name;
      await adapter.setMode('stamp');
      eventBus.dispatch('switchannotationeditorparams', {
        source: adapter,
        type: AnnotationEditorParamsType.CREATE,
        value: { bitmapFile: file },
      });
    },
    undo() {
      eventBus.dispatch('editingaction', { source: adapter, name: 'undo' });
    },
    redo() {
      eventBus.dispatch('editingaction', { source: adapter, name: 'redo' });
    },
    deleteSelected() {
      eventBus.dispatch('editingaction', { source: adapter, name: 'delete' });
    },
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      listeners.abort();
      resizeObserver.disconnect();
      stampNamer.disconnect();
      passwordCallback = null;
      // After the first page, PDFViewer fetches every other page's size in the background and
      // fails loudly on any answer that arrives once the document is gone: let them arrive
      // (briefly) before tearing down.
      if (pdfDocument) {
        await Promise.race([
          Promise.resolve(pdfViewer.pagesPromise).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 3000)),
        ]);
      }
      const task = loadingTask;
      loadingTask = null;
      pdfDocument = null;
      pdfViewer.cleanup();
      pdfViewer.setDocument(null as unknown as PDFDocumentProxy);
      linkService.setDocument(null, null);
      viewer.replaceChildren();
      // The viewer's localisation watches the container (and pdf.js keeps the first one in
      // statics): stop it watching.
      void l10n.destroy();
      if (task) await destroyDetached(task);
    },
  };
  return adapter;
}
