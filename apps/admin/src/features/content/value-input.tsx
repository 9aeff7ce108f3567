/**
 * The value of an image, video, PDF or link: a text field with, for media, a thumbnail of what the
 * value points to and the media library picker.
 */
import type { ItemType, MediaKind } from '@plant-kiosk/contract';
import { useState } from 'react';
import { TextField } from '../../components/field';
import { MediaPicker } from '../../components/media-picker';
import { mediaUrl } from '../../lib/api/admin-api';

const HINTS: Partial<Record<ItemType, string>> = {
  image: 'Chemin d’une image de la médiathèque, par exemple media/images/plan.svg.',
  video: 'Chemin d’une vidéo de la médiathèque.',
  pdf: 'Chemin d’un PDF, par exemple pdf/guide.pdf.',
  link: 'Adresse complète, par exemple https://intranet.exemple/page.',
  group: 'Nom du groupe affiché sur le totem.',
  date: 'Date affichée telle quelle.',
};

export function ValueInput({
  type,
  value,
  onChange,
  error,
  label = 'Valeur',
}: {
  type: ItemType;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  const kind: MediaKind | null =
    type === 'image' || type === 'video' || type === 'pdf' ? type : null;
  return (
    <div className="value-input">
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        hint={HINTS[type]}
      />
      {kind && (
        <div className="value-media">
          {type === 'image' && value && <Thumbnail key={value} src={mediaUrl(value)} />}
          <MediaPicker kind={kind} onPick={onChange} />
        </div>
      )}
    </div>
  );
}

/** The image the value points to, or a plain note when that path shows nothing. */
function Thumbnail({ src }: { src: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) return <span className="thumb thumb-missing">Image introuvable à ce chemin</span>;
  return (
    <img
      className="thumb"
      src={src}
      alt="Aperçu de l’image choisie"
      onError={() => setBroken(true)}
    />
  );
}
