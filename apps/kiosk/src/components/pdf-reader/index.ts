// Only light modules here: PDF.js is reached through the lazy components alone.
export { LazyPdfPage, LazyPdfReader } from './lazy-pdf';
export type { PdfReaderProps } from './pdf-reader-view';
export type { PdfPageProps } from './pdf-page-view';
export type { EditorMode } from './pdf-adapter';
export { PDF_READER_TEXT, PDF_VIEWER_MESSAGES } from './pdf-messages';
export { resolvePdfUrl } from './pdf-url';
export { checkStampImage } from './image-type';
