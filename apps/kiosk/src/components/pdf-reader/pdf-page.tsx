/** `PdfPageView` bound to PDF.js; loaded only through `LazyPdfPage`. */
import { PdfPageView, type PdfPageProps } from './pdf-page-view';
import { pdfJsPageRenderer } from './pdfjs-page-renderer';

export function PdfPage(props: PdfPageProps) {
  return <PdfPageView {...props} renderer={pdfJsPageRenderer} />;
}

export default PdfPage;
