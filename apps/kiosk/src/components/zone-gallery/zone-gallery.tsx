/**
 * A named zone's images, large enough to read on the 1080 px totem (docs/product.md#content-model "Named zones shown as
 * image lists"). Content-agnostic: the caller maps its content to `items` (see
 * features/content/use-zone-images) and chooses the layout:
 * - `stack`: one image per row, full width (posters, procedures, plans);
 * - `grid`: two (or `columns`) per row (logos, certificates);
 * - `steps`: a numbered column, for zones whose `checkList` flag makes their images steps to follow.
 *
 * Images load eagerly: they are small local files (cached SVGs, served offline), and lazy ones
 * would grow under an anchor jump still on its way.
 *
 * A tap opens the image in a popup where it can be zoomed (components/zoom-pan) — unless the
 * caller passes `onOpen`, which then replaces the built-in popup (e.g. to open a page viewer).
 * While `loading` and without items a discreet loader shows; once loaded, no item means the
 * friendly `emptyMessage`, never a blank area.
 */
import { useState, type ReactNode } from 'react';
import { Popup } from '../popup/popup';
import { ZoomPan } from '../zoom-pan';
import './zone-gallery.css';

export interface ZoneGalleryItem {
  src: string;
  /** A short name for the image (« Menu, 1 / 3 »): its button's name and its popup's label. */
  alt: string;
  /**
   * The image's text alternative written by the content team (decision 050): what the picture
   * says, given to the image itself — read aloud and screen readers read it. `alt` otherwise.
   */
  description?: string;
  /** Added recently (docs/product.md#content-model: within 1440 minutes): shows the "Nouveau" badge. */
  isNew?: boolean;
  /** Stable React key; defaults to the index and src. */
  key?: string | number;
  /** Intrinsic size, to reserve the image's place before it loads (default: `imageSize`). */
  width?: number;
  height?: number;
}

export type ZoneGalleryLayout = 'stack' | 'grid' | 'steps';

/** Texts of the gallery; French by default, visitor pages pass English ones. */
export interface ZoneGalleryLabels {
  /** Badge of a new item. */
  new: string;
  /** Close button of the zoom popup. */
  close: string;
  /** Accessible name of an image's button, from its alt text. */
  open: (alt: string) => string;
  /** Label of a step's number (steps layout), e.g. "Étape 2". */
  step: (n: number) => string;
  /** Shown while the content is loading with nothing local yet. */
  loading: string;
}

export const ZONE_GALLERY_LABELS_FR: ZoneGalleryLabels = {
  new: 'Nouveau',
  close: 'Fermer',
  open: (alt) => `Agrandir : ${alt}`,
  step: (n) => `Étape ${n}`,
  loading: 'Chargement…',
};

export const ZONE_GALLERY_LABELS_EN: ZoneGalleryLabels = {
  new: 'New',
  close: 'Close',
  open: (alt) => `Enlarge: ${alt}`,
  step: (n) => `Step ${n}`,
  loading: 'Loading…',
};

export const DEFAULT_IMAGE_SIZE = { width: 1080, height: 1528 } as const;

export interface ZoneGalleryProps {
  items: readonly ZoneGalleryItem[];
  /** Shown when there is nothing to show, e.g. "Contenu bientôt disponible". */
  emptyMessage: string;
  layout?: ZoneGalleryLayout;
  /** Columns of the grid layout (default 2). */
  columns?: 2 | 3 | 4;
  /** Fixed width of the grid's columns in px (e.g. 300 for archive thumbnails); default: shared. */
  columnWidth?: number;
  /**
   * Size assumed for items that do not give theirs (default A4 portrait at the totem's width, the
   * format of the plant's posters): it reserves each image's place so that anchor jumps land
   * where they should while images are still arriving.
   */
  imageSize?: { width: number; height: number };
  /** True while the zone is still loading: shows a discreet loader instead of the empty message. */
  loading?: boolean;
  /** Replaces the built-in zoom popup: called with the tapped item and its index. */
  onOpen?: (item: ZoneGalleryItem, index: number) => void;
  /** Accessible name of the list (usually the zone's title). */
  label?: string;
  labels?: Partial<ZoneGalleryLabels>;
  className?: string;
  /**
   * Drawn over an item's image, inside its button (positioned against the image's box): e.g. the
   * plan's « Vous êtes ici » (features/own-settings). The tap still opens the image, and the
   * zoomed image carries it too.
   */
  renderOverlay?: (item: ZoneGalleryItem, index: number) => ReactNode;
}

export function ZoneGallery({
  items,
  emptyMessage,
  layout = 'stack',
  columns = 2,
  columnWidth,
  imageSize = DEFAULT_IMAGE_SIZE,
  loading = false,
  onOpen,
  label,
  labels: labelOverrides,
  className,
  renderOverlay,
}: ZoneGalleryProps) {
  const labels = { ...ZONE_GALLERY_LABELS_FR, ...labelOverrides };
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const opened = openIndex === null ? undefined : items[openIndex];
  const openedOverlay = opened && openIndex !== null ? renderOverlay?.(opened, openIndex) : null;
  const classes = ['zone-gallery', `zone-gallery--${layout}`, className ?? '']
    .filter(Boolean)
    .join(' ');

  if (items.length === 0) {
    return (
      <div className={`${classes} zone-gallery--empty`}>
        {loading ? (
          <p className="zone-gallery__loading" role="status">
            {labels.loading}
          </p>
        ) : (
          <p className="zone-gallery__empty">{emptyMessage}</p>
        )}
      </div>
    );
  }

  const List = layout === 'steps' ? 'ol' : 'ul';
  return (
    <>
      <List
        className={classes}
        aria-label={label}
        style={
          layout === 'grid'
            ? {
                gridTemplateColumns: `repeat(${columns}, ${columnWidth ? `${columnWidth}px` : '1fr'})`,
              }
            : undefined
        }
      >
        {items.map((item, index) => (
          <li key={item.key ?? `${index}-${item.src}`} className="zone-gallery__item">
            {layout === 'steps' && (
              <span className="zone-gallery__step" aria-label={labels.step(index + 1)}>
                {index + 1}
              </span>
            )}
            <button
              type="button"
              className="zone-gallery__button"
              // The badge's word is in the name too: what is seen is what is announced.
              aria-label={
                item.isNew ? `${labels.open(item.alt)}, ${labels.new}` : labels.open(item.alt)
              }
              onClick={() => (onOpen ? onOpen(item, index) : setOpenIndex(index))}
            >
              <img
                className="zone-gallery__image"
                src={item.src}
                alt={item.description ?? item.alt}
                width={item.width ?? imageSize.width}
                height={item.height ?? imageSize.height}
                decoding="async"
                draggable={false}
              />
              {renderOverlay?.(item, index)}
              {item.isNew && <span className="zone-gallery__badge">{labels.new}</span>}
            </button>
          </li>
        ))}
      </List>
      {opened && (
        <Popup
          open
          onClose={() => setOpenIndex(null)}
          label={opened.alt}
          closeLabel={labels.close}
          className="zone-gallery__popup"
        >
          <ZoomPan label={opened.alt}>
            {openedOverlay ? (
              // The overlay's percentages are the image's: the frame is the image's own box.
              <span className="zone-gallery__zoomed">
                <img src={opened.src} alt={opened.description ?? opened.alt} draggable={false} />
                {openedOverlay}
              </span>
            ) : (
              <img src={opened.src} alt={opened.description ?? opened.alt} draggable={false} />
            )}
          </ZoomPan>
        </Popup>
      )}
    </>
  );
}
