/**
 * The PDF reader bound to PDF.js. This module (and PDF.js with it) is only ever loaded through
 * `LazyPdfReader`, so the kiosk's first bundle carries none of it.
 */
import { useContext, useMemo } from 'react';
import { KioskContext } from '../../lib/kiosk-context/kiosk-context';
import { heldImageSource } from '../../lib/media/held-images';
import { createPdfJsViewerAdapter } from './pdfjs-viewer-adapter';
import { PdfReaderView, type PdfReaderProps } from './pdf-reader-view';

export function PdfReader(props: PdfReaderProps) {
  // The Image tool offers the pictures of the logged-in kiosk's development.
  const config = useContext(KioskContext)?.config;
  const stampImages = useMemo(() => heldImageSource(config), [config]);
  return (
    <PdfReaderView {...props} createAdapter={createPdfJsViewerAdapter} stampImages={stampImages} />
  );
}

export default PdfReader;
