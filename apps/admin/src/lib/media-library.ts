/**
 * The development's media library as the content editor reads it to name a file ("Menu semaine
 * 48.jpg" rather than media/uploads/1/menu-semaine-48-1a2b3c4d.webp): one list per development
 * shared by every field of the screen, fetched again after a minute or after an upload.
 */
import type { MediaItem } from '@plant-kiosk/contract';
import { useEffect, useState } from 'react';
import { call } from './api/client';

const FRESH_MS = 60_000;
const lists = new Map<number, { at: number; promise: Promise<MediaItem[]> }>();

function listOf(devid: number): Promise<MediaItem[]> {
  const held = lists.get(devid);
  if (held && Date.now() - held.at < FRESH_MS) return held.promise;
  const promise = call('adminMedia', { params: { devid } }).catch((failure: unknown) => {
    lists.delete(devid);
    throw failure;
  });
  lists.set(devid, { at: Date.now(), promise });
  return promise;
}

/** The next read asks the server again (a file was just uploaded or deleted). */
export function forgetMediaList(devid: number): void {
  lists.delete(devid);
}

/** Media value as stored ("media/…", "/media/…" alike) → the library's key. */
export const mediaKey = (value: string) => value.replace(/^\.?\/+/, '');

/** The library's file a value names, once the list is in; undefined when none (or not yet). */
export function useMediaItem(devid: number | null, value: string): MediaItem | undefined {
  const [items, setItems] = useState<MediaItem[] | undefined>(undefined);
  useEffect(() => {
    if (devid === null) return;
    let live = true;
    listOf(devid)
      .then((list) => {
        if (live) setItems(list);
      })
      // Without the list the field still shows the picture and a name made from the path.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [devid, value]);
  const key = mediaKey(value);
  return items?.find((item) => mediaKey(item.value) === key);
}

/** The readable name of a stored file path: last segment, no upload hash, no extension. */
export function fileDisplayName(path: string): string {
  const last = path.split(/[/\\]/).pop() ?? path;
  const withoutExtension = last.replace(/\.[a-z0-9]{2,5}$/i, '');
  // Uploads get "-<8 hex>" appended to stay unique (see the server's media store).
  const withoutHash = withoutExtension.replace(/-[0-9a-f]{8}$/i, '');
  const words = withoutHash.replace(/[-_]+/g, ' ').trim();
  return words || last;
}

/**
 * How a library file is named to people: the name it was uploaded with ("Menu semaine 48.jpg");
 * a file the library holds without one (the demo plant's, whose "name" is its stored file name,
 * hash included) by a name made from its path.
 */
export function mediaDisplayName(item: Pick<MediaItem, 'originalName' | 'value'>): string {
  const stored = item.value.split('/').pop() ?? item.value;
  return item.originalName && item.originalName !== stored
    ? item.originalName
    : fileDisplayName(item.value);
}
