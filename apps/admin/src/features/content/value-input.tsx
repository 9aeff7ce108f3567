/**
 * The value of an image, video, PDF or link. For a file, what the communication officer looks at
 * first is the file itself (issue 41, item 12): its picture (or a PDF / video sign), its name as
 * the library knows it ("Menu semaine 48.jpg", else a name made from the path) and its type in
 * words, with the media library picker; the stored path stays in the field below for whoever
 * pastes one.
 */
import type { ItemType, MediaItem, MediaKind } from '@plant-kiosk/contract';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { TextField } from '../../components/field';
import { ALL_MEDIA_KINDS, MediaPicker } from '../../components/media-picker';
import { mediaUrl } from '../../lib/media-url';
import { formatBytes } from '../../lib/api/media-api';
import { ITEM_TYPE_LABELS } from '../../lib/labels';
import { fileDisplayName, mediaDisplayName, mediaKey, useMediaItem } from '../../lib/media-library';
import './value-input.css';

const HINTS: Partial<Record<ItemType, string>> = {
  image: 'Chemin du fichier dans la médiathèque, rempli par « Choisir dans la médiathèque… ».',
  video: 'Chemin du fichier dans la médiathèque, rempli par « Choisir dans la médiathèque… ».',
  pdf: 'Chemin du fichier dans la médiathèque, rempli par « Choisir dans la médiathèque… ».',
  link: 'Adresse complète, par exemple https://intranet.exemple/page.',
  group: 'Nom du groupe affiché sur le totem.',
  date: 'Date affichée telle quelle.',
};

export function ValueInput({
  type,
  value,
  onChange,
  onTypeChange,
  error,
  label = 'Valeur',
}: {
  type: ItemType;
  value: string;
  onChange: (value: string) => void;
  /** A file of another type was chosen (a PDF for an image): the item's type follows it. */
  onTypeChange?: (type: ItemType) => void;
  error?: string | undefined;
  label?: string;
}) {
  const kind: MediaKind | null =
    type === 'image' || type === 'video' || type === 'pdf' ? type : null;
  return (
    <div className="value-input">
      {kind && (
        <FileCard
          kind={kind}
          value={value}
          onPick={(picked, item) => {
            onChange(picked);
            if (item.kind !== kind) onTypeChange?.(item.kind);
          }}
          anyKind={onTypeChange !== undefined}
        />
      )}
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={HINTS[type]}
      />
    </div>
  );
}

/** The chosen file: picture, name, type in words, and the picker. */
function FileCard({
  kind,
  value,
  onPick,
  anyKind,
}: {
  kind: MediaKind;
  value: string;
  onPick: (value: string, item: MediaItem) => void;
  anyKind: boolean;
}) {
  const { devid } = useParams();
  // The file just chosen names itself at once; the library list names one already there.
  const [picked, setPicked] = useState<MediaItem | null>(null);
  const listed = useMediaItem(devid ? Number(devid) : null, value);
  const item = picked && mediaKey(picked.value) === mediaKey(value) ? picked : listed;
  const name = item ? mediaDisplayName(item) : value ? fileDisplayName(value) : '';
  const details = [ITEM_TYPE_LABELS[kind], item ? formatBytes(item.bytes) : null]
    .concat(item?.width ? `${item.width} × ${item.height} px` : null)
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="value-file">
      <FilePicture kind={kind} value={value} item={item} />
      <div className="value-file-info">
        {value ? (
          <strong className="value-file-name" title={value}>
            {name}
          </strong>
        ) : (
          <strong className="value-file-name muted">Aucun fichier choisi</strong>
        )}
        <span className="muted small">{details}</span>
        <MediaPicker
          kind={kind}
          {...(anyKind ? { kinds: ALL_MEDIA_KINDS } : {})}
          onPick={(next, chosen) => {
            setPicked(chosen);
            onPick(next, chosen);
          }}
        />
      </div>
    </div>
  );
}

/** The image itself (the library's thumbnail when it has one), or a sign for a PDF or video. */
function FilePicture({
  kind,
  value,
  item,
}: {
  kind: MediaKind;
  value: string;
  item: MediaItem | undefined;
}) {
  const src = item?.thumbnailUrl ?? (kind === 'image' && value ? mediaUrl(value) : null);
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return (
      <img
        key={src}
        className="value-file-picture"
        src={src}
        alt={`Aperçu : ${item ? mediaDisplayName(item) : fileDisplayName(value)}`}
        onError={() => setBroken(src)}
      />
    );
  }
  return (
    <span className="value-file-picture value-file-sign" aria-hidden={src ? undefined : true}>
      {src
        ? 'Image introuvable à ce chemin'
        : kind === 'pdf'
          ? 'PDF'
          : kind === 'video'
            ? 'Vidéo'
            : 'Image'}
    </span>
  );
}
