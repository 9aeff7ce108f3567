/**
 * What an element row shows (totem-size screen fixes): people who keep the content think in
 * documents and photos, not in storage paths. A file element
 * ("media/uploads/3/menu-semaine-1a2b3c4d.webp") reads as its name ("menu semaine"); the path stays
 * in the row's tooltip for whoever needs it. Text, links, dates and groups show their value as is.
 */
import type { AdminElement, ItemType } from '@plant-kiosk/contract';
import { fileDisplayName } from '../../lib/media-library';

const FILE_TYPES: ReadonlySet<ItemType> = new Set(['image', 'video', 'pdf']);

// Shared with the media picker and the file card (lib/media-library.ts).
export { fileDisplayName };

export function elementLabel(element: Pick<AdminElement, 'type' | 'value'>): string {
  if (!element.value) return '';
  return FILE_TYPES.has(element.type) ? fileDisplayName(element.value) : element.value;
}
