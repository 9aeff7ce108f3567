/**
 * Where things land on a thumbnail: the viewport scaled into THUMBNAIL_WIDTH × THUMBNAIL_HEIGHT
 * (aspect kept, letterboxed when the screen is not 9:16), and the boxes drawn over what the page
 * cannot draw, from their rectangles on screen. Pure functions: the drawing (thumbnail-draw.ts)
 * reads the rectangles, these say where they go.
 */
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@plant-kiosk/contract';

export interface Size {
  width: number;
  height: number;
}

/** A rectangle on screen, in CSS pixels (what getBoundingClientRect gives). */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** How the viewport sits in the picture: scale, and the page area's place and size. */
export interface Fit {
  scale: number;
  offsetX: number;
  offsetY: number;
  width: number;
  height: number;
}

export const THUMBNAIL_SIZE: Size = { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT };

/**
 * The viewport scaled to fit the picture, centred: a 1080 × 1920 totem fills 270 × 480 exactly
 * (scale ¼); a landscape screen gets bars above and below rather than a stretched page.
 */
export function fitViewport(viewport: Size, picture: Size = THUMBNAIL_SIZE): Fit {
  if (viewport.width <= 0 || viewport.height <= 0) {
    return { scale: 0, offsetX: 0, offsetY: 0, width: 0, height: 0 };
  }
  const scale = Math.min(picture.width / viewport.width, picture.height / viewport.height);
  const width = viewport.width * scale;
  const height = viewport.height * scale;
  return {
    scale,
    offsetX: (picture.width - width) / 2,
    offsetY: (picture.height - height) / 2,
    width,
    height,
  };
}

/** What a box stands for; its label is what the technician reads on the thumbnail. */
export type PlaceholderKind = 'video' | 'frame' | 'other';

export const PLACEHOLDER_LABELS: Record<PlaceholderKind, string> = {
  video: 'Vidéo',
  frame: 'Page externe',
  other: 'Contenu non dessiné',
};

export interface Undrawn {
  kind: PlaceholderKind;
  rect: Rect;
}

export interface PlaceholderBox {
  kind: PlaceholderKind;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The boxes to draw, in picture pixels: each rectangle clipped to the viewport (a frame half off
 * screen shows its visible half), scaled and offset like the page; what is off screen or empty
 * gives no box. Rounded outwards to whole pixels, so a box covers every pixel the element touched
 * (no sliver of a black video frame left beside it).
 */
export function placeholderBoxes(
  undrawn: readonly Undrawn[],
  viewport: Size,
  fit: Fit = fitViewport(viewport),
): PlaceholderBox[] {
  const boxes: PlaceholderBox[] = [];
  for (const { kind, rect } of undrawn) {
    const left = Math.max(0, rect.left);
    const top = Math.max(0, rect.top);
    const right = Math.min(viewport.width, rect.left + rect.width);
    const bottom = Math.min(viewport.height, rect.top + rect.height);
    if (right <= left || bottom <= top) continue;
    const x = Math.floor(fit.offsetX + left * fit.scale);
    const y = Math.floor(fit.offsetY + top * fit.scale);
    const x2 = Math.ceil(fit.offsetX + right * fit.scale);
    const y2 = Math.ceil(fit.offsetY + bottom * fit.scale);
    if (x2 <= x || y2 <= y) continue;
    boxes.push({ kind, label: PLACEHOLDER_LABELS[kind], x, y, width: x2 - x, height: y2 - y });
  }
  return boxes;
}
