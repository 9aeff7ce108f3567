/**
 * What an element row shows (totem-size screen fixes): people who keep the content think in
 * documents and photos, not in storage paths. A file element
 * ("media/uploads/3/menu-semaine-1a2b3c4d.webp") reads as its name ("menu semaine"); the path stays
 * in the row's tooltip for whoever needs it. Text, links, dates and groups show their value as is.
 */
import type { AdminElement, ItemType } from '@plant-kiosk/contract';

const FILE_TYPES: ReadonlySet<ItemType> = new Set(['image', 'video', 'pdf']);

/** The readable name of a stored file path: last segment, no upload hash, no extension. */
export function fileDisplayName(path: string): string {
  const last = path.split(/[/\\]/).pop() ?? path;
  const withoutExtension = last.replace(/\.[a-z0-9]{2,5}$/i, '');
  // Uploads get "-<8 hex>" appended to stay unique (see the server's media store).
  const withoutHash = withoutExtension.replace(/-[0-9a-f]{8}$/i, '');
  const words = withoutHash.replace(/[-_]+/g, ' ').trim();
  return words || last;
}

export function elementLabel(element: Pick<AdminElement, 'type' | 'value'>): string {
  if (!element.value) return '';
  return FILE_TYPES.has(element.type) ? fileDisplayName(element.value) : element.value;
}
