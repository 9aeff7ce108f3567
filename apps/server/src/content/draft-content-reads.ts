/**
 * The draft as the back-office reads it: the editing tables (`zones`, `elements`, `subelements`,
 * `subgroups`), every row with its `version` (the editor's writes check it) and the sub-groups
 * expired ones included. The first layer of `DraftContentRepository` (draft-content-repository.ts):
 * the editor's versioned writes (draft-content-writes.ts) build on these reads, and the raw
 * creation the seed and the tests use on both. The live content the totems read is
 * `LiveContentRepository`'s.
 */
import type {
  AdminElement,
  AdminSubelement,
  AdminSubgroup,
  AdminZone,
} from '@plant-kiosk/contract';
import type { ElementRow, SubelementRow, ZoneRow } from '../db/schema.js';
import {
  toElement,
  toSubelement,
  toSubgroup,
  toZone,
  type Db,
  type Owned,
} from './content-rows.js';

export const toAdminZone = (row: ZoneRow): AdminZone => ({ ...toZone(row), version: row.version });

export const toAdminElement = (row: ElementRow): AdminElement => ({
  ...toElement(row),
  version: row.version,
});

export const toAdminSubelement = (row: SubelementRow): AdminSubelement => ({
  ...toSubelement(row),
  version: row.version,
});

/** A model's fields (a JSON array of labels), nothing rather than a throw when malformed. */
export function parseFields(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

export class DraftContentReads {
  constructor(protected readonly db: Db) {}

  // ---------- zones ----------

  async listZones(devid: number): Promise<AdminZone[]> {
    const rows = await this.db
      .selectFrom('zones')
      .selectAll()
      .where('devid', '=', devid)
      .orderBy('zoneid')
      .execute();
    return rows.map(toAdminZone);
  }

  async findZone(zoneid: number): Promise<AdminZone | undefined> {
    const row = await this.db
      .selectFrom('zones')
      .selectAll()
      .where('zoneid', '=', zoneid)
      .executeTakeFirst();
    return row && toAdminZone(row);
  }

  /** Another zone of the development already named so (names are unique per development). */
  async zoneNameTaken(devid: number, zonename: string, exceptZoneid?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('zones')
      .select('zoneid')
      .where('devid', '=', devid)
      .where('zonename', '=', zonename);
    if (exceptZoneid !== undefined) query = query.where('zoneid', '<>', exceptZoneid);
    return (await query.executeTakeFirst()) !== undefined;
  }

  // ---------- elements ----------

  async listElements(zoneid: number): Promise<AdminElement[]> {
    const rows = await this.db
      .selectFrom('elements')
      .selectAll()
      .where('zoneid', '=', zoneid)
      .orderBy('order')
      .orderBy('elementid')
      .execute();
    return rows.map(toAdminElement);
  }

  async findElement(elementid: number): Promise<Owned<AdminElement> | undefined> {
    const row = await this.db
      .selectFrom('elements')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .selectAll('elements')
      .select('zones.devid')
      .where('elements.elementid', '=', elementid)
      .executeTakeFirst();
    return row && { devid: row.devid, item: toAdminElement(row) };
  }

  // ---------- sub-elements ----------

  /** The element's sub-elements that belong to no sub-group, in order. */
  async listPlainSubelements(elementid: number): Promise<AdminSubelement[]> {
    const rows = await this.db
      .selectFrom('subelements')
      .selectAll()
      .where('elementid', '=', elementid)
      .where('subgroupid', 'is', null)
      .orderBy('order')
      .orderBy('subelementid')
      .execute();
    return rows.map(toAdminSubelement);
  }

  async findSubelement(subelementid: number): Promise<Owned<AdminSubelement> | undefined> {
    const row = await this.db
      .selectFrom('subelements')
      .innerJoin('elements', 'elements.elementid', 'subelements.elementid')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .selectAll('subelements')
      .select('zones.devid')
      .where('subelements.subelementid', '=', subelementid)
      .executeTakeFirst();
    return row && { devid: row.devid, item: toAdminSubelement(row) };
  }

  // ---------- sub-groups ----------

  protected subgroupRows(db: Db = this.db) {
    return db
      .selectFrom('subgroups')
      .innerJoin('content_models', 'content_models.modelid', 'subgroups.modelid')
      .innerJoin('elements', 'elements.elementid', 'subgroups.elementid')
      .innerJoin('zones', 'zones.zoneid', 'elements.zoneid')
      .selectAll('subgroups')
      .select(['content_models.label', 'content_models.fields', 'zones.devid']);
  }

  protected async populate(
    rows: Array<{
      subgroupid: number;
      elementid: number;
      modelid: number;
      order: number;
      addingdate: string;
      expirationdate: string | null;
      version: number;
      label: string;
      fields: string;
    }>,
    now: Date,
  ): Promise<AdminSubgroup[]> {
    if (rows.length === 0) return [];
    const values = await this.db
      .selectFrom('subelements')
      .selectAll()
      .where(
        'subgroupid',
        'in',
        rows.map((row) => row.subgroupid),
      )
      .orderBy('order')
      .orderBy('subelementid')
      .execute();
    const time = now.toISOString();
    return rows.map((row) => {
      const fields: Record<string, AdminSubelement[]> = {};
      for (const label of parseFields(row.fields)) fields[label] = [];
      for (const value of values) {
        if (value.subgroupid !== row.subgroupid || value.fieldlabel === null) continue;
        (fields[value.fieldlabel] ??= []).push(toAdminSubelement(value));
      }
      return {
        ...toSubgroup(row, row.label),
        version: row.version,
        expired: row.expirationdate !== null && row.expirationdate <= time,
        fields,
      };
    });
  }

  /** Every sub-group of the element, expired ones included, in order, with their values. */
  async listSubgroups(elementid: number, now: Date): Promise<AdminSubgroup[]> {
    const rows = await this.subgroupRows()
      .where('subgroups.elementid', '=', elementid)
      .orderBy('subgroups.order')
      .orderBy('subgroups.subgroupid')
      .execute();
    return this.populate(rows, now);
  }

  async findSubgroup(subgroupid: number, now: Date): Promise<Owned<AdminSubgroup> | undefined> {
    const row = await this.subgroupRows()
      .where('subgroups.subgroupid', '=', subgroupid)
      .executeTakeFirst();
    if (!row) return undefined;
    const [item] = await this.populate([row], now);
    return item && { devid: row.devid, item };
  }

  async subgroupIds(elementid: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('subgroups')
      .select('subgroupid')
      .where('elementid', '=', elementid)
      .orderBy('order')
      .orderBy('subgroupid')
      .execute();
    return rows.map((row) => row.subgroupid);
  }
}
