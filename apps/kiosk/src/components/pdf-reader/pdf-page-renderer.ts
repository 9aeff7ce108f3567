/** What `PdfPageView` needs from a PDF engine: open a document, draw one page, let go. */
export interface PdfRenderDocument {
  numPages: number;
  /** Draws a page into the canvas at the given CSS width; rejects if the page cannot be drawn. */
  renderPage: (pageNumber: number, canvas: HTMLCanvasElement, width: number) => Promise<void>;
  destroy: () => Promise<void>;
}

export interface PdfPageRenderer {
  open: (url: string) => Promise<PdfRenderDocument>;
}
