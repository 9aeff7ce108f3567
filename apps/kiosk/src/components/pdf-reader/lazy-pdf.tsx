/**
 * Lazy entry points of the PDF components: PDF.js (≈ 1 MB with its viewer) is fetched the first
 * time a reader or page thumbnail is shown, never with the kiosk's first bundle. If that chunk
 * cannot be loaded (offline before it was ever cached), the reader says it cannot load the PDF
 * instead of leaving a blank screen.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage } from '../../lib/lazy-with-retry/lazy-with-retry';
import { Popup } from '../popup/popup';
import type { PdfPageProps } from './pdf-page-view';
import { PDF_VIEWER_MESSAGES } from './pdf-messages';
import type { PdfReaderProps } from './pdf-reader-view';
import './pdf-reader.css';

// Retried like the kiosk's page chunks, so a flaky network does not fail the first open.
const PdfReaderModule = lazyPage(() => import('./pdf-reader'));
const PdfPageModule = lazyPage(() => import('./pdf-page'));

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('PDF components: cannot load', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function ReaderPlaceholder({ onClose, alert }: { onClose: () => void; alert?: boolean }) {
  const { t } = useTranslation();
  const text = alert ? t('pdfReader.loadError') : t('pdfReader.loading');
  return (
    <Popup
      open
      onClose={onClose}
      label={text}
      closeLabel={t('pdfReader.close')}
      className="pdf-reader-popup"
    >
      <div className="pdf-reader" data-status={alert ? 'error' : 'loading'}>
        <div className="pdf-reader__placeholder" role={alert ? 'alert' : 'status'}>
          {text}
        </div>
      </div>
    </Popup>
  );
}

/** The PDF reader popup, loaded on first use. Props: see `PdfReaderProps`. */
export function LazyPdfReader(props: PdfReaderProps) {
  return (
    <ChunkErrorBoundary fallback={<ReaderPlaceholder onClose={props.onClose} alert />}>
      <Suspense fallback={<ReaderPlaceholder onClose={props.onClose} />}>
        <PdfReaderModule {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/** One PDF page drawn into a canvas (thumbnails), loaded on first use. */
export function LazyPdfPage(props: PdfPageProps) {
  const box = (text: string, role: 'status' | 'alert') => (
    <div className="pdf-page" style={{ width: props.width ?? 300 }}>
      <div className="pdf-page__message" role={role}>
        {text}
      </div>
    </div>
  );
  return (
    <ChunkErrorBoundary fallback={box(PDF_VIEWER_MESSAGES.documentError, 'alert')}>
      <Suspense fallback={box(PDF_VIEWER_MESSAGES.documentLoading, 'status')}>
        <PdfPageModule {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
