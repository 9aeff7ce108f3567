/**
 * "Choisir dans la médiathèque": lists the development's files of one kind and hands back the
 * value to put in an element (the media item's `value`, which the kiosks resolve).
 */
import type { MediaItem, MediaKind } from '@plant-kiosk/contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage } from '../lib/api/client';
import { mediaApi } from '../lib/api/media-api';
import { Dialog } from './dialog';
import { Notice } from './notice';

export function MediaPicker({
  kind,
  onPick,
}: {
  kind: MediaKind;
  onPick: (value: string) => void;
}) {
  const { devid } = useParams();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!devid) return null;
  const show = () => {
    setOpen(true);
    setItems(null);
    setError(null);
    mediaApi
      .list(Number(devid), kind)
      .then(setItems)
      .catch((failure: unknown) => setError(errorMessage(failure)));
  };

  return (
    <>
      <button type="button" className="button" onClick={show}>
        Choisir dans la médiathèque…
      </button>
      {open && (
        <Dialog
          title="Choisir un fichier"
          onCancel={() => setOpen(false)}
          actions={
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Fermer
            </button>
          }
        >
          {error && <Notice tone="error">{error}</Notice>}
          {!items && !error && <p role="status">Chargement…</p>}
          {items && items.length === 0 && (
            <p>Aucun fichier de ce type : ajoutez-en depuis la page Médiathèque.</p>
          )}
          {items && items.length > 0 && (
            <ul className="picker-grid">
              {items.map((item) => (
                <li key={item.mediaid}>
                  <button
                    type="button"
                    className="picker-item"
                    onClick={() => {
                      onPick(item.value);
                      setOpen(false);
                    }}
                  >
                    {item.thumbnailUrl ? (
                      <img src={item.thumbnailUrl} alt="" />
                    ) : (
                      <span className="picker-kind" aria-hidden="true">
                        {item.kind.toUpperCase()}
                      </span>
                    )}
                    <span className="picker-name">{item.originalName}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      )}
    </>
  );
}
