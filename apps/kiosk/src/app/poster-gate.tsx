/**
 * Poster mode (docs/product.md#screens): when the zone "Affiche" holds a poster (its first element's `Affiche`
 * sub-group with an image), the whole kiosk shows only that image. The back-office sets it for an
 * event or an alert; removing it brings the kiosk back by itself (the content is live).
 */
import { CONTENT_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import { useSubgroups, useZone } from '../features/content';
import { mediaUrl } from '../lib/media/media-url';
import { useRuntimeConfig } from '../lib/kiosk-context/kiosk-context';
import './poster-gate.css';

/** Field of the poster model that holds the image (contract MODEL_FIELDS.Affiche). */
const POSTER_IMAGE_FIELD = 'image';

export function usePosterImage(): string | null {
  const config = useRuntimeConfig();
  const { elements } = useZone(CONTENT_ZONES.poster);
  const { subgroups } = useSubgroups(elements[0]?.elementid ?? null, MODEL_LABELS.poster);
  const value = subgroups
    .flatMap((group) => group.fields[POSTER_IMAGE_FIELD] ?? [])
    .find((item) => item.value.trim() !== '')?.value;
  return value ? mediaUrl(value, config) : null;
}

export function PosterGate({ children }: { children: ReactNode }) {
  const poster = usePosterImage();
  if (!poster) return children;
  return (
    <div className="poster-screen" data-testid="poster">
      <img className="poster-screen__image" src={poster} alt="Affiche" />
    </div>
  );
}
