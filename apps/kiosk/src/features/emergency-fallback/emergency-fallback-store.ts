/**
 * The emergency numbers kept outside the local database (issue 53, decision 051). When a power cut
 * cost the totem its IndexedDB database (lib/local-db/db-recovery.ts), the pages that read it would
 * be empty until the next full snapshot — and the server may be down. So after each sync that
 * holds the emergency-numbers zone, the sync engine writes a small copy of it to localStorage: the
 * absolute URLs of its images (the ones the media step cached, so the service worker serves them
 * offline) and their text alternatives. The fallback card reads it.
 *
 * Bounded: at most EMERGENCY_FALLBACK_MAX_IMAGES images, alternatives clipped, and the JSON under
 * EMERGENCY_FALLBACK_MAX_CHARS (images dropped from the end until it fits) — localStorage is
 * shared with the session and the sync meta.
 */
import { IMAGE_ZONES, type ContentLanguage, type Element } from '@plant-kiosk/contract';
import type { KioskDb } from '../../lib/local-db/kiosk-db';
import { kioskStorage, storageKeys } from '../../lib/storage/kiosk-storage';

/** The zone the emergency pages (staff and visitor) show first. */
export const EMERGENCY_NUMBERS_ZONE = IMAGE_ZONES.emergencyNumbers.fr;
export const EMERGENCY_FALLBACK_MAX_IMAGES = 8;
export const EMERGENCY_FALLBACK_MAX_ALT = 300;
export const EMERGENCY_FALLBACK_MAX_CHARS = 8 * 1024;

export interface FallbackImage {
  /** Absolute media URL (lib/media/media-url.ts), as cached by the sync. */
  src: string;
  /** The content team's text alternative (decision 050), when written. */
  alt?: string;
  /** Absent: French (like `Element.lang`). */
  lang?: ContentLanguage;
}

export interface EmergencyFallback {
  savedAt: string;
  /** The content revision it was taken from. */
  revision: number | null;
  images: FallbackImage[];
}

/** The copy of a zone's image elements (pure; `resolve` makes media values absolute). */
export function buildEmergencyFallback(
  elements: readonly Element[],
  resolve: (value: string) => string,
  revision: number | null,
  savedAt: string,
): EmergencyFallback {
  const images = [...elements]
    .filter((element) => element.type === 'image' && element.value.trim() !== '')
    .sort((a, b) => a.order - b.order)
    .slice(0, EMERGENCY_FALLBACK_MAX_IMAGES)
    .map((element): FallbackImage => {
      const image: FallbackImage = { src: resolve(element.value) };
      const alt = element.alt?.trim();
      if (alt) image.alt = alt.slice(0, EMERGENCY_FALLBACK_MAX_ALT);
      if (element.lang && element.lang !== 'fr') image.lang = element.lang;
      return image;
    });
  const fallback: EmergencyFallback = { savedAt, revision, images };
  while (
    fallback.images.length > 0 &&
    JSON.stringify(fallback).length > EMERGENCY_FALLBACK_MAX_CHARS
  )
    fallback.images.pop();
  return fallback;
}

/**
 * Writes the copy from the local database, when it holds the zone (otherwise the previous copy is
 * kept). Never throws: losing it only loses the images of the card, not its numbers.
 */
export async function saveEmergencyFallback(
  db: KioskDb,
  devname: string,
  resolve: (value: string) => string,
  revision: number | null,
  now: Date = new Date(),
): Promise<boolean> {
  try {
    const zone = await db.zones.where('zonename').equals(EMERGENCY_NUMBERS_ZONE).first();
    if (!zone) return false;
    const elements = await db.elements.where('zoneid').equals(zone.zoneid).toArray();
    const fallback = buildEmergencyFallback(elements, resolve, revision, now.toISOString());
    kioskStorage().setItem(storageKeys.emergencyFallback(devname), JSON.stringify(fallback));
    return true;
  } catch (error) {
    console.warn('[emergency-fallback] could not keep a copy of the emergency numbers', error);
    return false;
  }
}

function parseImage(value: unknown): FallbackImage | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.src !== 'string' || !/^(https?:|\/)/i.test(v.src)) return null;
  const image: FallbackImage = { src: v.src };
  if (typeof v.alt === 'string' && v.alt) image.alt = v.alt.slice(0, EMERGENCY_FALLBACK_MAX_ALT);
  if (v.lang === 'en') image.lang = 'en';
  return image;
}

/** The copy held, or null (none, or unreadable: the card then shows the built-in numbers only). */
export function readEmergencyFallback(devname: string): EmergencyFallback | null {
  try {
    const text = kioskStorage().getItem(storageKeys.emergencyFallback(devname));
    if (text === null) return null;
    const v = JSON.parse(text) as Record<string, unknown>;
    const images = Array.isArray(v.images)
      ? v.images
          .map(parseImage)
          .filter((image): image is FallbackImage => image !== null)
          .slice(0, EMERGENCY_FALLBACK_MAX_IMAGES)
      : [];
    return {
      savedAt: typeof v.savedAt === 'string' ? v.savedAt : '',
      revision: typeof v.revision === 'number' ? v.revision : null,
      images,
    };
  } catch {
    return null;
  }
}

/** The images of one language: English ones on an English page when there are, French otherwise. */
export function fallbackImagesIn(
  fallback: EmergencyFallback | null,
  language: ContentLanguage,
): FallbackImage[] {
  const images = fallback?.images ?? [];
  if (language === 'en') {
    const english = images.filter((image) => image.lang === 'en');
    if (english.length > 0) return english;
  }
  return images.filter((image) => image.lang === undefined);
}
