/**
 * The PDF reader popup (spec §2, §3, §5): what the visitor sees and can do, on top of any
 * `PdfViewerAdapter`. It owns the reader's rules — loading and failure messages, the password
 * prompt, page controls shown only for multi-page documents and disabled at either end, the
 * annotation tools, and the check of every image before it becomes a stamp — while the adapter
 * owns drawing. Closing unmounts the view, which destroys the adapter and with it the document and
 * every annotation (see docs/decisions/002-pdf-annotations-discarded.md).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Popup } from '../popup/popup';
import { QrTile } from '../qr-code/qr-tile';
import { AnnotationToolbar } from './annotation-toolbar';
import { STAMP_ACCEPT, checkStampImage } from './image-type';
import {
  INITIAL_EDITOR_STATE,
  type EditorMode,
  type EditorState,
  type PasswordReason,
  type PdfViewerAdapter,
  type PdfViewerAdapterFactory,
} from './pdf-adapter';
import { PDF_READER_TEXT } from './pdf-messages';
import { resolvePdfUrl } from './pdf-url';
import './pdf-reader.css';

export const PDF_PAGE_BOX = { width: 892, height: 1263 } as const;

export interface PdfReaderProps {
  /** File name under `pdf/`, or a path/URL used as given (spec §3 `file`). */
  file: string;
  /** Called when the visitor closes the reader (spec §3 `close`). */
  onClose: () => void;
  /** The stored name lacks its `.pdf` suffix (spec §3 drive flag). */
  drive?: boolean;
  /** When given, a QR tile beside the reader points to this link (spec §3 `qrcode link`). */
  qrCodeLink?: string | null;
  /** Label of that QR tile. */
  qrCodeLabel?: string;
  /** 1-based page to open at (spec §3 `initialPage`). */
  initialPage?: number;
  /** Accessible name of the popup; defaults to the file name. */
  title?: string;
  /** Called once the first page has been drawn (measured by the benchmarks). */
  onFirstPageRendered?: () => void;
}

export interface PdfReaderViewProps extends PdfReaderProps {
  createAdapter: PdfViewerAdapterFactory;
}

type Status = 'loading' | 'password' | 'ready' | 'error';

function titleOf(file: string): string {
  const name = file.split(/[/?#]/).filter(Boolean).at(-1) ?? file;
  try {
    return decodeURIComponent(name).replace(/\.pdf$/i, '');
  } catch {
    return name;
  }
}

export function PdfReaderView({
  file,
  onClose,
  drive = false,
  qrCodeLink,
  qrCodeLabel = PDF_READER_TEXT.qrLabel,
  initialPage = 1,
  title,
  onFirstPageRendered,
  createAdapter,
}: PdfReaderViewProps) {
  const url = resolvePdfUrl(file, drive);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const adapterRef = useRef<PdfViewerAdapter | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [passwordReason, setPasswordReason] = useState<PasswordReason>('need');
  const [numPages, setNumPages] = useState(0);
  const [page, setPage] = useState(1);
  const [mode, setModeState] = useState<EditorMode>('none');
  const [editor, setEditor] = useState<EditorState>(INITIAL_EDITOR_STATE);
  const [notice, setNotice] = useState<string | null>(null);
  const [altText, setAltText] = useState<{ text: string; save: (text: string) => void } | null>(
    null,
  );

  const initialPageRef = useRef(initialPage);
  const firstPageRef = useRef(onFirstPageRendered);
  firstPageRef.current = onFirstPageRendered;

  const offerStamp = useCallback(async (offered: File) => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    const check = await checkStampImage(offered);
    if (adapterRef.current !== adapter) return;
    if (!check.ok) {
      setNotice(check.message);
      return;
    }
    setNotice(null);
    setModeState('stamp');
    await adapter.addStamp(check.file);
  }, []);
  const offerStampRef = useRef(offerStamp);
  offerStampRef.current = offerStamp;

  useEffect(() => {
    const container = containerRef.current;
    const viewer = viewerRef.current;
    if (!container || !viewer) return;
    let active = true;
    setStatus('loading');
    setNumPages(0);
    setPage(1);
    setModeState('none');
    setEditor(INITIAL_EDITOR_STATE);
    setNotice(null);
    setAltText(null);
    const adapter = createAdapter(
      { container, viewer },
      {
        onPassword: (reason) => {
          if (!active) return;
          setPasswordReason(reason);
          setStatus('password');
        },
        onPageChange: (next) => {
          if (active) setPage(next);
        },
        onEditorState: (next) => {
          if (active) setEditor(next);
        },
        onModeChange: (next) => {
          if (active) setModeState(next);
        },
        onFirstPageRendered: () => {
          if (active) firstPageRef.current?.();
        },
        onAltTextRequest: (current, save) => {
          if (active) setAltText({ text: current, save });
        },
        onImageOffered: (offered) => {
          if (!active) return;
          if (offered) void offerStampRef.current(offered);
          else fileInputRef.current?.click();
        },
      },
    );
    adapterRef.current = adapter;
    adapter.load(url, { initialPage: initialPageRef.current }).then(
      ({ numPages: pages }) => {
        if (!active) return;
        setNumPages(pages);
        setStatus('ready');
      },
      (error: unknown) => {
        if (!active) return;
        console.error(`PDF reader: cannot load ${url}`, error);
        setStatus('error');
      },
    );
    return () => {
      active = false;
      adapterRef.current = null;
      adapter.destroy().catch((error: unknown) => {
        console.error('PDF reader: error while releasing the document', error);
      });
    };
  }, [url, createAdapter]);

  const chooseMode = (next: EditorMode) => {
    setModeState(next);
    void adapterRef.current?.setMode(next);
  };
  const pickImage = () => {
    chooseMode('stamp');
    setNotice(null);
    fileInputRef.current?.click();
  };

  const altTextId = useId();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const adapter = adapterRef.current;
    if (!adapter) return;
    setStatus('loading');
    adapter.submitPassword(password);
    setPassword('');
  };

  const ready = status === 'ready';
  const showControls = ready && numPages > 1;
  return (
    <Popup open onClose={onClose} label={title ?? titleOf(file)} className="pdf-reader-popup">
      <div className="pdf-reader" data-status={status} data-page={page} data-pages={numPages}>
        {ready && (
          <AnnotationToolbar
            mode={mode}
            editor={editor}
            onMode={chooseMode}
            onPickImage={pickImage}
            onUndo={() => adapterRef.current?.undo()}
            onRedo={() => adapterRef.current?.redo()}
            onDelete={() => adapterRef.current?.deleteSelected()}
          />
        )}
        <input
          ref={fileInputRef}
          type="file"
          accept={STAMP_ACCEPT}
          className="pdf-reader__file-input"
          data-testid="pdf-reader-image-input"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = '';
            if (chosen) void offerStamp(chosen);
          }}
        />
        <div
          className="pdf-reader__page-box"
          style={{
            maxWidth: PDF_PAGE_BOX.width,
            aspectRatio: `${PDF_PAGE_BOX.width} / ${PDF_PAGE_BOX.height}`,
          }}
        >
          <div
            ref={containerRef}
            className="pdf-reader__container"
            data-mode={mode}
            aria-hidden={!ready || undefined}
          >
            <div ref={viewerRef} className="pdfViewer" />
          </div>
          {notice && (
            <div className="pdf-reader__notice" role="alert">
              <p>{notice}</p>
              <button type="button" onClick={() => setNotice(null)}>
                OK
              </button>
            </div>
          )}
          {altText && (
            <form
              className="pdf-reader__overlay pdf-reader__alt-text"
              onSubmit={(event) => {
                event.preventDefault();
                altText.save(altText.text.trim());
                setAltText(null);
              }}
            >
              <label htmlFor={altTextId}>Description de l'image (texte alternatif)</label>
              <textarea
                id={altTextId}
                rows={3}
                autoFocus
                value={altText.text}
                onChange={(event) => setAltText({ ...altText, text: event.target.value })}
              />
              <div className="pdf-reader__alt-text-actions">
                <button type="button" onClick={() => setAltText(null)}>
                  Abandonner
                </button>
                <button type="submit">Enregistrer</button>
              </div>
            </form>
          )}
          {status === 'loading' && (
            <div className="pdf-reader__overlay" role="status">
              <span className="pdf-reader__spinner" aria-hidden="true" />
              {PDF_READER_TEXT.loading}
            </div>
          )}
          {status === 'error' && (
            <div className="pdf-reader__overlay pdf-reader__overlay--error" role="alert">
              {PDF_READER_TEXT.loadError}
            </div>
          )}
          {status === 'password' && (
            <form className="pdf-reader__overlay pdf-reader__password" onSubmit={submitPassword}>
              <label htmlFor={passwordId}>
                {passwordReason === 'incorrect'
                  ? PDF_READER_TEXT.passwordInvalid
                  : PDF_READER_TEXT.passwordPrompt}
              </label>
              <input
                id={passwordId}
                type="password"
                autoComplete="off"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button type="submit">{PDF_READER_TEXT.passwordOk}</button>
            </form>
          )}
        </div>
        {(showControls || qrCodeLink) && (
          <div className="pdf-reader__footer">
            {showControls && (
              <div className="pdf-reader__controls">
                <button
                  type="button"
                  className="pdf-reader__nav"
                  disabled={page <= 1}
                  onClick={() => adapterRef.current?.goToPage(page - 1)}
                >
                  <span aria-hidden="true">‹</span> {PDF_READER_TEXT.previous}
                </button>
                <span className="pdf-reader__page-number" aria-live="polite">
                  Page {page} / {numPages}
                </span>
                <button
                  type="button"
                  className="pdf-reader__nav"
                  disabled={page >= numPages}
                  onClick={() => adapterRef.current?.goToPage(page + 1)}
                >
                  {PDF_READER_TEXT.next} <span aria-hidden="true">›</span>
                </button>
              </div>
            )}
            {qrCodeLink && <QrTile label={qrCodeLabel} link={qrCodeLink} />}
          </div>
        )}
      </div>
    </Popup>
  );
}
