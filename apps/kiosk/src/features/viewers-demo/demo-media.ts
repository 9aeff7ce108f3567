/**
 * The demo PDFs the server's seed writes under DATA_DIR/media/pdf. Named here for the demo screen
 * only: the 100-page benchmark document and the protected sample have no page of their own.
 */
export const DEMO_PDFS = {
  hrGuide: 'pdf/guide-pratique-rh-juillet-2023.pdf',
  hundredPages: 'pdf/document-100-pages.pdf',
  protected: 'pdf/document-protege.pdf',
} as const;

/** The totem type whose BE LEAN + zones the demo shows. */
export const DEMO_TOTEM = 'Moulage' as const;

/** Length of the long page-viewer sample (the operator manual's pages, repeated). */
export const LONG_DOCUMENT_PAGES = 120;
