/**
 * The pictures this totem holds: every image of the published content (elements and sub-elements
 * of type `image` in the local database) whose file the sync engine has put in Cache Storage. The
 * PDF reader's stamps come from here and nowhere else — never from the operating system's file
 * chooser, a classic way out of a kiosk (issue 41).
 */
import { openKioskDb, type KioskDb } from '../local-db/kiosk-db';
import type { RuntimeConfig } from '../config/runtime-config';
import { isCacheableUrl, MEDIA_CACHE_NAME, mediaUrl } from './media-url';

export interface HeldImage {
  /** Absolute URL, as cached by the sync engine (and served offline by the service worker). */
  url: string;
  /** Name of the content zone the picture belongs to ("Plan du site", "Produits"…). */
  zone: string;
  /** 1-based rank of the picture within its zone, for its accessible name. */
  index: number;
}

/** Opens the media cache; undefined where Cache Storage does not exist (jsdom, insecure page). */
export type MediaCacheOpener = () => Promise<Pick<Cache, 'keys' | 'match'> | undefined>;

export const openMediaCache: MediaCacheOpener = async () =>
  typeof caches === 'undefined' ? undefined : caches.open(MEDIA_CACHE_NAME);

/**
 * The held pictures, grouped by zone (zones in name order, pictures in content order), each URL
 * once. A picture the cache does not hold (not synced yet, or failed) is left out: the picker only
 * offers what the totem can stamp offline.
 */
export async function listHeldImages(
  db: KioskDb,
  config: Pick<RuntimeConfig, 'contentBase'>,
  openCache: MediaCacheOpener = openMediaCache,
): Promise<HeldImage[]> {
  const cache = await openCache();
  if (!cache) return [];
  const [zones, elements, imageSubelements, cachedRequests] = await Promise.all([
    db.zones.toArray(),
    db.elements.toArray(),
    db.subelements.where('type').equals('image').toArray(),
    cache.keys(),
  ]);
  const cached = new Set(cachedRequests.map((request) => request.url));
  const zoneName = new Map(zones.map((zone) => [zone.zoneid, zone.zonename]));
  const zoneOfElement = new Map(elements.map((element) => [element.elementid, element.zoneid]));
  const elementOrder = new Map(elements.map((element) => [element.elementid, element.order]));

  const candidates = [
    ...elements
      .filter((element) => element.type === 'image')
      .map((element) => ({
        value: element.value,
        zoneid: element.zoneid,
        rank: [element.order, 0],
      })),
    ...imageSubelements.map((subelement) => ({
      value: subelement.value,
      zoneid: zoneOfElement.get(subelement.elementid),
      rank: [elementOrder.get(subelement.elementid) ?? 0, subelement.order + 1],
    })),
  ];
  const byZone = new Map<string, { url: string; rank: number[] }[]>();
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const zone = candidate.zoneid === undefined ? undefined : zoneName.get(candidate.zoneid);
    if (zone === undefined) continue;
    const url = mediaUrl(candidate.value, config);
    if (!isCacheableUrl(url) || !cached.has(url) || seen.has(url)) continue;
    seen.add(url);
    const list = byZone.get(zone) ?? [];
    list.push({ url, rank: candidate.rank });
    byZone.set(zone, list);
  }
  const compareRank = (a: number[], b: number[]) =>
    (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0);
  return [...byZone.keys()]
    .sort((a, b) => a.localeCompare(b, 'fr'))
    .flatMap((zone) =>
      (byZone.get(zone) ?? [])
        .sort((a, b) => compareRank(a.rank, b.rank))
        .map(({ url }, i) => ({ url, zone, index: i + 1 })),
    );
}

/** The held file of a picture, or null when the cache no longer has it. */
export async function loadHeldImage(
  url: string,
  openCache: MediaCacheOpener = openMediaCache,
): Promise<File | null> {
  const cache = await openCache();
  const response = await cache?.match(url);
  if (!response?.ok) return null;
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const name = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? 'image');
  // The bytes, not the Blob: the File stays one of this realm's (the reader checks its bytes).
  return new File([await response.arrayBuffer()], name, { type });
}

/** Where the PDF reader's picker gets the pictures it offers and their files. */
export interface HeldImageSource {
  list(): Promise<HeldImage[]>;
  load(url: string): Promise<File | null>;
}

/** The pictures of the logged-in kiosk's development (none before a login). */
export function heldImageSource(
  config: Pick<RuntimeConfig, 'contentBase' | 'devname'> | undefined,
): HeldImageSource {
  return {
    list: () =>
      config ? listHeldImages(openKioskDb(config.devname), config) : Promise.resolve([]),
    load: (url) => loadHeldImage(url),
  };
}
