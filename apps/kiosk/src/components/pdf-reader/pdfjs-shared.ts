/**
 * PDF.js set-up shared by the reader and the page thumbnails. The worker script is a local build
 * asset (never a CDN: the kiosk must open PDFs offline), and one worker thread is kept warm for
 * every document: starting a worker per open costs more than the document itself, and a document
 * destroyed through its loading task frees its data in that worker.
 */
import {
  GlobalWorkerOptions,
  PDFWorker,
  getDocument,
  type PDFDocumentLoadingTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

let sharedWorker: PDFWorker | null = null;

function worker(): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/** Starts loading a document through the shared worker. Destroy the task to free it. */
export function openPdf(url: string): PDFDocumentLoadingTask {
  return getDocument({
    url,
    worker: worker(),
    // No string evaluation (fonts are drawn without `new Function`), no XFA forms.
    isEvalSupported: false,
    enableXfa: false,
    // GPU canvases where the totem has a GPU (since pdf.js 5.5 a document option, not the viewer's).
    enableHWA: true,
  });
}
