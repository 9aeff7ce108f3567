/**
 * A totem's thumbnail picture (issue 48), or the box that stands for it: « Aucune vignette » when
 * the totem has sent none, « Vignette indisponible » when the picture cannot be read (the server
 * keeps only the latest few: a page open long enough can name one already gone). Drawn at the
 * picture's own 270 × 480 proportions, scaled by its container (`size`). Not lazily loaded: a
 * fleet is tens of totems of ~50 KB each, and a picture still missing below the fold would make a
 * full-page capture show empty frames.
 */
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@plant-kiosk/contract';
import { useState } from 'react';
import { thumbnailSrc } from './thumbnail-text';

export type ThumbnailSize = 'card' | 'large' | 'small';

export function ThumbnailPicture({
  devid,
  kioskId,
  thumbnailId,
  alt,
  size,
}: {
  devid: number;
  kioskId: string;
  /** null: the totem has sent none yet. */
  thumbnailId: number | null;
  alt: string;
  size: ThumbnailSize;
}) {
  if (thumbnailId === null) {
    return <ThumbnailBox size={size} text="Aucune vignette" />;
  }
  // Keyed by the picture: a failure to read one says nothing about the next.
  return (
    <Picture
      key={thumbnailId}
      src={thumbnailSrc(devid, kioskId, thumbnailId)}
      alt={alt}
      size={size}
    />
  );
}

function Picture({ src, alt, size }: { src: string; alt: string; size: ThumbnailSize }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <ThumbnailBox size={size} text="Vignette indisponible" />;
  return (
    <img
      className={`thumbnail thumbnail-${size}`}
      src={src}
      alt={alt}
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

function ThumbnailBox({ size, text }: { size: ThumbnailSize; text: string }) {
  return (
    <span className={`thumbnail thumbnail-${size} thumbnail-none`} data-testid="thumbnail-none">
      {text}
    </span>
  );
}
