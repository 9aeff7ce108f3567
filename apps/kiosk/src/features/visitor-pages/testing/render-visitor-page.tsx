/**
 * Test support of the visitor pages: renders a page as the frame does (the i18next instance of the
 * visitor's language, the logged-in kiosk context, offline), and seeds the local database with
 * zones the pages read.
 */
import type { Element, Subelement, Zone } from '@plant-kiosk/contract';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { renderInKiosk, resetShellState, TEST_CONFIG } from '../../../app/testing/render-in-kiosk';
import { i18nFor, type Language } from '../../../i18n/i18n';
import { closeKioskDb, openKioskDb, toStoredSubelement } from '../../../lib/local-db/kiosk-db';
import { useUiStore } from '../../../lib/ui-store/ui-store';
import { useConnectionStore } from '../../network';
import { useVisitorAreaStore } from '../visitor-area-store';

export const DAY_AGO = new Date(Date.now() - 30 * 86_400_000).toISOString();

/** Fresh shell and visit state, offline, with jsdom's missing media playback stubbed. */
export function resetVisitorState() {
  resetShellState();
  useVisitorAreaStore.setState({ newsClosed: false });
  useConnectionStore.setState({ online: false });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
}

export async function clearLocalContent() {
  const db = openKioskDb(TEST_CONFIG.devname);
  await db.delete();
  closeKioskDb(TEST_CONFIG.devname);
}

export function renderVisitorPage(page: ReactElement, language: Language, path = '/') {
  useUiStore.setState({ language });
  return renderInKiosk(<I18nextProvider i18n={i18nFor(language)}>{page}</I18nextProvider>, {
    path,
  });
}

let nextId = 1;
const id = () => nextId++;

/** An image zone with `count` images, as the sync engine would have stored it. */
export async function seedImageZone(zonename: string, count: number) {
  const db = openKioskDb(TEST_CONFIG.devname);
  const zone: Zone = { zoneid: id(), zonename, devid: 1, type: 'images', checkList: false };
  const elements: Element[] = Array.from({ length: count }, (_, index) => ({
    elementid: id(),
    zoneid: zone.zoneid,
    order: index + 1,
    value: `media/images/${encodeURIComponent(zonename)}-${index + 1}.svg`,
    type: 'image',
    addingdate: DAY_AGO,
  }));
  await db.zones.put(zone);
  await db.elements.bulkPut(elements);
}

/**
 * Adds `count` English images (English content, decision 021) to a zone seeded before, after its
 * French ones: its English version, as a sync would store it.
 */
export async function seedEnglishImages(zonename: string, count: number) {
  const db = openKioskDb(TEST_CONFIG.devname);
  const zone = await db.zones.where('zonename').equals(zonename).first();
  if (!zone) throw new Error(`seed the zone "${zonename}" first`);
  const last = await db.elements.where('zoneid').equals(zone.zoneid).count();
  const elements: Element[] = Array.from({ length: count }, (_, index) => ({
    elementid: id(),
    zoneid: zone.zoneid,
    order: last + index + 1,
    value: `media/images/${encodeURIComponent(zonename)}-en-${index + 1}.svg`,
    type: 'image',
    addingdate: DAY_AGO,
    lang: 'en',
  }));
  await db.elements.bulkPut(elements);
}

/**
 * A sub-grouped zone: one element per entry, each with one sub-group of `model` whose fields hold
 * the given values.
 */
export async function seedSubgroupZone(
  zonename: string,
  model: string,
  entries: { name: string; fields: Record<string, string[]> }[],
) {
  const db = openKioskDb(TEST_CONFIG.devname);
  const zone: Zone = { zoneid: id(), zonename, devid: 1, type: 'subgroups', checkList: false };
  await db.zones.put(zone);
  for (const [index, entry] of entries.entries()) {
    const element: Element = {
      elementid: id(),
      zoneid: zone.zoneid,
      order: index + 1,
      value: entry.name,
      type: 'group',
      addingdate: DAY_AGO,
    };
    const subgroupid = id();
    await db.elements.put(element);
    await db.subgroups.put({
      subgroupid,
      elementid: element.elementid,
      modelid: 1,
      label: model,
      order: 1,
      addingdate: DAY_AGO,
      expirationdate: null,
    });
    const values: Subelement[] = Object.entries(entry.fields).flatMap(([fieldlabel, list]) =>
      list.map((value, order) => ({
        subelementid: id(),
        elementid: element.elementid,
        order: order + 1,
        value,
        type: 'image' as const,
        subgroupinfo: { subgroupid, fieldlabel },
      })),
    );
    await db.subelements.bulkPut(values.map(toStoredSubelement));
  }
}
