/**
 * Every text the PDF components show (spec §2, §5, §8). The password texts are pdf.js's own
 * English strings, kept word for word as the spec quotes them.
 */
export const PDF_READER_TEXT = {
  loading: 'Chargement en cours',
  loadError: 'Impossible de charger le PDF',
  passwordPrompt: 'Enter the password to open this PDF file.',
  passwordInvalid: 'Invalid password. Please try again.',
  passwordOk: 'OK',
  previous: 'Précédent',
  next: 'Suivant',
  qrLabel: 'Téléchargez le document',
} as const;

/** Defaults of the lower-level document/page components (spec §8 "Viewer defaults"). */
export const PDF_VIEWER_MESSAGES = {
  documentError: 'Failed to load PDF file.',
  documentLoading: 'Loading PDF…',
  noDocument: 'No PDF file specified.',
  pageError: 'Failed to load the page.',
  pageLoading: 'Loading page…',
  noPage: 'No page specified.',
} as const;
