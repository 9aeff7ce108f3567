/**
 * Media library of one development: drop files (or choose them) to upload with a progress bar,
 * see every file with its thumbnail, copy the value to put in an element, delete what is unused.
 * The server decides what a file is from its content and says why it refuses one.
 */
import {
  MEDIA_ACCEPT_ATTRIBUTE,
  MEDIA_FILE_PROBLEM_LABELS,
  type AdminDevelopment,
  type MediaItem,
  type MediaKind,
} from '@plant-kiosk/contract';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { DevelopmentGate } from '../../components/development-gate';
import { FeedbackNotice, Notice, type Feedback } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatBytes, uploadMedia } from '../../lib/api/media-api';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { matchesSearch } from '../../lib/media-search';
import { useResource } from '../../lib/use-resource';
import './media-page.css';

interface Upload {
  key: number;
  name: string;
  progress: number;
  state: 'sending' | 'done' | 'failed';
  message?: string;
}

const KIND_LABELS: Record<MediaKind, string> = { image: 'Image', pdf: 'PDF', video: 'Vidéo' };

// The library's search, shared with the media picker (lib/media-search.ts).
export { matchesSearch };

/**
 * Where a file is used: how many content items, and which alert templates by name (a template's
 * image keeps the file in use too, decision 022).
 */
function usageLabel(item: Pick<MediaItem, 'usedBy' | 'usedByTemplates'>): string {
  const names = item.usedByTemplates.map((use) => `« ${use.name} »`).join(', ');
  const templates =
    item.usedByTemplates.length === 0
      ? ''
      : `par ${item.usedByTemplates.length === 1 ? 'le modèle' : 'les modèles'} d’alerte ${names}`;
  if (item.usedBy.length === 0) return templates ? `Utilisé ${templates}` : 'Non utilisé';
  return `Utilisé ${item.usedBy.length} fois${templates ? `, et ${templates}` : ''}`;
}

/**
 * The card's picture: the image thumbnail; for a video, its first frame (the browser fetches only
 * the metadata and that frame); for a PDF, a document icon — never just a word.
 */
function MediaThumb({ item }: { item: MediaItem }) {
  if (item.thumbnailUrl) return <img src={item.thumbnailUrl} alt="" loading="lazy" />;
  if (item.kind === 'video') {
    return (
      <span className="media-thumb-video">
        <video
          src={`${item.url}#t=0.5`}
          preload="metadata"
          muted
          playsInline
          aria-hidden="true"
          tabIndex={-1}
        />
        <MediaIcon kind="video" />
      </span>
    );
  }
  return <MediaIcon kind={item.kind} />;
}

function MediaIcon({ kind }: { kind: MediaKind }) {
  return (
    <span className={`media-icon media-icon-${kind}`} aria-hidden="true">
      <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
        {kind === 'video' ? (
          <>
            <circle cx="24" cy="24" r="20" fill="rgba(0,0,0,0.55)" />
            <path d="M19 15v18l15-9z" fill="#fff" />
          </>
        ) : (
          <>
            <path d="M12 4h17l9 9v31H12z" fill="#fff" stroke="currentColor" strokeWidth="2.5" />
            <path d="M29 4v9h9" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </>
        )}
      </svg>
      {kind === 'video' ? null : <span className="media-icon-label">{KIND_LABELS[kind]}</span>}
    </span>
  );
}

export function MediaPage() {
  return (
    <DevelopmentGate base="/medias">
      {(development, switcher) => (
        <MediaLibrary key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

export function MediaLibrary({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const { timeZone } = usePlantZone(devid);
  const media = useResource(() => call('adminMedia', { params: { devid } }), `media-${devid}`);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [kind, setKind] = useState<MediaKind | ''>('');
  const [search, setSearch] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [toDelete, setToDelete] = useState<MediaItem | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);

  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = ++counter.current;
      setUploads((list) => [...list, { key, name: file.name, progress: 0, state: 'sending' }]);
      const handle = uploadMedia(devid, file, (progress) => patch(key, { progress }));
      handle.promise
        .then(({ data, message }) => {
          patch(key, { state: 'done', progress: 1, message: message || 'Envoyé.' });
          media.setData((list) => [data, ...(list ?? [])]);
        })
        .catch((failure: unknown) =>
          patch(key, { state: 'failed', message: errorMessage(failure) }),
        );
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) send(event.dataTransfer.files);
  };

  const remove = async () => {
    if (!toDelete) return;
    const item = toDelete;
    setToDelete(null);
    try {
      const { message } = await callWithMessage('adminDeleteMedia', {
        params: { mediaid: item.mediaid },
      });
      media.setData((list) => (list ?? []).filter((m) => m.mediaid !== item.mediaid));
      setFeedback({ tone: 'success', text: message || 'Fichier supprimé.' });
    } catch (failure) {
      let text = errorMessage(failure);
      if (failure instanceof ApiError && failure.isConflict) {
        const current = failure.data as MediaItem;
        const where = current.usedBy
          .map((use) => `« ${use.zonename} »${use.fieldlabel ? ` (${use.fieldlabel})` : ''}`)
          .join(', ');
        // The server's message may already name the items; add them only when it does not.
        if (where && !current.usedBy.every((use) => text.includes(use.zonename))) {
          text = `${text} Utilisé dans : ${where}.`;
        }
        media.setData((list) =>
          (list ?? []).map((m) => (m.mediaid === current.mediaid ? current : m)),
        );
      }
      setFeedback({ tone: 'error', text });
    }
  };

  const copy = async (item: MediaItem) => {
    try {
      await navigator.clipboard.writeText(item.value);
      setFeedback({ tone: 'success', text: `Chemin copié : ${item.value}` });
    } catch {
      setFeedback({ tone: 'info', text: `Chemin à coller dans un élément : ${item.value}` });
    }
  };

  const shown = (media.data ?? []).filter(
    (item) => (!kind || item.kind === kind) && matchesSearch(item, search),
  );
  // Media integrity (decision 029): files the server finds missing or damaged on its disk.
  const broken = (media.data ?? []).filter((item) => item.fileProblem);

  return (
    <Page title="Médiathèque" actions={switcher}>
      <div
        className={`dropzone${over ? ' dropzone-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>
          <strong>Déposez ici vos images, PDF ou vidéos</strong>
          <br />
          <span className="muted">
            JPEG, PNG, WebP, GIF, AVIF (20 Mo), PDF (50 Mo), MP4 ou WebM (200 Mo). Les images sont
            redimensionnées pour les totems.
          </span>
        </p>
        <button
          type="button"
          className="button button-primary"
          onClick={() => input.current?.click()}
        >
          Choisir des fichiers…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_ACCEPT_ATTRIBUTE}
          className="visually-hidden"
          aria-label="Fichiers à envoyer"
          tabIndex={-1}
          onChange={(event) => {
            if (event.target.files) send(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="uploads" aria-label="Envois">
          {uploads.map((upload) => (
            <li key={upload.key} className={`upload upload-${upload.state}`}>
              <span className="upload-name">{upload.name}</span>
              <progress max={1} value={upload.progress} aria-label={`Envoi de ${upload.name}`} />
              <span
                role={upload.state === 'failed' ? 'alert' : 'status'}
                className="upload-message"
              >
                {upload.state === 'sending'
                  ? `${Math.round(upload.progress * 100)} %`
                  : upload.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="toolbar">
        <label className="dev-switcher">
          <span>Rechercher</span>
          <input
            type="search"
            value={search}
            placeholder="Nom du fichier…"
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="dev-switcher">
          <span>Type</span>
          <select value={kind} onChange={(event) => setKind(event.target.value as MediaKind | '')}>
            <option value="">Tous</option>
            <option value="image">Images</option>
            <option value="pdf">PDF</option>
            <option value="video">Vidéos</option>
          </select>
        </label>
        <span className="muted" role="status">
          {shown.length} {shown.length > 1 ? 'fichiers' : 'fichier'}
        </span>
      </div>
      {media.loading && !media.data && <Loading />}
      {media.error && <LoadError message={media.error} onRetry={media.reload} />}
      {broken.length > 0 && (
        <Notice tone="warning">
          {broken.length === 1
            ? '1 fichier est manquant ou endommagé sur le serveur'
            : `${broken.length} fichiers sont manquants ou endommagés sur le serveur`}{' '}
          : les totems ne peuvent pas l’obtenir et la publication de contenu qui l’utilise est
          refusée. Envoyez de nouveau le fichier d’origine pour le réparer.
        </Notice>
      )}
      {media.data && (
        <ul className="media-grid">
          {shown.map((item) => (
            <li
              key={item.mediaid}
              className={item.fileProblem ? 'media-card media-card-broken' : 'media-card'}
            >
              <div className="media-thumb">
                <MediaThumb item={item} />
              </div>
              <div className="media-info">
                <strong className="media-name" title={item.originalName}>
                  {item.originalName}
                </strong>
                <span className="muted small">
                  {KIND_LABELS[item.kind]} · {formatBytes(item.bytes)}
                  {item.width ? ` · ${item.width}×${item.height}` : ''} ·{' '}
                  {formatDate(item.createdAt, timeZone)}
                </span>
                {item.fileProblem && (
                  <strong className="media-problem small">
                    {MEDIA_FILE_PROBLEM_LABELS[item.fileProblem]}
                  </strong>
                )}
                <span className="small">{usageLabel(item)}</span>
                <div className="inline-actions">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => void copy(item)}
                  >
                    Copier le chemin<span className="visually-hidden"> de {item.originalName}</span>
                  </button>
                  <a
                    className="button button-small"
                    href={item.url}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Ouvrir<span className="visually-hidden"> {item.originalName}</span>
                  </a>
                  <button
                    type="button"
                    className="button button-small button-danger-outline"
                    onClick={() => setToDelete(item)}
                  >
                    Supprimer<span className="visually-hidden"> {item.originalName}</span>
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {toDelete && (
        <ConfirmDialog
          title="Supprimer ce fichier ?"
          confirmLabel="Supprimer définitivement"
          onCancel={() => setToDelete(null)}
          onConfirm={() => void remove()}
        >
          <p>« {toDelete.originalName} » sera supprimé de la médiathèque.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
