/**
 * `useZoneImages(zonename)`: a named image zone (docs/product.md#content-model) as ZoneGallery items — its image
 * elements in order, with absolute media URLs (the same ones the sync engine cached, so they load
 * offline), recent ones flagged new. Local-first like `useZone`, whose loading mode it passes on.
 * The "Nouveau" badge follows the content's clock (`useWindowNow`, content-first sync) like the
 * sub-group screens: it goes at the moment an image's 1440 minutes are over, without a tap or a
 * sync.
 */
import type { ContentLanguage, Element, Zone } from '@plant-kiosk/contract';
import { useMemo } from 'react';
import type { ZoneGalleryItem } from '../../components/zone-gallery';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../lib/media/media-url';
import { useWindowNow } from './content-clock';
import { isNew } from './is-new';
import { useZone, type UseZoneOptions } from './use-zone';
import { kioskNow } from '../../lib/clock/kiosk-clock';

export interface UseZoneImagesOptions extends UseZoneOptions {
  /**
   * Start of each image's short name (default: the zone name), followed by "n / total"; the
   * image's own text alternative, when written, is its `description`.
   */
  altPrefix?: string;
}

export interface UseZoneImagesResult {
  items: ZoneGalleryItem[];
  /** True until the local database answered (and while a first refresh fills an empty zone). */
  loading: boolean;
  /** The zone itself (its `checkList` flag tells a gallery to number the images as steps). */
  zone: Zone | null;
  /** The language of the images shown (see `UseZoneOptions.language`). */
  language: ContentLanguage;
  /** English was asked for and the zone has no English version: the images are French. */
  fallback: boolean;
}

/**
 * Maps a zone's image elements to gallery items (pure, for tests and other callers). Each item's
 * `key` is its element id, so an `onOpen` handler can find the element (e.g. its sub-elements).
 */
export function toGalleryItems(
  elements: readonly Element[],
  altPrefix: string,
  resolve: (value: string) => string,
  now: number = kioskNow(),
): ZoneGalleryItem[] {
  const images = elements.filter((element) => element.type === 'image' && element.value.trim());
  return images.map((element, index) => ({
    key: element.elementid,
    src: resolve(element.value),
    alt: images.length > 1 ? `${altPrefix}, ${index + 1} / ${images.length}` : altPrefix,
    // The content team's words for the picture (decision 050), when written.
    ...(element.alt ? { description: element.alt } : {}),
    isNew: isNew(element.addingdate, now),
  }));
}

export function useZoneImages(
  zonename: string,
  options: UseZoneImagesOptions = {},
): UseZoneImagesResult {
  const { altPrefix, ...zoneOptions } = options;
  const config = useRuntimeConfig();
  const { zone, elements, loading, language, fallback } = useZone(zonename, zoneOptions);
  const prefix = altPrefix ?? zonename;
  // Recomputed when a badge's 1440 minutes end, not only when the database changes.
  const now = useWindowNow(elements);
  const items = useMemo(
    () => toGalleryItems(elements, prefix, (value) => mediaUrl(value, config), now),
    [elements, prefix, config, now],
  );
  return { items, loading, zone, language, fallback };
}
