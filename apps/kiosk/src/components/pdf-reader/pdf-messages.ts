/**
 * The password texts of the PDF reader: pdf.js's own English strings, kept word for word as the
 * error catalogue quotes them (docs/product.md#errors), whatever the page's language. The reader's other texts are in the
 * kiosk's i18n (`pdfReader`), in French or English.
 */
export const PDF_READER_TEXT = {
  passwordPrompt: 'Enter the password to open this PDF file.',
  passwordInvalid: 'Invalid password. Please try again.',
  passwordOk: 'OK',
} as const;

/** Defaults of the lower-level document/page components (docs/product.md#errors "Viewer defaults"). */
export const PDF_VIEWER_MESSAGES = {
  documentError: 'Failed to load PDF file.',
  documentLoading: 'Loading PDF…',
  noDocument: 'No PDF file specified.',
  pageError: 'Failed to load the page.',
  pageLoading: 'Loading page…',
  noPage: 'No page specified.',
} as const;
