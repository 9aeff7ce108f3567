/**
 * "Choisir dans la médiathèque": the development's files, searched by name and filtered by type,
 * with an upload in place (the library's own upload: the server's refusals — over the size limit
 * (413), a type it does not take — said in its words), and hands back the value to put in an
 * element (the media item's `value`, which the kiosks resolve). Its title, close button, search
 * and upload stay in view above a library of hundreds of files (issue 41, item 11); the search
 * field has the focus, Tab reaches every file, Escape closes.
 */
import { MEDIA_ACCEPTED_TYPES, type MediaItem, type MediaKind } from '@plant-kiosk/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../lib/api/client';
import { call } from '../lib/api/client';
import { uploadMedia, type MediaUploadHandle } from '../lib/api/media-api';
import { forgetMediaList, mediaDisplayName } from '../lib/media-library';
import { matchesSearch } from '../lib/media-search';
import { Dialog } from './dialog';
import { Notice } from './notice';
import './media-picker.css';

const KIND_LABELS: Record<MediaKind, string> = { image: 'Images', pdf: 'PDF', video: 'Vidéos' };
const ONE_KIND: Record<MediaKind, string> = {
  image: 'une image',
  pdf: 'un PDF',
  video: 'une vidéo',
};
/** Every type, for a field whose type follows the file chosen. */
export const ALL_MEDIA_KINDS: readonly MediaKind[] = ['image', 'pdf', 'video'];

type Sending = { name: string; progress: number } | null;

export function MediaPicker({
  kind,
  kinds = [kind],
  onPick,
  label = 'Choisir dans la médiathèque…',
}: {
  /** The type listed first. */
  kind: MediaKind;
  /** The types the field may take (the type filter offers them); default `kind` alone. */
  kinds?: readonly MediaKind[];
  onPick: (value: string, item: MediaItem) => void;
  label?: string;
}) {
  const { devid } = useParams();
  const [open, setOpen] = useState(false);
  if (!devid) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && (
        <PickerDialog
          devid={Number(devid)}
          kind={kind}
          kinds={kinds.includes(kind) ? kinds : [kind, ...kinds]}
          onPick={(value, item) => {
            setOpen(false);
            onPick(value, item);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function PickerDialog({
  devid,
  kind: initialKind,
  kinds,
  onPick,
  onClose,
}: {
  devid: number;
  kind: MediaKind;
  kinds: readonly MediaKind[];
  onPick: (value: string, item: MediaItem) => void;
  onClose: () => void;
}) {
  const searchId = useId();
  const [kind, setKind] = useState<MediaKind>(initialKind);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [sending, setSending] = useState<Sending>(null);
  const [upload, setUpload] = useState<{ ok: boolean; text: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const handle = useRef<MediaUploadHandle | null>(null);

  useEffect(() => {
    let live = true;
    setItems(null);
    setError(null);
    // Only the files of the field's type (an image field: images).
    call('adminMedia', { params: { devid }, query: { kind } })
      .then((list) => {
        if (live) setItems(list);
      })
      .catch((failure: unknown) => {
        if (live) setError(errorMessage(failure));
      });
    return () => {
      live = false;
    };
  }, [devid, kind]);
  // An upload still going when the dialog closes is stopped: nobody would see its outcome.
  useEffect(() => () => handle.current?.abort(), []);

  const send = (file: File) => {
    setUpload(null);
    setSending({ name: file.name, progress: 0 });
    const current = uploadMedia(devid, file, (progress) =>
      setSending({ name: file.name, progress }),
    );
    handle.current = current;
    current.promise
      .then(({ data }) => {
        forgetMediaList(devid);
        setSending(null);
        if (kinds.includes(data.kind)) {
          // Uploaded here to be used here: it is the file chosen.
          onPick(data.value, data);
          return;
        }
        setUpload({
          ok: true,
          text: `« ${data.originalName} » a été ajouté à la médiathèque, mais ce n’est pas ${ONE_KIND[kind]} : il ne convient pas ici.`,
        });
      })
      .catch((failure: unknown) => {
        setSending(null);
        setUpload({
          ok: false,
          text: `« ${file.name} » n’a pas été ajouté : ${errorMessage(failure)}`,
        });
      })
      .finally(() => {
        handle.current = null;
      });
  };

  const shown = (items ?? []).filter((item) => matchesSearch(item, search));
  const count = shown.length;

  return (
    <Dialog
      title={`Choisir ${ONE_KIND[kind]}`}
      className="dialog-picker"
      onCancel={onClose}
      head={
        <>
          <button type="button" className="button picker-close" onClick={onClose}>
            Fermer
          </button>
          <div className="picker-tools">
            <label className="picker-search" htmlFor={searchId}>
              <span>Rechercher</span>
              <input
                id={searchId}
                type="search"
                value={search}
                placeholder="Nom du fichier…"
                data-autofocus
                onChange={(event) => setSearch(event.target.value)}
              />
            </label>
            {kinds.length > 1 && (
              <label className="picker-kind-filter">
                <span>Type</span>
                <select value={kind} onChange={(event) => setKind(event.target.value as MediaKind)}>
                  {kinds.map((option) => (
                    <option key={option} value={option}>
                      {KIND_LABELS[option]}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button
              type="button"
              className="button button-primary picker-upload"
              disabled={sending !== null}
              onClick={() => input.current?.click()}
            >
              Envoyer un fichier…
            </button>
            <input
              ref={input}
              type="file"
              accept={MEDIA_ACCEPTED_TYPES[kind].join(',')}
              className="visually-hidden"
              aria-label={`Fichier à envoyer (${KIND_LABELS[kind].toLowerCase()})`}
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) send(file);
                event.target.value = '';
              }}
            />
          </div>
          {sending && (
            <div className="picker-sending">
              <span>Envoi de « {sending.name} »…</span>
              <progress max={1} value={sending.progress} aria-label={`Envoi de ${sending.name}`} />
            </div>
          )}
          {upload && <Notice tone={upload.ok ? 'info' : 'error'}>{upload.text}</Notice>}
          {items && (
            <p className="muted small picker-count" role="status">
              {count === 0 ? 'Aucun fichier' : `${count} fichier${count > 1 ? 's' : ''}`}
              {search.trim() ? ` pour « ${search.trim()} »` : ''}
            </p>
          )}
        </>
      }
      actions={null}
    >
      {error && <Notice tone="error">{error}</Notice>}
      {!items && !error && <p role="status">Chargement…</p>}
      {items && items.length === 0 && (
        <p>Aucun fichier de ce type : envoyez-en un avec « Envoyer un fichier… ».</p>
      )}
      {items && items.length > 0 && count === 0 && (
        <p>Aucun fichier ne correspond à « {search.trim()} ».</p>
      )}
      {count > 0 && (
        <ul className="picker-grid" aria-label="Fichiers de la médiathèque">
          {shown.map((item) => (
            <li key={item.mediaid}>
              <button
                type="button"
                className="picker-item"
                onClick={() => onPick(item.value, item)}
              >
                {item.thumbnailUrl ? (
                  <img src={item.thumbnailUrl} alt="" loading="lazy" />
                ) : (
                  <span className="picker-kind" aria-hidden="true">
                    {item.kind === 'pdf' ? 'PDF' : item.kind === 'video' ? 'Vidéo' : 'Image'}
                  </span>
                )}
                <span className="picker-name" title={item.originalName}>
                  {mediaDisplayName(item)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
