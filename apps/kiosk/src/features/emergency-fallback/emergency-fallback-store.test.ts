import type { Element } from '@plant-kiosk/contract';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeKioskDb, openKioskDb } from '../../lib/local-db/kiosk-db';
import { storageKeys } from '../../lib/storage/kiosk-storage';
import {
  buildEmergencyFallback,
  EMERGENCY_FALLBACK_MAX_CHARS,
  EMERGENCY_FALLBACK_MAX_IMAGES,
  EMERGENCY_NUMBERS_ZONE,
  fallbackImagesIn,
  readEmergencyFallback,
  saveEmergencyFallback,
} from './emergency-fallback-store';

const DEVNAME = 'fallback-test';
const resolve = (value: string) => `http://kiosk.test/${value}`;

const image = (elementid: number, extra: Partial<Element> = {}): Element =>
  ({
    elementid,
    zoneid: 9,
    order: elementid,
    type: 'image',
    value: `media/images/n${elementid}.webp`,
    ...extra,
  }) as Element;

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.restoreAllMocks();
  await Dexie.delete(DEVNAME);
  closeKioskDb(DEVNAME);
});

describe('the copy of the emergency numbers (decision 051)', () => {
  it('keeps the images in order with absolute URLs, their alternatives and languages', () => {
    const copy = buildEmergencyFallback(
      [
        image(2, { alt: 'Pompiers : 18', lang: 'en' }),
        image(1, { alt: '  Infirmerie : poste 2222  ' }),
        image(3, { type: 'pdf' } as Partial<Element>),
        image(4, { value: '  ' }),
      ],
      resolve,
      12,
      '2026-11-28T08:00:00.000Z',
    );
    expect(copy).toEqual({
      savedAt: '2026-11-28T08:00:00.000Z',
      revision: 12,
      images: [
        { src: 'http://kiosk.test/media/images/n1.webp', alt: 'Infirmerie : poste 2222' },
        { src: 'http://kiosk.test/media/images/n2.webp', alt: 'Pompiers : 18', lang: 'en' },
      ],
    });
  });

  it('stays small: a bounded number of images, clipped alternatives, a bounded JSON', () => {
    const many = Array.from({ length: 30 }, (_, i) => image(i + 1, { alt: 'x'.repeat(5000) }));
    const copy = buildEmergencyFallback(many, resolve, 1, 'now');
    expect(copy.images.length).toBeLessThanOrEqual(EMERGENCY_FALLBACK_MAX_IMAGES);
    expect(JSON.stringify(copy).length).toBeLessThanOrEqual(EMERGENCY_FALLBACK_MAX_CHARS);
    expect(copy.images.every((item) => (item.alt?.length ?? 0) <= 300)).toBe(true);
  });

  it('is written from the local database when it holds the zone, and kept when it does not', async () => {
    const db = openKioskDb(DEVNAME);
    await db.zones.put({ zoneid: 9, zonename: EMERGENCY_NUMBERS_ZONE, type: 'image' } as never);
    await db.elements.bulkPut([image(1, { alt: 'SAMU : 15' }), image(5, { zoneid: 10 })]);
    expect(await saveEmergencyFallback(db, DEVNAME, resolve, 3, new Date(0))).toBe(true);
    expect(readEmergencyFallback(DEVNAME)).toEqual({
      savedAt: '1970-01-01T00:00:00.000Z',
      revision: 3,
      images: [{ src: 'http://kiosk.test/media/images/n1.webp', alt: 'SAMU : 15' }],
    });
    await db.zones.clear();
    expect(await saveEmergencyFallback(db, DEVNAME, resolve, 4)).toBe(false);
    expect(readEmergencyFallback(DEVNAME)?.revision).toBe(3);
  });

  it('never throws when the database cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = openKioskDb(DEVNAME);
    vi.spyOn(db.zones, 'where').mockImplementation(() => {
      throw new Error('Corruption');
    });
    expect(await saveEmergencyFallback(db, DEVNAME, resolve, 1)).toBe(false);
  });

  it('reads nothing from a missing or garbled copy, and drops images without a usable URL', () => {
    expect(readEmergencyFallback(DEVNAME)).toBeNull();
    localStorage.setItem(storageKeys.emergencyFallback(DEVNAME), '{not json');
    expect(readEmergencyFallback(DEVNAME)).toBeNull();
    localStorage.setItem(
      storageKeys.emergencyFallback(DEVNAME),
      JSON.stringify({
        images: [{ src: 'javascript:alert(1)' }, { src: 'http://kiosk.test/a.webp', alt: 7 }, 3],
      }),
    );
    expect(readEmergencyFallback(DEVNAME)?.images).toEqual([{ src: 'http://kiosk.test/a.webp' }]);
  });

  it('gives an English page the English images when there are, the French ones otherwise', () => {
    const copy = {
      savedAt: '',
      revision: 1,
      images: [{ src: 'fr.webp' }, { src: 'en.webp', lang: 'en' as const }],
    };
    expect(fallbackImagesIn(copy, 'en').map((i) => i.src)).toEqual(['en.webp']);
    expect(fallbackImagesIn(copy, 'fr').map((i) => i.src)).toEqual(['fr.webp']);
    expect(fallbackImagesIn({ ...copy, images: [{ src: 'fr.webp' }] }, 'en')).toHaveLength(1);
    expect(fallbackImagesIn(null, 'fr')).toEqual([]);
  });
});
