/**
 * Test support for the staff pages: builds demo-like content (zones, elements, sub-groups with
 * their field values) and writes it into the kiosk's local database, so a page renders exactly as
 * offline on a totem: from the local copy, with no network.
 */
import type {
  Element,
  ItemType,
  Subelement,
  Subgroup,
  Zone,
  ZoneType,
} from '@plant-kiosk/contract';
import { TEST_CONFIG } from '../../../app/testing/render-in-kiosk';
import { openKioskDb, toStoredSubelement } from '../../../lib/local-db/kiosk-db';

const OLD = '2024-01-01T00:00:00.000Z';

type FieldValue = string | { value: string; type: ItemType };

export class ContentBuilder {
  readonly zones: Zone[] = [];
  readonly elements: Element[] = [];
  readonly subgroups: Subgroup[] = [];
  readonly subelements: Subelement[] = [];
  private nextId = 1;

  zone(zonename: string, type: ZoneType = 'images', checkList = false): number {
    const zoneid = this.nextId++;
    this.zones.push({ zoneid, zonename, devid: 1, type, checkList });
    return zoneid;
  }

  element(zoneid: number, value: string, type: ItemType = 'image', addingdate = OLD): number {
    const elementid = this.nextId++;
    const order = this.elements.filter((element) => element.zoneid === zoneid).length + 1;
    this.elements.push({ elementid, zoneid, order, value, type, addingdate });
    return elementid;
  }

  /** An image zone with the given image values. */
  imageZone(zonename: string, values: string[], checkList = false): number {
    const zoneid = this.zone(zonename, 'images', checkList);
    for (const value of values) this.element(zoneid, value);
    return zoneid;
  }

  group(
    elementid: number,
    label: string,
    fields: Record<string, FieldValue[]>,
    addingdate = OLD,
  ): number {
    const subgroupid = this.nextId++;
    const order = this.subgroups.filter((group) => group.elementid === elementid).length + 1;
    this.subgroups.push({
      subgroupid,
      elementid,
      modelid: 1,
      label,
      order,
      addingdate,
      expirationdate: null,
    });
    let subOrder = this.subelements.filter((sub) => sub.elementid === elementid).length;
    for (const [fieldlabel, values] of Object.entries(fields)) {
      for (const item of values) {
        const { value, type } =
          typeof item === 'string'
            ? { value: item, type: (item.startsWith('media/') ? 'image' : 'text') as ItemType }
            : item;
        this.subelements.push({
          subelementid: this.nextId++,
          elementid,
          order: ++subOrder,
          value,
          type,
          subgroupinfo: { subgroupid, fieldlabel },
        });
      }
    }
    return subgroupid;
  }

  /** Plain sub-elements (no sub-group), e.g. an archive's pages. */
  pages(elementid: number, values: string[]) {
    values.forEach((value, index) =>
      this.subelements.push({
        subelementid: this.nextId++,
        elementid,
        order: index + 1,
        value,
        type: 'image',
        subgroupinfo: null,
      }),
    );
  }

  async write() {
    const db = openKioskDb(TEST_CONFIG.devname);
    await db.transaction('rw', [db.zones, db.elements, db.subelements, db.subgroups], async () => {
      await Promise.all([
        db.zones.clear(),
        db.elements.clear(),
        db.subelements.clear(),
        db.subgroups.clear(),
      ]);
      await db.zones.bulkPut(this.zones);
      await db.elements.bulkPut(this.elements);
      await db.subgroups.bulkPut(this.subgroups);
      await db.subelements.bulkPut(this.subelements.map(toStoredSubelement));
    });
  }
}

/** Empties the test database between tests. */
export async function clearContent() {
  await new ContentBuilder().write();
}

/** The URL a media value resolves to under the test configuration. */
export const mediaOf = (value: string) => `${TEST_CONFIG.contentBase}/${value}`;
