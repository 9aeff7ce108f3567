import type { Element, Zone } from '@plant-kiosk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { closeKioskDb, openKioskDb, toStoredSubelement } from '../local-db/kiosk-db';
import { listHeldImages, loadHeldImage } from './held-images';
import { MemoryCache } from './testing/memory-cache';

const BASE = 'https://kiosk.example';
const config = { contentBase: BASE };
const DEV = 'held-images-test';

const zone = (zoneid: number, zonename: string): Zone => ({
  zoneid,
  zonename,
  devid: 1,
  type: 'images',
  checkList: false,
});
const element = (
  elementid: number,
  zoneid: number,
  value: string,
  type: Element['type'] = 'image',
  order = elementid,
): Element => ({ elementid, zoneid, order, value, type, addingdate: '2024-01-01T00:00:00.000Z' });

async function seed() {
  const db = openKioskDb(DEV);
  await db.zones.bulkPut([zone(1, 'Plan du site'), zone(2, 'Menu'), zone(3, 'Produits')]);
  await db.elements.bulkPut([
    element(10, 1, 'media/images/plan.svg'),
    element(11, 2, 'media/images/menu-2.png', 'image', 2),
    element(12, 2, 'media/images/menu-1.png', 'image', 1),
    element(13, 2, 'Le menu de la semaine', 'text'),
    element(14, 2, 'pdf/menu.pdf', 'pdf'),
    element(15, 1, 'media/images/not-synced.svg'),
    element(16, 3, 'Parfum', 'text'),
    // The same file twice: offered once.
    element(17, 1, 'media/images/plan.svg'),
  ]);
  await db.subelements.bulkPut(
    [
      {
        subelementid: 100,
        elementid: 16,
        order: 0,
        value: 'media/images/flacon.webp',
        type: 'image' as const,
        subgroupinfo: { subgroupid: 5, fieldlabel: 'image' },
      },
      {
        subelementid: 101,
        elementid: 16,
        order: 1,
        value: 'Flacon 30 ml',
        type: 'text' as const,
        subgroupinfo: { subgroupid: 5, fieldlabel: 'titre' },
      },
    ].map(toStoredSubelement),
  );
  const cache = new MemoryCache();
  for (const path of [
    'media/images/plan.svg',
    'media/images/menu-1.png',
    'media/images/menu-2.png',
    'media/images/flacon.webp',
    'pdf/menu.pdf',
  ]) {
    await cache.put(
      `${BASE}/${path}`,
      new Response(`bytes of ${path}`, { headers: { 'content-type': 'image/png' } }),
    );
  }
  return { db, cache };
}

afterEach(async () => {
  const db = openKioskDb(DEV);
  await db.delete();
  closeKioskDb(DEV);
});

describe('listHeldImages', () => {
  it('lists every published picture the cache holds, by zone, once each', async () => {
    const { db, cache } = await seed();
    const images = await listHeldImages(db, config, async () => cache as unknown as Cache);
    expect(images).toEqual([
      { url: `${BASE}/media/images/menu-1.png`, zone: 'Menu', index: 1 },
      { url: `${BASE}/media/images/menu-2.png`, zone: 'Menu', index: 2 },
      { url: `${BASE}/media/images/plan.svg`, zone: 'Plan du site', index: 1 },
      { url: `${BASE}/media/images/flacon.webp`, zone: 'Produits', index: 1 },
    ]);
  });

  it('offers nothing where Cache Storage does not exist', async () => {
    const { db } = await seed();
    expect(await listHeldImages(db, config, async () => undefined)).toEqual([]);
  });
});

describe('loadHeldImage', () => {
  it('reads the held file, and says null when the cache lost it', async () => {
    const { cache } = await seed();
    const open = async () => cache as unknown as Cache;
    const file = await loadHeldImage(`${BASE}/media/images/menu-1.png`, open);
    expect(file?.name).toBe('menu-1.png');
    expect(file?.type).toBe('image/png');
    expect(file?.size).toBe('bytes of media/images/menu-1.png'.length);
    expect(await loadHeldImage(`${BASE}/media/images/gone.png`, open)).toBeNull();
  });
});
