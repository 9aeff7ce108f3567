/**
 * Media values in content are site-relative paths of the content service (`media/images/x.svg`,
 * `pdf/guide.pdf`). Every consumer — viewers, the sync engine's prefetch and the service worker's
 * cache — must turn them into the same absolute URL, or the prefetched copy is never found offline.
 */
import type { ItemType } from '@plant-kiosk/contract';
import type { RuntimeConfig } from '../config/runtime-config';

/** Name of the Cache Storage cache the sync engine fills and the service worker reads. */
export const MEDIA_CACHE_NAME = 'kiosk-media-v1';

export const MEDIA_TYPES: ReadonlySet<ItemType> = new Set<ItemType>(['image', 'pdf', 'video']);

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The absolute URL of a media value; absolute, data: and blob: values are returned unchanged. */
export function mediaUrl(value: string, config: Pick<RuntimeConfig, 'contentBase'>): string {
  const trimmed = value.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed) || trimmed.startsWith('//')) return trimmed;
  const base = config.contentBase.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? `${base}${trimmed}` : `${base}/${trimmed}`;
}

/** Whether a URL can go into Cache Storage (http(s) only: data: and blob: are already local). */
export function isCacheableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

interface MediaItem {
  value: string;
  type: ItemType;
}

/** The absolute URLs of every image, PDF and video the given items reference, without duplicates. */
export function collectMediaUrls(
  items: Iterable<MediaItem>,
  config: Pick<RuntimeConfig, 'contentBase'>,
): Set<string> {
  const urls = new Set<string>();
  for (const item of items) {
    if (!MEDIA_TYPES.has(item.type)) continue;
    const url = mediaUrl(item.value, config);
    if (isCacheableUrl(url)) urls.add(url);
  }
  return urls;
}
