/**
 * Draws single PDF pages with PDF.js (thumbnails such as the BE LEAN + documents). The document is
 * destroyed as soon as its page is drawn: the canvas keeps the pixels, the worker frees the rest.
 */
import type { PdfPageRenderer, PdfRenderDocument } from './pdf-page-renderer';
import { openPdf } from './pdfjs-shared';

export const pdfJsPageRenderer: PdfPageRenderer = {
  async open(url: string): Promise<PdfRenderDocument> {
    const task = openPdf(url);
    let doc;
    try {
      doc = await task.promise;
    } catch (error) {
      await task.destroy();
      throw error;
    }
    return {
      numPages: doc.numPages,
      async renderPage(pageNumber, canvas, width) {
        const page = await doc.getPage(pageNumber);
        try {
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: width / base.width });
          const ratio = Math.min(window.devicePixelRatio || 1, 2);
          canvas.width = Math.floor(viewport.width * ratio);
          canvas.height = Math.floor(viewport.height * ratio);
          canvas.style.width = `${Math.floor(viewport.width)}px`;
          canvas.style.height = `${Math.floor(viewport.height)}px`;
          await page.render({
            canvas,
            viewport,
            transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
          }).promise;
        } finally {
          page.cleanup();
        }
      },
      destroy: () => task.destroy(),
    };
  },
};
