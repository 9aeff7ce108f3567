/**
 * The PDF reader popup (docs/product.md#screens, #content-model, #validation): what the visitor sees and can do, on top of any
 * `PdfViewerAdapter`. It owns the reader's rules — loading and failure messages, the password
 * prompt, page controls shown only for multi-page documents and disabled at either end, the
 * annotation tools, the picker of the site's pictures for stamps and the check of every image
 * before it becomes a stamp — while the adapter owns drawing. Its texts follow the language of the
 * page it was opened from (i18n `pdfReader`; English on an English visitor page). There is no file
 * input: stamps come from the pictures the totem holds, never from the operating system's file
 * chooser (issue 41). Closing unmounts the view, which destroys the adapter and with it the
 * document and every annotation (see docs/decisions/002-pdf-annotations-discarded.md).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { en } from '../../i18n/en';
import { fr } from '../../i18n/fr';
import type { HeldImage, HeldImageSource } from '../../lib/media/held-images';
import { documentIdOf, useDocumentReading } from '../../lib/usage-sink/document-reading';
import { Popup } from '../popup/popup';
import { QrTile } from '../qr-code/qr-tile';
import { AnnotationToolbar } from './annotation-toolbar';
import { checkStampImage, type StampRefusal } from './image-type';
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
import { StampPicker } from './stamp-picker';
import './pdf-reader.css';

export const PDF_PAGE_BOX = { width: 892, height: 1263 } as const;

export interface PdfReaderProps {
  /** File name under `pdf/`, or a path/URL used as given (docs/product.md#content-model `file`). */
  file: string;
  /** Called when the visitor closes the reader (docs/product.md#content-model `close`). */
  onClose: () => void;
  /** The stored name lacks its `.pdf` suffix (docs/product.md#content-model drive flag). */
  drive?: boolean;
  /** When given, a QR tile beside the reader points to this link (docs/product.md#content-model `qrcode link`). */
  qrCodeLink?: string | null;
  /** Label of that QR tile (default: "Téléchargez le document", in the page's language). */
  qrCodeLabel?: string;
  /** 1-based page to open at (docs/product.md#content-model `initialPage`). */
  initialPage?: number;
  /** Accessible name of the popup; defaults to the file name. */
  title?: string;
  /** Called once the first page has been drawn (measured by the benchmarks). */
  onFirstPageRendered?: () => void;
  /**
   * The document's stable id in the usage events (`document_open`, `page_read`; docs/usage.md):
   * an element id or a media file name. Default: the file's name.
   */
  documentId?: string;
}

export interface PdfReaderViewProps extends PdfReaderProps {
  createAdapter: PdfViewerAdapterFactory;
  /** The pictures the Image tool offers (default: none). */
  stampImages?: HeldImageSource;
}

const NO_IMAGES: HeldImageSource = {
  list: () => Promise.resolve([]),
  load: () => Promise.resolve(null),
};

type Notice = StampRefusal | 'unavailable';

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
  qrCodeLabel,
  initialPage = 1,
  title,
  onFirstPageRendered,
  documentId,
  createAdapter,
  stampImages = NO_IMAGES,
}: PdfReaderViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const url = resolvePdfUrl(file, drive);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const adapterRef = useRef<PdfViewerAdapter | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [passwordReason, setPasswordReason] = useState<PasswordReason>('need');
  const [numPages, setNumPages] = useState(0);
  const [page, setPage] = useState(1);
  const [mode, setModeState] = useState<EditorMode>('none');
  const [editor, setEditor] = useState<EditorState>(INITIAL_EDITOR_STATE);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The picker: closed (null), listing (loading) or showing the held pictures. */
  const [picker, setPicker] = useState<'closed' | 'loading' | HeldImage[]>('closed');
  const [altText, setAltText] = useState<{ text: string; save: (text: string) => void } | null>(
    null,
  );

  const initialPageRef = useRef(initialPage);
  const firstPageRef = useRef(onFirstPageRendered);
  firstPageRef.current = onFirstPageRendered;

  const offerStamp = useCallback(async (offered: File, name?: string) => {
    const adapter = adapterRef.current;
    if (!adapter) return;
    const check = await checkStampImage(offered);
    if (adapterRef.current !== adapter) return;
    if (!check.ok) {
      setNotice(check.reason);
      return;
    }
    setNotice(null);
    setModeState('stamp');
    await adapter.addStamp(check.file, name);
  }, []);
  const offerStampRef = useRef(offerStamp);
  offerStampRef.current = offerStamp;

  const imagesRef = useRef(stampImages);
  imagesRef.current = stampImages;
  const listRun = useRef(0);
  const openPicker = useCallback(() => {
    setNotice(null);
    setPicker('loading');
    const run = ++listRun.current;
    imagesRef.current.list().then(
      (images) => {
        if (listRun.current === run) setPicker(images);
      },
      (error: unknown) => {
        console.error('PDF reader: cannot list the pictures of the site', error);
        if (listRun.current === run) setPicker([]);
      },
    );
  }, []);
  const closePicker = useCallback(() => {
    listRun.current += 1;
    setPicker('closed');
  }, []);
  const openPickerRef = useRef(openPicker);
  openPickerRef.current = openPicker;

  const pickImage = async (image: HeldImage) => {
    closePicker();
    const adapter = adapterRef.current;
    let held: File | null = null;
    try {
      held = await imagesRef.current.load(image.url);
    } catch (error) {
      console.error(`PDF reader: cannot read ${image.url}`, error);
    }
    if (adapterRef.current !== adapter) return;
    if (!held) {
      setNotice('unavailable');
      return;
    }
    await offerStamp(
      held,
      t('pdfReader.picker.image', { zone: image.zone, index: String(image.index) }),
    );
  };

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
    setPicker('closed');
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
          else openPickerRef.current();
        },
      },
      { language, engineMessages: (language === 'en' ? en : fr).pdfReader.engine },
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
  }, [url, createAdapter, language]);

  const chooseMode = (next: EditorMode) => {
    setModeState(next);
    void adapterRef.current?.setMode(next);
  };
  const chooseImage = () => {
    chooseMode('stamp');
    openPicker();
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
  // Usage (issue 49): the opening once the document is loaded, and each page shown for a second.
  useDocumentReading(documentId ?? documentIdOf(file), ready, ready ? page : null);
  const showControls = ready && numPages > 1;
  return (
    <Popup
      open
      onClose={onClose}
      label={title ?? titleOf(file)}
      closeLabel={t('pdfReader.close')}
      className="pdf-reader-popup"
    >
      <div className="pdf-reader" data-status={status} data-page={page} data-pages={numPages}>
        {ready && (
          <AnnotationToolbar
            mode={mode}
            editor={editor}
            onMode={chooseMode}
            onPickImage={chooseImage}
            onUndo={() => adapterRef.current?.undo()}
            onRedo={() => adapterRef.current?.redo()}
            onDelete={() => adapterRef.current?.deleteSelected()}
          />
        )}
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
          {picker !== 'closed' && (
            <StampPicker
              images={picker === 'loading' ? null : picker}
              onPick={(image) => void pickImage(image)}
              onClose={closePicker}
            />
          )}
          {notice && (
            <div className="pdf-reader__notice" role="alert">
              <p>
                {notice === 'refused'
                  ? t('pdfReader.stampRefused')
                  : notice === 'unreadable'
                    ? t('pdfReader.stampUnreadable')
                    : t('pdfReader.picker.unavailable')}
              </p>
              <button type="button" onClick={() => setNotice(null)}>
                {t('pdfReader.ok')}
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
              <label htmlFor={altTextId}>{t('pdfReader.altTextLabel')}</label>
              <textarea
                id={altTextId}
                rows={3}
                autoFocus
                value={altText.text}
                onChange={(event) => setAltText({ ...altText, text: event.target.value })}
              />
              <div className="pdf-reader__alt-text-actions">
                <button type="button" onClick={() => setAltText(null)}>
                  {t('pdfReader.altTextCancel')}
                </button>
                <button type="submit">{t('pdfReader.altTextSave')}</button>
              </div>
            </form>
          )}
          {status === 'loading' && (
            <div className="pdf-reader__overlay" role="status">
              <span className="pdf-reader__spinner" aria-hidden="true" />
              {t('pdfReader.loading')}
            </div>
          )}
          {status === 'error' && (
            <div className="pdf-reader__overlay pdf-reader__overlay--error" role="alert">
              {t('pdfReader.loadError')}
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
                  <span aria-hidden="true">‹</span> {t('pdfReader.previous')}
                </button>
                <span className="pdf-reader__page-number" aria-live="polite">
                  {t('pdfReader.page', { current: String(page), total: String(numPages) })}
                </span>
                <button
                  type="button"
                  className="pdf-reader__nav"
                  disabled={page >= numPages}
                  onClick={() => adapterRef.current?.goToPage(page + 1)}
                >
                  {t('pdfReader.next')} <span aria-hidden="true">›</span>
                </button>
              </div>
            )}
            {qrCodeLink && (
              <QrTile label={qrCodeLabel ?? t('pdfReader.qrLabel')} link={qrCodeLink} />
            )}
          </div>
        )}
      </div>
    </Popup>
  );
}
