/**
 * The PDF reader bound to PDF.js. This module (and PDF.js with it) is only ever loaded through
 * `LazyPdfReader`, so the kiosk's first bundle carries none of it.
 */
import { createPdfJsViewerAdapter } from './pdfjs-viewer-adapter';
import { PdfReaderView, type PdfReaderProps } from './pdf-reader-view';

export function PdfReader(props: PdfReaderProps) {
  return <PdfReaderView {...props} createAdapter={createPdfJsViewerAdapter} />;
}

export default PdfReader;
