/**
 * The « Vous êtes ici » points of a plan zone's gallery: for each item (its key is its element id,
 * see toGalleryItems) the point placed on it — only when the point's image is the image this totem
 * holds for that element. A point placed on an image since replaced would point at the wrong place:
 * hidden until it is placed again in the back-office.
 */
import type { ContentLanguage } from '@plant-kiosk/contract';
import { useCallback, useMemo, type ReactNode } from 'react';
import type { ZoneGalleryItem } from '../../components/zone-gallery';
import { useRuntimeConfig } from '../../lib/kiosk-context/kiosk-context';
import { mediaUrl } from '../../lib/media/media-url';
import { HERE_LABELS, HereMarker } from './here-marker';
import { usePlanMarks } from './own-settings-store';

export interface PlanMarkOverlay {
  /** The items, those with a point named so (« …, Vous êtes ici »). */
  items: ZoneGalleryItem[];
  /** Draws an item's point over its image; undefined when the zone carries none. */
  renderOverlay?: (item: ZoneGalleryItem) => ReactNode;
}

export function usePlanMarkOverlay(
  items: ZoneGalleryItem[],
  enabled: boolean,
  language: ContentLanguage = 'fr',
): PlanMarkOverlay {
  const config = useRuntimeConfig();
  const marks = usePlanMarks();
  // The point of each item whose held image is the one the point was placed on.
  const shown = useMemo(() => {
    const byKey = new Map<ZoneGalleryItem['key'], { x: number; y: number }>();
    if (!enabled) return byKey;
    for (const item of items) {
      const mark = typeof item.key === 'number' ? marks.get(item.key) : undefined;
      if (mark && mediaUrl(mark.image, config) === item.src) byKey.set(item.key, mark);
    }
    return byKey;
  }, [enabled, items, marks, config]);
  const renderOverlay = useCallback(
    (item: ZoneGalleryItem) => {
      const mark = shown.get(item.key);
      return mark ? <HereMarker x={mark.x} y={mark.y} language={language} /> : null;
    },
    [shown, language],
  );
  const named = useMemo(
    () =>
      shown.size === 0
        ? items
        : items.map((item) =>
            shown.has(item.key)
              ? {
                  ...item,
                  alt: `${item.alt}, ${HERE_LABELS[language]}`,
                  // The picture's own words (decision 050) say it too: its image is named by them.
                  ...(item.description
                    ? { description: `${item.description} ${HERE_LABELS[language]}.` }
                    : {}),
                }
              : item,
          ),
    [items, shown, language],
  );
  return shown.size === 0 ? { items } : { items: named, renderOverlay };
}
